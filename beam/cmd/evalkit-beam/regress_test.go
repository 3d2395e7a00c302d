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

// The regress cases of the command line's golden tests, each on its data
// split into 1, 3 and 7 files: with the default flags, what evalkit
// regress prints, medae and the D² scores included (exact order statistics
// over the files); with --bounded-memory, what it prints with that flag.
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
			if strings.HasPrefix(tc.name, "ci") {
				continue // the command line's bootstrap intervals draw rows
			}
			t.Run(fmt.Sprintf("%s/exact/%d", tc.name, parts), func(t *testing.T) {
				same(t, "regress", golden+tc.file, parts, uint64(parts), tc.flags...)
			})
		}
	}
}

// With the default flags evalkit-beam writes what evalkit regress prints,
// medae and the D² scores among the numbers; with --bounded-memory they
// are left out, with the warning naming them.
func TestRegressExactByDefault(t *testing.T) {
	for _, bounded := range []bool{false, true} {
		args := []string{"regress", "--format", "json", golden + "sales.csv"}
		if bounded {
			args = append(args, "--bounded-memory")
		}
		want, stderr, code := runEvalkit(t, args...)
		if code != 0 {
			t.Fatal(stderr)
		}
		bargs := []string{"regress", "--input", golden + "sales.csv"}
		if bounded {
			bargs = append(bargs, "--bounded-memory")
		}
		got, msg, code := runBeam(t, bargs...)
		if code != 0 {
			t.Fatal(msg)
		}
		if got != want {
			t.Errorf("bounded %v: evalkit-beam:\n%s\nevalkit:\n%s", bounded, got, want)
		}
		if has := !strings.Contains(got, `"medae": null`); has == bounded {
			t.Errorf("bounded %v: medae:\n%s", bounded, got)
		}
	}
}

func TestRegressErrors(t *testing.T) {
	sameError(t, "regress", golden+"bad.csv", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--true", "actual", "--bounded-memory")
	sameError(t, "regress", golden+"bad_empty.csv", "--bounded-memory")
	for _, args := range [][]string{
		{"regress", "--alpha", "1.5"},
		{"regress", "--true", "a,b", "--pred", "pa"},
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
	sameGenerated(t, "regress", m, []string{"--bounded-memory"}, []string{"--bounded-memory", "--weight", "w", "--power", "-1"},
		nil, []string{"--weight", "w", "--power", "-1"}, []string{"--weight", "w", "--alpha", "0.9", "--power", "1.5"}, []string{"--alpha", "0.1"})
}

// 2·10⁵ rows over 7 files, with many ties and rows enough that every
// column is cut into key ranges and the samples' sketch is compacted:
// medae and the D² scores equal the command line's, weighted or not.
func TestRegressExactLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large")
	}
	rng := rand.New(rand.NewPCG(27, 1))
	var b strings.Builder
	b.WriteString("y_true,y_pred,w\n")
	for range 200000 {
		y := float64(rng.IntN(4000)) / 16
		p := y + float64(int(rng.NormFloat64()*80))/8
		fmt.Fprintf(&b, "%v,%v,%v\n", y, p, float64(rng.IntN(9))/4)
	}
	file := filepath.Join(t.TempDir(), "large.csv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{nil, {"--weight", "w", "--alpha", "0.9", "--power", "1.5"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			same(t, "regress", file, 7, 7, flags...)
		})
	}
}
