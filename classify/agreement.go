package classify

import (
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// BalancedAccuracy returns the mean recall over the classes that have true
// mass, as scikit-learn's balanced_accuracy_score (classes only predicted
// are left out). With adjusted, the score is rescaled so that chance is 0:
// (s − 1/K)/(1 − 1/K) with K the number of classes counted; that is NaN when
// K = 1. It is NaN when no class has true mass.
func (c *Confusion) BalancedAccuracy(adjusted bool) float64 {
	sup := c.Supports()
	var s fsum.Sum
	k := 0
	for i, n := range sup {
		if n > 0 {
			s.Add(c.Cell(i, i) / n)
			k++
		}
	}
	if k == 0 {
		return math.NaN()
	}
	score := s.Value() / float64(k)
	if adjusted {
		chance := 1 / float64(k)
		if k == 1 {
			return math.NaN()
		}
		score = (score - chance) / (1 - chance)
	}
	return score
}

// KappaWeighting selects the disagreement weights of Cohen's kappa.
type KappaWeighting int

// Unweighted: 1 off the diagonal. Linear: |i−j|. Quadratic: (i−j)².
// Distances are between positions in the label order.
const (
	KappaUnweighted KappaWeighting = iota
	KappaLinear
	KappaQuadratic
)

// CohenKappa returns Cohen's kappa between the true and predicted labels:
//
//	κ = 1 − Σ w_ij C_ij / Σ w_ij E_ij,   E_ij = (Σ_j C_ij)(Σ_i C_ij) / Σ C
//
// with w the disagreement weights. It is NaN when the denominator is zero
// (both raters use a single, identical class), as scikit-learn's
// cohen_kappa_score.
//
// Up to kappaDirectMax classes Σ w_ij E_ij is summed over all K² pairs.
// Above, it is computed in O(K) from the row sums r and column sums c
// (T = Σ C) with sums of non-negative terms only, so nothing cancels:
//
//	unweighted  Σ_{i≠j} r_i c_j = Σ_i r_i (Σ_{j<i} c_j + Σ_{j>i} c_j)
//	linear      Σ |i−j| r_i c_j = Σ_{m<K−1} (R_{≤m} C_{>m} + C_{≤m} R_{>m})
//	quadratic   Σ (i−j)² r_i c_j = T_c Σ r_i (i−μ)² + T_r Σ c_j (j−μ)² − 2ab
//
// where R_{≤m} is a prefix sum of r, μ the mean index of r and c together,
// a = Σ r_i (i−μ) and b = Σ c_j (j−μ) = −a, so −2ab = 2a² ≥ 0.
func (c *Confusion) CohenKappa(weighting KappaWeighting) float64 {
	rows := c.Supports()
	cols := c.colSums()
	total := c.Total()
	k := c.massScale()
	if k != 1 {
		scaleAll(k, rows)
		scaleAll(k, cols)
		total *= k
	}
	var obs fsum.Sum
	c.each(func(i, j, at int) {
		if w := kappaWeight(weighting, i, j); w != 0 {
			obs.Add(w * c.mass(at) * k)
		}
	})
	var exp float64
	if c.k <= kappaDirectMax {
		var e fsum.Sum
		for i := range c.k {
			for j := range c.k {
				if w := kappaWeight(weighting, i, j); w != 0 {
					e.Add(w * rows[i] * cols[j] / total)
				}
			}
		}
		exp = e.Value()
	} else {
		exp = expectedDisagreement(weighting, rows, cols) / total
	}
	if exp == 0 {
		return math.NaN()
	}
	return 1 - obs.Value()/exp
}

// massScale returns the power of two k that brings a weighted matrix's
// total mass into [½, 1) (1 when unweighted: the masses are counts).
// Kappa and MCC sum products of two masses, which underflow for tiny
// weights (1e-162²) and overflow for huge ones (1e155²); taken over the
// masses times k they do neither, and as a power of two only moves the
// exponent, the result is the same bits for weights of ordinary size and
// invariant to scaling every weight.
func (c *Confusion) massScale() float64 {
	if !c.weighted {
		return 1
	}
	_, e := math.Frexp(c.Total())
	return math.Ldexp(1, -e)
}

// scaleAll multiplies every element of a by k.
func scaleAll(k float64, a []float64) {
	for i := range a {
		a[i] *= k
	}
}

// kappaDirectMax is the largest K for which kappa sums its K² expected
// cells directly (a variable so tests can compare both ways).
var kappaDirectMax = DenseMaxClasses

func kappaWeight(weighting KappaWeighting, i, j int) float64 {
	d := float64(i - j)
	switch weighting {
	case KappaLinear:
		return math.Abs(d)
	case KappaQuadratic:
		return d * d
	}
	if i != j {
		return 1
	}
	return 0
}

// expectedDisagreement returns Σ w_ij r_i c_j in O(K) (see CohenKappa).
func expectedDisagreement(weighting KappaWeighting, r, c []float64) float64 {
	k := len(r)
	// suffix sums: rs[m] = Σ_{i≥m} r_i
	suffix := func(x []float64) []float64 {
		s := make([]float64, k+1)
		var a fsum.Sum
		for m := k - 1; m >= 0; m-- {
			a.Add(x[m])
			s[m] = a.Value()
		}
		return s
	}
	var out fsum.Sum
	switch weighting {
	case KappaUnweighted:
		cs := suffix(c)
		var pre fsum.Sum // Σ_{j<i} c_j
		for i := range k {
			out.Add(r[i] * (pre.Value() + cs[i+1]))
			pre.Add(c[i])
		}
	case KappaLinear:
		rs, cs := suffix(r), suffix(c)
		var rp, cp fsum.Sum // R_{≤m}, C_{≤m}
		for m := range k - 1 {
			rp.Add(r[m])
			cp.Add(c[m])
			out.Add(rp.Value() * cs[m+1])
			out.Add(cp.Value() * rs[m+1])
		}
	case KappaQuadratic:
		var tr, tc, mom fsum.Sum
		for i := range k {
			tr.Add(r[i])
			tc.Add(c[i])
			mom.Add(float64(i) * (r[i] + c[i]))
		}
		mu := mom.Value() / (tr.Value() + tc.Value())
		var vr, vc, a, b fsum.Sum
		for i := range k {
			d := float64(i) - mu
			vr.Add(r[i] * d * d)
			vc.Add(c[i] * d * d)
			a.Add(r[i] * d)
			b.Add(c[i] * d)
		}
		out.Add(tc.Value() * vr.Value())
		out.Add(tr.Value() * vc.Value())
		out.Add(-2 * a.Value() * b.Value())
	}
	return out.Value()
}

func (c *Confusion) colSums() []float64 {
	sums := make([]fsum.Sum, c.k)
	c.each(func(_, j, at int) { sums[j].Add(c.mass(at)) })
	out := make([]float64, c.k)
	for j := range sums {
		out[j] = sums[j].Value()
	}
	return out
}

// MCC returns the Matthews correlation coefficient (Gorodkin's K-class
// form, as scikit-learn's matthews_corrcoef):
//
//	MCC = (c·s − Σ_k p_k t_k) / √((s² − Σ p_k²)(s² − Σ t_k²))
//
// with c the diagonal mass, s the total, t_k and p_k the true and predicted
// mass of class k. Without weights the products are exact in int64 (up to
// about 3·10⁹ rows; beyond, float64). When a factor under the root is zero
// (all true or all predicted labels equal) it returns 0 and undefined =
// true, which is scikit-learn's convention.
func (c *Confusion) MCC() (mcc float64, undefined bool) {
	if !c.weighted {
		if v, undef, ok := c.mccInt(); ok {
			return v, undef
		}
	}
	t := c.Supports()
	p := c.colSums()
	s := c.Total()
	d, _ := c.correct()
	if k := c.massScale(); k != 1 {
		scaleAll(k, t)
		scaleAll(k, p)
		s, d = s*k, d*k
	}
	var tp, pp, tt fsum.Sum
	for k := range t {
		tp.Add(t[k] * p[k])
		pp.Add(p[k] * p[k])
		tt.Add(t[k] * t[k])
	}
	cov := d*s - tp.Value()
	vp := s*s - pp.Value()
	vt := s*s - tt.Value()
	// One class holding every true (or predicted) mass has variance 0
	// exactly; s² − Σp² may leave a rounding residue there.
	if vp*vt == 0 || massClasses(p) < 2 || massClasses(t) < 2 {
		return 0, true
	}
	return cov / math.Sqrt(vt*vp), false
}

// massClasses counts the classes of non-zero mass in m.
func massClasses(m []float64) int {
	n := 0
	for _, v := range m {
		if v != 0 {
			n++
		}
	}
	return n
}

// mccInt computes MCC from exact int64 counts; ok is false when the
// products could overflow.
func (c *Confusion) mccInt() (mcc float64, undefined, ok bool) {
	s := c.n
	if s > 3_000_000_000 {
		return 0, false, false
	}
	var diag, tp, pp, tt int64
	t := make([]int64, c.k)
	p := make([]int64, c.k)
	c.each(func(i, j, at int) {
		v := c.cnt[at]
		t[i] += v
		p[j] += v
		if i == j {
			diag += v
		}
	})
	for k := range t {
		tp += t[k] * p[k]
		pp += p[k] * p[k]
		tt += t[k] * t[k]
	}
	cov := diag*s - tp
	vp := s*s - pp
	vt := s*s - tt
	if vp == 0 || vt == 0 {
		return 0, true, true
	}
	// vt·vp may overflow int64, so the root is taken of each factor.
	return float64(cov) / (math.Sqrt(float64(vt)) * math.Sqrt(float64(vp))), false, true
}

// LikelihoodRatios returns the positive and negative likelihood ratios of
// class pos against the rest, as scikit-learn's class_likelihood_ratios:
//
//	LR+ = TPR/FPR = (TP/(TP+FN)) / (FP/(FP+TN))
//	LR− = FNR/TNR = (FN/(TP+FN)) / (TN/(FP+TN))
//
// A ratio whose denominator is zero (no positive mass, FP = 0 for LR+,
// TN = 0 for LR−) is NaN.
func (c *Confusion) LikelihoodRatios(pos int) (lrPos, lrNeg float64) {
	k := c.Counts()[pos]
	supPos := k.TP + k.FN
	supNeg := k.TN + k.FP
	lrPos, lrNeg = math.NaN(), math.NaN()
	if supPos == 0 {
		return
	}
	if k.FP != 0 {
		lrPos = (k.TP * supNeg) / (k.FP * supPos)
	}
	if k.TN != 0 {
		lrNeg = (k.FN * supNeg) / (k.TN * supPos)
	}
	return
}

// CostError returns the cost-sensitive error rate (Zhou 2016 §2.3.4),
//
//	E = Σ_ij C_ij · cost_ij / Σ C
//
// where cost_ij is the cost of predicting class j for a sample of class i.
// It panics if cost is not K×K.
func (c *Confusion) CostError(cost [][]float64) float64 {
	if len(cost) != c.k {
		panic("classify: cost matrix is not K×K")
	}
	for i := range c.k {
		if len(cost[i]) != c.k {
			panic("classify: cost matrix is not K×K")
		}
	}
	var s fsum.Sum
	c.each(func(i, j, at int) { s.Add(c.mass(at) * cost[i][j]) })
	return s.Value() / c.Total()
}
