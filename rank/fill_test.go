package rank

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFillHalves: the table of unweighted keys built on two goroutines
// (fillHalves) is the one fillRows builds in one pass, bit for bit, with
// ties, one class empty or one key.
func TestFillHalves(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for c := 0; c < 300; c++ {
		np, nn := rng.IntN(200), rng.IntN(200)
		if c%10 == 0 {
			np = 0
		}
		levels := 1 + rng.IntN(50)
		if c%7 == 0 {
			levels = 1
		}
		draw := func(n int) []uint64 {
			k := make([]uint64, n)
			for i := range k {
				k[i] = key(float64(rng.IntN(levels)) - 10)
			}
			slices.Sort(k)
			return k
		}
		pk, nk := draw(np), draw(nn)
		if np+nn == 0 {
			continue
		}
		var want, got Table
		d := distinctKeys(pk, nk)
		want.Score, want.Pos, want.Neg = make([]float64, d), make([]float64, d), make([]float64, d)
		fillRows(want.Score, want.Pos, want.Neg, nil, 0, pk, nk, nil, nil, nil)
		got.fillHalves(pk, nk, nil)
		if !slices.Equal(got.Score, want.Score) || !slices.Equal(got.Pos, want.Pos) || !slices.Equal(got.Neg, want.Neg) {
			t.Fatalf("case %d (%d pos, %d neg, %d levels): halves %v %v %v, want %v %v %v", c, np, nn, levels, got.Score, got.Pos, got.Neg, want.Score, want.Pos, want.Neg)
		}
	}
}
