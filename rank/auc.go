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
	var above, s fsum.Sum
	for g := range t.Score {
		s.Add(t.Neg[g] * (above.Value() + t.Pos[g]/2))
		above.Add(t.Pos[g])
	}
	return s.Value() / p / n, nil
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
	var above, s fsum.Sum
	for g := range t.Score {
		s.Add(t.Pos[g] * (above.Value() + t.Neg[g]/2))
		above.Add(t.Neg[g])
	}
	return s.Value() / p / n, nil
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
	var tp, pp, s fsum.Sum
	for g := range t.Score {
		tp.Add(t.Pos[g])
		pp.Add(t.Pos[g] + t.Neg[g])
		if t.Pos[g] != 0 {
			s.Add(t.Pos[g] / p * (tp.Value() / pp.Value()))
		}
	}
	return s.Value(), nil
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
	r0, p0 := 0.0, 1.0
	var tp, pp, s fsum.Sum
	for g := range t.Score {
		tp.Add(t.Pos[g])
		pp.Add(t.Pos[g] + t.Neg[g])
		r1, p1 := tp.Value()/p, 0.0
		if d := pp.Value(); d != 0 {
			p1 = tp.Value() / d
		}
		s.Add((r1 - r0) * (p1 + p0) / 2)
		r0, p0 = r1, p1
	}
	return s.Value(), nil
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
	var tp, c fsum.Sum
	for g := range t.Score {
		m := t.Pos[g] + t.Neg[g]
		if m == 0 {
			continue
		}
		if c.Value()+m >= p {
			f := (p - c.Value()) / m
			return (tp.Value() + f*t.Pos[g]) / p, nil
		}
		tp.Add(t.Pos[g])
		c.Add(m)
	}
	return 1, nil // unreachable: the total mass exceeds W⁺ when W⁻ > 0
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
	// stop: the first index with FPR > maxFPR (exists: FPR ends at 1).
	stop := 0
	for stop < len(c.FPR) && c.FPR[stop] <= maxFPR {
		stop++
	}
	x0, x1, y0, y1 := c.FPR[stop-1], c.FPR[stop], c.TPR[stop-1], c.TPR[stop]
	yi := y0 + (maxFPR-x0)*(y1-y0)/(x1-x0)
	var a fsum.Sum
	for k := 1; k < stop; k++ {
		a.Add((c.FPR[k] - c.FPR[k-1]) * (c.TPR[k] + c.TPR[k-1]) / 2)
	}
	a.Add((maxFPR - x0) * (yi + y0) / 2)
	minA, maxA := maxFPR*maxFPR/2, maxFPR
	return (1 + (a.Value()-minA)/(maxA-minA)) / 2, nil
}
