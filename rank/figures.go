package rank

import (
	"math"
	"sync"
)

// Thin returns the DET curve reduced to at most n of its vertices (n ≥ 2),
// keeping the first and the last, and the error of the thinning. A DET
// curve is drawn on normal-deviate (probit) axes, so the vertices are
// chosen, and the error measured, in probit units: Φ⁻¹ of each rate,
// clamped to [10⁻⁶, 1 − 10⁻⁶] so that rates of 0 and 1 stay finite. A
// curve of at most n vertices is returned as it is, with error 0.
func (c DETCurve) Thin(n int) (DETCurve, float64) {
	if len(c.FPR) <= n {
		return c, 0
	}
	// Φ⁻¹ of every rate: the costly part on a long curve (an inverse
	// error function a vertex and axis); the two axes on two goroutines.
	px, py := make([]float64, len(c.FPR)), make([]float64, len(c.FNR))
	var wg sync.WaitGroup
	wg.Go(func() {
		for i, v := range c.FPR {
			px[i] = Probit(v)
		}
	})
	for i, v := range c.FNR {
		py[i] = Probit(v)
	}
	wg.Wait()
	keep, e := thin(px, py, n)
	if keep == nil {
		return c, 0
	}
	return DETCurve{FPR: pick(c.FPR, keep), FNR: pick(c.FNR, keep), Thresholds: pick(c.Thresholds, keep)}, e
}

// Probit returns Φ⁻¹(p), the standard normal quantile, with p clamped to
// [10⁻⁶, 1 − 10⁻⁶]: the coordinate of a rate on a DET axis.
func Probit(p float64) float64 {
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	return math.Sqrt2 * math.Erfinv(2*p-1)
}

// F1 returns the F1 score at each point of the curve, 2PR/(P+R), with 0
// where P + R = 0 (as scikit-learn's f1_score with zero_division=0).
func (c PRCurve) F1() []float64 {
	out := make([]float64, len(c.Precision))
	for i, p := range c.Precision {
		if s := p + c.Recall[i]; s > 0 {
			out[i] = 2 * p * c.Recall[i] / s
		}
	}
	return out
}

// ScoreHistogram is the distribution of the scores of each class over
// equal-width bins: bin i is [Edges[i], Edges[i+1]) (the last one closed),
// Pos[i] and Neg[i] the shares of the positive and of the negative mass
// that fall in it (each sums to 1).
type ScoreHistogram struct {
	Edges    []float64
	Pos, Neg []float64
}

// Histogram returns the score distribution of each class over bins
// equal-width bins between the lowest and the highest score (one bin when
// every score is equal). It returns ErrOneClass when a class is missing.
// It panics if bins < 1.
func (t *Table) Histogram(bins int) (ScoreHistogram, error) {
	if bins < 1 {
		panic("rank: Histogram: bins < 1")
	}
	p, n, err := t.check()
	if err != nil {
		return ScoreHistogram{}, err
	}
	lo, hi := t.Score[len(t.Score)-1], t.Score[0]
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		bins = 1
	}
	h := ScoreHistogram{Edges: make([]float64, bins+1), Pos: make([]float64, bins), Neg: make([]float64, bins)}
	w := (hi - lo) / float64(bins)
	for i := range h.Edges {
		h.Edges[i] = lo + float64(i)*w
	}
	h.Edges[bins] = hi
	for i, s := range t.Score {
		b := bins - 1
		if w > 0 {
			b = min(int((s-lo)/w), bins-1)
		}
		h.Pos[b] += t.Pos[i]
		h.Neg[b] += t.Neg[i]
	}
	for b := range h.Pos {
		h.Pos[b] /= p
		h.Neg[b] /= n
	}
	return h, nil
}
