package rank

import (
	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Operating is an operating point: predicting positive every sample with
// score ≥ Threshold (+∞: none).
type Operating struct {
	Threshold float64 // +∞ predicts every sample negative
	Value     float64 // the criterion at this threshold
	TPR, FPR  float64
	Precision float64 // 0 when nothing is predicted positive
}

// operating evaluates crit at every candidate threshold, +∞ first and then
// the distinct scores in decreasing order, and returns the first best
// (largest when maximise, else smallest).
func (t *Table) operating(maximise bool, crit criterion) (Operating, error) {
	p, n, err := t.check()
	if err != nil {
		return Operating{}, err
	}
	a := newOperating(p, n, maximise, crit)
	t.feedAll(a.feed)
	return a.best, nil
}

// Youden returns the threshold maximising Youden's J = TPR − FPR
// (sensitivity + specificity − 1), the ROC point farthest above the chance
// diagonal. Among equal maxima the highest threshold wins. It returns
// ErrOneClass when a class is missing.
func (t *Table) Youden() (Operating, error) {
	return t.operating(true, youden)
}

// criterion is the criterion of an operating point: Youden's J, F_β or
// a cost. A value (not a closure), so that a row's evaluation is inlined
// in the accumulator's loop.
type criterion struct {
	kind           critKind
	b2             float64 // F_β: β²
	costFP, costFN float64 // cost
}

type critKind int8

const (
	critYouden critKind = iota
	critF
	critCost
)

// youden is the criterion of [Table.Youden].
var youden = criterion{kind: critYouden}

// at returns the criterion with masses tp and fp predicted positive, of
// p and n.
func (c *criterion) at(tp, fp, p, n float64) float64 {
	switch c.kind {
	case critYouden:
		return tp/p - fp/n
	case critF:
		prec := 0.0
		if tp+fp != 0 {
			prec = tp / (tp + fp)
		}
		rec := tp / p
		d := c.b2*prec + rec
		if d == 0 {
			return 0
		}
		return (1 + c.b2) * prec * rec / d
	}
	return c.costFN*(p-tp) + c.costFP*fp
}

// MaxFBeta returns the threshold maximising
//
//	F_β = (1 + β²) P R / (β² P + R)
//
// (0 when P + R = 0), the highest among equal maxima. It returns
// ErrOneClass when a class is missing. It panics if β is not positive.
func (t *Table) MaxFBeta(beta float64) (Operating, error) {
	if !(beta > 0) {
		panic("rank: MaxFBeta: beta must be positive")
	}
	return t.operating(true, fBeta(beta))
}

// fBeta is the criterion of [Table.MaxFBeta].
func fBeta(beta float64) criterion { return criterion{kind: critF, b2: beta * beta} }

// MinCost returns the threshold minimising the total expected cost
// (Zhou §2.3.4)
//
//	cost = costFN · FN + costFP · FP
//
// with FN, FP the (weighted) numbers of false negatives and false
// positives; Value is that cost (divide by the total mass for the cost per
// sample). The highest threshold wins among equal minima. It returns
// ErrOneClass when a class is missing. It panics if a cost is negative.
func (t *Table) MinCost(costFP, costFN float64) (Operating, error) {
	if !(costFP >= 0 && costFN >= 0) {
		panic("rank: MinCost: negative cost")
	}
	return t.operating(false, cost(costFP, costFN))
}

// cost is the criterion of [Table.MinCost].
func cost(costFP, costFN float64) criterion {
	return criterion{kind: critCost, costFP: costFP, costFN: costFN}
}

// CostCurve is the cost curve of Zhou §2.3.4 (Drummond & Holte): every ROC
// point (FPR, FNR) becomes the segment from (0, FPR) to (1, FNR), and the
// curve is their lower envelope. X is the probability cost of the positive
// class, p·c₀₁ / (p·c₀₁ + (1 − p)·c₁₀); Y the normalised expected cost.
type CostCurve struct {
	X, Y []float64
	// Area under the lower envelope: the expected total cost over all
	// class priors and costs.
	Area float64
}

// CostCurve returns the lower envelope of the cost lines of every ROC
// point. Its vertices come from the upper convex hull of the ROC curve:
// between consecutive hull points a, b the envelope changes line at
// x = ΔFPR / (ΔFPR + ΔTPR). It returns ErrOneClass when a class is missing.
func (t *Table) CostCurve() (CostCurve, error) {
	p, n, err := t.check()
	if err != nil {
		return CostCurve{}, err
	}
	// Upper convex hull of the ROC points (0, 0), then one per distinct
	// score (increasing FPR, then TPR), streamed from running masses.
	a := newHull(p, n)
	t.feedAll(a.feed)
	return a.curve(), nil
}

// curve is the cost curve of the hull.
func (a *hullAcc) curve() CostCurve {
	hull := a.hull
	cc := CostCurve{X: []float64{0}, Y: []float64{hull[0].x}}
	for k := 1; k < len(hull); k++ {
		a, b := hull[k-1], hull[k]
		df, dt := b.x-a.x, b.y-a.y
		if df+dt == 0 {
			continue
		}
		x := df / (df + dt)
		y := a.x + (1-a.y-a.x)*x
		if x > cc.X[len(cc.X)-1] && x < 1 {
			cc.X = append(cc.X, x)
			cc.Y = append(cc.Y, y)
		}
	}
	cc.X = append(cc.X, 1)
	cc.Y = append(cc.Y, 1-hull[len(hull)-1].y)
	var s fsum.Sum
	for k := 1; k < len(cc.X); k++ {
		s.Add((cc.X[k] - cc.X[k-1]) * (cc.Y[k] + cc.Y[k-1]) / 2)
	}
	cc.Area = s.Value()
	return cc
}
