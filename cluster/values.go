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
// It panics if the lengths differ. Labels held as int64 are read as
// they are, without a conversion.
func ContingencyOfValues[T float64 | int64](truth, pred []T) (t *Contingency, ok bool) {
	if len(truth) != len(pred) {
		panic("cluster: ContingencyOfValues of columns of different lengths")
	}
	var lo, hi [2]float64
	for s, col := range [][]T{truth, pred} {
		l, h, integral := valueRange(col)
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

// valueRange returns the least and greatest value of col, as float64,
// and whether every value is an integer (for float64: no NaN, ±Inf or
// fraction); +Inf and −Inf for no values.
func valueRange[T float64 | int64](col []T) (lo, hi float64, integral bool) {
	var zero T
	if _, isFloat := any(zero).(float64); !isFloat {
		if len(col) == 0 {
			return math.Inf(1), math.Inf(-1), true
		}
		l, h := col[0], col[0]
		for _, v := range col {
			l, h = min(l, v), max(h, v)
		}
		return float64(l), float64(h), true
	}
	lo, hi, integral = math.Inf(1), math.Inf(-1), true
	for _, v := range col {
		f := float64(v)
		lo, hi = min(lo, f), max(hi, f)
		integral = integral && f == math.Trunc(f) // NaN fails
	}
	return lo, hi, integral
}
