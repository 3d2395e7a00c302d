package regress

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
)

// rowMeasures are the measures a paired bootstrap of two models computes
// from the kept rows (y, |y − ŷ|, w) of a resample idx.
var rowMeasures = map[string]func(o StateOptions, ys, ads, ws []float64, idx []int) float64{
	"mse": func(_ StateOptions, _, ads, ws []float64, idx []int) float64 {
		return wmean(ws, idx, func(i int) float64 { return ads[i] * ads[i] })
	},
	"rmse": func(_ StateOptions, _, ads, ws []float64, idx []int) float64 {
		return math.Sqrt(wmean(ws, idx, func(i int) float64 { return ads[i] * ads[i] }))
	},
	"mae": func(_ StateOptions, _, ads, ws []float64, idx []int) float64 {
		return wmean(ws, idx, func(i int) float64 { return ads[i] })
	},
	"mape": func(o StateOptions, ys, ads, ws []float64, idx []int) float64 {
		return wmean(ws, idx, func(i int) float64 { return ads[i] / math.Max(math.Abs(ys[i]), o.MAPEEpsilon) })
	},
	"wape": func(_ StateOptions, ys, ads, ws []float64, idx []int) float64 {
		return wmean(ws, idx, func(i int) float64 { return ads[i] }) / wmean(ws, idx, func(i int) float64 { return math.Abs(ys[i]) })
	},
	"max_error": func(_ StateOptions, _, ads, _ []float64, idx []int) float64 {
		m := 0.0
		for _, i := range idx {
			m = math.Max(m, ads[i])
		}
		return m
	},
	"r2": func(_ StateOptions, ys, ads, ws []float64, idx []int) float64 {
		ybar := wmean(ws, idx, func(i int) float64 { return ys[i] })
		ss := wmean(ws, idx, func(i int) float64 { return (ys[i] - ybar) * (ys[i] - ybar) })
		return 1 - wmean(ws, idx, func(i int) float64 { return ads[i] * ads[i] })/ss
	},
}

// wmean is Σ w_i f(i) / Σ w_i over idx (w nil: every weight 1).
func wmean(ws []float64, idx []int, f func(int) float64) float64 {
	var s, w float64
	for _, i := range idx {
		wi := 1.0
		if ws != nil {
			wi = ws[i]
		}
		s += wi * f(i)
		w += wi
	}
	return s / w
}

// comparable returns an error unless a paired bootstrap of a and b can
// run: both keep their rows, in file order, with the same number of rows.
func pairable(a, b *State) error {
	a.flat()
	b.flat()
	switch {
	case !a.opt.KeepValues || !b.opt.KeepValues:
		return fmt.Errorf("a paired bootstrap needs every row (set regress.StateOptions.KeepValues)")
	case a.reordered.Load() || b.reordered.Load():
		return ErrReordered
	case len(a.ys) != len(b.ys):
		panic("regress: paired states of different lengths")
	}
	return nil
}

// pairedBootstrap compares measure key of two models of the same target
// by a bootstrap of the rows (the same resampled rows for both), from the
// kept values. It must run before the report reorders them. It also
// returns how many replicates were undefined (left out of the interval).
func pairedBootstrap(a, b *State, key string, mo board.Options) (board.Comparison, int, error) {
	if err := pairable(a, b); err != nil {
		return board.Comparison{}, 0, err
	}
	var wa, wb []float64
	if a.weighted {
		wa = a.ws
	}
	if b.weighted {
		wb = b.ws
	}
	c, dropped := pairedDraws(pairedSide{a.opt, a.ys, a.ads, wa}, pairedSide{b.opt, b.ys, b.ads, wb}, key, mo)
	return c, dropped, nil
}

// pairedSide is what a paired bootstrap reads of one model: its options
// and its rows in order (targets, absolute errors, weights; ws nil: every
// weight 1).
type pairedSide struct {
	opt         StateOptions
	ys, ads, ws []float64
}

// pairedDraws is the paired bootstrap of measure key of a and b (rows of
// the same number, in the same order): the comparison and the number of
// undefined replicates.
func pairedDraws(a, b pairedSide, key string, mo board.Options) (board.Comparison, int) {
	f := rowMeasures[key]
	n := len(a.ads)
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	diff := func(idx []int) float64 {
		return f(a.opt, a.ys, a.ads, a.ws, idx) - f(b.opt, b.ys, b.ads, b.ws, idx)
	}
	bs := &hyptest.Bootstrap{Estimate: diff(all), Replicates: make([]float64, mo.Bootstrap)}
	hyptest.Replicate(mo.Bootstrap, mo.Seed, 0, func() []int { return make([]int, n) }, func(r int, rng *rand.Rand, idx []int) {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		bs.Replicates[r] = diff(idx)
	})
	c := board.Comparison{Test: "paired-bootstrap", Statistic: bs.Estimate, Diff: bs.Estimate, PValue: hyptest.BootstrapPValue(bs)}
	lo, hi, dropped, err := hyptest.FinitePercentile(bs, mo.Level)
	if err == nil {
		c.CI = &[2]float64{lo, hi}
	}
	return c, dropped
}

// pairedKeys lists the measures rowMeasures computes, sorted.
func pairedKeys() []string {
	var k []string
	for key := range rowMeasures {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}
