package cluster

import "math"

// maxValueRange is the widest range of integer labels, a side, that
// [ContingencyOfValues] takes (one row or column of the table a value of
// the range).
const maxValueRange = 1 << 20

// ContingencyOfValues returns the table of labellings given as numbers:
// row i counts once, in the class truth[i] − min(truth) and the cluster
// pred[i] − min(pred). The indices of the table ([Contingency.External],
// [Contingency.AdjustedRand], …) are those of the labellings' own
// numbering ([NewContingency]): they depend on the counts alone, not on
// how classes and clusters are numbered. It returns ok = false, and no
// table, when a label is not an integer (NaN, ±Inf, a fraction) of
// magnitude at most 2⁵³, a side's labels span more than 2²⁰ values, or
// there are no rows.
// It panics if the lengths differ.
func ContingencyOfValues(truth, pred []float64) (t *Contingency, ok bool) {
	if len(truth) != len(pred) {
		panic("cluster: ContingencyOfValues of columns of different lengths")
	}
	var lo, hi [2]float64
	for s, col := range [][]float64{truth, pred} {
		l, h := math.Inf(1), math.Inf(-1)
		integral := true
		for _, v := range col {
			l, h = min(l, v), max(h, v)
			integral = integral && v == math.Trunc(v) // NaN fails
		}
		if !integral || !(h-l < maxValueRange) || !(math.Abs(l) <= 1<<53 && math.Abs(h) <= 1<<53) {
			return nil, false
		}
		lo[s], hi[s] = l, h
	}
	t = new(Contingency)
	bt, bp := int(lo[0]), int(lo[1])
	t.Add(int(hi[0])-bt, int(hi[1])-bp, 0) // the table's size, at once
	for i, v := range truth {
		t.Add(int(v)-bt, int(pred[i])-bp, 1)
	}
	return t, true
}

// AdjustedRand returns ARI, the adjusted Rand index of the table (see
// [External]), without the other indices. It returns ErrEmpty for an
// empty table and ErrTooLarge beyond 4·10⁹ rows.
func (t *Contingency) AdjustedRand() (float64, error) {
	c, err := t.compact()
	if err != nil {
		return 0, err
	}
	return adjustedRand(c.pairs()), nil
}

// adjustedRand is ARI = 2(ad − bc)/((a+c)(c+d) + (a+b)(b+d)) of the
// pairs, formed in 128-bit integers; 1 when b = c = 0.
func adjustedRand(p Pairs) float64 {
	if p.B == 0 && p.C == 0 {
		return 1
	}
	num, neg := mul(p.A, p.D).sub(mul(p.B, p.C))
	den := mul(p.A+p.C, p.C+p.D).add(mul(p.A+p.B, p.B+p.D))
	ari := 2 * num.float() / den.float()
	if neg {
		ari = -ari
	}
	return ari
}
