package rank

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ErrTooFew: DeLong's variance needs at least two positives and two
// negatives.
var ErrTooFew = errors.New("too few samples")

// placements returns DeLong's structural components per tie group:
// v10[g] = (N_{<g} + ½ neg_g)/N for the positives at group g (the fraction
// of negatives they outrank) and v01[g] = (P_{>g} + ½ pos_g)/P for the
// negatives (the fraction of positives outranking them).
func (t *Table) placements(p, n float64) (v10, v01 []float64) {
	v10 = make([]float64, len(t.Score))
	v01 = make([]float64, len(t.Score))
	var above fsum.Sum
	for g := range t.Score {
		v01[g] = (above.Value() + t.Pos[g]/2) / p
		above.Add(t.Pos[g])
	}
	var below fsum.Sum
	for g := len(t.Score) - 1; g >= 0; g-- {
		v10[g] = (below.Value() + t.Neg[g]/2) / n
		below.Add(t.Neg[g])
	}
	return v10, v01
}

func (t *Table) delongCheck() (p, n float64, err error) {
	p, n, err = t.check()
	if err != nil {
		return p, n, err
	}
	if t.Weighted {
		if !t.hasStats() {
			return p, n, errorf(ErrWeighted, "DeLong variance (the weighted table keeps no row counts and Σw²)")
		}
		if err := t.squaresErr(); err != nil {
			return p, n, err
		}
		if rp, rn := plainSum(t.PosRows), plainSum(t.NegRows); rp < 2 || rn < 2 {
			return p, n, errorf(ErrTooFew, "DeLong variance needs 2 positive and 2 negative rows of weight > 0, have %v and %v", rp, rn)
		}
		return p, n, nil
	}
	if p < 2 || n < 2 {
		return p, n, errorf(ErrTooFew, "DeLong variance needs 2 positives and 2 negatives, have %v and %v", p, n)
	}
	return p, n, nil
}

// sqSums returns Q⁺ and Q⁻, the positives' and negatives' Σw² (W⁺ and W⁻
// when unweighted).
func (t *Table) sqSums() (qp, qn float64) {
	if !t.Weighted {
		return t.Positives(), t.Negatives()
	}
	return fsum.Of(t.PosSq), fsum.Of(t.NegSq)
}

// DeLongVar returns the variance of the AUC estimate by DeLong, DeLong &
// Clarke-Pearson (1988), as pROC's var(roc, method="delong"):
//
//	Var = S₁₀/m + S₀₁/n,  S₁₀ = Σ_{i∈P} (V₁₀(x_i) − θ)²/(m − 1),  S₀₁ likewise
//
// with V₁₀(x) the fraction of negatives a positive x outranks (ties ½),
// V₀₁(y) the fraction of positives outranking a negative y, θ the AUC, m
// and n the numbers of positives and negatives. It needs m, n ≥ 2
// (ErrTooFew).
//
// A weighted table (with its cells' rows and Σw², [Table.PosRows]) gets
// the same variance of weighted rows (method delong-weighted): V₁₀(g) =
// Σ_j w_j ψ(s_g, y_j)/W⁻ the weighted fraction of negatives a positive
// of cell g outranks, V₀₁ likewise, and
//
//	Var = c⁺ Σ_g Q⁺_g (V₁₀(g) − θ)²/W⁺² + c⁻ Σ_g Q⁻_g (V₀₁(g) − θ)²/W⁻²
//
// with Q_g the cell's Σw², c = n/(n − 1) and n = W²/Q Kish's effective
// size of the class (Q = Σ_g Q_g): the linearisation of the weighted AUC,
// each row's influence w_i (V − θ)/W. For unit weights it is DeLong's
// variance to the bit (the same code: Q_g is the count, c/W² = 1/(m(m −
// 1))). It needs 2 rows of weight > 0 of each class (ErrTooFew); a
// weighted table without the cells' statistics gets ErrWeighted.
func (t *Table) DeLongVar() (float64, error) {
	p, n, err := t.delongCheck()
	if err != nil {
		return math.NaN(), err
	}
	theta, _ := t.AUC()
	// The structural components of group g from running masses (no
	// per-group arrays): negatives below g = W⁻ − FP_g.
	qp, qn := t.sqSums()
	a := delongAcc{p: p, n: n, theta: theta, qp: qp, qn: qn}
	t.feedAll(a.feed)
	return a.value(), nil
}

// AUCCI returns the AUC with DeLong's confidence interval at level conf
// (e.g. 0.95), θ ± z_{(1+conf)/2} √Var clipped to [0, 1], as pROC's
// ci.auc(method="delong"). Errors as [Table.DeLongVar]. It panics if conf
// is not in (0, 1).
func (t *Table) AUCCI(conf float64) (auc, lo, hi float64, err error) {
	if !(conf > 0 && conf < 1) {
		panic("rank: AUCCI: conf must be in (0, 1)")
	}
	v, err := t.DeLongVar()
	if err != nil {
		return math.NaN(), math.NaN(), math.NaN(), err
	}
	auc, _ = t.AUC()
	lo, hi = deLongCI(auc, v, conf)
	return auc, lo, hi, nil
}

// deLongCI is the interval of [Table.AUCCI] from the AUC and its variance.
func deLongCI(auc, v, conf float64) (lo, hi float64) {
	z := normQuantile((1 + conf) / 2)
	sd := math.Sqrt(v)
	lo = min(max(auc-z*sd, 0), 1)
	hi = min(max(auc+z*sd, 0), 1)
	return lo, hi
}

// normQuantile returns the standard normal quantile Φ⁻¹(p).
func normQuantile(p float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*p) }

// DeLong is the result of [DeLongTest]: DeLong's test that two correlated
// (paired) AUCs, of two scores of the same samples, are equal.
type DeLong struct {
	AUCA, AUCB float64 // the two AUCs
	VarA, VarB float64 // their DeLong variances
	Cov        float64 // their DeLong covariance
	// Z = (AUCA − AUCB) / √(VarA + VarB − 2 Cov); 0 when both the
	// difference and its standard error are 0, ±∞ when only the latter is.
	Z float64
	// P is the two-sided p-value 2 Φ(−|Z|).
	P float64
}

// DeLongTest tests whether two scores of the same samples have equal AUC,
// by DeLong, DeLong & Clarke-Pearson (1988): the structural components of
// both scores give the 2×2 covariance matrix S = S₁₀/m + S₀₁/n of the two
// AUCs, and Z = (θ_A − θ_B)/√(S_AA + S_BB − 2 S_AB) is referred to the
// standard normal. It agrees with pROC's
// roc.test(roc1, roc2, method="delong", paired=TRUE). Higher scores mean
// positive for both (pROC's direction "<").
//
// positive[i] tells whether sample i is positive. It returns an error
// naming the row for a NaN or infinite score (ErrNotFinite), ErrOneClass
// when a class is missing and ErrTooFew with fewer than two positives or
// negatives. It panics if the slices differ in length.
func DeLongTest(positive []bool, scoreA, scoreB []float64) (DeLong, error) {
	if len(scoreA) != len(positive) || len(scoreB) != len(positive) {
		panic("rank: DeLongTest: slices of different lengths")
	}
	var r DeLong
	ta, err := NewTable(scoreA, positive, nil)
	if err != nil {
		return r, fmt.Errorf("score A: %w", err)
	}
	tb, err := NewTable(scoreB, positive, nil)
	if err != nil {
		return r, fmt.Errorf("score B: %w", err)
	}
	pl, err := NewPlacements([]*Table{ta, tb})
	if err != nil {
		return r, err
	}
	sums, err := pl.SumsOf(positive, [][]float64{scoreA, scoreB})
	if err != nil {
		return r, err
	}
	auc, cov, err := pl.Result(sums)
	if err != nil {
		return r, err
	}
	return Pair(auc, cov, 0, 1), nil
}

// PValue returns the p-value of Z against the alternative alt: two-sided
// 2 Φ(−|Z|) (the field P), greater Φ(−Z) (AUCA > AUCB), less Φ(Z), as
// pROC's roc.test(…, alternative=…), whose interval of the difference
// stays two-sided ([DeLong.DiffCI]).
func (r DeLong) PValue(alt hyptest.Alternative) float64 {
	switch alt {
	case hyptest.Greater:
		return 0.5 * math.Erfc(r.Z/math.Sqrt2)
	case hyptest.Less:
		return 0.5 * math.Erfc(-r.Z/math.Sqrt2)
	}
	return r.P
}

// DiffCI returns the confidence interval at level conf of AUCA − AUCB,
// (AUCA − AUCB) ± z_{(1+conf)/2} √(VarA + VarB − 2 Cov), as pROC's
// roc.test conf.int. It panics if conf is not in (0, 1).
func (r DeLong) DiffCI(conf float64) (lo, hi float64) {
	if !(conf > 0 && conf < 1) {
		panic("rank: DiffCI: conf must be in (0, 1)")
	}
	d := r.AUCA - r.AUCB
	h := normQuantile((1+conf)/2) * math.Sqrt(max(r.VarA+r.VarB-2*r.Cov, 0))
	return d - h, d + h
}

// DeLongUnpaired is the result of [DeLongUnpairedTest]: DeLong's test that
// the AUCs of two independent samples are equal.
type DeLongUnpaired struct {
	AUCA, AUCB float64 // the two AUCs
	VarA, VarB float64 // their DeLong variances ([Table.DeLongVar])
	NA, NB     int     // the rows of each sample
	// D = (AUCA − AUCB) / √(VarA + VarB), referred to Student's t with
	// DF = (VarA + VarB)² / (VarA²/(NA − 1) + VarB²/(NB − 1)) degrees of
	// freedom (Welch–Satterthwaite over the samples' sizes, as pROC).
	D, DF float64
}

// DeLongUnpairedTest tests whether two independent samples' scores have
// equal AUC, as pROC's roc.test(roc1, roc2, method="delong",
// paired=FALSE): sample A is (positiveA, scoreA), sample B (positiveB,
// scoreB), higher scores positive. It returns the errors of
// [Table.DeLongVar] (ErrTooFew with fewer than two positives or negatives
// in a sample), ErrOneClass, ErrNotFinite naming the row, and
// hyptest.ErrZeroVariance when both variances are 0 (D is then
// undefined). It panics if a sample's slices differ in length.
func DeLongUnpairedTest(positiveA []bool, scoreA []float64, positiveB []bool, scoreB []float64) (DeLongUnpaired, error) {
	if len(scoreA) != len(positiveA) || len(scoreB) != len(positiveB) {
		panic("rank: DeLongUnpairedTest: slices of different lengths")
	}
	var r DeLongUnpaired
	one := func(name string, pos []bool, s []float64) (auc, v float64, err error) {
		t, err := NewTable(s, pos, nil)
		if err == nil {
			auc, err = t.AUC()
		}
		if err == nil {
			v, err = t.DeLongVar()
		}
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", name, err)
		}
		return auc, v, nil
	}
	var err error
	if r.AUCA, r.VarA, err = one("sample A", positiveA, scoreA); err != nil {
		return r, err
	}
	if r.AUCB, r.VarB, err = one("sample B", positiveB, scoreB); err != nil {
		return r, err
	}
	r.NA, r.NB = len(scoreA), len(scoreB)
	v := r.VarA + r.VarB
	if !(v > 0) {
		return r, fmt.Errorf("%w: both samples' DeLong variances are 0 (each AUC is 0 or 1)", hyptest.ErrZeroVariance)
	}
	r.D = (r.AUCA - r.AUCB) / math.Sqrt(v)
	r.DF = v * v / (r.VarA*r.VarA/float64(r.NA-1) + r.VarB*r.VarB/float64(r.NB-1))
	return r, nil
}

// PValue returns the p-value of D against Student's t with DF degrees of
// freedom: two-sided 2 F(−|D|), greater F(−D) (AUCA > AUCB), less F(D).
func (r DeLongUnpaired) PValue(alt hyptest.Alternative) float64 {
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: r.DF}
	switch alt {
	case hyptest.Greater:
		return t.CDF(-r.D)
	case hyptest.Less:
		return t.CDF(r.D)
	}
	return math.Min(1, 2*t.CDF(-math.Abs(r.D)))
}
