package rank

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/result"
)

// rates is the ROC curve as pROC holds it: specificity, sensitivity and
// score of every distinct score's point, in decreasing score order from
// the point (specificity 1, sensitivity 0) at +∞, each rate a ratio of
// masses (so a count over a count for unweighted samples, as pROC's).
type rates struct{ sp, se, score []float64 }

func (t *Table) rates() (rates, error) {
	p, n, err := t.check()
	if err != nil {
		return rates{}, err
	}
	m := len(t.Score) + 1
	r := rates{sp: make([]float64, 1, m), se: make([]float64, 1, m), score: make([]float64, 1, m)}
	r.sp[0], r.score[0] = 1, math.Inf(1)
	t.feedAll(func(sg *segment) {
		for g := range sg.score {
			r.sp = append(r.sp, (n-sg.fp[g])/n)
			r.se = append(r.se, sg.tp[g]/p)
			r.score = append(r.score, sg.score[g])
		}
	})
	return r, nil
}

// PartialAUCRange is pROC's partial AUC over an interval of specificity or
// sensitivity ([Table.PartialAUCRange]).
type PartialAUCRange struct {
	// Range is the interval [lo, hi].
	Range [2]float64 `json:"range"`
	// Focus is "specificity" or "sensitivity".
	Focus string `json:"focus"`
	// Corrected says whether McClish's correction was applied.
	Corrected bool `json:"corrected"`
	// Value is the partial AUC; nil (JSON null) when the correction is
	// not defined (the curve below the diagonal on the interval).
	Value *float64 `json:"value"`
}

// PartialAUCRange returns the area under the ROC curve over specificities
// in [lo, hi] (focus "specificity" or "") or sensitivities in [lo, hi]
// (focus "sensitivity"), as pROC's auc(roc, partial.auc=c(hi, lo),
// partial.auc.focus=focus, partial.auc.correct=correct). The curve is the
// polyline through every distinct score's point (a tie group a diagonal
// step), linearly interpolated at lo and hi:
//
//	focus specificity:  A = ∫_{lo}^{hi} sensitivity d specificity
//	focus sensitivity:  A = ∫_{lo}^{hi} specificity d sensitivity
//
// With correct, McClish's correction maps A to ½ (1 + (A − A_min)/(A_max −
// A_min)) with A_min = (hi − lo)(2 − lo − hi)/2 (the diagonal's area) and
// A_max = hi − lo; it is not defined when A < A_min, and then, as pROC's
// NA, the value is NaN and ok false. It needs 0 ≤ lo < hi ≤ 1 and
// returns ErrOneClass when a class is missing.
func (t *Table) PartialAUCRange(lo, hi float64, focus string, correct bool) (v float64, ok bool, err error) {
	if !(lo >= 0 && lo < hi && hi <= 1) {
		return math.NaN(), false, fmt.Errorf("partial AUC range [%v, %v] is not 0 ≤ lo < hi ≤ 1", lo, hi)
	}
	if focus != "" && focus != "specificity" && focus != "sensitivity" {
		return math.NaN(), false, fmt.Errorf("partial AUC focus %q is not specificity or sensitivity", focus)
	}
	c, err := t.rates()
	if err != nil {
		return math.NaN(), false, err
	}
	var a float64
	if focus == "sensitivity" {
		a = clippedArea(c.se, c.sp, lo, hi)
	} else {
		slices.Reverse(c.sp)
		slices.Reverse(c.se)
		a = clippedArea(c.sp, c.se, lo, hi)
	}
	if !correct {
		return a, true, nil
	}
	minA, maxA := (hi-lo)*(2-lo-hi)/2, hi-lo
	if a < minA {
		return math.NaN(), false, nil
	}
	return (1 + (a-minA)/(maxA-minA)) / 2, true, nil
}

// clippedArea is ∫ y dx over x ∈ [lo, hi] of the polyline through (x[i],
// y[i]), x non-decreasing, interpolated linearly at lo and hi.
func clippedArea(x, y []float64, lo, hi float64) float64 {
	var a float64
	for i := 1; i < len(x); i++ {
		x0, x1 := x[i-1], x[i]
		if !(x1 > x0) || x1 <= lo || x0 >= hi {
			continue
		}
		at := func(u float64) float64 { return y[i-1] + (u-x0)*(y[i]-y[i-1])/(x1-x0) }
		u0, v0 := x0, y[i-1]
		if x0 < lo {
			u0, v0 = lo, at(lo)
		}
		u1, v1 := x1, y[i]
		if x1 > hi {
			u1, v1 = hi, at(hi)
		}
		a += (u1 - u0) * (v0 + v1) / 2
	}
	return a
}

// CoordAt is the point of the ROC curve at a given specificity or
// sensitivity ([Table.CoordsAt]).
type CoordAt struct {
	// Input is "specificity" or "sensitivity": the rate given.
	Input       string  `json:"input"`
	Specificity float64 `json:"specificity"`
	Sensitivity float64 `json:"sensitivity"`
	// Threshold is pROC's threshold of the point (a midpoint between
	// adjacent distinct scores, ±∞ at the ends, JSON null), NaN (null)
	// when the point is interpolated between two.
	Threshold result.Float `json:"threshold"`
	// Interpolated says that the rate given falls between two points of
	// the curve.
	Interpolated bool `json:"interpolated"`
}

// CoordsAt returns the points of the ROC curve at each specificity of sp
// and then each sensitivity of se, as pROC's coords(roc, x,
// input="specificity"|"sensitivity", ret=c("threshold", "specificity",
// "sensitivity")): when the rate given is a point's, the point with the
// best other rate (the highest sensitivity at that specificity, and the
// reverse) with its threshold; otherwise the other rate interpolated
// linearly between the two neighbouring points, with no threshold. A
// point's threshold is pROC's: for the point of every score ≥ s, the
// midpoint between s and the next lower distinct score (−∞ for the lowest
// score, +∞ for the point (0, 0)). Rates must be in [0, 1]; it returns
// ErrOneClass when a class is missing.
func (t *Table) CoordsAt(sp, se []float64) ([]CoordAt, error) {
	for _, v := range append(append([]float64(nil), sp...), se...) {
		if !(v >= 0 && v <= 1) {
			return nil, fmt.Errorf("rate %v is not in [0, 1]", v)
		}
	}
	c, err := t.rates()
	if err != nil {
		return nil, err
	}
	n := len(c.sp)
	thr := make([]float64, n)
	for k := range n {
		switch {
		case k == 0:
			thr[k] = math.Inf(1)
		case k == n-1:
			thr[k] = math.Inf(-1)
		default:
			thr[k] = midpoint(c.score[k+1], c.score[k])
		}
	}
	// at is the point of input rate v on the curve x (in[k] is the input
	// rate, out[k] the other, both along the curve's order, in rising):
	// the point of the best other rate among those at v, else the other
	// rate interpolated between the neighbours.
	at := func(v float64, in, out []float64, rising bool) (o, th float64, interp bool) {
		best := -1
		for k := range n {
			if in[k] == v && (best < 0 || out[k] > out[best]) {
				best = k
			}
		}
		if best >= 0 {
			return out[best], thr[best], false
		}
		k := 1
		for k < n-1 && (in[k] < v) == rising {
			k++
		}
		// v lies strictly between in[k−1] and in[k].
		return out[k] + (v-in[k])/(in[k-1]-in[k])*(out[k-1]-out[k]), math.NaN(), true
	}
	out := make([]CoordAt, 0, len(sp)+len(se))
	for _, v := range sp {
		o, th, ip := at(v, c.sp, c.se, false)
		out = append(out, CoordAt{Input: "specificity", Specificity: v, Sensitivity: o, Threshold: result.Float(th), Interpolated: ip})
	}
	for _, v := range se {
		o, th, ip := at(v, c.se, c.sp, true)
		out = append(out, CoordAt{Input: "sensitivity", Specificity: o, Sensitivity: v, Threshold: result.Float(th), Interpolated: ip})
	}
	return out, nil
}

// midpoint is pROC's threshold between adjacent distinct scores lo < hi:
// their mean (halves first past 1e100), or hi when the mean rounds to lo.
func midpoint(lo, hi float64) float64 {
	m := (lo + hi) / 2
	if math.Abs(m) > 1e100 {
		m = lo/2 + hi/2
	}
	if m == lo {
		m = hi
	}
	return m
}
