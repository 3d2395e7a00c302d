package hyptest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Bootstrap holds the bootstrap distribution of a statistic.
type Bootstrap struct {
	Estimate   float64   // θ̂: the statistic on the whole sample
	Replicates []float64 // θ̂*_b on each resample, in the order drawn
	Jackknife  []float64 // θ̂₍ᵢ₎: the statistic without row i (for BCa)
	// JackknifeWeights, when not nil, counts how many rows each Jackknife
	// value stands for: a bootstrap of a table's cells leaves out one row
	// of a cell, and every row of the cell gives the same value.
	JackknifeWeights []float64
}

// Resample computes the bootstrap distribution of stat over n rows: stat
// receives the row indices of a sample (all rows, a resample drawn with
// replacement, or all rows but one for the jackknife) and must not keep
// the slice. It draws b resamples with a PCG generator seeded by seed,
// so the replicates are the same on every platform. The jackknife (n
// further calls) is computed only when jackknife is true.
//
// It panics if n < 1 or b < 1; a statistic returning NaN or ±Inf makes the
// intervals return ErrNotFinite.
func Resample(n, b int, seed uint64, jackknife bool, stat func(idx []int) float64) *Bootstrap {
	if n < 1 || b < 1 {
		panic(fmt.Sprintf("hyptest: bootstrap needs n ≥ 1 and b ≥ 1, got n = %d, b = %d", n, b))
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	bs := &Bootstrap{Estimate: stat(idx), Replicates: make([]float64, b)}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	for r := range bs.Replicates {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		bs.Replicates[r] = stat(idx)
	}
	if jackknife && n > 1 {
		bs.Jackknife = make([]float64, n)
		loo := make([]int, n-1)
		for i := 0; i < n; i++ {
			loo = loo[:0]
			for j := 0; j < n; j++ {
				if j != i {
					loo = append(loo, j)
				}
			}
			bs.Jackknife[i] = stat(loo)
		}
	}
	return bs
}

// Percentile returns the percentile interval at confidence level (e.g.
// 0.95): the α/2 and 1 − α/2 quantiles of the replicates, α = 1 − level,
// with linear interpolation between order statistics (numpy's default,
// as scipy.stats.bootstrap(method="percentile")).
//
// Errors: ErrInvalid unless 0 < level < 1, ErrNotFinite if a replicate is
// not finite.
func (bs *Bootstrap) Percentile(level float64) (lo, hi float64, err error) {
	if err := checkLevel(level); err != nil {
		return 0, 0, err
	}
	s, err := sortedFinite(bs.Replicates)
	if err != nil {
		return 0, 0, err
	}
	a := (1 - level) / 2
	return quantileSorted(s, a), quantileSorted(s, 1-a), nil
}

// BCa returns the bias-corrected and accelerated interval (Efron &
// Tibshirani 1993, §14.3): with z₀ = Φ⁻¹(p̂), p̂ the share of replicates
// below θ̂ (ties count one half), and the acceleration from the jackknife,
//
//	â = Σ(θ̄ − θ₍ᵢ₎)³ / (6 [Σ(θ̄ − θ₍ᵢ₎)²]^{3/2}),
//	α₁ = Φ(z₀ + (z₀ + z_{α/2}) / (1 − â(z₀ + z_{α/2}))), α₂ likewise with z_{1−α/2},
//
// the interval is the α₁ and α₂ quantiles of the replicates. It agrees with
// scipy.stats.bootstrap(method="BCa") given the same replicates.
//
// Errors: as Percentile; ErrTooFew without jackknife values; ErrInvalid
// when every replicate lies on one side of θ̂ (z₀ = ±∞) or the jackknife
// values are all equal (â = 0/0).
func (bs *Bootstrap) BCa(level float64) (lo, hi float64, err error) {
	if err := checkLevel(level); err != nil {
		return 0, 0, err
	}
	s, err := sortedFinite(bs.Replicates)
	if err != nil {
		return 0, 0, err
	}
	if len(bs.Jackknife) < 2 {
		return 0, 0, fmt.Errorf("%w: BCa needs jackknife values (Resample with jackknife = true, n ≥ 2)", ErrTooFew)
	}
	if err := checkFinite("jackknife", bs.Jackknife); err != nil {
		return 0, 0, err
	}
	below := 0.0
	for _, v := range s {
		switch {
		case v < bs.Estimate:
			below++
		case v == bs.Estimate:
			below += 0.5
		}
	}
	p := below / float64(len(s))
	if p == 0 || p == 1 {
		return 0, 0, fmt.Errorf("%w: every bootstrap replicate lies on one side of the estimate %v, so the BCa bias correction is infinite", ErrInvalid, bs.Estimate)
	}
	z0 := normQuantile(p)
	jw := func(i int) float64 { return 1 }
	if bs.JackknifeWeights != nil {
		if len(bs.JackknifeWeights) != len(bs.Jackknife) {
			panic("hyptest: JackknifeWeights and Jackknife differ in length")
		}
		jw = func(i int) float64 { return bs.JackknifeWeights[i] }
	}
	var sw, swx fsum.Sum
	for i, v := range bs.Jackknife {
		sw.Add(jw(i))
		swx.Add(jw(i) * v)
	}
	mean := swx.Value() / sw.Value()
	var num, den fsum.Sum
	for i, v := range bs.Jackknife {
		d := mean - v
		num.Add(jw(i) * d * d * d)
		den.Add(jw(i) * d * d)
	}
	if den.Value() == 0 {
		return 0, 0, fmt.Errorf("%w: the jackknife values are all equal, so the BCa acceleration is 0/0", ErrInvalid)
	}
	acc := num.Value() / (6 * math.Pow(den.Value(), 1.5))
	a := (1 - level) / 2
	adj := func(z float64) float64 {
		t := z0 + z
		return normCDF(z0 + t/(1-acc*t))
	}
	a1, a2 := adj(normQuantile(a)), adj(-normQuantile(a))
	return quantileSorted(s, a1), quantileSorted(s, a2), nil
}

// Interval returns the interval of the replicates by method (CIPercentile
// or CIBCa), with its method name; errors as Percentile and BCa.
func (bs *Bootstrap) Interval(level float64, method string) (Interval, error) {
	var lo, hi float64
	var err error
	switch method {
	case CIPercentile:
		lo, hi, err = bs.Percentile(level)
	case CIBCa:
		lo, hi, err = bs.BCa(level)
	default:
		return Interval{}, fmt.Errorf("%w: bootstrap interval method %q (want percentile or bca)", ErrInvalid, method)
	}
	return Interval{Low: lo, High: hi, Method: method}, err
}

// CI returns the bootstrap interval of bs by ci.BootMethod(). An
// interval that cannot be computed gives a zero Interval (no Method) and
// the reason; BCa that cannot be computed (every replicate on one side of
// the estimate, equal jackknife values) falls back to the percentile
// interval and says so.
func (bs *Bootstrap) CI(ci CIOptions) (Interval, string) {
	bad := 0
	for _, v := range bs.Replicates {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			bad++
		}
	}
	if bad > 0 {
		return Interval{}, fmt.Sprintf("no interval: undefined in %d of %d bootstrap replicates", bad, len(bs.Replicates))
	}
	ci = ci.WithDefaults()
	if ci.BootMethod() == CIBCa {
		iv, err := bs.Interval(ci.Level, CIBCa)
		if err == nil {
			return iv, ""
		}
		iv, err2 := bs.Interval(ci.Level, CIPercentile)
		if err2 != nil {
			return Interval{}, "no interval: " + err2.Error()
		}
		return iv, "percentile interval instead of BCa: " + err.Error()
	}
	iv, err := bs.Interval(ci.Level, CIPercentile)
	if err != nil {
		return Interval{}, "no interval: " + err.Error()
	}
	return iv, ""
}

func checkLevel(level float64) error {
	if !(level > 0 && level < 1) {
		return fmt.Errorf("%w: confidence level %v, want 0 < level < 1", ErrInvalid, level)
	}
	return nil
}

func sortedFinite(x []float64) ([]float64, error) {
	if len(x) == 0 {
		return nil, fmt.Errorf("%w: no bootstrap replicates", ErrTooFew)
	}
	if err := checkFinite("replicates", x); err != nil {
		return nil, err
	}
	s := slices.Clone(x)
	slices.Sort(s)
	return s, nil
}

// quantileSorted is numpy's default ("linear") quantile of sorted s:
// position h = (n−1)p, interpolated between the neighbouring values.
func quantileSorted(s []float64, p float64) float64 {
	h := float64(len(s)-1) * p
	i := int(math.Floor(h))
	if i >= len(s)-1 {
		return s[len(s)-1]
	}
	if i < 0 {
		return s[0]
	}
	f := h - float64(i)
	return s[i] + f*(s[i+1]-s[i])
}

// LogitNormal returns the normal interval on the logit scale with the
// bootstrap's standard error there: with ℓ = logit θ̂ and s the standard
// deviation (divisor B − 1) of logit θ̂*_b over the replicates,
//
//	[expit(ℓ − z s), expit(ℓ + z s)],  z = Φ⁻¹(1 − α/2).
//
// It is meant for a measure in (0, 1) whose sampling distribution is
// skewed and whose estimator is biased at small n, as average precision:
// over 1000 simulated binormal data sets its 95% interval covered the
// population AP in 96.3% at n = 50, where the percentile and BCa
// intervals of the same replicates covered 91.0% and 92.4% (docs/ci.md).
// The interval stays inside (0, 1).
//
// Errors: ErrInvalid unless 0 < level < 1, or when θ̂ or a replicate is
// not inside (0, 1) (the logit is infinite: use another interval);
// ErrTooFew with fewer than 2 replicates.
func (bs *Bootstrap) LogitNormal(level float64) (lo, hi float64, err error) {
	if err := checkLevel(level); err != nil {
		return 0, 0, err
	}
	if len(bs.Replicates) < 2 {
		return 0, 0, fmt.Errorf("%w: %d bootstrap replicates", ErrTooFew, len(bs.Replicates))
	}
	in := func(v float64) bool { return v > 0 && v < 1 }
	if !in(bs.Estimate) {
		return 0, 0, fmt.Errorf("%w: the estimate %v is not inside (0, 1), so its logit is not finite", ErrInvalid, bs.Estimate)
	}
	var sum fsum.Sum
	for _, v := range bs.Replicates {
		if !in(v) {
			return 0, 0, fmt.Errorf("%w: a bootstrap replicate is %v, not inside (0, 1), so its logit is not finite", ErrInvalid, v)
		}
		sum.Add(logit(v))
	}
	b := float64(len(bs.Replicates))
	mean := sum.Value() / b
	var ss fsum.Sum
	for _, v := range bs.Replicates {
		d := logit(v) - mean
		ss.Add(d * d)
	}
	s := math.Sqrt(ss.Value() / (b - 1))
	z := normISF((1 - level) / 2)
	l := logit(bs.Estimate)
	return expit(l - z*s), expit(l + z*s), nil
}

func logit(p float64) float64 { return math.Log(p / (1 - p)) }
func expit(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// StudentizedMeanCI returns the bootstrap-t interval of a mean (Efron &
// Tibshirani 1993, §12.5): est and se are the mean and its standard error
// √(s²/n) on the data, tstar the studentized replicates
// (θ̂*_b − θ̂)/se*_b, each from a row bootstrap of the same data; the
// interval is
//
//	[θ̂ − t*_{1−α/2} se, θ̂ − t*_{α/2} se]
//
// with t*_q the q quantile of tstar (numpy's linear rule). Unlike the
// t-interval it follows the skewness of the per-row values: for squared
// errors of normal residuals at n = 50 it covered 94.9% where the
// t-interval covered 93.4% (docs/ci.md). The method is CIBootT.
//
// Errors: ErrInvalid unless 0 < level < 1; ErrNotFinite if est, se or a
// studentized replicate is not finite (a resample of equal values has
// se* = 0); ErrTooFew with fewer than 2 replicates.
func StudentizedMeanCI(est, se float64, tstar []float64, level float64) (Interval, error) {
	if err := checkLevel(level); err != nil {
		return Interval{}, err
	}
	if len(tstar) < 2 {
		return Interval{}, fmt.Errorf("%w: %d bootstrap replicates", ErrTooFew, len(tstar))
	}
	if math.IsNaN(est) || math.IsInf(est, 0) || math.IsNaN(se) || math.IsInf(se, 0) {
		return Interval{}, fmt.Errorf("%w: mean %v, standard error %v", ErrNotFinite, est, se)
	}
	s, err := sortedFinite(tstar)
	if err != nil {
		return Interval{}, err
	}
	a := (1 - level) / 2
	return Interval{Low: est - quantileSorted(s, 1-a)*se, High: est - quantileSorted(s, a)*se, Method: CIBootT}, nil
}
