package hyptest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// BayesResult holds the three posterior probabilities of a Bayesian
// comparison of two models with a region of practical equivalence
// (rope) [−Rope, Rope] around a difference of 0.
type BayesResult struct {
	PABetter    float64 // P(A better than B by more than the rope)
	PEquivalent float64 // P(the difference lies in the rope)
	PBBetter    float64 // P(B better than A by more than the rope)
	Rope        float64
}

// CorrelatedTTestOptions configures CorrelatedTTest. NTrain and NTest are
// required.
type CorrelatedTTestOptions struct {
	NTrain, NTest int     // rows of each training and test fold
	Rope          float64 // half-width of the region of practical equivalence (≥ 0)
	LowerIsBetter bool    // A is better when its score is lower (errors, losses)
}

// CorrelatedTTestResult is the result of CorrelatedTTest.
type CorrelatedTTestResult struct {
	BayesResult
	N   int     // folds (runs × folds)
	Rho float64 // ρ = n_test/(n_train + n_test)
	// The posterior of the mean difference μ of A − B is Student's t with
	// DF degrees of freedom, location Mean and scale Scale.
	Mean, Scale, DF float64
	// NBStatistic is the Nadeau–Bengio corrected resampled t statistic of
	// A − B, Mean/Scale, with DF degrees of freedom; NBPValue its
	// two-sided p-value.
	NBStatistic, NBPValue float64
}

// CorrelatedTTest is the Bayesian correlated t-test of Corani & Benavoli
// (2015) on the scores a and b of two models on the same folds of (repeated)
// cross-validation, with the frequentist Nadeau & Bengio (2003) corrected
// resampled t-test beside it. With dᵢ = aᵢ − bᵢ over n folds, d̄ their
// mean and σ̂² their variance (n − 1 denominator), and the correlation of
// folds that share training rows ρ = n_test/(n_train + n_test), the
// posterior of the mean difference under the matching-prior is
//
//	μ ~ t_{n−1}(d̄, (1/n + ρ/(1−ρ)) σ̂²)   (location, squared scale),
//
// so, with T its CDF and r the rope, P(A better) = 1 − T(r),
// P(equivalent) = T(r) − T(−r), P(B better) = T(−r) (swapped under
// LowerIsBetter). ρ/(1−ρ) = n_test/n_train, so the Nadeau–Bengio statistic
// t = d̄/√((1/n + n_test/n_train) σ̂²) is d̄/scale, with n − 1 degrees of
// freedom.
//
// Errors: ErrTooFew for fewer than 2 folds, ErrNotFinite, ErrZeroVariance
// when every difference is the same, ErrInvalid for NTrain or NTest < 1
// or a negative or NaN rope. It panics if a and b differ in length.
func CorrelatedTTest(a, b []float64, opt CorrelatedTTestOptions) (CorrelatedTTestResult, error) {
	samelen(a, b)
	var r CorrelatedTTestResult
	if opt.NTrain < 1 || opt.NTest < 1 {
		return r, fmt.Errorf("%w: the correlated t-test needs the training and test fold sizes, got %d and %d", ErrInvalid, opt.NTrain, opt.NTest)
	}
	if err := checkRope(opt.Rope); err != nil {
		return r, err
	}
	n := len(a)
	if n < 2 {
		return r, fmt.Errorf("%w: the correlated t-test needs at least 2 folds, got %d", ErrTooFew, n)
	}
	if err := checkFinite("a", a); err != nil {
		return r, err
	}
	if err := checkFinite("b", b); err != nil {
		return r, err
	}
	d := make([]float64, n)
	for i := range a {
		d[i] = a[i] - b[i]
	}
	mean, v := meanVar(d)
	if v == 0 {
		return r, fmt.Errorf("%w: every fold has the same difference a − b = %v", ErrZeroVariance, d[0])
	}
	r.N = n
	r.Rho = float64(opt.NTest) / float64(opt.NTrain+opt.NTest)
	r.Mean, r.DF = mean, float64(n-1)
	r.Scale = math.Sqrt((1/float64(n) + float64(opt.NTest)/float64(opt.NTrain)) * v)
	r.NBStatistic = mean / r.Scale
	r.NBPValue = pFromT(r.NBStatistic, r.DF, TwoSided)
	r.Rope = opt.Rope
	// Upper tails directly, for accuracy when a probability is tiny.
	above := tSF((opt.Rope-mean)/r.Scale, r.DF) // P(μ > r)
	below := tSF((opt.Rope+mean)/r.Scale, r.DF) // P(μ < −r)
	r.PABetter, r.PBBetter = above, below
	r.PEquivalent = math.Max(0, 1-above-below)
	if opt.LowerIsBetter {
		r.PABetter, r.PBBetter = below, above
	}
	return r, nil
}

func checkRope(rope float64) error {
	if !(rope >= 0) || math.IsInf(rope, 1) {
		return fmt.Errorf("%w: rope = %v, want a finite value ≥ 0", ErrInvalid, rope)
	}
	return nil
}

// SignedRankOptions configures SignedRank. The zero value uses no rope,
// 50000 samples, seed 0, prior strength 0.5 and higher-is-better.
type SignedRankOptions struct {
	Rope          float64 // half-width of the region of practical equivalence (≥ 0)
	Samples       int     // Monte Carlo samples of the posterior; 0 means 50000
	Seed          uint64
	Prior         float64 // strength s of the Dirichlet process prior; 0 means 0.5
	LowerIsBetter bool
	// KeepSamples keeps the sampled (θ_B, θ_rope, θ_A) in the result
	// (for the simplex plot).
	KeepSamples bool
}

// SignedRankResult is the result of SignedRank.
type SignedRankResult struct {
	BayesResult
	N       int // data sets
	Samples int
	Seed    uint64
	Prior   float64
	// Theta holds the sampled (θ_B, θ_rope, θ_A) with KeepSamples: the
	// posterior masses of "B better", "equivalent" and "A better".
	Theta [][3]float64
}

// SignedRank is the Bayesian signed-rank test of Benavoli et al. (2017,
// "Time for a change", §4.2) on the scores a and b of two models over n
// data sets. Its prior is a Dirichlet process of strength s (Prior) with
// a pseudo-observation z₀ = 0; with the differences zᵢ = aᵢ − bᵢ (i ≥ 1),
// the posterior is sampled as Dirichlet weights w ~ Dir(s, 1, …, 1) on
// z₀, …, zₙ, and each sample gives
//
//	θ_A    = Σᵢ Σⱼ wᵢ wⱼ [zᵢ + zⱼ > 2r]
//	θ_B    = Σᵢ Σⱼ wᵢ wⱼ [zᵢ + zⱼ < −2r]
//	θ_rope = 1 − θ_A − θ_B
//
// (r the rope; signs swapped under LowerIsBetter). The probabilities
// reported are the shares of samples in which each θ is the largest, ties
// shared equally. The Dirichlet weights are normalised Gamma variates from
// a PCG generator seeded by Seed: the same seed gives the same bits.
//
// Errors: ErrTooFew for fewer than 2 data sets, ErrNotFinite,
// ErrInvalid for a negative rope, prior or sample count. It panics if a
// and b differ in length.
func SignedRank(a, b []float64, opt SignedRankOptions) (SignedRankResult, error) {
	samelen(a, b)
	var r SignedRankResult
	if err := checkRope(opt.Rope); err != nil {
		return r, err
	}
	if opt.Samples < 0 || !(opt.Prior >= 0) || math.IsInf(opt.Prior, 1) {
		return r, fmt.Errorf("%w: samples = %d and prior = %v, want ≥ 0 (0 for the defaults)", ErrInvalid, opt.Samples, opt.Prior)
	}
	n := len(a)
	if n < 2 {
		return r, fmt.Errorf("%w: the Bayesian signed-rank test needs at least 2 data sets, got %d", ErrTooFew, n)
	}
	if err := checkFinite("a", a); err != nil {
		return r, err
	}
	if err := checkFinite("b", b); err != nil {
		return r, err
	}
	samples, prior := opt.Samples, opt.Prior
	if samples == 0 {
		samples = 50000
	}
	if prior == 0 {
		prior = 0.5
	}
	r.N, r.Samples, r.Seed, r.Prior, r.Rope = n, samples, opt.Seed, prior, opt.Rope
	z := make([]float64, n+1) // z[0] = 0, the prior's pseudo-observation
	for i := range a {
		z[i+1] = a[i] - b[i]
		if opt.LowerIsBetter {
			z[i+1] = -z[i+1]
		}
	}
	// Each pair (i, j) falls in one of the three regions; precompute it.
	m := n + 1
	region := make([]int8, m*m) // −1 B better, 0 rope, +1 A better
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			s := z[i] + z[j]
			switch {
			case s > 2*opt.Rope:
				region[i*m+j] = 1
			case s < -2*opt.Rope:
				region[i*m+j] = -1
			}
		}
	}
	src := rand.NewPCG(opt.Seed, 0x6a09e667f3bcc909)
	first := distuv.Gamma{Alpha: prior, Beta: 1, Src: src}
	rest := distuv.Gamma{Alpha: 1, Beta: 1, Src: src}
	w := make([]float64, m)
	var wins [3]float64
	if opt.KeepSamples {
		r.Theta = make([][3]float64, 0, samples)
	}
	for s := 0; s < samples; s++ {
		w[0] = first.Rand()
		sum := w[0]
		for i := 1; i < m; i++ {
			w[i] = rest.Rand()
			sum += w[i]
		}
		for i := range w {
			w[i] /= sum
		}
		var th [3]float64 // B, rope, A
		for i := 0; i < m; i++ {
			var row [3]float64
			for j := 0; j < m; j++ {
				row[region[i*m+j]+1] += w[j]
			}
			for c := range row {
				th[c] += w[i] * row[c]
			}
		}
		top := max(th[0], th[1], th[2])
		ties := 0.0
		for _, v := range th {
			if v == top {
				ties++
			}
		}
		for c, v := range th {
			if v == top {
				wins[c] += 1 / ties
			}
		}
		if opt.KeepSamples {
			r.Theta = append(r.Theta, th)
		}
	}
	r.PBBetter = wins[0] / float64(samples)
	r.PEquivalent = wins[1] / float64(samples)
	r.PABetter = wins[2] / float64(samples)
	return r, nil
}
