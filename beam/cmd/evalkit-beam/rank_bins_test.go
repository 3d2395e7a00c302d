package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// rank --bins on the golden scores, split into 1, 3 and 7 files, against
// evalkit rank --bins on the whole file.
func TestRankBinsGolden(t *testing.T) {
	for _, flags := range [][]string{
		{"--pos-label", "spam", "--bins", "3"},
		{"--pos-label", "spam", "--bins", "1000"},
		{"--pos-label", "spam", "--bins", "4", "--bin-range", "0,1", "--max-fpr", "0.5"},
		{"--pos-label", "spam", "--bins", "5", "--weight", "w", "--ci"},
		{"--pos-label", "spam", "--bins", "5", "--ci", "--bootstrap", "200"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", strings.Join(flags, " "), parts), func(t *testing.T) {
				same(t, "rank", golden+"scores.csv", parts, uint64(parts), flags...)
			})
		}
	}
}

// Generated scores over many binary orders of magnitude in 12 files: the
// float-bit bins of each file are finer than those of the whole (a file
// spans fewer octaves), and the merged bins must still be the whole's.
func TestRankBinsGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	i := 0
	dir, whole := writeParts(t, 12, "y_true,y_score,w", "y_score,w,y_true", func(b, all *strings.Builder) {
		scale := math.Exp2(float64(3*i - 18)) // each file its own octaves
		i++
		for range 50 + rng.IntN(400) {
			y := rng.IntN(2)
			s := fmt.Sprint(scale * (1 + rng.Float64() + float64(y)/2))
			if rng.IntN(20) == 0 {
				s = fmt.Sprint(rng.Float64())
			}
			w := fmt.Sprint(float64(rng.IntN(9)) / 4)
			fmt.Fprintf(b, "%s,%s,%d\n", s, w, y)
			fmt.Fprintf(all, "%d,%s,%s\n", y, s, w)
		}
	})
	for _, flags := range [][]string{
		{"--bins", "16"},
		{"--bins", "200"},
		{"--bins", "30", "--weight", "w"},
		// Weighted intervals: the merged bins' row counts and Σw².
		{"--bins", "30", "--weight", "w", "--ci", "--bootstrap", "200"},
		{"--bins", "8", "--bin-range", "0.001,1", "--weight", "w", "--ci", "--bootstrap", "200"},
		{"--bins", "8", "--bin-range", "0.001,1"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			sameFiles(t, "rank", dir, whole, flags...)
		})
	}
}

func TestRankBinsErrors(t *testing.T) {
	sameError(t, "rank", golden+"nan.csv", "--bins", "10")
	sameError(t, "rank", golden+"oneclass.csv", "--bins", "10")
	sameError(t, "rank", golden+"scores.csv", "--bins", "10")
	sameError(t, "rank", golden+"scores.csv", "--pos-label", "spam", "--bins", "10", "--bin-range", "1,0")
	sameError(t, "rank", golden+"scores.csv", "--pos-label", "spam", "--bins", "-1")
}
