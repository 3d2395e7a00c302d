package main

import (
	"fmt"
	"io"
	"math/rand/v2"
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
		// --ci: t-intervals and the delta method from the merged sums.
		{"ci", "sales.csv", []string{"--ci"}},
		{"ci-weighted", "sales.csv", []string{"--ci", "--weight", "w", "--level", "0.9"}},
		{"ci-zero-target", "zero.csv", []string{"--ci"}},
		{"ci-multi", "multi.csv", []string{"--true", "a,b", "--pred", "pa,pb", "--multioutput", "variance-weighted", "--ci"}},
		{"ci-multi-raw", "multi.csv", []string{"--true", "a,b", "--pred", "pa,pb", "--multioutput", "raw", "--ci"}},
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
		{"regress", "--pred", "y_pred,y_true", "--compare", "mae"},
		{"regress", "--baseline", "y_true"},
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
	files := make([][]row, 14)
	for i := range files {
		for range rng.IntN(400) {
			y := float64(rng.IntN(20000)-1000) / 8
			if rng.IntN(50) == 0 {
				y = 0
			}
			p := y + rng.NormFloat64()*10
			files[i] = append(files[i], row{fmt.Sprint(y), fmt.Sprint(p), fmt.Sprint(float64(rng.IntN(12)) / 4)})
		}
	}
	m := writeMixed(t, files, false, row{"1", "1.5", "1"}, "y_pred")
	if want, _, _ := runEvalkit(t, "regress", "--format", "json", "--bounded-memory", m.whole); !strings.Contains(want, m.whole+":") {
		t.Fatalf("no warning names a row:\n%s", want)
	}
	sameGenerated(t, "regress", m, []string{"--bounded-memory"}, []string{"--bounded-memory", "--weight", "w", "--power", "-1"})
}
