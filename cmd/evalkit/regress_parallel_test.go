package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// chunkSizes are the table.Parallel chunk sizes the tests read with: one
// row a chunk (size 1), a few rows a chunk, and the default.
var chunkSizes = []int{1, 13, 100, 1 << 20}

// withChunkSize runs f with table.Parallel cutting chunks of n bytes.
func withChunkSize(n int, f func()) {
	defer setChunkSize(n)()
	f()
}

// issueFile writes a file of rows (CSV with blank lines and quoted
// multi-line fields, or JSON Lines) in which about one row in ten has
// each kind of domain problem, and returns the input line of the first
// row with each: "mape" (y = 0), "msle" (y < 0), "gamma_deviance" (y ≤ 0
// or ŷ ≤ 0).
func issueFile(t *testing.T, rng *rand.Rand, dir string, jsonl bool, n int) (string, map[string]int) {
	var b strings.Builder
	line := 1
	if jsonl {
		line = 0
	} else {
		b.WriteString("note,y_true,y_pred,w\n")
	}
	first := map[string]int{}
	mark := func(key string) {
		if _, ok := first[key]; !ok {
			first[key] = line
		}
	}
	for i := range n {
		line++
		y, p := 1+float64(rng.IntN(1000))/100, 1+float64(rng.IntN(1000))/100
		switch rng.IntN(10) {
		case 0:
			y = 0
			mark("mape")
			mark("gamma_deviance")
		case 1:
			y = -y
			mark("msle")
			mark("gamma_deviance")
		case 2:
			p = 0
			mark("gamma_deviance")
		}
		w := float64(rng.IntN(3) + 1)
		if jsonl {
			fmt.Fprintf(&b, `{"y_true":%v,"y_pred":%v,"w":%v,"note":"row %d"}`+"\n", y, p, w, i)
			continue
		}
		note := fmt.Sprintf("row %d", i)
		if rng.IntN(7) == 0 {
			note = fmt.Sprintf("\"row\n%d, \"\"quoted\"\"\"", i) // a field over two lines
		}
		fmt.Fprintf(&b, "%s,%v,%v,%v\n", note, y, p, w)
		if strings.Contains(note, "\n") {
			line++
			// The row starts on the line before: its problems were marked
			// with the right line.
		}
		if rng.IntN(9) == 0 {
			b.WriteString("\n") // a blank line
			line++
		}
	}
	name := "issues.csv"
	if jsonl {
		name = "issues.jsonl"
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, first
}

func runJSON(t *testing.T, args ...string) (map[string]json.RawMessage, []byte) {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(args, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	return got, out.Bytes()
}

// TestRegressParallelFirstLine reads files cut into many chunks (down to
// one row a chunk, read by two to eight workers) and checks that each
// warning names the first offending row of the file by its line, that the
// numbers equal those of a read in one chunk, and that a second read with
// the same chunks gives the same bytes.
func TestRegressParallelFirstLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	dir := t.TempDir()
	for _, jsonl := range []bool{false, true} {
		for trial := range 4 {
			t.Run(fmt.Sprintf("jsonl=%v/%d", jsonl, trial), func(t *testing.T) {
				path, first := issueFile(t, rng, dir, jsonl, 50+rng.IntN(400))
				args := []string{"regress", path, "--format", "json", "--weight", "w"}
				var want map[string]json.RawMessage
				for _, cs := range slices.Backward(chunkSizes) { // the default first
					withChunkSize(cs, func() {
						got, raw := runJSON(t, args...)
						var warnings []string
						json.Unmarshal(got["warnings"], &warnings)
						for key, line := range first {
							prefix := fmt.Sprintf("%s: %s:%d: ", key, path, line)
							found := false
							for _, w := range warnings {
								found = found || strings.HasPrefix(w, prefix)
							}
							if !found {
								t.Errorf("chunk size %d: no warning %q in %q", cs, prefix, warnings)
							}
						}
						delete(got, "warnings")
						if want == nil {
							want = got
						} else {
							compareJSON(t, fmt.Sprintf("chunk size %d: ", cs), got, want)
						}
						if _, again := runJSON(t, args...); !bytes.Equal(again, raw) {
							t.Errorf("chunk size %d: two reads differ:\n%s", cs, lineDiff(raw, again))
						}
					})
				}
			})
		}
	}
}

// TestRegressWorkers: the output does not depend on the number of
// workers either (the chunk states are merged in chunk order).
func TestRegressWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	path, _ := issueFile(t, rng, t.TempDir(), false, 300)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer setChunkSize(50)()
	var first []byte
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		_, raw := runJSON(t, "regress", path, "--format", "json", "--weight", "w")
		if first == nil {
			first = raw
		} else if !bytes.Equal(raw, first) {
			t.Errorf("%d workers: output differs from one worker's:\n%s", procs, lineDiff(first, raw))
		}
	}
}

// TestRegressParallelFirstError: with a value that does not parse and a
// row whose y − ŷ overflows, in either order, in one chunk or in many,
// the error names the earlier line, as a sequential read would.
func TestRegressParallelFirstError(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name     string
		bad, ovf int // row indices of the bad value and the overflow
		want     string
	}{
		{"parse first", 30, 60, "not a number"},
		{"overflow first", 60, 30, "overflows"},
		{"neighbours", 41, 40, "overflows"},
	} {
		var b strings.Builder
		b.WriteString("y_true,y_pred\n")
		for i := range 100 {
			switch i {
			case tc.bad:
				b.WriteString("1,abc\n")
			case tc.ovf:
				b.WriteString("1e308,-1e308\n")
			default:
				fmt.Fprintf(&b, "%d,%d\n", i, i+1)
			}
		}
		path := filepath.Join(dir, "e.csv")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		line := min(tc.bad, tc.ovf) + 2
		for _, cs := range chunkSizes {
			t.Run(fmt.Sprintf("%s/chunk=%d", tc.name, cs), func(t *testing.T) {
				withChunkSize(cs, func() {
					var out, errb bytes.Buffer
					err := run([]string{"regress", path, "--format", "json"}, strings.NewReader(""), &out, &errb)
					if err == nil || out.Len() != 0 {
						t.Fatalf("err %v, output %q", err, out.String())
					}
					if at := fmt.Sprintf("%s:%d:", path, line); !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("error %q, want %q at %s", err, tc.want, at)
					}
				})
			})
		}
	}
}

// TestRegressPlotSample: the --plot figures are the same whatever the
// chunks (the sample is chosen by a hash of the input line).
func TestRegressPlotSample(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("y_true,y_pred\n")
	rng := rand.New(rand.NewPCG(23, 24))
	for range plotSample + 3000 {
		y := rng.Float64() * 10
		fmt.Fprintf(&b, "%.4f,%.4f\n", y, y+rng.NormFloat64())
	}
	path := filepath.Join(dir, "big.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var svgs [][]byte
	for i, cs := range []int{1 << 20, 1000} {
		out := filepath.Join(dir, fmt.Sprint(i))
		withChunkSize(cs, func() { runJSON(t, "regress", path, "--format", "json", "--plot", out) })
		svg, err := os.ReadFile(filepath.Join(out, "regress_pred_vs_actual.svg"))
		if err != nil {
			t.Fatal(err)
		}
		svgs = append(svgs, svg)
	}
	if !bytes.Equal(svgs[0], svgs[1]) {
		t.Error("the figures differ with the chunk size")
	}
}

func lineDiff(a, b []byte) string {
	x, y := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	var d []string
	for i := range min(len(x), len(y)) {
		if x[i] != y[i] {
			d = append(d, x[i]+" | "+y[i])
		}
	}
	return strings.Join(d, "\n")
}
