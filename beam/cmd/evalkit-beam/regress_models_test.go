package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Several models of one target (regress --pred m1,m2,… with one --true)
// on the command line's golden data split into 1, 3 and 7 files, and on
// generated data over 9 files with rows that warnings name: what evalkit
// regress --bounded-memory prints (the numbers to the rounding of the
// compensated sums over several files, as for one model); and its errors.
func TestRegressModels(t *testing.T) {
	for _, flags := range [][]string{
		{"--pred", "y_pred,y_true"},
		{"--pred", "y_true,y_pred", "--weight", "w", "--n-features", "1", "--primary", "mae", "--baseline", "y_pred"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", flags, parts), func(t *testing.T) {
				same(t, "regress", golden+"sales.csv", parts, uint64(parts), append(flags, "--bounded-memory")...)
			})
			t.Run(fmt.Sprintf("%v/exact/%d", flags, parts), func(t *testing.T) {
				// The default: the primary measure compared by a
				// paired bootstrap of the rows, joined in input order.
				same(t, "regress", golden+"sales.csv", parts, uint64(parts), flags...)
			})
			t.Run(fmt.Sprintf("%v/compare/%d", flags, parts), func(t *testing.T) {
				same(t, "regress", golden+"sales.csv", parts, uint64(parts), append(flags, "--compare", "mae,r2,mape", "--bootstrap", "300", "--seed", "4")...)
			})
		}
	}
	rng := rand.New(rand.NewPCG(90, 12))
	var b strings.Builder
	b.WriteString("y,m1,m2,m3,w\n")
	for range 2000 {
		y := float64(rng.IntN(20000)-1000) / 8
		if rng.IntN(50) == 0 {
			y = 0
		}
		fmt.Fprintf(&b, "%v,%v,%v,%v,%v\n", y, y+rng.NormFloat64()*10, y*1.1, y+rng.NormFloat64(), float64(rng.IntN(12))/4)
	}
	file := filepath.Join(t.TempDir(), "models.csv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{
		{"--true", "y", "--pred", "m1,m2,m3", "--bounded-memory"},
		{"--true", "y", "--pred", "m3,m1", "--weight", "w", "--power", "1.5", "--primary", "r2", "--bounded-memory"},
		{"--true", "y", "--pred", "m1,m2,m3", "--ci", "--bounded-memory"},
		{"--true", "y", "--pred", "m1,m2,m3", "--compare", "none"},
		{"--true", "y", "--pred", "m1,m2,m3"},
		{"--true", "y", "--pred", "m3,m1", "--weight", "w", "--power", "1.5", "--primary", "r2"},
		{"--true", "y", "--pred", "m2,m3", "--weight", "w", "--compare", "mse,rmse,mae,mape,wape,max_error,r2", "--bootstrap", "200", "--level", "0.9", "--adjust", "bonferroni"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			same(t, "regress", file, 9, 9, flags...)
		})
	}
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--baseline", "nosuch", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,nosuch", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--primary", "accuracy", "--bounded-memory")
	sameError(t, "regress", golden+"bad.csv", "--pred", "y_pred,y_true", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--compare", "mae", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--compare", "explained_variance")
}

type pqRegressRow struct {
	Y  float64 `parquet:"y"`
	M1 float64 `parquet:"m1"`
	M2 float64 `parquet:"m2"`
	M3 float64 `parquet:"m3"`
	W  float64 `parquet:"w"`
}

// Several models over Parquet files of several row groups (a unit a row
// group), split into 1, 3 and 7 files: the default comparison and
// --compare draw the rows of the concatenation, evalkit's bytes on one
// Parquet file of all the rows.
func TestRegressModelsParquet(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	var all []pqRegressRow
	for range 1500 {
		// positive values, so that no warning names a row (of a part
		// file in evalkit-beam, of the whole in evalkit)
		y := 1 + float64(rng.IntN(8000))/16
		all = append(all, pqRegressRow{y, y * (0.8 + 0.4*rng.Float64()), y * 1.05, y * (1 + float64(int(rng.NormFloat64()*8))/64), float64(rng.IntN(7)) / 2})
	}
	whole := filepath.Join(t.TempDir(), "all.parquet")
	writeParquet(t, whole, all, 256)
	for _, parts := range []int{1, 3, 7} {
		dir := t.TempDir()
		cuts := []int{0}
		for i := 1; i < parts; i++ {
			cuts = append(cuts, i*len(all)/parts+rng.IntN(50))
		}
		cuts = append(cuts, len(all))
		for i := range parts {
			writeParquet(t, filepath.Join(dir, fmt.Sprintf("p%d.parquet", i)), all[cuts[i]:cuts[i+1]], 97)
		}
		for _, flags := range [][]string{
			{"--true", "y", "--pred", "m1,m2,m3"},
			{"--true", "y", "--pred", "m3,m1", "--weight", "w", "--primary", "mape", "--compare", "r2,max_error", "--bootstrap", "200"},
		} {
			t.Run(fmt.Sprintf("%d/%v", parts, flags), func(t *testing.T) {
				want, stderr, code := runEvalkit(t, append(append([]string{"regress", "--format", "json"}, flags...), whole)...)
				if code != 0 {
					t.Fatal(stderr)
				}
				got, msg, code := runBeam(t, append(append([]string{"regress"}, flags...), "--input", filepath.Join(dir, "*.parquet"))...)
				if code != 0 {
					t.Fatal(msg)
				}
				if got != want {
					t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
				}
			})
		}
	}
}
