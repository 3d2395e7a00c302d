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
				// evalkit's default paired bootstrap draws rows, which
				// evalkit-beam keeps none of.
				same(t, "regress", golden+"sales.csv", parts, uint64(parts), append(flags, "--compare", "none")...)
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
		{"--true", "y", "--pred", "m3,m1", "--weight", "w", "--power", "1.5", "--primary", "r2", "--compare", "none"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			same(t, "regress", file, 9, 9, flags...)
		})
	}
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--baseline", "nosuch", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,nosuch", "--bounded-memory")
	sameError(t, "regress", golden+"sales.csv", "--pred", "y_pred,y_true", "--primary", "accuracy", "--bounded-memory")
	sameError(t, "regress", golden+"bad.csv", "--pred", "y_pred,y_true", "--bounded-memory")
}
