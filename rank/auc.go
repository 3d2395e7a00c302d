package rank

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// AUC returns the area under the ROC curve by the trapezoid rule, which
// counts a tied (positive, negative) pair as one half:
//
//	AUC = Σ_{i∈P} Σ_{j∈N} w_i w_j ([s_i > s_j] + ½[s_i = s_j]) / (W⁺ W⁻)
//
// computed in one pass over the table as Σ_g neg_g (TP_{<g} + ½ pos_g) /
// (W⁺ W⁻). It equals 1 − [Table.RankLoss] and scikit-learn's
// roc_auc_score. It returns ErrOneClass when a class is missing.
func (t *Table) AUC() (float64, error) {
	p, n, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	var a aucAcc
	a.k = massScale(t.Weighted, p, n)
	t.feedAll(a.feed)
	return a.value(p, n), nil
}

// RankLoss returns the ranking loss of seed 001 (Zhou eq. 2.21): the
// fraction of (positive, negative) pairs the scores put in the wrong
// order, a tie counting one half:
//
//	ℓ_rank = Σ_{i∈P} Σ_{j∈N} w_i w_j ([s_i < s_j] + ½[s_i = s_j]) / (W⁺ W⁻)
//
// It is computed independently of [Table.AUC] (from the negatives above
// each positive), and AUC = 1 − ℓ_rank. It returns ErrOneClass when a class
// is missing.
func (t *Table) RankLoss() (float64, error) {
	p, n, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	var a rankLossAcc
	a.k = massScale(t.Weighted, p, n)
	t.feedAll(a.feed)
	return a.value(p, n), nil
}

// AveragePrecision returns scikit-learn's average_precision_score, the step
// sum over distinct thresholds in decreasing order
//
//	AP = Σ_g (R_g − R_{g−1}) P_g
//
// with P_g, R_g the precision and recall of thresholding at the g-th
// distinct score (no interpolation). It differs from the trapezoidal area
// [Table.PRAUCTrapezoid]. It returns ErrOneClass when a class is missing.
func (t *Table) AveragePrecision() (float64, error) {
	p, _, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	a := apAcc{p: p}
	t.feedAll(a.feed)
	return a.s.Value(), nil
}

// PRAUCTrapezoid returns the area under the precision–recall curve of
// [Table.PR] by the trapezoid rule (scikit-learn's
// auc(recall, precision)), including the segment from the curve's first
// threshold to its end point (recall 0, precision 1). Linear interpolation
// between P-R points is optimistic; [Table.AveragePrecision] is the usual
// summary. It returns ErrOneClass when a class is missing.
func (t *Table) PRAUCTrapezoid() (float64, error) {
	p, _, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	// Walk the points in decreasing threshold order (increasing recall),
	// starting from the end point (recall 0, precision 1).
	a := newPRTrap(p)
	t.feedAll(a.feed)
	return a.s.Value(), nil
}

// BEP returns the break-even point (seed 000): the value at which the
// precision–recall curve, linearly interpolated between consecutive
// thresholds in (FP, TP) space, crosses precision = recall. Since
// P = TP/(TP+FP) and R = TP/W⁺ that is where the predicted-positive mass
// TP+FP equals W⁺, so
//
//	BEP = TP*/W⁺,  TP* = TP_{<g} + pos_g (W⁺ − C_{<g}) / (pos_g + neg_g)
//
// for the tie group g that straddles W⁺ (C = TP + FP cumulated). For
// unweighted data without ties this is the precision at cut-off m⁺
// (R-precision); with ties it is its expectation under a random order of
// the tied samples. It returns ErrOneClass when a class is missing.
func (t *Table) BEP() (float64, error) {
	p, _, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	a := bepAcc{p: p}
	t.feedAll(a.feed)
	return a.value(), nil
}

// PartialAUC returns the standardised partial AUC over FPR ∈ [0, maxFPR]
// with the McClish correction, as scikit-learn's
// roc_auc_score(max_fpr=maxFPR):
//
//	pAUC = ½ (1 + (A − A_min)/(A_max − A_min)),  A_min = ½ maxFPR², A_max = maxFPR
//
// where A is the area under the ROC curve up to maxFPR, the curve being
// linearly interpolated at maxFPR. It is 0.5 for a chance ranking and 1
// for a perfect one. maxFPR = 1 gives the AUC. It returns an error for
// maxFPR outside (0, 1] and ErrOneClass when a class is missing.
func (t *Table) PartialAUC(maxFPR float64) (float64, error) {
	if !(maxFPR > 0 && maxFPR <= 1) {
		return math.NaN(), fmt.Errorf("max_fpr %v is not in (0, 1]", maxFPR)
	}
	if maxFPR == 1 {
		return t.AUC()
	}
	c, err := t.ROC(true)
	if err != nil {
		return math.NaN(), err
	}
	a := pAUCAcc{max: maxFPR}
	for k := range c.FPR {
		a.vertex(c.FPR[k], c.TPR[k], c.Thresholds[k])
	}
	return a.value(), nil
}

// pAUCAcc is [Table.PartialAUC] over the vertices of the ROC curve (with
// collinear vertices dropped), fed in order.
type pAUCAcc struct {
	max    float64
	k      int
	x0, y0 float64 // the previous vertex
	a      fsum.Sum
	done   bool
}

func (p *pAUCAcc) vertex(x, y, _ float64) {
	k := p.k
	p.k++
	if p.done {
		return
	}
	if k > 0 {
		if x > p.max {
			// the first vertex past max: interpolate to it (it exists:
			// FPR ends at 1).
			yi := p.y0 + (p.max-p.x0)*(y-p.y0)/(x-p.x0)
			p.a.Add((p.max - p.x0) * (yi + p.y0) / 2)
			p.done = true
			return
		}
		p.a.Add((x - p.x0) * (y + p.y0) / 2)
	}
	p.x0, p.y0 = x, y
}

func (p *pAUCAcc) value() float64 {
	minA, maxA := p.max*p.max/2, p.max
	return (1 + (p.a.Value()-minA)/(maxA-minA)) / 2
}
