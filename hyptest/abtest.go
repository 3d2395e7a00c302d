package hyptest

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// ABResult is the result of an A/B test. Differences are B − A (the
// treatment minus the control); Greater means "B is larger".
type ABResult struct {
	Statistic float64 // z (proportions) or t (means)
	PValue    float64
	DF        float64    // degrees of freedom of t; +Inf for z
	Diff      float64    // p_B − p_A or mean_B − mean_A
	CI        [2]float64 // confidence interval of Diff at Level
	Level     float64
}

// TwoProportions is the two-sample z-test of proportions with the pooled
// variance under the null hypothesis,
//
//	z = (p̂_B − p̂_A) / √(p̂(1−p̂)(1/n_A + 1/n_B)),  p̂ = (s_A + s_B)/(n_A + n_B),
//
// as statsmodels.stats.proportion.proportions_ztest([s_B, s_A], [n_B, n_A]).
// The confidence interval of p̂_B − p̂_A is Wald's, unpooled:
// diff ± z_{1−α/2} √(p̂_A(1−p̂_A)/n_A + p̂_B(1−p̂_B)/n_B), as
// confint_proportions_2indep(s_B, n_B, s_A, n_A, method="wald"). level 0
// means 0.95.
//
// Errors: ErrInvalid unless 0 ≤ s ≤ n, n ≥ 1 for both groups and
// 0 < level < 1; ErrZeroVariance when the pooled proportion is 0 or 1.
func TwoProportions(sA, nA, sB, nB int64, alt Alternative, level float64) (ABResult, error) {
	if level == 0 {
		level = 0.95
	}
	r := ABResult{DF: math.Inf(1), Level: level}
	if nA < 1 || nB < 1 || sA < 0 || sB < 0 || sA > nA || sB > nB {
		return r, fmt.Errorf("%w: need 0 ≤ successes ≤ trials and trials ≥ 1, got A %d/%d, B %d/%d", ErrInvalid, sA, nA, sB, nB)
	}
	if err := checkLevel(level); err != nil {
		return r, err
	}
	pa, pb := float64(sA)/float64(nA), float64(sB)/float64(nB)
	p := float64(sA+sB) / float64(nA+nB)
	r.Diff = pb - pa
	se := math.Sqrt(p * (1 - p) * (1/float64(nA) + 1/float64(nB)))
	if se == 0 {
		return r, fmt.Errorf("%w: the pooled success rate is %v, so the z statistic is undefined", ErrZeroVariance, p)
	}
	r.Statistic = r.Diff / se
	r.PValue = pFromZ(r.Statistic, alt)
	seu := math.Sqrt(pa*(1-pa)/float64(nA) + pb*(1-pb)/float64(nB))
	z := normISF((1 - level) / 2)
	r.CI = [2]float64{r.Diff - z*seu, r.Diff + z*seu}
	return r, nil
}

// Summary is the summary of one sample for TwoMeans.
type Summary struct {
	Mean, SD float64 // SD with the n − 1 denominator
	N        int64
}

// SummaryOf summarises x (mean, n − 1 standard deviation, size).
func SummaryOf(x []float64) Summary {
	if len(x) < 2 {
		m := math.NaN()
		if len(x) == 1 {
			m = x[0]
		}
		return Summary{Mean: m, SD: math.NaN(), N: int64(len(x))}
	}
	m, v := meanVar(x)
	return Summary{Mean: m, SD: math.Sqrt(v), N: int64(len(x))}
}

// TwoMeans is the two-sample t-test of mean_B − mean_A: Welch's test
// (unequal variances) by default, Student's with equalVar. It agrees with
// scipy.stats.ttest_ind_from_stats(B…, A…, equal_var). The confidence
// interval at level (0 means 0.95) uses the same standard error and degrees
// of freedom.
//
// Errors: ErrTooFew for a group with fewer than 2 values, ErrNotFinite,
// ErrZeroVariance when both standard deviations are 0, ErrInvalid for a
// negative SD or a bad level.
func TwoMeans(a, b Summary, equalVar bool, alt Alternative, level float64) (ABResult, error) {
	if level == 0 {
		level = 0.95
	}
	r := ABResult{Level: level}
	if a.N < 2 || b.N < 2 {
		return r, fmt.Errorf("%w: each group needs at least 2 values, got %d and %d", ErrTooFew, a.N, b.N)
	}
	for _, v := range []float64{a.Mean, a.SD, b.Mean, b.SD} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return r, fmt.Errorf("%w: summary value %v", ErrNotFinite, v)
		}
	}
	if a.SD < 0 || b.SD < 0 {
		return r, fmt.Errorf("%w: negative standard deviation", ErrInvalid)
	}
	if err := checkLevel(level); err != nil {
		return r, err
	}
	na, nb := float64(a.N), float64(b.N)
	va, vb := a.SD*a.SD, b.SD*b.SD
	var se2, df float64
	if equalVar {
		df = na + nb - 2
		sp := ((na-1)*va + (nb-1)*vb) / df
		se2 = sp * (1/na + 1/nb)
	} else {
		qa, qb := va/na, vb/nb
		se2 = qa + qb
		df = se2 * se2 / (qa*qa/(na-1) + qb*qb/(nb-1))
	}
	if se2 == 0 {
		return r, fmt.Errorf("%w: both groups have standard deviation 0", ErrZeroVariance)
	}
	se := math.Sqrt(se2)
	r.Diff = b.Mean - a.Mean
	r.DF = df
	r.Statistic = r.Diff / se
	r.PValue = pFromT(r.Statistic, df, alt)
	t := tISF((1-level)/2, df)
	r.CI = [2]float64{r.Diff - t*se, r.Diff + t*se}
	return r, nil
}

// CohenD is the standardised difference of two means, Cohen's d =
// (mean_B − mean_A)/s_p with the pooled standard deviation
// s_p = √(((n_A−1)s_A² + (n_B−1)s_B²)/(n_A + n_B − 2)): the effect size of
// PowerT. It is NaN unless n_A + n_B > 2 and s_p > 0.
func CohenD(a, b Summary) float64 {
	df := float64(a.N + b.N - 2)
	sp := math.Sqrt((float64(a.N-1)*a.SD*a.SD + float64(b.N-1)*b.SD*b.SD) / df)
	if !(df > 0 && sp > 0) {
		return math.NaN()
	}
	return (b.Mean - a.Mean) / sp
}

// CohenH is the effect size of two proportions, h = 2 asin √p_B − 2 asin √p_A
// (statsmodels proportion_effectsize(p_B, p_A)).
func CohenH(pA, pB float64) float64 {
	return 2*math.Asin(math.Sqrt(pB)) - 2*math.Asin(math.Sqrt(pA))
}

// PowerZ is the power of a two-sample z-test with standardised effect size
// es (e.g. CohenH) and group sizes nA, nB at level alpha: with
// n = 1/(1/n_A + 1/n_B) and δ = es·√n, two-sided
// Φ(δ − z_{1−α/2}) + Φ(−δ − z_{1−α/2}); Greater Φ(δ − z_{1−α}); Less
// Φ(−δ − z_{1−α}). It agrees with statsmodels NormalIndPower().power(es,
// nA, alpha, ratio = nB/nA, alternative). It panics on non-positive sizes
// or alpha outside (0, 1).
func PowerZ(es, nA, nB, alpha float64, alt Alternative) float64 {
	checkPower(nA, nB, alpha)
	d := es * math.Sqrt(1/(1/nA+1/nB))
	switch alt {
	case Greater:
		return normSF(normISF(alpha) - d)
	case Less:
		return normCDF(-normISF(alpha) - d)
	}
	c := normISF(alpha / 2)
	return normSF(c-d) + normCDF(-c-d)
}

// PowerT is the power of the two-sample t-test (pooled variance,
// df = n_A + n_B − 2) with standardised effect size es (Cohen's d), from
// the noncentral t distribution with noncentrality es·√(1/(1/n_A + 1/n_B)).
// It agrees with statsmodels TTestIndPower().power(es, nA, alpha,
// ratio = nB/nA, alternative). It panics as PowerZ.
func PowerT(es, nA, nB, alpha float64, alt Alternative) float64 {
	checkPower(nA, nB, alpha)
	df := nA + nB - 2
	nc := es * math.Sqrt(1/(1/nA+1/nB))
	d := distuv.NoncentralT{Nu: df, Mu: nc}
	switch alt {
	case Greater:
		return 1 - d.CDF(tISF(alpha, df))
	case Less:
		return d.CDF(-tISF(alpha, df))
	}
	c := tISF(alpha/2, df)
	return 1 - d.CDF(c) + d.CDF(-c)
}

func checkPower(nA, nB, alpha float64) {
	if !(nA > 0 && nB > 0 && alpha > 0 && alpha < 1) {
		panic(fmt.Sprintf("hyptest: power needs positive sizes and 0 < α < 1, got %v, %v, %v", nA, nB, alpha))
	}
}

// SampleSize returns the size n_A of group A (n_B = ratio·n_A) at which
// power(es, n_A, ratio·n_A, alpha, alt) reaches the target power, for
// power = PowerZ or PowerT. It is not rounded up; take ⌈n_A⌉. It agrees
// with statsmodels' solve_power(effect_size=es, nobs1=None, alpha, power,
// ratio, alternative) (zt_ind_solve_power, tt_ind_solve_power).
//
// Errors: ErrInvalid for es = 0, a power not in (alpha, 1), a ratio ≤ 0,
// or an effect in the wrong direction for a one-sided alternative.
func SampleSize(power func(es, nA, nB, alpha float64, alt Alternative) float64, es, alpha, target, ratio float64, alt Alternative) (float64, error) {
	if ratio == 0 {
		ratio = 1
	}
	if !(es != 0 && !math.IsNaN(es) && !math.IsInf(es, 0)) || !(ratio > 0) || !(alpha > 0 && alpha < 1) {
		return 0, fmt.Errorf("%w: sample size needs a finite non-zero effect, ratio > 0 and 0 < α < 1", ErrInvalid)
	}
	if !(target > alpha && target < 1) {
		return 0, fmt.Errorf("%w: target power %v, want α < power < 1", ErrInvalid, target)
	}
	if (alt == Greater && es < 0) || (alt == Less && es > 0) {
		return 0, fmt.Errorf("%w: effect %v points away from the alternative %v", ErrInvalid, es, alt)
	}
	g := func(n float64) float64 { return power(es, n, ratio*n, alpha, alt) - target }
	lo := 2.0 + 1e-9 // the t-test needs n_A + n_B > 2
	if g(lo) >= 0 {
		return 0, fmt.Errorf("%w: the target power is reached with the smallest sample", ErrInvalid)
	}
	hi := 4.0
	for g(hi) < 0 {
		lo, hi = hi, 2*hi
		if hi > 1e15 {
			return 0, fmt.Errorf("%w: effect %v is too small to reach power %v", ErrInvalid, es, target)
		}
	}
	return solve(g, lo, hi), nil
}
