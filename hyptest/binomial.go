package hyptest

import (
	"fmt"
	"math"
)

// BinomResult is the result of a binomial test.
type BinomResult struct {
	K, N      int64
	Statistic float64 // k/n
	PValue    float64
}

// BinomTest tests whether the success probability of k successes in n
// trials is p. Less: P(X ≤ k); Greater: P(X ≥ k); two-sided: the sum of
// the probabilities of every outcome no more likely than k (with a relative
// slack of 1e-7 in the comparison), capped at 1. It agrees with
// scipy.stats.binomtest(k, n, p, alternative).
//
// Errors: ErrInvalid unless 0 ≤ k ≤ n, n ≥ 1 and 0 ≤ p ≤ 1.
func BinomTest(k, n int64, p float64, alt Alternative) (BinomResult, error) {
	r := BinomResult{K: k, N: n}
	if n < 1 || k < 0 || k > n {
		return r, fmt.Errorf("%w: binomial test needs 0 ≤ k ≤ n and n ≥ 1, got k = %d, n = %d", ErrInvalid, k, n)
	}
	if !(p >= 0 && p <= 1) {
		return r, fmt.Errorf("%w: binomial test needs 0 ≤ p ≤ 1, got %v", ErrInvalid, p)
	}
	r.Statistic = float64(k) / float64(n)
	switch alt {
	case Less:
		r.PValue = binomCDF(k, n, p)
	case Greater:
		r.PValue = binomSF(k-1, n, p)
	default:
		r.PValue = binomTwoSided(k, n, p)
	}
	return r, nil
}

// binomTwoSided sums P(X = i) over every i with P(X = i) ≤ P(X = k)·(1+1e-7).
// The pmf is unimodal, so the outcomes on the far side of the mode that
// qualify form a tail, found by bisection.
func binomTwoSided(k, n int64, p float64) float64 {
	mean := p * float64(n)
	if float64(k) == mean {
		return 1
	}
	d := binomPMF(k, n, p) * (1 + 1e-7)
	var pv float64
	if float64(k) < mean {
		// The first i ≥ ⌈np⌉ with pmf(i) ≤ d; the upper tail starts there.
		lo, hi := int64(math.Ceil(mean)), n
		if binomPMF(hi, n, p) > d {
			return math.Min(1, binomCDF(k, n, p))
		}
		for lo < hi {
			mid := lo + (hi-lo)/2
			if binomPMF(mid, n, p) <= d {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		pv = binomCDF(k, n, p) + binomSF(lo-1, n, p)
	} else {
		// The last i ≤ ⌊np⌋ with pmf(i) ≤ d; the lower tail ends there.
		lo, hi := int64(0), int64(math.Floor(mean))
		if binomPMF(lo, n, p) > d {
			return math.Min(1, binomSF(k-1, n, p))
		}
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if binomPMF(mid, n, p) <= d {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		pv = binomCDF(lo, n, p) + binomSF(k-1, n, p)
	}
	return math.Min(1, pv)
}

// ErrorRateResult is the result of Zhou's binomial test on a test error
// rate.
type ErrorRateResult struct {
	Errors, N     int64
	ErrorRate     float64 // ε̂ = errors/n
	PValue        float64 // P(X ≥ errors) for X ~ Binomial(n, ε₀)
	CriticalCount int64   // c̄: reject "ε ≤ ε₀" when errors > c̄
	CriticalError float64 // ε̄ = c̄/n
	Reject        bool    // errors > c̄, equivalently PValue ≤ α
}

// ErrorRateBinomial is Zhou's binomial test (§2.4.1, eq. 2.27–2.29) of the
// hypothesis "the generalisation error rate ε ≤ ε₀" from a test error rate
// ε̂ = errors/n. The critical error rate is ε̄ = c̄/n with
//
//	c̄ = min { c : Σ_{i=c+1}^{n} C(n,i) ε₀ⁱ (1−ε₀)ⁿ⁻ⁱ ≤ α }
//
// (the book prints "max" and "<"; the minimum is meant, and "≤" makes
// Reject agree with PValue ≤ α). The p-value P(X ≥ errors) is
// scipy.stats.binomtest(errors, n, ε₀, alternative="greater"); c̄ is
// scipy.stats.binom.isf(α, n, ε₀).
//
// Errors: ErrInvalid unless 0 ≤ errors ≤ n, n ≥ 1, 0 < ε₀ < 1 and
// 0 < α < 1.
func ErrorRateBinomial(errors, n int64, eps0, alpha float64) (ErrorRateResult, error) {
	r := ErrorRateResult{Errors: errors, N: n}
	if !(eps0 > 0 && eps0 < 1) {
		return r, fmt.Errorf("%w: epsilon = %v, want 0 < epsilon < 1", ErrInvalid, eps0)
	}
	if err := checkAlpha(alpha); err != nil {
		return r, err
	}
	b, err := BinomTest(errors, n, eps0, Greater)
	if err != nil {
		return r, err
	}
	r.ErrorRate = b.Statistic
	r.PValue = b.PValue
	// binomSF is decreasing in c: bisect for the first c with sf(c) ≤ α.
	lo, hi := int64(0), n
	for lo < hi {
		mid := lo + (hi-lo)/2
		if binomSF(mid, n, eps0) <= alpha {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	r.CriticalCount = lo
	r.CriticalError = float64(lo) / float64(n)
	r.Reject = errors > lo
	return r, nil
}
