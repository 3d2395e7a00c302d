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
func (c *Confusion) CohenKappa(weighting KappaWeighting) float64 {
	rows := c.Supports()
	cols := c.colSums()
	total := c.Total()
	var obs, exp fsum.Sum
	for i := range c.k {
		for j := range c.k {
			var w float64
			d := float64(i - j)
			switch weighting {
			case KappaLinear:
				w = math.Abs(d)
			case KappaQuadratic:
				w = d * d
			default:
				if i != j {
					w = 1
				}
			}
			if w == 0 {
				continue
			}
			obs.Add(w * c.Cell(i, j))
			exp.Add(w * rows[i] * cols[j] / total)
		}
	}
	if exp.Value() == 0 {
		return math.NaN()
	}
	return 1 - obs.Value()/exp.Value()
}

func (c *Confusion) colSums() []float64 {
	out := make([]float64, c.k)
	for j := range c.k {
		var s fsum.Sum
		for i := range c.k {
			s.Add(c.Cell(i, j))
		}
		out[j] = s.Value()
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
	var tp, pp, tt fsum.Sum
	for k := range t {
		tp.Add(t[k] * p[k])
		pp.Add(p[k] * p[k])
		tt.Add(t[k] * t[k])
	}
	cov := d*s - tp.Value()
	vp := s*s - pp.Value()
	vt := s*s - tt.Value()
	if vp*vt == 0 {
		return 0, true
	}
	return cov / math.Sqrt(vt*vp), false
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
	for i := range c.k {
		for j := range c.k {
			v := c.cnt[i*c.k+j]
			t[i] += v
			p[j] += v
			if i == j {
				diag += v
			}
		}
	}
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
	var s fsum.Sum
	for i := range c.k {
		if len(cost[i]) != c.k {
			panic("classify: cost matrix is not K×K")
		}
		for j := range c.k {
			s.Add(c.Cell(i, j) * cost[i][j])
		}
	}
	return s.Value() / c.Total()
}
