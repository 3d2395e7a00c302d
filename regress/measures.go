package regress

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

func (s *State) base() (float64, error) {
	w, _, err := s.baseM2()
	return w, err
}

// baseM2 is base, with Σ w (y − ȳ_w)² (moments.m2 of y), which it checks.
func (s *State) baseM2() (w, m2y float64, err error) {
	if s.n == 0 {
		return 0, 0, ErrEmpty
	}
	w = s.w.Value()
	if !(w > 0) {
		if math.IsInf(w, 0) || math.IsNaN(w) {
			return 0, 0, fmt.Errorf("the weights: %w", ErrOverflow)
		}
		return 0, 0, fmt.Errorf("%w over %d rows", ErrZeroWeight, s.n)
	}
	m2y = s.y.m2(&s.w)
	for _, v := range []float64{w, s.sq.Value(), s.abs.Value(), m2y, s.d.m2(&s.w)} {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return 0, 0, ErrOverflow
		}
	}
	return w, m2y, nil
}

func (s *State) mean(sum float64) (float64, error) {
	w, err := s.base()
	if err != nil {
		return 0, err
	}
	v := sum / w
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, ErrOverflow
	}
	return v, nil
}

func (s *State) issue(kind int, err error, what string) error {
	if r := s.first[kind]; r != noIssue {
		return fmt.Errorf("%s: %w%s", s.rowName(r), err, what)
	}
	return nil
}

// MSE returns the mean squared error Σ w (y − ŷ)² / Σ w
// (scikit-learn mean_squared_error).
func (s *State) MSE() (float64, error) { return s.mean(s.sq.Value()) }

// RMSE returns √MSE (scikit-learn mean_squared_error, squared=False).
func (s *State) RMSE() (float64, error) {
	v, err := s.MSE()
	return math.Sqrt(v), err
}

// MAE returns the mean absolute error Σ w |y − ŷ| / Σ w
// (scikit-learn mean_absolute_error).
func (s *State) MAE() (float64, error) { return s.mean(s.abs.Value()) }

// MAPE returns the mean absolute percentage error as a fraction
// (0.05 = 5 %):
//
//	MAPE = Σ w |y − ŷ| / max(|y|, ε) / Σ w
//
// With ε = 0 (StateOptions.MAPEEpsilon unset) a zero target is ErrZeroTarget
// naming its row. scikit-learn 1.2 mean_absolute_percentage_error uses
// ε = 2.220446049250313e-16.
func (s *State) MAPE() (float64, error) {
	if err := s.issue(issueZeroTarget, ErrZeroTarget, ""); err != nil {
		return 0, err
	}
	return s.mean(s.ape.Value())
}

// SMAPE returns the symmetric mean absolute percentage error as a fraction
// in [0, 2]:
//
//	sMAPE = Σ w · 2|y − ŷ| / (|y| + |ŷ|) / Σ w
//
// where a row with y = ŷ = 0 contributes 0 (a perfect prediction). This is
// the definition of torchmetrics' SymmetricMeanAbsolutePercentageError
// without its clamp; scikit-learn has none.
func (s *State) SMAPE() (float64, error) { return s.mean(s.sape.Value()) }

// WAPE returns the weighted absolute percentage error Σ w|y − ŷ| / Σ w|y|,
// a fraction. It is ErrUndefined when every target is 0.
func (s *State) WAPE() (float64, error) {
	if _, err := s.base(); err != nil {
		return 0, err
	}
	den := s.absY.Value()
	if !(den > 0) {
		return 0, fmt.Errorf("WAPE: %w (every target is 0)", ErrUndefined)
	}
	return s.abs.Value() / den, nil
}

// MaxError returns max |y − ŷ| over all rows, whatever their weights
// (scikit-learn max_error has no weights).
func (s *State) MaxError() (float64, error) {
	if s.n == 0 {
		return 0, ErrEmpty
	}
	return s.maxErr, nil
}

// forceFinite applies scikit-learn's force_finite rule to 1 − num/den.
func forceFinite(num, den float64) float64 {
	switch {
	case num == 0:
		return 1
	case den == 0:
		return 0
	}
	return 1 - num/den
}

// R2 returns the coefficient of determination
//
//	R² = 1 − Σ w (y − ŷ)² / Σ w (y − ȳ_w)²
//
// with scikit-learn's force_finite convention for constant y (1 if every
// prediction is exact, else 0). Fewer than two rows is ErrTooFew
// (scikit-learn 1.2 r2_score returns NaN with a warning).
func (s *State) R2() (float64, error) {
	_, m2y, err := s.baseM2()
	if err != nil {
		return 0, err
	}
	if s.n < 2 {
		return 0, fmt.Errorf("R²: %w: %d row, need 2", ErrTooFew, s.n)
	}
	return finite(forceFinite(s.sq.Value(), m2y))
}

// finite returns v, or ErrOverflow when an intermediate overflowed.
func finite(v float64) (float64, error) {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, ErrOverflow
	}
	return v, nil
}

// AdjustedR2 returns 1 − (1 − R²)(n − 1)/(n − p − 1) for a model with p
// features, n the number of rows. n ≤ p + 1 is ErrTooFew. It panics if
// p < 0.
func (s *State) AdjustedR2(p int) (float64, error) {
	if p < 0 {
		panic("regress: negative number of features")
	}
	r2, err := s.R2()
	if err != nil {
		return 0, err
	}
	if s.n <= int64(p)+1 {
		return 0, fmt.Errorf("adjusted R²: %w: %d rows for %d features, need more than %d", ErrTooFew, s.n, p, p+1)
	}
	n := float64(s.n)
	return finite(1 - (1-r2)*(n-1)/(n-float64(p)-1))
}

// ExplainedVariance returns 1 − Var_w(y − ŷ) / Var_w(y) with scikit-learn's
// force_finite convention (explained_variance_score).
func (s *State) ExplainedVariance() (float64, error) {
	w, err := s.base()
	if err != nil {
		return 0, err
	}
	num, den := s.d.m2(&s.w)/w, s.y.m2(&s.w)/w
	if math.IsInf(num, 0) || math.IsInf(den, 0) {
		return 0, ErrOverflow
	}
	return finite(forceFinite(num, den))
}

// VarY returns the weighted population variance of y, Σ w (y − ȳ_w)² / Σ w:
// the weight of this output in a variance-weighted multi-output average.
func (s *State) VarY() (float64, error) {
	w, err := s.base()
	if err != nil {
		return 0, err
	}
	return finite(s.y.m2(&s.w) / w)
}

// MSLE returns the mean squared logarithmic error
// Σ w (log(1 + y) − log(1 + ŷ))² / Σ w. A negative y or ŷ is ErrNegative
// naming the first such row (scikit-learn mean_squared_log_error raises).
func (s *State) MSLE() (float64, error) {
	if err := s.issue(issueNegative, ErrNegative, ""); err != nil {
		return 0, err
	}
	return s.mean(s.sqLog.Value())
}

// RMSLE returns √MSLE.
func (s *State) RMSLE() (float64, error) {
	v, err := s.MSLE()
	return math.Sqrt(v), err
}

// Pinball returns the mean pinball (quantile) loss at α = StateOptions.Alpha:
//
//	Σ w (α max(y − ŷ, 0) + (1 − α) max(ŷ − y, 0)) / Σ w
//
// (scikit-learn mean_pinball_loss).
func (s *State) Pinball() (float64, error) { return s.mean(s.pinball.Value()) }

// PoissonDeviance returns the mean Poisson deviance
// Σ w 2(y log(y/ŷ) − y + ŷ) / Σ w; it needs y ≥ 0 and ŷ > 0, else ErrDomain
// naming the row (scikit-learn mean_poisson_deviance).
func (s *State) PoissonDeviance() (float64, error) {
	if err := s.issue(issuePoisson, ErrDomain, " (Poisson deviance needs y ≥ 0 and ŷ > 0)"); err != nil {
		return 0, err
	}
	return s.mean(s.poisson.Value())
}

// GammaDeviance returns the mean Gamma deviance
// Σ w 2(log(ŷ/y) + y/ŷ − 1) / Σ w; it needs y > 0 and ŷ > 0, else ErrDomain
// (scikit-learn mean_gamma_deviance).
func (s *State) GammaDeviance() (float64, error) {
	if err := s.issue(issueGamma, ErrDomain, " (Gamma deviance needs y > 0 and ŷ > 0)"); err != nil {
		return 0, err
	}
	return s.mean(s.gamma.Value())
}

func (s *State) tweedieDomain() string {
	p := s.opt.Power
	switch {
	case p < 0:
		return fmt.Sprintf(" (Tweedie deviance with power %g needs ŷ > 0)", p)
	case p < 2:
		return fmt.Sprintf(" (Tweedie deviance with power %g needs y ≥ 0 and ŷ > 0)", p)
	}
	return fmt.Sprintf(" (Tweedie deviance with power %g needs y > 0 and ŷ > 0)", p)
}

// TweedieDeviance returns the mean Tweedie deviance of power
// p = StateOptions.Power (see tweedieDev's formula in the package source; p = 0
// is MSE, 1 Poisson, 2 Gamma) with scikit-learn 1.2 mean_tweedie_deviance's
// domain: p < 0 needs ŷ > 0; 1 ≤ p < 2 needs y ≥ 0, ŷ > 0; p ≥ 2 needs
// y > 0, ŷ > 0. Else ErrDomain naming the row.
func (s *State) TweedieDeviance() (float64, error) {
	if err := s.issue(issueTweedie, ErrDomain, s.tweedieDomain()); err != nil {
		return 0, err
	}
	if s.opt.Power == 0 {
		return s.mean(s.sq.Value())
	}
	return s.mean(s.tweedie.Value())
}

// Power returns the Tweedie power of the state's options.
func (s *State) Power() float64 { return s.opt.Power }

// Alpha returns the pinball quantile of the state's options.
func (s *State) Alpha() float64 { return s.opt.alpha() }

func (s *State) needValues() error {
	if !s.opt.KeepValues && (s.outside == nil || !s.outside.done) {
		return ErrNoValues
	}
	return nil
}

// MedAE returns the median absolute error, exactly: without weights,
// numpy's median of |y − ŷ| (the mean of the two middle values for even n);
// with weights, scikit-learn's lower weighted median (the smallest |y − ŷ|
// whose cumulative weight reaches half the total). scikit-learn 1.2
// median_absolute_error. It needs KeepValues (else ErrNoValues).
func (s *State) MedAE() (float64, error) {
	if s.n == 0 {
		return 0, ErrEmpty
	}
	if err := s.needValues(); err != nil {
		return 0, err
	}
	if s.outside != nil {
		return s.outside.medae, nil
	}
	if s.weighted {
		s.flat()
		return s.opt.weightedPercentile(s.ads, s.ws, 50), nil
	}
	return medianParts(s.quantileParts(true), int(s.n)), nil
}

// D2Tweedie returns the fraction of Tweedie deviance explained,
// 1 − D(y, ŷ) / D(y, ȳ_w), where D is the mean Tweedie deviance of power
// StateOptions.Power and ȳ_w the weighted mean of y (scikit-learn 1.2
// d2_tweedie_score). Fewer than two rows is ErrTooFew; a zero null deviance
// (constant y) is ErrUndefined (scikit-learn returns NaN or −∞). For
// p ≠ 0 it needs KeepValues (the null deviance is a second pass over y);
// for p = 0 the null deviance is the variance of y.
func (s *State) D2Tweedie() (float64, error) {
	num, err := s.TweedieDeviance()
	if err != nil {
		return 0, err
	}
	if s.n < 2 {
		return 0, fmt.Errorf("D²: %w: %d row, need 2", ErrTooFew, s.n)
	}
	mu := s.y.mean(&s.w)
	p := s.opt.Power
	var den float64
	if p == 0 {
		// The null model's squared error is the variance of y: no pass.
		den = s.y.m2(&s.w) / s.w.Value()
	} else {
		if err := s.needValues(); err != nil {
			return 0, err
		}
		if !tweedieOK(p, 1, mu) {
			return 0, fmt.Errorf("D² Tweedie: %w (the mean of y, %g, is outside the domain of power %g)", ErrDomain, mu, p)
		}
		den = s.tweedieNull(p, mu) / s.w.Value()
	}
	if den == 0 {
		return 0, fmt.Errorf("D² Tweedie: %w (y is constant)", ErrUndefined)
	}
	return finite(1 - num/den)
}

// tweedieNull is Σ w·d(y, μ), the null model's summed Tweedie deviance,
// exactly (from the kept targets, or as a caller supplied it).
func (s *State) tweedieNull(p, mu float64) float64 {
	if s.outside != nil {
		return s.outside.tweedie
	}
	var parts []part
	var ws []float64
	if s.weighted {
		s.flat()
		parts, ws = floatParts(s.ys), s.ws
	} else {
		parts = s.parts(false)
	}
	sum := termSum(parts, ws, func(dst, ys []float64) {
		tweedieTerms(dst, ys, p, mu)
	})
	return sum.Value()
}

// pieces returns parts cut into parts of at most bandPiece values, which
// a pass on every processor shares out.
func pieces(parts []part) []part {
	var out []part
	for i := range parts {
		p := &parts[i]
		n := p.size()
		for lo := 0; lo < n; lo += bandPiece {
			out = append(out, p.slice(lo, min(n, lo+bandPiece)))
		}
	}
	return out
}

// D2Pinball returns the fraction of pinball loss explained at
// α = StateOptions.Alpha, 1 − L(y, ŷ) / L(y, q_α(y)), where q_α is numpy's linear
// percentile without weights and scikit-learn's lower weighted percentile
// with them, and the force_finite convention applies (scikit-learn 1.2
// d2_pinball_score). Fewer than two rows is ErrTooFew. It needs KeepValues.
func (s *State) D2Pinball() (float64, error) {
	num, err := s.Pinball()
	if err != nil {
		return 0, err
	}
	return s.d2pinball(num, s.opt.alpha())
}

// D2AbsoluteError returns D2Pinball at α = 0.5 (scikit-learn 1.2
// d2_absolute_error_score), whatever StateOptions.Alpha is.
func (s *State) D2AbsoluteError() (float64, error) {
	num, err := s.mean(s.abs.Value() / 2) // Σ w·½|d| = ½ Σ w|d|
	if err != nil {
		return 0, err
	}
	return s.d2pinball(num, 0.5)
}

func (s *State) d2pinball(num, alpha float64) (float64, error) {
	if s.n < 2 {
		return 0, fmt.Errorf("D²: %w: %d row, need 2", ErrTooFew, s.n)
	}
	if err := s.needValues(); err != nil {
		return 0, err
	}
	nl, ok := s.yq[alpha]
	if !ok {
		nl = s.nullPinball(alpha)
		if s.yq == nil {
			s.yq = map[float64]nullLoss{}
		}
		s.yq[alpha] = nl
	}
	if nl.overflow {
		return 0, ErrOverflow
	}
	den := nl.loss
	return finite(forceFinite(num, den))
}

// nullLoss is the mean pinball loss at some α of the null model, which
// predicts the α-quantile of y for every row (or overflow when it is not
// finite).
type nullLoss struct {
	loss     float64
	overflow bool
}

// nullPinball computes the null model's mean pinball loss at α: the
// quantile, then one pass over the kept targets, summed exactly.
func (s *State) nullPinball(alpha float64) nullLoss {
	var q float64
	var acc xsum.Sum // exact: the order of the kept values does not matter
	if s.weighted {
		s.flat()
		s.reordered.Store(true)
		q = s.opt.weightedPercentile(s.ys, s.ws, alpha*100)
		acc = pinballSum(floatParts(s.ys), s.ws, q, alpha)
	} else {
		parts := s.quantileParts(false)
		q = percentileLinearOf(parts, int(s.n), alpha*100)
		acc = pinballSum(parts, nil, q, alpha)
	}
	den := acc.Value() / s.w.Value()
	return nullLoss{loss: den, overflow: math.IsInf(den, 0) || math.IsNaN(den)}
}

// pinballSum returns the exact Σ w·pinball(y − q) over the values of
// parts (w nil: weights 1; else one part, w its weights).
func pinballSum(parts []part, w []float64, q, alpha float64) xsum.Sum {
	return termSum(parts, w, func(dst, ys []float64) {
		for i, y := range ys {
			dst[i] = pinballTerm(y-q, alpha)
		}
	})
}

// termSum returns the exact Σ w·t(y) over the values y of parts (w nil:
// weights 1; else one part, w its weights), where terms writes t(y) of a
// block of values ys into dst. Unweighted, it runs on every processor:
// each adds its pieces' terms in batches and the exact sums merge, so the
// bits do not depend on the split.
func termSum(parts []part, w []float64, terms func(dst, ys []float64)) xsum.Sum {
	var mu sync.Mutex
	var total xsum.Sum
	// buf holds decoded values, block their terms: one pair a worker,
	// from termBufs (a block made in add would escape, a fresh allocation
	// a piece).
	add := func(p *part, ws []float64, acc *xsum.Sum, buf, block *[decodeRows]float64) {
		for lo := 0; lo < p.size(); lo += decodeRows {
			ys := p.values(lo, min(lo+decodeRows, p.size()), buf)
			b := block[:len(ys)]
			terms(b, ys)
			if ws != nil {
				for i := range b {
					b[i] *= ws[lo+i]
				}
			}
			acc.AddSlice(b)
		}
	}
	n := 0
	for i := range parts {
		n += parts[i].size()
	}
	if w != nil || n <= serialTerms {
		// Weighted (one part), or too few values to share out: here.
		bufs := termBufs.Get().(*[2][decodeRows]float64)
		for i := range parts {
			add(&parts[i], w, &total, &bufs[0], &bufs[1])
		}
		termBufs.Put(bufs)
		return total
	}
	parts = pieces(parts)
	procs := runtime.GOMAXPROCS(0)
	parallel.Chunks(len(parts), max(1, len(parts)/(8*procs)), procs, func() func(lo, hi int) {
		return func(lo, hi int) {
			var acc xsum.Sum
			bufs := termBufs.Get().(*[2][decodeRows]float64)
			for i := range parts[lo:hi] {
				add(&parts[lo+i], nil, &acc, &bufs[0], &bufs[1])
			}
			termBufs.Put(bufs)
			mu.Lock()
			total.Merge(&acc)
			mu.Unlock()
		}
	})
	return total
}

// serialTerms is the most values whose terms termSum sums on the calling
// goroutine: sharing them out would cost more than it saves.
const serialTerms = 1 << 14

// termBufs holds termSum's buffers of decoded values and their terms.
var termBufs = sync.Pool{New: func() any { return new([2][decodeRows]float64) }}

// pinballTerm is the pinball loss of a residual d = y − ŷ at α ∈ (0, 1):
// α·d for d ≥ 0, (α − 1)·d = −(1 − α)·d below (the same products bit for
// bit, as rounding commutes with negation), written as the larger of the
// two so that no branch depends on the sign of d, which a processor
// would mispredict for half the rows.
func pinballTerm(d, alpha float64) float64 {
	return max(alpha*d, (alpha-1)*d)
}
