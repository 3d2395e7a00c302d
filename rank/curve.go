package rank

import (
	"math"
	"sort"
)

// ROCCurve is a receiver operating characteristic curve: the false- and
// true-positive rates when every sample with score ≥ Thresholds[i] is
// predicted positive, in decreasing threshold order. The first point is
// (0, 0) at threshold +∞.
type ROCCurve struct {
	FPR, TPR, Thresholds []float64
}

// ROC returns the ROC curve, one point per distinct score (seed 003's
// stepping rule: a positive moves the point up by 1/m⁺, a negative right by
// 1/m⁻, a tie group diagonally). With dropIntermediate, points collinear
// with both neighbours are dropped exactly as scikit-learn's roc_curve
// (drop_intermediate=True) does: a point is dropped when the second
// differences of both the cumulative false- and true-positive masses are
// zero there. With weights, scikit-learn tests numpy's cumulative sums
// (plain float64 additions, row by row), which can find a vertex collinear
// where the compensated sums of the table do not, or the reverse; a table
// built by a [Builder] (or [NewTable]) follows numpy's sums, so its ROC
// curve has exactly scikit-learn's vertices; a table from [Merge] or
// [Binned] has no rows to follow and applies the rule to its own sums.
// The first threshold is +∞ (scikit-learn ≥ 1.3; 1.2 printed
// the largest score + 1). It returns ErrOneClass when a class is missing.
func (t *Table) ROC(dropIntermediate bool) (ROCCurve, error) {
	v, err := t.rocView(dropIntermediate)
	if err != nil {
		return ROCCurve{}, err
	}
	return v.curve(nil), nil
}

// rocView is the ROC curve as a [polyline] over the table's cumulative
// sums: vertex 0 is (0, 0) at threshold +∞, vertex k ≥ 1 the table's
// entry idx[k−1].
type rocView struct {
	t      *Table
	tp, fp []float64
	idx    []int
	p, n   float64
}

// rocView returns the ROC curve's vertices without building the curve:
// the entries of the table kept by [Table.ROC]'s rule.
func (t *Table) rocView(dropIntermediate bool) (rocView, error) {
	p, n, err := t.check()
	if err != nil {
		return rocView{}, err
	}
	tp, fp := t.cum()
	idx := make([]int, 0, len(tp))
	for i := range tp {
		if dropIntermediate && i > 0 && i < len(tp)-1 {
			if t.npFlat != nil {
				if t.npFlat[i/64]>>(i%64)&1 != 0 {
					continue
				}
			} else if fp[i+1]-2*fp[i]+fp[i-1] == 0 && tp[i+1]-2*tp[i]+tp[i-1] == 0 {
				continue
			}
		}
		idx = append(idx, i)
	}
	return rocView{t: t, tp: tp, fp: fp, idx: idx, p: p, n: n}, nil
}

func (v rocView) Len() int { return len(v.idx) + 1 }

func (v rocView) At(k int) (float64, float64) {
	if k == 0 {
		return 0, 0
	}
	i := v.idx[k-1]
	return v.fp[i] / v.n, v.tp[i] / v.p
}

// curve returns the vertices keep (nil: all) as a curve.
func (v rocView) curve(keep []int) ROCCurve {
	m := len(keep)
	if keep == nil {
		m = v.Len()
	}
	c := ROCCurve{FPR: make([]float64, m), TPR: make([]float64, m), Thresholds: make([]float64, m)}
	for j := range m {
		k := j
		if keep != nil {
			k = keep[j]
		}
		c.FPR[j], c.TPR[j] = v.At(k)
		if k == 0 {
			c.Thresholds[j] = math.Inf(1)
		} else {
			c.Thresholds[j] = v.t.Score[v.idx[k-1]]
		}
	}
	return c
}

// ThinROC returns [Table.ROC] with dropIntermediate, thinned to at most n
// of its vertices as [ROCCurve.Thin] thins it (n = 0: not thinned), the
// number of vertices of the full curve and the thinning's error. The same
// curve, to the bit, as Thin on the full curve, but the full curve is
// never built: the vertices are read from the table's cumulative sums.
func (t *Table) ThinROC(n int) (c ROCCurve, vertices int, e float64, err error) {
	v, err := t.rocView(true)
	if err != nil {
		return ROCCurve{}, 0, 0, err
	}
	var keep []int
	if n > 0 {
		keep, e = thin(v, n)
	}
	return v.curve(keep), v.Len(), e, nil
}

// PRCurve is a precision–recall curve as scikit-learn's
// precision_recall_curve returns it: one point per distinct score in
// increasing threshold order, then the point (recall 0, precision 1) that
// has no threshold (len(Thresholds) = len(Precision) − 1).
type PRCurve struct {
	Precision, Recall, Thresholds []float64
}

// PR returns the precision–recall curve. Precision at a threshold where
// the predicted-positive mass is zero (only possible with zero weights) is
// 0, as in scikit-learn. It returns ErrOneClass when a class is missing.
func (t *Table) PR() (PRCurve, error) {
	v, err := t.prView()
	if err != nil {
		return PRCurve{}, err
	}
	return v.curve(nil), nil
}

// prView is the precision–recall curve as a [polyline] in the (recall,
// precision) plane over the table's cumulative sums: vertex k < m is the
// table's entry m−1−k, vertex m the final point (recall 0, precision 1).
type prView struct {
	t      *Table
	tp, fp []float64
	p      float64
}

func (t *Table) prView() (prView, error) {
	p, _, err := t.check()
	if err != nil {
		return prView{}, err
	}
	tp, fp := t.cum()
	return prView{t: t, tp: tp, fp: fp, p: p}, nil
}

func (v prView) Len() int { return len(v.tp) + 1 }

func (v prView) At(k int) (recall, precision float64) {
	m := len(v.tp)
	if k == m {
		return 0, 1
	}
	i := m - 1 - k
	if d := v.tp[i] + v.fp[i]; d != 0 {
		precision = v.tp[i] / d
	}
	return v.tp[i] / v.p, precision
}

// curve returns the vertices keep (nil: all) as a curve; the final point,
// which has no threshold, must be among them.
func (v prView) curve(keep []int) PRCurve {
	m := len(keep)
	if keep == nil {
		m = v.Len()
	}
	c := PRCurve{Precision: make([]float64, m), Recall: make([]float64, m), Thresholds: make([]float64, m-1)}
	for j := range m {
		k := j
		if keep != nil {
			k = keep[j]
		}
		c.Recall[j], c.Precision[j] = v.At(k)
		if j < m-1 {
			c.Thresholds[j] = v.t.Score[len(v.tp)-1-k]
		}
	}
	return c
}

// ThinPR returns [Table.PR] thinned to at most n of its vertices as
// [PRCurve.Thin] thins it (n = 0: not thinned), the number of vertices of
// the full curve and the thinning's error, without building the full
// curve (see [Table.ThinROC]).
func (t *Table) ThinPR(n int) (c PRCurve, vertices int, e float64, err error) {
	v, err := t.prView()
	if err != nil {
		return PRCurve{}, 0, 0, err
	}
	var keep []int
	if n > 0 {
		keep, e = thin(v, n)
	}
	return v.curve(keep), v.Len(), e, nil
}

// DETCurve is a detection error tradeoff curve: false-positive and
// false-negative rates per threshold, in increasing threshold order, as
// scikit-learn's det_curve. Plotted on normal-deviate axes (probit of both
// rates) a binormal model is a straight line.
type DETCurve struct {
	FPR, FNR, Thresholds []float64
}

// DET returns the DET curve: the thresholds from the last one with no
// false positives down to the first with no false negatives, reversed, as
// scikit-learn's det_curve. It returns ErrOneClass when a class is missing.
func (t *Table) DET() (DETCurve, error) {
	p, n, err := t.check()
	if err != nil {
		return DETCurve{}, err
	}
	tp, fp := t.cum()
	// first: the last index with fp == fp[0]; last: the first with tp == p.
	first := sort.Search(len(fp), func(i int) bool { return fp[i] > fp[0] }) - 1
	last := sort.Search(len(tp), func(i int) bool { return tp[i] >= tp[len(tp)-1] })
	var c DETCurve
	for i := last; i >= first; i-- {
		c.FPR = append(c.FPR, fp[i]/n)
		c.FNR = append(c.FNR, (tp[len(tp)-1]-tp[i])/p)
		c.Thresholds = append(c.Thresholds, t.Score[i])
	}
	return c, nil
}
