package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// rankFile writes a binary-score file: labels 0/1 (some written "1.0"),
// scores on a coarse grid (many ties), weights, and, in CSV, blank lines
// and quoted fields over two lines, so that chunks are cut everywhere.
func rankFile(t *testing.T, rng *rand.Rand, dir string, jsonl bool, n int) string {
	var b strings.Builder
	if !jsonl {
		b.WriteString("note,y_true,y_score,w\n")
	}
	for i := range n {
		y := rng.IntN(2)
		ys := fmt.Sprint(y)
		if y == 1 && rng.IntN(5) == 0 {
			ys = "1.0"
		}
		s := float64(rng.IntN(40)) / 40
		if y == 1 {
			s = min(1, s+0.1)
		}
		w := float64(rng.IntN(4)) / 2
		if jsonl {
			fmt.Fprintf(&b, `{"y_true":"%s","y_score":%v,"w":%v,"note":"row %d"}`+"\n", ys, s, w, i)
			continue
		}
		note := fmt.Sprintf("row %d", i)
		if rng.IntN(7) == 0 {
			note = fmt.Sprintf("\"row\n%d, \"\"quoted\"\"\"", i)
		}
		fmt.Fprintf(&b, "%s,%s,%v,%v\n", note, ys, s, w)
		if rng.IntN(9) == 0 {
			b.WriteString("\n")
		}
	}
	name := "rank.csv"
	if jsonl {
		name = "rank.jsonl"
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rankMultiFile writes a three-class probability file.
func rankMultiFile(t *testing.T, rng *rand.Rand, dir string, n int) string {
	var b strings.Builder
	b.WriteString("y,pa,pb,pc,w\n")
	for range n {
		a, c := rng.IntN(9), rng.IntN(9)
		c = min(c, 8-a)
		fmt.Fprintf(&b, "%c,%v,%v,%v,%d\n", "abc"[rng.IntN(3)], float64(a)/8, float64(8-a-c)/8, float64(c)/8, 1+rng.IntN(3))
	}
	path := filepath.Join(dir, "multi.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rankOut runs evalkit and returns its standard output.
func rankOut(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(args, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatalf("%v: %v: %s", args, err, errb.String())
	}
	return out.Bytes()
}

// sameJSON reports the first difference between two JSON documents,
// numbers compared to a relative tolerance tol (0: exactly).
func sameJSON(a, b []byte, tol float64) string {
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return err.Error()
	}
	var walk func(path string, x, y any) string
	walk = func(path string, x, y any) string {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok || len(xv) != len(yv) {
				return path + ": different objects"
			}
			for k := range xv {
				if d := walk(path+"."+k, xv[k], yv[k]); d != "" {
					return d
				}
			}
		case []any:
			yv, ok := y.([]any)
			if !ok || len(xv) != len(yv) {
				return path + ": different arrays"
			}
			for i := range xv {
				if d := walk(fmt.Sprintf("%s[%d]", path, i), xv[i], yv[i]); d != "" {
					return d
				}
			}
		case float64:
			yv, ok := y.(float64)
			if !ok || !(math.Abs(xv-yv) <= tol*math.Max(math.Abs(xv), math.Abs(yv))) {
				return fmt.Sprintf("%s: %v vs %v", path, x, y)
			}
		default:
			if x != y {
				return fmt.Sprintf("%s: %v vs %v", path, x, y)
			}
		}
		return ""
	}
	return walk("", x, y)
}

// TestRankParallelChunks reads files cut into chunks of every size down
// to one row a chunk: the binary report (curves included, exact or
// --bins) is the same to the byte as a read in one chunk, and the same on
// a second read. For multiclass probabilities the log loss is a
// compensated sum merged chunk by chunk, so it may differ in the last bits
// with the chunk size, never run to run.
func TestRankParallelChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	dir := t.TempDir()
	csv, jsonl := rankFile(t, rng, dir, false, 600), rankFile(t, rng, dir, true, 400)
	multi := rankMultiFile(t, rng, dir, 500)
	for _, tc := range []struct {
		name string
		args []string
		tol  float64 // 0: byte for byte
	}{
		{"csv", []string{"rank", csv}, 0},
		{"csv weighted", []string{"rank", csv, "--weight", "w", "--max-fpr", "0.3"}, 0},
		{"csv pos-label", []string{"rank", csv, "--pos-label", "1.0", "--cal-strategy", "quantile"}, 0},
		{"jsonl", []string{"rank", jsonl}, 0},
		{"jsonl weighted", []string{"rank", jsonl, "--weight", "w"}, 0},
		{"bins", []string{"rank", csv, "--bins", "7"}, 0},
		{"bins weighted", []string{"rank", csv, "--bins", "7", "--weight", "w"}, 0},
		{"multiclass", []string{"rank", multi, "--true", "y", "--score", "pa,pb,pc", "--classes", "a,b,c"}, 1e-14},
		{"multiclass weighted", []string{"rank", multi, "--true", "y", "--score", "pa,pb,pc", "--classes", "a,b,c", "--weight", "w", "--k", "1"}, 1e-14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(slices.Clone(tc.args), "--format", "json")
			var want []byte
			for _, cs := range slices.Backward(chunkSizes) { // the default first
				withChunkSize(cs, func() {
					got := rankOut(t, args...)
					if want == nil {
						want = got
					} else if tc.tol == 0 && !bytes.Equal(got, want) {
						t.Errorf("chunk size %d: %s", cs, sameJSON(got, want, 0))
					} else if d := sameJSON(got, want, tc.tol); d != "" {
						t.Errorf("chunk size %d: %s", cs, d)
					}
					if again := rankOut(t, args...); !bytes.Equal(again, got) {
						t.Errorf("chunk size %d: two reads differ: %s", cs, sameJSON(again, got, 0))
					}
				})
			}
		})
	}
}

// TestRankWorkers: the output does not depend on the number of workers
// (the chunk states are merged in chunk order), to the byte, in every
// mode.
func TestRankWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	dir := t.TempDir()
	csv, multi := rankFile(t, rng, dir, false, 500), rankMultiFile(t, rng, dir, 400)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	defer setChunkSize(40)()
	for _, args := range [][]string{
		{"rank", csv, "--weight", "w"},
		{"rank", csv, "--weight", "w", "--bins", "5"},
		{"rank", multi, "--true", "y", "--score", "pa,pb,pc", "--classes", "a,b,c", "--weight", "w"},
	} {
		var first []byte
		for _, procs := range []int{1, 2, 3, 8} {
			runtime.GOMAXPROCS(procs)
			got := rankOut(t, append(args, "--format", "json")...)
			if first == nil {
				first = got
			} else if !bytes.Equal(got, first) {
				t.Errorf("%v: %d workers: %s", args, procs, sameJSON(got, first, 0))
			}
		}
	}
}

// TestRankParallelFirstError puts two bad rows in a file and checks that,
// read in one chunk or in many, the error names the earlier one by
// file:line (and column), as a sequential read does — including the
// errors that depend on earlier rows (labels 0 and −1 together).
func TestRankParallelFirstError(t *testing.T) {
	dir := t.TempDir()
	type bad struct {
		row  int
		line string // the row as written
		want string // in the error
	}
	nan := func(row int) bad { return bad{row, "1,nan,1", `column "y_score": value "nan"`} }
	neg := func(row int) bad { return bad{row, "0,0.5,-2", `column "w"`} }
	two := func(row int) bad { return bad{row, "2,0.5,1", `label "2"`} }
	empty := func(row int) bad { return bad{row, "1,,1", `column "y_score"`} }
	minus := func(row int) bad { return bad{row, "-1,0.5,1", "labels include 0 and -1"} }
	for _, tc := range []struct {
		name string
		bads []bad
		args []string
	}{
		{"nan then label", []bad{nan(30), two(70)}, nil},
		{"label then nan", []bad{two(30), nan(70)}, nil},
		{"neighbours", []bad{nan(41), neg(40)}, []string{"--weight", "w"}},
		{"empty then nan", []bad{empty(12), nan(13)}, nil},
		{"conflict first", []bad{minus(20), nan(60)}, nil},
		{"nan before conflict", []bad{nan(20), minus(60)}, nil},
		{"conflict late", []bad{minus(95)}, nil},
		{"bins nan", []bad{nan(77), two(78)}, []string{"--bins", "10"}},
	} {
		var b strings.Builder
		b.WriteString("y_true,y_score,w\n")
		for i := range 100 {
			line := fmt.Sprintf("%d,0.%d,1", i%2, i)
			for _, bd := range tc.bads {
				if bd.row == i {
					line = bd.line
				}
			}
			b.WriteString(line + "\n")
		}
		path := filepath.Join(dir, "e.csv")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		first := slices.MinFunc(tc.bads, func(a, b bad) int { return a.row - b.row })
		at := fmt.Sprintf("%s:%d:", path, first.row+2)
		for _, cs := range chunkSizes {
			t.Run(fmt.Sprintf("%s/chunk=%d", tc.name, cs), func(t *testing.T) {
				withChunkSize(cs, func() {
					var out, errb bytes.Buffer
					err := run(append([]string{"rank", path, "--format", "json"}, tc.args...), strings.NewReader(""), &out, &errb)
					if err == nil || out.Len() != 0 {
						t.Fatalf("err %v, output %q", err, out.String())
					}
					if !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), first.want) {
						t.Errorf("error %q, want %q at %s", err, first.want, at)
					}
				})
			})
		}
	}
}

// TestRankMultiParallelFirstError: likewise for class probabilities.
func TestRankMultiParallelFirstError(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name       string
		bad1, bad2 int
		want       string
	}{
		{"class first", 30, 60, `column "y": label "d"`},
		{"prob first", 60, 30, `column "pb": not a probability: 1.5`},
	} {
		var b strings.Builder
		b.WriteString("y,pa,pb\n")
		for i := range 100 {
			switch i {
			case tc.bad1:
				b.WriteString("d,0.5,0.5\n")
			case tc.bad2:
				b.WriteString("a,0.5,1.5\n")
			default:
				fmt.Fprintf(&b, "%c,0.%d,0.%d\n", "ab"[i%2], 10+i%80, 90-i%80)
			}
		}
		path := filepath.Join(dir, "m.csv")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		at := fmt.Sprintf("%s:%d:", path, min(tc.bad1, tc.bad2)+2)
		for _, cs := range chunkSizes {
			t.Run(fmt.Sprintf("%s/chunk=%d", tc.name, cs), func(t *testing.T) {
				withChunkSize(cs, func() {
					var out, errb bytes.Buffer
					err := run([]string{"rank", path, "--format", "json", "--true", "y", "--score", "pa,pb", "--classes", "a,b"}, strings.NewReader(""), &out, &errb)
					if err == nil || out.Len() != 0 {
						t.Fatalf("err %v, output %q", err, out.String())
					}
					if !strings.Contains(err.Error(), at) || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("error %q, want %q at %s", err, tc.want, at)
					}
				})
			})
		}
	}
}

// TestRankParallelPosLabel: the labels of value 1 ("1.0" here, then
// "1") are all positive and reported as the label 1, whatever the
// chunks.
func TestRankParallelPosLabel(t *testing.T) {
	var b strings.Builder
	b.WriteString("y_true,y_score\n0,0.1\n")
	for i := range 60 {
		fmt.Fprintf(&b, "0,0.%d\n", i+10)
	}
	b.WriteString("1.0,0.9\n")
	for i := range 60 {
		fmt.Fprintf(&b, "1,0.%d\n", i+20)
	}
	path := filepath.Join(t.TempDir(), "p.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cs := range chunkSizes {
		withChunkSize(cs, func() {
			var got struct {
				PosLabel  string  `json:"pos_label"`
				Positives float64 `json:"positives"`
			}
			if err := json.Unmarshal(rankOut(t, "rank", path, "--format", "json"), &got); err != nil {
				t.Fatal(err)
			}
			if got.PosLabel != "1" || got.Positives != 61 {
				t.Errorf("chunk size %d: pos_label %q, %v positives; want \"1\", 61", cs, got.PosLabel, got.Positives)
			}
		})
	}
}
