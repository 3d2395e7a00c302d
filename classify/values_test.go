package classify

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestConfusionOfValues checks the matrix of numeric labels against the
// tally of their decimal texts: the same classes and cells, bit for bit,
// with and without weights, on one processor and several.
func TestConfusionOfValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 10, 1000, 300000} {
		for _, weighted := range []bool{false, true} {
			y, p := make([]float64, n), make([]float64, n)
			var w []float64
			if weighted {
				w = make([]float64, n)
			}
			for i := range y {
				y[i] = float64(rng.IntN(7) - 3)
				p[i] = y[i]
				if rng.IntN(3) == 0 {
					p[i] = float64(rng.IntN(9) - 2)
				}
				if w != nil {
					w[i] = rng.Float64() * 3
				}
			}
			values, c, ok := ConfusionOfValues(y, p, w)
			if !ok {
				t.Fatal("not ok")
			}
			tally := NewTally(nil)
			for i := range y {
				wi := -1.0
				if w != nil {
					wi = w[i]
				}
				tally.Add([]byte(strconv.Itoa(int(y[i]))), []byte(strconv.Itoa(int(p[i]))), wi)
			}
			names, want := tally.Sorted()
			got := make([]string, len(values))
			for i, v := range values {
				got[i] = strconv.Itoa(int(v))
			}
			if !slices.Equal(got, names) {
				t.Fatalf("classes %v, the tally's %v", got, names)
			}
			gm, wm := c.Matrix(), want.Matrix()
			for i := range gm {
				for j := range gm[i] {
					if math.Float64bits(gm[i][j]) != math.Float64bits(wm[i][j]) {
						t.Fatalf("n=%d w=%v cell (%d, %d): %v, the tally's %v", n, weighted, i, j, gm[i][j], wm[i][j])
					}
				}
			}
			if c.N() != want.N() || c.Weighted() != want.Weighted() {
				t.Fatalf("n %d weighted %v, the tally's %d %v", c.N(), c.Weighted(), want.N(), want.Weighted())
			}
			if a, b := c.Accuracy(), want.Accuracy(); math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("accuracy %v, the tally's %v", a, b)
			}
			yi, pi := make([]int64, n), make([]int64, n)
			for i := range y {
				yi[i], pi[i] = int64(y[i]), int64(p[i])
			}
			ivalues, ic, ok := ConfusionOfValues(yi, pi, w)
			if !ok || !slices.Equal(ivalues, values) || !slices.EqualFunc(ic.Matrix(), gm, slices.Equal) {
				t.Fatalf("int64 labels: %v %v, the float64's %v %v", ivalues, ic.Matrix(), values, gm)
			}
		}
	}
	for _, bad := range [][]float64{{0.5}, {math.NaN()}, {math.Inf(1)}, {0, 1 << 30}} {
		if _, _, ok := ConfusionOfValues(bad, bad, nil); ok {
			t.Errorf("%v: ok", bad)
		}
	}
	if _, _, ok := ConfusionOfValues([]float64{1}, []float64{1}, []float64{-1}); ok {
		t.Error("a negative weight: ok")
	}
}
