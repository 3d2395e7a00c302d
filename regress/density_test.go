package regress_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
)

// TestDensity: every cell of the grid counts exactly the points inside it
// (checked point by point), the counts add up to n, each axis's extent
// spans at most maxCells cells, and adding the points in another order or
// merging states of any split gives the same grid.
func TestDensity(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 23))
	gens := map[string]func() (float64, float64){
		"normal":      func() (float64, float64) { y := r.NormFloat64()*3 + 10; return y, y + r.NormFloat64() },
		"around zero": func() (float64, float64) { return r.NormFloat64() * 1e-6, r.NormFloat64() * 1e-6 },
		"wide":        func() (float64, float64) { return r.ExpFloat64() * 1e9, -r.ExpFloat64() * 1e5 },
		"constant":    func() (float64, float64) { return 4, 4 },
		"skewed":      func() (float64, float64) { v := math.Exp(r.NormFloat64() * 3); return v, v * (1 + 0.1*r.NormFloat64()) },
	}
	for name, gen := range gens {
		for _, n := range []int{1, 7, 5000} {
			xs, ys := make([]float64, n), make([]float64, n)
			var d regress.Density
			for i := range n {
				xs[i], ys[i] = gen()
				d.Add(xs[i], ys[i])
			}
			for _, maxCells := range []int{256, 64, 10} {
				cells, w := d.Grid(maxCells)
				var tot int64
				for _, c := range cells {
					tot += c.Count
					if n == 1 {
						continue // one point far from 0: its cell can be narrower than its bounds' precision
					}
					if c.X1-c.X0 != w || c.Y1-c.Y0 != w {
						t.Fatalf("%s n=%d: cell %+v not %g wide", name, n, c, w)
					}
					var in int64
					for i := range n {
						if xs[i] >= c.X0 && xs[i] < c.X1 && ys[i] >= c.Y0 && ys[i] < c.Y1 {
							in++
						}
					}
					if in != c.Count {
						t.Fatalf("%s n=%d max %d: cell %+v holds %d points", name, n, maxCells, c, in)
					}
				}
				if tot != int64(n) || d.N() != int64(n) {
					t.Fatalf("%s n=%d: cells hold %d points, N %d", name, n, tot, d.N())
				}
				minX, maxX, minY, maxY := d.Extent()
				if span := max(maxX-minX, maxY-minY); n > 1 && span > 0 && span/w > float64(maxCells)+1 {
					t.Errorf("%s n=%d: extent %g is %g cells, more than %d", name, n, span, span/w, maxCells)
				}
			}
			want, _ := d.Grid(64)
			// Another order, and states of a random split merged in a
			// random order.
			perm := r.Perm(n)
			var e regress.Density
			for _, i := range perm {
				e.Add(xs[i], ys[i])
			}
			if got, _ := e.Grid(64); !reflect.DeepEqual(got, want) {
				t.Errorf("%s n=%d: another order gives another grid", name, n)
			}
			parts := make([]regress.Density, 4)
			for _, i := range perm {
				parts[r.IntN(4)].Add(xs[i], ys[i])
			}
			var m regress.Density
			for _, k := range r.Perm(4) {
				m.Merge(&parts[k])
			}
			if got, _ := m.Grid(64); !reflect.DeepEqual(got, want) || m.N() != int64(n) {
				t.Errorf("%s n=%d: merged states give another grid", name, n)
			}
		}
	}
	var d regress.Density
	d.Add(math.NaN(), 1)
	d.Add(1, math.Inf(1))
	if d.N() != 0 || d.NonFinite() != 2 {
		t.Errorf("non-finite points: N %d, NonFinite %d", d.N(), d.NonFinite())
	}
}
