package rank

import (
	"fmt"
	"math"
	"sort"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/result"
)

// BandFPR is the grid of false positive rates of [Table.ROCBand]: finer
// near the ends, where the curve bends most.
var BandFPR = []float64{0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.975, 0.99}

// BandMinNegatives is the fewest negatives expected on the smaller side of
// the threshold, n⁻·min(t, 1 − t), for the band to have a point at FPR t:
// below it the asymptotic variance undercovers (band_test.go), and the
// point is left out.
const BandMinNegatives = 20

// bandH divides n⁻^(−1/3) into the half-width of the slope's chord.
const bandH = 4.0

// BandMethod names the band's method in the JSON; BandMethodWeighted
// that of weighted rows (the effective counts of [Table.ROCBand]).
const (
	BandMethod         = "hsieh-turnbull-score"
	BandMethodWeighted = "hsieh-turnbull-score-weighted"
)

// ROCBand is a pointwise confidence band around the empirical ROC curve:
// at each false positive rate FPR[k], the curve's TPR[k] (linear between
// the curve's vertices) and its interval [Low[k], High[k]].
//
// The grid leaves out each FPR t with n⁻·min(t, 1 − t) below
// BandMinNegatives.
//
// The variance is the asymptotic one of the empirical ROC at a fixed FPR t
// (Hsieh and Turnbull 1996; Pepe 2003, §5.2): Var R̂(t) ≈ R(t)(1 − R(t))/n⁺
// + R′(t)² t(1 − t)/n⁻, the first term from the positives, the second from
// the estimated threshold, where R′(t) is the ROC's slope, estimated by the
// chord of the empirical curve over [t − h, t + h] with h the smaller of
// n⁻^(−1/3)/4 and min(t, 1 − t)/2. The interval is the score interval
// of that variance: every R with (R̂ − R)² ≤ z²·(R(1 − R)/n⁺ + c), where c
// is the second term, the binomial variance taken at R rather than at R̂
// (Wilson's interval when c = 0). It stays within [0, 1] and behaves at a
// TPR of 0 or 1, where the Wald interval on the logit scale used before
// (session 4) put the low end near 0 past a kink of the curve
// (TestROCBandAtOne). Its coverage on binormal data is tested in
// band_test.go.
//
// Weighted rows (a table with its cells' row counts and Σw²) get the same
// band with each count replaced by an effective one: the linearised
// variance of the weighted TPR at the threshold is Σ w²(I − R̂)²/W⁺² over
// the positives (I: above the threshold), (1 − R̂)²·Q⁺_above + R̂²·Q⁺_below
// from the cells' Σw² on either side, so n⁺ becomes
// R̂(1 − R̂)·W⁺²/((1 − R̂)²Q⁺_above + R̂²Q⁺_below) (Kish's W⁺²/Q⁺ where R̂
// is 0 or 1), and t(1 − t)/n⁻ becomes ((1 − t)²Q⁻_above + t²Q⁻_below)/W⁻²;
// the bandwidth and the grid use Kish's n⁻ = W⁻²/Q⁻. For unit weights
// these are the counts. Inside a cell the Σw² are interpolated as the
// masses are. Coverage: TestROCBandWeightedCoverage.
type ROCBand struct {
	Method string    `json:"method"`
	Level  float64   `json:"level"`
	FPR    []float64 `json:"fpr"`
	TPR    []float64 `json:"tpr"`
	Low    []float64 `json:"low"`
	High   []float64 `json:"high"`
}

// ROCBand returns the pointwise band of the ROC curve at level (in (0,
// 1)) at the false positive rates fpr (each in (0, 1); nil: BandFPR). It
// needs unweighted samples, or weighted ones with the cells' row counts
// and Σw² (else ErrWeighted), at least 2 positives (Kish's effective
// number, weighted), and enough negatives for one point of the grid (else
// ErrTooFew).
func (t *Table) ROCBand(level float64, fpr []float64) (*ROCBand, error) {
	p, n, err := t.check()
	if err != nil {
		return nil, err
	}
	if !t.hasStats() {
		return nil, errorf(ErrWeighted, "ROC band (the weighted table keeps no row counts and Σw²)")
	}
	if err := t.squaresErr(); err != nil {
		return nil, err
	}
	// ne⁺, ne⁻: the counts, or Kish's effective numbers W²/Σw².
	nep, nen := p, n
	var qp, qn []float64 // cumulative Σw² of each class, weighted
	var qP, qN float64   // their totals
	if t.Weighted {
		qp, qn = cumStat(t.PosSq), cumStat(t.NegSq)
		qP, qN = qp[len(qp)-1], qn[len(qn)-1]
		nep, nen = p*p/qP, n*n/qN
	}
	if !(nep >= 2 && nen >= 2) {
		return nil, ErrTooFew
	}
	if !(level > 0 && level < 1) {
		return nil, fmt.Errorf("rank: band level %v not in (0, 1)", level)
	}
	if fpr == nil {
		fpr = BandFPR
	}
	tp, fp := t.cum()
	// at returns the TPR of the empirical curve at FPR x: the top of a
	// vertical run that ends at x, else linear between the vertices
	// around x (the origin is the vertex before the first).
	at := func(x float64) float64 { r, _, _ := atStats(tp, fp, nil, nil, p, n, x); return r }
	z := -normQuantile((1 - level) / 2)
	h := math.Pow(nen, -1.0/3) / bandH
	b := &ROCBand{Method: BandMethod, Level: level}
	if t.Weighted {
		b.Method = BandMethodWeighted
	}
	for _, x := range fpr {
		if !(x > 0 && x < 1) {
			return nil, fmt.Errorf("rank: band FPR %v not in (0, 1)", x)
		}
		if nen*math.Min(x, 1-x) < BandMinNegatives {
			continue // too few negatives beyond the threshold for the asymptotics
		}
		r, qpa, qna := atStats(tp, fp, qp, qn, p, n, x)
		hx := math.Min(h, math.Min(x, 1-x)/2)
		lo, hi := x-hx, x+hx
		slope := (at(hi) - at(lo)) / (hi - lo)
		// The score interval: every R with (R̂ − R)² ≤ z²·(R(1 − R)/n⁺ + c),
		// the binomial variance taken at R, not at R̂; the roots of a
		// quadratic whose discriminant a² + 4a·R̂(1 − R̂) + 4(1 + a)c is
		// never negative.
		a, c := z*z/p, z*z*slope*slope*x*(1-x)/n
		if t.Weighted {
			// The effective counts at this threshold (doc comment).
			ep := nep
			if vp := (1-r)*(1-r)*qpa + r*r*(qP-qpa); r > 0 && r < 1 && vp > 0 {
				ep = r * (1 - r) * p * p / vp
			}
			vn := (1-x)*(1-x)*qna + x*x*(qN-qna)
			a, c = z*z/ep, z*z*slope*slope*vn/(n*n)
		}
		qa, qb := 1+a, 2*r+a
		disc := math.Sqrt(a*a + 4*a*r*(1-r) + 4*qa*c)
		l, u := math.Max((qb-disc)/(2*qa), 0), math.Min((qb+disc)/(2*qa), 1)
		b.FPR = append(b.FPR, x)
		b.TPR = append(b.TPR, r)
		b.Low = append(b.Low, l)
		b.High = append(b.High, u)
	}
	if len(b.FPR) == 0 {
		if t.Weighted {
			return nil, fmt.Errorf("%w: %.4g effective negatives (Kish's W²/Σw² of %s), fewer than %d on each side of every threshold of the grid", ErrTooFew, nen, result.FormatFloat(n), BandMinNegatives)
		}
		return nil, fmt.Errorf("%w: %s negatives, fewer than %d on each side of every threshold of the grid", ErrTooFew, result.FormatFloat(n), BandMinNegatives)
	}
	return b, nil
}

// atStats returns the TPR of the empirical curve at FPR x (the top of a
// vertical run that ends at x, else linear between the vertices around
// x; the origin is the vertex before the first), and, when qp and qn (the
// cumulative Σw² of each class) are not nil, the Σw² of the positives and
// of the negatives above the threshold there, interpolated alike.
func atStats(tp, fp, qp, qn []float64, p, n, x float64) (r, qpa, qna float64) {
	x *= n
	j := sort.Search(len(fp), func(i int) bool { return fp[i] > x }) - 1 // last fp ≤ x
	if j >= 0 && fp[j] == x {
		if qp != nil {
			qpa, qna = qp[j], qn[j]
		}
		return tp[j] / p, qpa, qna
	}
	x0, y0, a0, b0 := 0.0, 0.0, 0.0, 0.0
	if j >= 0 {
		x0, y0 = fp[j], tp[j]
		if qp != nil {
			a0, b0 = qp[j], qn[j]
		}
	}
	x1, y1 := fp[j+1], tp[j+1]
	f := (x - x0) / (x1 - x0)
	if qp != nil {
		qpa, qna = a0+(qp[j+1]-a0)*f, b0+(qn[j+1]-b0)*f
	}
	return (y0 + (y1-y0)*(x-x0)/(x1-x0)) / p, qpa, qna
}

// cumStat returns the cumulative sums of a, compensated.
func cumStat(a []float64) []float64 {
	out := make([]float64, len(a))
	var s fsum.Sum
	for i, v := range a {
		s.Add(v)
		out[i] = s.Value()
	}
	return out
}
