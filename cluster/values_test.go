package cluster

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestContingencyOfValues checks the adjusted Rand index of the table of
// numeric labels against External of the table of their ids.
func TestContingencyOfValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 10, 5000} {
		for _, k := range []int{1, 3, 12} {
			truth, pred := make([]int, n), make([]int, n)
			tv, pv := make([]float64, n), make([]float64, n)
			for i := range truth {
				truth[i] = rng.IntN(k) - 1
				pred[i] = truth[i]*3 + 7
				if rng.IntN(4) == 0 {
					pred[i] = rng.IntN(2 * k)
				}
				tv[i], pv[i] = float64(truth[i]), float64(pred[i])
			}
			ref, err := NewContingency(truth, pred, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ref.External(1)
			if err != nil {
				t.Fatal(err)
			}
			tab, ok := ContingencyOfValues(tv, pv)
			if !ok {
				t.Fatal("not ok")
			}
			got, err := tab.AdjustedRand()
			if err != nil {
				t.Fatal(err)
			}
			if math.Float64bits(got) != math.Float64bits(want.AdjustedRand) {
				t.Errorf("n=%d k=%d: ARI %v, External's %v", n, k, got, want.AdjustedRand)
			}
			ti, pi := make([]int64, n), make([]int64, n)
			for i := range truth {
				ti[i], pi[i] = int64(truth[i]), int64(pred[i])
			}
			itab, _ := ContingencyOfValues(ti, pi)
			if got, _ := itab.AdjustedRand(); math.Float64bits(got) != math.Float64bits(want.AdjustedRand) {
				t.Errorf("n=%d k=%d: ARI of int64 labels %v, External's %v", n, k, got, want.AdjustedRand)
			}
		}
	}
	if _, ok := ContingencyOfValues([]float64{0.5}, []float64{1}); ok {
		t.Error("a fractional label: ok")
	}
	if _, ok := ContingencyOfValues[float64](nil, nil); ok {
		t.Error("no rows: ok")
	}
}
