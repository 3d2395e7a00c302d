package regress

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// sameBits compares two reports measure by measure, bit for bit.
func sameBits(t *testing.T, what string, a, b *Report) {
	t.Helper()
	keys := []string{"adjusted_r2"}
	for _, sp := range Specs {
		keys = append(keys, sp.Key)
	}
	for _, k := range keys {
		x, ok1 := a.Get(k)
		y, ok2 := b.Get(k)
		if ok1 != ok2 || math.Float64bits(x) != math.Float64bits(y) && !(math.IsNaN(x) && math.IsNaN(y)) {
			t.Errorf("%s: %s %v vs %v", what, k, x, y)
		}
	}
}

// TestChunkInvariance: rows cut into batches at random points, the
// batches' states merged in a random order (through their encoding, as a
// distributed engine moves them), give the same bits as one batch: the
// encoding of a state without kept values, and every measure with them.
// The data have a large mean and a small spread, weights or none, and
// rows in random order.
func TestChunkInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 60 {
		n := 1 + rng.IntN(3000)
		weighted, keep := trial%2 == 1, trial%3 == 0
		opt := StateOptions{MAPEEpsilon: 1e-9, Alpha: 0.1 + 0.8*rng.Float64(), Power: []float64{0, 1.5, 3, -1}[rng.IntN(4)], KeepValues: keep, Moments: trial%4 < 2}
		mean := math.Pow(10, float64(rng.IntN(12)))
		y, p, w := make([]float64, n), make([]float64, n), []float64(nil)
		pos := make([]int64, n)
		for i := range y {
			y[i] = mean + rng.NormFloat64()
			p[i] = y[i] + 0.5*rng.NormFloat64()
			pos[i] = int64(i)
		}
		if weighted {
			w = make([]float64, n)
			for i := range w {
				w[i] = rng.ExpFloat64()
			}
		}
		whole := New(opt)
		if err := whole.AddBatchAt(y, p, w, pos); err != nil {
			t.Fatal(err)
		}
		var parts []*State
		for lo := 0; lo < n; {
			hi := min(n, lo+1+rng.IntN(1+n/3))
			s := New(opt)
			var ws []float64
			if w != nil {
				ws = w[lo:hi]
			}
			if err := s.AddBatchAt(y[lo:hi], p[lo:hi], ws, pos[lo:hi]); err != nil {
				t.Fatal(err)
			}
			b, _ := s.MarshalBinary()
			u := new(State)
			if err := u.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, u)
			lo = hi
		}
		for len(parts) > 1 {
			i, j := rng.IntN(len(parts)), rng.IntN(len(parts))
			if i == j {
				continue
			}
			parts[i].Merge(parts[j])
			parts = append(parts[:j], parts[j+1:]...)
		}
		merged := parts[0]
		if !keep {
			a, _ := whole.MarshalBinary()
			b, _ := merged.MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Errorf("trial %d: encodings differ", trial)
			}
		}
		if opt.Moments {
			keys := []string{"r2", "explained_variance", "mse", "rmse", "mae", "mape"}
			i1, w1 := whole.deltaIntervals(keys, 0.9)
			i2, w2 := merged.deltaIntervals(keys, 0.9)
			if fmt.Sprint(i1, w1) != fmt.Sprint(i2, w2) {
				t.Errorf("trial %d: delta intervals %v %v, merged %v %v", trial, i1, w1, i2, w2)
			}
		}
		r1, r2 := whole.Report(2), merged.Report(2)
		sameBits(t, "merged", &r1, &r2)
	}
}

// TestLargeMean: R² and explained variance of values with a mean of 10¹²
// and a spread of 1 are exact to a few units in the last place (the
// moments are exact sums).
func TestLargeMean(t *testing.T) {
	s := New(StateOptions{})
	rng := rand.New(rand.NewPCG(5, 6))
	var ys, ds []float64
	for range 10000 {
		y := 1e12 + float64(rng.IntN(1000))/8
		d := float64(rng.IntN(100)) / 16
		ys, ds = append(ys, y), append(ds, d)
		s.Add(y, y-d)
	}
	exactM2 := func(xs []float64) float64 {
		var m float64
		for _, x := range xs {
			m += x - 1e12
		}
		m /= float64(len(xs))
		var v float64
		for _, x := range xs {
			v += (x - 1e12 - m) * (x - 1e12 - m)
		}
		return v
	}
	if got, want := s.y.m2(&s.w), exactM2(ys); math.Abs(got-want) > 1e-12*want {
		t.Errorf("m2 of y %v, want %v", got, want)
	}
}

// TestSharedTerms: a block's terms shared by two sums (the squared error's
// with Σ d², half the absolute error's as the pinball loss at α = ½) give
// the bits of each row's own terms (rows added one at a time): with
// differences and weighted errors near and below the smallest normal
// (where halving rounds), weights that overflow w·|d|, zeros, and blocks
// around the size from which the terms are shared.
func TestSharedTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := range 300 {
		n := 1 + rng.IntN(600)
		if trial%3 == 0 {
			n = mergeRows - 2 + rng.IntN(4)
		}
		weighted := trial%2 == 1
		opt := StateOptions{Alpha: []float64{0, 0.5, 0.3}[trial%3], Power: 1.5}
		y, p, w := make([]float64, n), make([]float64, n), []float64(nil)
		// Half the trials have no tiny difference but weights that
		// overflow w·|d|: their blocks take the shared path unless such
		// a weight comes.
		for i := range y {
			y[i] = rng.NormFloat64() * 10
			r := rng.IntN(12)
			if trial%4 >= 2 && (r == 0 || r == 2) {
				r = 3
			}
			switch r {
			case 0: // a subnormal or barely normal difference
				y[i] = float64(rng.IntN(8)) * 0x1p-1074 * float64(1+rng.IntN(1<<20))
				p[i] = 0
			case 1:
				p[i] = y[i]
			case 2:
				y[i], p[i] = 0x1p-1021, 0x1p-1022
			default:
				p[i] = y[i] + rng.NormFloat64()
			}
		}
		if weighted {
			w = make([]float64, n)
			for i := range w {
				w[i] = []float64{rng.ExpFloat64(), 0, 1e-300, 0x1p-60, 1e308}[rng.IntN(4+trial%4/2)]
			}
		}
		batch, rows := New(opt), New(opt)
		if err := batch.AddBatch(y, p, w); err != nil {
			t.Fatal(err)
		}
		for i := range y {
			var err error
			if weighted {
				err = rows.AddWeighted(y[i], p[i], w[i])
			} else {
				err = rows.Add(y[i], p[i])
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		a, _ := batch.MarshalBinary()
		b, _ := rows.MarshalBinary()
		if !bytes.Equal(a, b) {
			t.Fatalf("trial %d (%d rows, weighted %v): the encodings differ: pinball %v vs %v, MSE sum %v vs %v, Σd² %v vs %v",
				trial, n, weighted, batch.pinball.Value(), rows.pinball.Value(), batch.sq.Value(), rows.sq.Value(), batch.d.s2.Value(), rows.d.s2.Value())
		}
	}
}
