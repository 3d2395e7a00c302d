package hyptest

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// FriedmanOptions configures Friedman. The zero value ranks higher scores
// first, leaves ties uncorrected (Zhou, Demšar) and uses α = 0.05 for the
// critical difference.
type FriedmanOptions struct {
	LowerIsBetter bool    // rank the smallest value 1 (errors, losses)
	TieCorrection bool    // divide χ²_F by 1 − Σ(t³ − t)/(N(k³ − k)) as scipy does
	Alpha         float64 // level of the critical difference and post-hoc tests; 0 means 0.05
	// PostHoc is the post-hoc procedure of FriedmanResult.PostHoc
	// (the zero value is PostHocNemenyi).
	PostHoc PostHocMethod
	// VsControl compares every algorithm with algorithm Control instead
	// of all pairs (Demšar §3.2.2).
	VsControl bool
	Control   int
}

// FriedmanResult is the result of the Friedman test with the Nemenyi
// post-hoc test.
type FriedmanResult struct {
	N, K     int         // data sets, algorithms
	Ranks    [][]float64 // Ranks[i][j]: rank of algorithm j on data set i (1 = best, ties averaged)
	AvgRanks []float64   // rᵢ: mean rank of each algorithm

	ChiSquare float64 // τ_χ² (Zhou eq. 2.34)
	PValue    float64 // P(χ²_{k−1} > τ_χ²)
	// ImanDavenport is τ_F = (N−1)τ_χ² / (N(k−1) − τ_χ²) (Zhou eq. 2.35),
	// F-distributed with (k−1, (k−1)(N−1)) degrees of freedom. It is +Inf
	// (p = 0) when every data set ranks the algorithms the same way.
	ImanDavenport  float64
	ImanDavenportP float64

	Alpha float64 // level of CD
	// QAlpha is the Nemenyi critical value q_α = q(1−α; k, ∞)/√2, from the
	// studentized range distribution.
	QAlpha float64
	CD     float64 // critical difference q_α √(k(k+1)/(6N)) (Zhou eq. 2.36)
	// NemenyiP[i][j] is the p-value of the Nemenyi test of algorithms i
	// and j: P(Q > √2 |rᵢ − rⱼ| / √(k(k+1)/(6N))) for Q studentized range
	// with k means and ∞ degrees of freedom.
	NemenyiP [][]float64
	PostHoc  *PostHocResult // the procedure of FriedmanOptions.PostHoc
	Warnings []string
}

// Friedman runs the Friedman test on scores[i][j], the score of algorithm j
// on data set i, and the Nemenyi post-hoc test (Zhou §2.4.3; Demšar 2006).
// On each data set the algorithms are ranked 1 (best) to k, ties getting
// the average rank; with rᵢ the mean rank of algorithm i over N data sets,
//
//	τ_χ² = (k−1)/k · 12N/(k²−1) · Σᵢ (rᵢ − (k+1)/2)²
//	     = 12N/(k(k+1)) Σᵢ rᵢ² − 3N(k+1).
//
// With TieCorrection it is divided by 1 − Σ(t³ − t)/(N(k³ − k)), summed
// over groups of t tied values, and then agrees with
// scipy.stats.friedmanchisquare; without ties the two agree.
//
// The post-hoc procedure of opt (Nemenyi by default) fills PostHoc.
//
// Errors: ErrTooFew for fewer than 2 data sets or 3 algorithms (scipy's
// minimum), ErrNotFinite, ErrInvalid for a ragged table, a bad Alpha, a
// control out of range, PostHocShaffer or PostHocBergmann with a control, PostHocBergmann with
// more than MaxBergmannHommel algorithms; PostHocWilcoxonHolm passes on the
// error of a pair whose differences are all zero.
func Friedman(scores [][]float64, opt FriedmanOptions) (*FriedmanResult, error) {
	n := len(scores)
	if n < 2 {
		return nil, fmt.Errorf("%w: the Friedman test needs at least 2 data sets, got %d", ErrTooFew, n)
	}
	k := len(scores[0])
	if k < 3 {
		return nil, fmt.Errorf("%w: the Friedman test needs at least 3 algorithms, got %d", ErrTooFew, k)
	}
	alpha := opt.Alpha
	if alpha == 0 {
		alpha = 0.05
	}
	if err := checkAlpha(alpha); err != nil {
		return nil, err
	}
	r := &FriedmanResult{N: n, K: k, Alpha: alpha}
	ties := 0.0
	sums := make([]fsum.Sum, k)
	for i, row := range scores {
		if len(row) != k {
			return nil, fmt.Errorf("%w: data set %d has %d scores, data set 0 has %d", ErrInvalid, i, len(row), k)
		}
		if err := checkFinite(fmt.Sprintf("scores[%d]", i), row); err != nil {
			return nil, err
		}
		x := row
		if !opt.LowerIsBetter {
			x = make([]float64, k)
			for j, v := range row {
				x[j] = -v
			}
		}
		rk, t := averageRanks(x)
		ties += t
		r.Ranks = append(r.Ranks, rk)
		for j, v := range rk {
			sums[j].Add(v)
		}
	}
	N, K := float64(n), float64(k)
	r.AvgRanks = make([]float64, k)
	var ss fsum.Sum
	for j := range sums {
		r.AvgRanks[j] = sums[j].Value() / N
		d := r.AvgRanks[j] - (K+1)/2
		ss.Add(d * d)
	}
	chi := 12 * N / (K * (K + 1)) * ss.Value()
	if opt.TieCorrection {
		c := 1 - ties/(N*(K*K*K-K))
		if c <= 0 {
			return nil, fmt.Errorf("%w: every algorithm ties on every data set", ErrZeroVariance)
		}
		chi /= c
	}
	r.ChiSquare = chi
	r.PValue = chi2SF(chi, K-1)
	den := N*(K-1) - chi
	if den <= 0 {
		r.ImanDavenport = math.Inf(1)
		r.ImanDavenportP = 0
		r.Warnings = append(r.Warnings, "every data set ranks the algorithms the same way: the Iman–Davenport statistic is infinite")
	} else {
		r.ImanDavenport = (N - 1) * chi / den
		r.ImanDavenportP = fSF(r.ImanDavenport, K-1, (K-1)*(N-1))
	}
	r.QAlpha, r.CD, r.NemenyiP = Nemenyi(r.AvgRanks, n, alpha)
	ph, err := postHoc(scores, r, opt)
	if err != nil {
		return nil, err
	}
	r.PostHoc = ph
	return r, nil
}

// Nemenyi returns the Nemenyi critical value q_α = q(1−α; k, ∞)/√2, the
// critical difference CD = q_α √(k(k+1)/(6N)) of average ranks over n data
// sets, and the matrix of pairwise p-values (see FriedmanResult). Zhou's
// table 2.7 rounds q_α to 3 decimals (k = 3: 2.344). It panics if
// len(avgRanks) < 2, n < 1 or alpha is not in (0, 1).
func Nemenyi(avgRanks []float64, n int, alpha float64) (qAlpha, cd float64, p [][]float64) {
	k := len(avgRanks)
	if k < 2 || n < 1 || !(alpha > 0 && alpha < 1) {
		panic(fmt.Sprintf("hyptest: Nemenyi needs k ≥ 2, n ≥ 1, 0 < α < 1; got k = %d, n = %d, α = %v", k, n, alpha))
	}
	d := StudentizedRange{K: k, DF: math.Inf(1)}
	qAlpha = d.UpperQuantile(alpha) / math.Sqrt2
	se := math.Sqrt(float64(k) * float64(k+1) / (6 * float64(n)))
	cd = qAlpha * se
	p = make([][]float64, k)
	for i := range p {
		p[i] = make([]float64, k)
		p[i][i] = 1
	}
	// Average ranks over n data sets are multiples of 1/(2n), so rank
	// differences repeat: compute each distinct one once.
	memo := map[float64]float64{}
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			diff := math.Abs(avgRanks[i] - avgRanks[j])
			v, ok := memo[diff]
			if !ok {
				v = d.Survival(diff / se * math.Sqrt2)
				memo[diff] = v
			}
			p[i][j], p[j][i] = v, v
		}
	}
	return qAlpha, cd, p
}

// averageRanks ranks x ascending from 1, ties getting the average of their
// ranks, and returns Σ(t³ − t) over the groups of t ties.
func averageRanks(x []float64) (ranks []float64, ties float64) {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case x[a] < x[b]:
			return -1
		case x[a] > x[b]:
			return 1
		}
		return 0
	})
	ranks = make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		r := float64(i+j+1) / 2 // mean of ranks i+1 … j
		for _, t := range idx[i:j] {
			ranks[t] = r
		}
		if t := float64(j - i); t > 1 {
			ties += t*t*t - t
		}
		i = j
	}
	return ranks, ties
}
