package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The regress cases of the command line's golden tests, as evalkit
// regress --bounded-memory computes them, each on its data split into 1,
// 3 and 7 files.
func TestRegressGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		flags []string
	}{
		{"plain", "sales.csv", nil},
		{"weighted", "sales.csv", []string{"--weight", "w", "--n-features", "1"}},
		{"multi", "multi.csv", []string{"--true", "a,b", "--pred", "pa,pb", "--multioutput", "variance-weighted"}},
		{"multi-raw", "multi.csv", []string{"--true", "a,b", "--pred", "pa,pb", "--multioutput", "raw", "--power", "1.5"}},
		{"zero-target", "zero.csv", nil},
		{"zero-target-eps", "zero.csv", []string{"--mape-epsilon", "2.220446049250313e-16", "--alpha", "0.9"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, parts), func(t *testing.T) {
				same(t, "regress", golden+tc.file, parts, uint64(parts), append(tc.flags, "--bounded-memory")...)
			})
		}
	}
}

// Without --bounded-memory evalkit-beam writes what evalkit regress
// --bounded-memory prints: the measures that need every row are left
// out, with the warning naming them.
func TestRegressBoundedByDefault(t *testing.T) {
	want, stderr, code := runEvalkit(t, "regress", "--format", "json", "--bounded-memory", golden+"sales.csv")
	if code != 0 {
		t.Fatal(stderr)
	}
	got, msg, code := runBeam(t, "regress", "--input", golden+"sales.csv")
	if code != 0 {
		t.Fatal(msg)
	}
	if got != want {
		t.Errorf("evalkit-beam:\n%s\nevalkit --bounded-memory:\n%s", got, want)
	}
	if !strings.Contains(got, "medae") {
		t.Errorf("no warning names medae:\n%s", got)
	}
}

func TestRegressErrors(t *testing.T) {
	sameError(t, "regress", golden+"bad.csv", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--true", "actual", "--bounded-memory")
	sameError(t, "regress", golden+"bad_empty.csv", "--bounded-memory")
	for _, args := range [][]string{
		{"regress", "--alpha", "1.5"},
		{"regress", "--true", "a,b", "--pred", "pa"},
		{"regress", "--pred", "y_pred,y_true"},
	} {
		args = append(args, "--input", golden+"sales.csv", "--output", filepath.Join(t.TempDir(), "x.json"))
		if code := exitCode(run(t.Context(), args, io.Discard), io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// Generated data over many files of every format: values of many scales,
// weighted and not, with zero and negative targets (so that warnings name
// rows, by their file and line), merged in whatever order prism picks.
// The numbers agree with evalkit's on the concatenation to the rounding
// of the compensated sums (see docs/distributed.md).
func TestRegressGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(56, 78))
	dir := t.TempDir()
	var all strings.Builder
	all.WriteString("y_true,y_pred,w\n")
	rows := 0
	var replacer []string // the positions of the parts' rows in the whole
	for i := range 14 {
		var b strings.Builder
		ext := []string{".csv", ".tsv", ".jsonl"}[i%3]
		if ext == ".csv" {
			b.WriteString("w,y_pred,y_true\n")
		} else if ext == ".tsv" {
			b.WriteString("y_true\tw\ty_pred\n")
		}
		n := rng.IntN(400)
		if ext == ".jsonl" && n == 0 {
			n = 1
		}
		for range n {
			y := float64(rng.IntN(20000)-1000) / 8
			if rng.IntN(50) == 0 {
				y = 0
			}
			p := y + rng.NormFloat64()*10
			w := float64(rng.IntN(12)) / 4
			switch ext {
			case ".csv":
				fmt.Fprintf(&b, "%v,%v,%v\n", w, p, y)
			case ".tsv":
				fmt.Fprintf(&b, "%v\t%v\t%v\n", y, w, p)
			default:
				fmt.Fprintf(&b, "{\"y_true\":%v,\"y_pred\":%v,\"w\":%v}\n", y, p, w)
			}
			fmt.Fprintf(&all, "%v,%v,%v\n", y, p, w)
		}
		part, first := filepath.Join(dir, fmt.Sprintf("p%02d%s", i, ext)), 2
		if ext == ".jsonl" {
			first = 1
		}
		for j := range n {
			replacer = append(replacer, fmt.Sprintf("%s:%d:", part, first+j), fmt.Sprintf("WHOLE:%d:", 2+rows+j))
		}
		rows += n
		if err := os.WriteFile(part, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole := filepath.Join(t.TempDir(), "all.csv")
	if err := os.WriteFile(whole, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"--bounded-memory"}, {"--bounded-memory", "--weight", "w", "--power", "-1"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append([]string{"regress", "--format", "json"}, flags...), whole)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(append([]string{"regress"}, flags...), "--input", filepath.Join(dir, "p*"))...)
			if code != 0 {
				t.Fatal(msg)
			}
			got = strings.NewReplacer(replacer...).Replace(got)
			want = strings.ReplaceAll(want, whole+":", "WHOLE:")
			if !strings.Contains(want, "WHOLE:") {
				t.Fatalf("no warning names a row:\n%s", want)
			}
			if d := sameUpToRounding(got, want, 4); d != "" {
				t.Errorf("evalkit-beam differs from evalkit: %s\n%s", d, lineDiff(got, want))
			}
		})
	}
}
