package hyptest

import (
	"fmt"
	"math"
)

// McNemarOptions selects the form of McNemar's test. The zero value is
// the χ² statistic with continuity correction (Zhou eq. 2.33).
type McNemarOptions struct {
	Exact        bool // exact binomial test instead of χ²
	NoCorrection bool // χ² without the continuity correction
}

// McNemarResult is the result of McNemar's test.
type McNemarResult struct {
	N01, N10  int64   // discordant counts: A wrong and B right; A right and B wrong
	Statistic float64 // χ² (1 degree of freedom); min(n01, n10) when Exact
	PValue    float64
	Exact     bool
}

// Discordant counts, over paired predictions of two classifiers A and B,
// n01 = #{A wrong, B right} and n10 = #{A right, B wrong} (Zhou table 2.4:
// e01, e10). It panics if the slices differ in length.
func Discordant[T comparable](yTrue, predA, predB []T) (n01, n10 int64) {
	if len(yTrue) != len(predA) || len(yTrue) != len(predB) {
		panic(fmt.Sprintf("hyptest: slices of different lengths %d, %d, %d", len(yTrue), len(predA), len(predB)))
	}
	for i, y := range yTrue {
		a, b := predA[i] == y, predB[i] == y
		switch {
		case !a && b:
			n01++
		case a && !b:
			n10++
		}
	}
	return n01, n10
}

// McNemar tests whether two classifiers have the same error rate on paired
// data, from the discordant counts n01 and n10. The χ² form is
//
//	τ = (|n01 − n10| − 1)² / (n01 + n10)   (Zhou eq. 2.33; without the −1
//	                                        when NoCorrection)
//
// with p = P(χ²₁ > τ). (As in Zhou and statsmodels, the corrected form
// gives 1/(n01 + n10), not 0, when n01 = n10.) The exact form is the
// two-sided binomial test of min(n01, n10) in n01 + n10 trials with p = ½:
// p = min(1, 2·P(X ≤ min(n01, n10))). It agrees with
// statsmodels.stats.contingency_tables.mcnemar(table, exact, correction).
//
// Errors: ErrInvalid for a negative count; ErrTooFew for the χ² form when
// n01 + n10 = 0 (the exact form then gives p = 1).
func McNemar(n01, n10 int64, opt McNemarOptions) (McNemarResult, error) {
	r := McNemarResult{N01: n01, N10: n10, Exact: opt.Exact}
	if n01 < 0 || n10 < 0 {
		return r, fmt.Errorf("%w: negative count n01 = %d, n10 = %d", ErrInvalid, n01, n10)
	}
	n := n01 + n10
	if opt.Exact {
		k := min(n01, n10)
		r.Statistic = float64(k)
		r.PValue = math.Min(1, 2*binomCDF(k, n, 0.5))
		return r, nil
	}
	if n == 0 {
		return r, fmt.Errorf("%w: no discordant pairs (n01 = n10 = 0), so the χ² statistic is 0/0; use the exact test", ErrTooFew)
	}
	d := math.Abs(float64(n01 - n10))
	if !opt.NoCorrection {
		d--
	}
	r.Statistic = d * d / float64(n)
	r.PValue = chi2SF(r.Statistic, 1)
	return r, nil
}
