package hyptest

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// TTestResult is the result of a t-test.
type TTestResult struct {
	Statistic float64 // t
	PValue    float64
	DF        float64 // degrees of freedom
	Mean      float64 // mean of the sample, or of the paired differences
	StdErr    float64 // standard error of Mean
}

// meanVar returns the mean and the unbiased (n − 1) variance of x, both
// with compensated sums (two passes).
func meanVar(x []float64) (mean, variance float64) {
	n := float64(len(x))
	mean = fsum.Of(x) / n
	var s fsum.Sum
	for _, v := range x {
		d := v - mean
		s.Add(d * d)
	}
	return mean, s.Value() / (n - 1)
}

// OneSampleTTest tests whether the mean of x equals mu0:
//
//	t = √n (x̄ − μ₀) / s,  df = n − 1,
//
// with s the sample standard deviation (n − 1 denominator). It agrees with
// scipy.stats.ttest_1samp. Applied to the k test error rates ε̂₁…ε̂ₖ of a
// learner (from k hold-out runs or folds) and μ₀ = ε₀ it is Zhou's t-test
// on error rates (§2.4.1, eq. 2.30): "the generalisation error is ε₀" is
// rejected at level α when the p-value is below α.
//
// Errors: ErrTooFew for fewer than 2 values, ErrNotFinite, and
// ErrZeroVariance when every value is equal (t would be 0/0 or ±∞).
func OneSampleTTest(x []float64, mu0 float64, alt Alternative) (TTestResult, error) {
	if len(x) < 2 {
		return TTestResult{}, fmt.Errorf("%w: a t-test needs at least 2 values, got %d", ErrTooFew, len(x))
	}
	if err := checkFinite("x", x); err != nil {
		return TTestResult{}, err
	}
	if math.IsNaN(mu0) || math.IsInf(mu0, 0) {
		return TTestResult{}, fmt.Errorf("%w: mu0 = %v", ErrNotFinite, mu0)
	}
	m, v := meanVar(x)
	if v == 0 {
		return TTestResult{}, fmt.Errorf("%w: all %d values equal %v, so the t statistic is undefined", ErrZeroVariance, len(x), x[0])
	}
	n := float64(len(x))
	se := math.Sqrt(v / n)
	t := (m - mu0) / se
	df := n - 1
	return TTestResult{Statistic: t, PValue: pFromT(t, df, alt), DF: df, Mean: m, StdErr: se}, nil
}

// PairedTTest is the paired t-test over K folds (or any paired samples):
// the one-sample t-test of the differences dᵢ = aᵢ − bᵢ against 0,
//
//	t = √K d̄ / s_d,  df = K − 1
//
// (Zhou §2.4.2, eq. 2.31). It agrees with scipy.stats.ttest_rel(a, b). Mean
// is d̄. Errors as OneSampleTTest; ErrZeroVariance when every difference is
// equal. It panics if a and b differ in length.
func PairedTTest(a, b []float64, alt Alternative) (TTestResult, error) {
	samelen(a, b)
	if err := checkFinite("a", a); err != nil {
		return TTestResult{}, err
	}
	if err := checkFinite("b", b); err != nil {
		return TTestResult{}, err
	}
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i]
	}
	r, err := OneSampleTTest(d, 0, alt)
	if err != nil && len(d) >= 2 {
		if m, _ := meanVar(d); m == d[0] {
			return r, fmt.Errorf("%w: every difference a − b equals %v", ErrZeroVariance, d[0])
		}
	}
	return r, err
}

// CV5x2Result is the result of the 5×2cv paired t-test.
type CV5x2Result struct {
	Statistic float64 // Dietterich's t̃ with p₁⁽¹⁾ in the numerator
	PValue    float64 // two-sided, t with 5 degrees of freedom
	DF        float64 // 5
	// Zhou's variant (§2.4.2, eq. 2.32) puts the mean of the first
	// replication, μ = ½(p₁⁽¹⁾ + p₁⁽²⁾), in the numerator.
	StatisticZhou float64
	PValueZhou    float64
	Variances     [5]float64 // s²ᵢ of each replication
}

// CV5x2 is Dietterich's (1998) 5×2cv paired t-test. a and b hold the scores
// (or error rates) of two learners on 10 folds in the order replication 1
// fold 1, replication 1 fold 2, replication 2 fold 1, …. With
// pᵢ⁽ʲ⁾ = aᵢⱼ − bᵢⱼ, p̄ᵢ = (pᵢ⁽¹⁾ + pᵢ⁽²⁾)/2 and
// s²ᵢ = (pᵢ⁽¹⁾ − p̄ᵢ)² + (pᵢ⁽²⁾ − p̄ᵢ)²,
//
//	t̃ = p₁⁽¹⁾ / √(⅕ Σᵢ s²ᵢ),  t with 5 degrees of freedom.
//
// The p-value is two-sided. Errors: ErrNotFinite, ErrZeroVariance when
// every s²ᵢ is 0. It panics unless a and b have length 10.
func CV5x2(a, b []float64) (CV5x2Result, error) {
	if len(a) != 10 || len(b) != 10 {
		panic(fmt.Sprintf("hyptest: 5×2cv needs 10 values per learner, got %d and %d", len(a), len(b)))
	}
	if err := checkFinite("a", a); err != nil {
		return CV5x2Result{}, err
	}
	if err := checkFinite("b", b); err != nil {
		return CV5x2Result{}, err
	}
	var r CV5x2Result
	var s fsum.Sum
	for i := 0; i < 5; i++ {
		p1 := a[2*i] - b[2*i]
		p2 := a[2*i+1] - b[2*i+1]
		m := (p1 + p2) / 2
		v := (p1-m)*(p1-m) + (p2-m)*(p2-m)
		r.Variances[i] = v
		s.Add(v)
	}
	den := math.Sqrt(s.Value() / 5)
	if den == 0 {
		return CV5x2Result{}, fmt.Errorf("%w: the two folds of every replication give the same difference, so the 5×2cv statistic is undefined", ErrZeroVariance)
	}
	r.DF = 5
	r.Statistic = (a[0] - b[0]) / den
	r.PValue = pFromT(r.Statistic, 5, TwoSided)
	r.StatisticZhou = ((a[0] - b[0]) + (a[1] - b[1])) / 2 / den
	r.PValueZhou = pFromT(r.StatisticZhou, 5, TwoSided)
	return r, nil
}
