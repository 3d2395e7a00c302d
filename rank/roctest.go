package rank

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/hyptest"
)

// ROCTest is the result of [BootstrapTest] or [VenkatramanTest]: a
// resampling test that two ROC curves, of the scores A and B, are equal.
type ROCTest struct {
	// Method is "bootstrap" or "venkatraman"; Paired says whether A and B
	// score the same rows.
	Method string
	Paired bool
	// AUCA and AUCB are the two AUCs (a tie counting one half).
	AUCA, AUCB float64
	// Statistic is the bootstrap's D = (AUCA − AUCB)/sd of the replicates'
	// differences, or Venkatraman's E, the observed distance between the
	// curves.
	Statistic float64
	// Replicates is the number of bootstrap replicates or permutations;
	// Exceed, for Venkatraman's test, how many permutations' E were at
	// least the observed one.
	Replicates, Exceed int
}

// PValue returns the p-value against alt: for the bootstrap, D referred
// to the standard normal (two-sided 2Φ(−|D|), greater Φ(−D), less Φ(D)),
// as pROC's roc.test(method = "bootstrap"); for Venkatraman's test, the
// share of permutations whose E is at least the observed one (two-sided
// only; it panics for another alt), as pROC's.
func (r ROCTest) PValue(alt hyptest.Alternative) float64 {
	if r.Method == "venkatraman" {
		if alt != hyptest.TwoSided {
			panic("rank: Venkatraman's test is two-sided only")
		}
		return float64(r.Exceed) / float64(r.Replicates)
	}
	switch alt {
	case hyptest.Greater:
		return normCDF(-r.Statistic)
	case hyptest.Less:
		return normCDF(r.Statistic)
	}
	return 2 * normCDF(-math.Abs(r.Statistic))
}

// split returns the scores of the positives and of the negatives, in row
// order, and checks them.
func split(pos []bool, s []float64) (p, n []float64, err error) {
	if len(pos) != len(s) {
		panic(fmt.Sprintf("rank: %d labels and %d scores", len(pos), len(s)))
	}
	for i, v := range s {
		if !isFinite(v) {
			return nil, nil, fmt.Errorf("row %d: score %v: %w", i, v, ErrNotFinite)
		}
		if pos[i] {
			p = append(p, v)
		} else {
			n = append(n, v)
		}
	}
	if len(p) == 0 || len(n) == 0 {
		return nil, nil, fmt.Errorf("%d positives and %d negatives: %w", len(p), len(n), ErrOneClass)
	}
	return p, n, nil
}

// aucOf is the AUC of the positives' scores p against the negatives' n,
// a tie counting one half; it sorts copies.
func aucOf(p, n []float64) float64 {
	p, n = slices.Clone(p), slices.Clone(n)
	slices.Sort(p)
	slices.Sort(n)
	return sortedAUC(p, n)
}

// startROCTest checks that a paired test (the function fn) has one set
// of labels, splits both samples into positive and negative scores, and
// returns the test's result with its method and both AUCs.
func startROCTest(method, fn string, posA []bool, sa []float64, posB []bool, sb []float64, paired bool, reps int) (r *ROCTest, pa, na, pb, nb []float64, err error) {
	if paired && !slices.Equal(posA, posB) {
		panic("rank: a paired " + fn + " of different labels")
	}
	if pa, na, err = split(posA, sa); err != nil {
		return nil, nil, nil, nil, nil, err
	}
	if pb, nb, err = split(posB, sb); err != nil {
		return nil, nil, nil, nil, nil, err
	}
	r = &ROCTest{Method: method, Paired: paired, AUCA: aucOf(pa, na), AUCB: aucOf(pb, nb), Replicates: reps}
	return r, pa, na, pb, nb, nil
}

// BootstrapTest is pROC's roc.test(method = "bootstrap") with its
// default boot.stratified = TRUE: each of reps replicates draws, with
// replacement, as many positives and as many negatives as the data has
// (the same rows for A and B when paired; A's and B's rows independently
// when not), and D = (AUC_A − AUC_B)/sd(AUC*_A − AUC*_B), the sd over the
// replicates with divisor reps − 1. When every replicate's difference is
// 0 and the AUCs are equal, D is 0. Paired, posB must equal posA (the
// same rows). The random draws come from rng. It returns ErrOneClass
// when a sample lacks a class and an error wrapping ErrNotFinite for a
// score that is not finite. It panics if reps < 2, or if a sample's
// labels and scores differ in length (or, paired, posB and posA).
func BootstrapTest(posA []bool, sa []float64, posB []bool, sb []float64, paired bool, reps int, rng *rand.Rand) (*ROCTest, error) {
	if reps < 2 {
		panic(fmt.Sprintf("rank: BootstrapTest of %d replicates", reps))
	}
	r, pa, na, pb, nb, err := startROCTest("bootstrap", "BootstrapTest", posA, sa, posB, sb, paired, reps)
	if err != nil {
		return nil, err
	}
	// Welford's mean and sum of squared deviations of the differences.
	var mean, m2 float64
	allZero := true
	bootReplicates(pa, na, pb, nb, paired, reps, rng, func(k int, aucA, aucB float64) {
		d := aucA - aucB
		allZero = allZero && d == 0
		delta := d - mean
		mean += delta / float64(k+1)
		m2 += delta * (d - mean)
	})
	sd := math.Sqrt(m2 / float64(reps-1))
	r.Statistic = (r.AUCA - r.AUCB) / sd
	if allZero && r.AUCA == r.AUCB {
		r.Statistic = 0
	}
	return r, nil
}

// ranksFirst returns the ranks 1 … n of v, ties broken by position (R's
// rank(v, ties.method = "first")).
func ranksFirst(v []float64) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	r := make([]int, len(v))
	for k, i := range idx {
		r[i] = k + 1
	}
	return r
}

// venkatramanPaired is Venkatraman and Begg's (1996) paired statistic of
// the ranks r and s of the two scores of the same rows (each a
// permutation of 1 … n): with fn(x) the positives ranked at most x and
// fp(x) the negatives ranked above x,
//
//	E = Σ_{x=1}^{n} |(fn_s(x) + fp_s(x)) − (fn_r(x) + fp_r(x))|
func venkatramanPaired(r, s []int, pos []bool) float64 {
	n := len(r)
	// at[x] is +1 for a positive ranked x, −1 for a negative: fn + fp at
	// x is fn(x) + (negatives − neg ranked ≤ x).
	dr, ds := make([]int, n+1), make([]int, n+1)
	for i := range n {
		v := -1
		if pos[i] {
			v = 1
		}
		dr[r[i]], ds[s[i]] = v, v
	}
	var e, cr, cs int
	for x := 1; x <= n; x++ {
		cr += dr[x]
		cs += ds[x]
		e += abs(cs - cr)
	}
	return float64(e)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// VenkatramanTest is pROC's roc.test(method = "venkatraman"): Venkatraman
// and Begg's (1996) permutation test that two ROC curves are equal
// everywhere (two-sided). Scores are ranked with ties broken by row order.
//
// Paired (posA = posB, the same rows), the statistic is that of
// venkatramanPaired on the ranks R of A and S of B; each of reps
// permutations jitters the ranks by U(−½, ½), swaps R and S in each row
// with probability ½ (a swapped row takes the other's ranks unjittered,
// as pROC does), and ranks again.
//
// Unpaired, with mp = (positives of A + positives of B)/(2 n_A) (pROC
// 1.18.0's mixing proportion, whose denominator counts A's rows twice),
// each sample's curve is mapped to p(x) = mp F(x) + (1 − mp) G(x) and
// e(x) = mp F(x) + (1 − mp)(1 − G(x)), F and G the shares of positives
// and negatives ranked at most x, and E = ∫ |e_A − e_B| dp, the
// trapezoid over the merged p of both samples where both e are defined
// (each linearly interpolated, as R's approxfun). Each permutation
// jitters the ranks, pools the two samples' negatives and their
// positives, deals them back at random, and ranks again.
//
// The p-value is the share of permutations whose E is at least the
// observed ([ROCTest.PValue]). The random draws come from rng. It
// returns ErrOneClass when a sample lacks a class and an error wrapping
// ErrNotFinite for a score that is not finite; it panics if reps < 1 or
// the lengths disagree (as [BootstrapTest]).
func VenkatramanTest(posA []bool, sa []float64, posB []bool, sb []float64, paired bool, reps int, rng *rand.Rand) (*ROCTest, error) {
	if reps < 1 {
		panic(fmt.Sprintf("rank: VenkatramanTest of %d permutations", reps))
	}
	r, pa, _, pb, _, err := startROCTest("venkatraman", "VenkatramanTest", posA, sa, posB, sb, paired, reps)
	if err != nil {
		return nil, err
	}
	R, S := ranksFirst(sa), ranksFirst(sb)
	if paired {
		r.Statistic = venkatramanPaired(R, S, posA)
		n := len(R)
		r3, s3 := make([]float64, n), make([]float64, n)
		for range reps {
			for i := range n {
				r2 := float64(R[i]) + rng.Float64() - 0.5
				s2 := float64(S[i]) + rng.Float64() - 0.5
				if rng.Float64() < 0.5 {
					r3[i], s3[i] = r2, s2
				} else {
					r3[i], s3[i] = float64(S[i]), float64(R[i])
				}
			}
			if venkatramanPaired(ranksFirst(r3), ranksFirst(s3), posA) >= r.Statistic {
				r.Exceed++
			}
		}
		return r, nil
	}
	mp := float64(len(pa)+len(pb)) / float64(2*len(sa))
	r.Statistic = venkatramanUnpaired(R, S, posA, posB, mp)
	ra, rb := make([]float64, len(R)), make([]float64, len(S))
	var negs, poss []float64
	for range reps {
		for i := range ra {
			ra[i] = float64(R[i]) + rng.Float64() - 0.5
		}
		for i := range rb {
			rb[i] = float64(S[i]) + rng.Float64() - 0.5
		}
		negs, poss = negs[:0], poss[:0]
		for i, v := range ra {
			if posA[i] {
				poss = append(poss, v)
			} else {
				negs = append(negs, v)
			}
		}
		for i, v := range rb {
			if posB[i] {
				poss = append(poss, v)
			} else {
				negs = append(negs, v)
			}
		}
		rng.Shuffle(len(negs), func(i, j int) { negs[i], negs[j] = negs[j], negs[i] })
		rng.Shuffle(len(poss), func(i, j int) { poss[i], poss[j] = poss[j], poss[i] })
		kn, kp := 0, 0
		deal := func(dst []float64, pos []bool) {
			for i := range dst {
				if pos[i] {
					dst[i] = poss[kp]
					kp++
				} else {
					dst[i] = negs[kn]
					kn++
				}
			}
		}
		deal(ra, posA)
		deal(rb, posB)
		if venkatramanUnpaired(ranksFirst(ra), ranksFirst(rb), posA, posB, mp) >= r.Statistic {
			r.Exceed++
		}
	}
	return r, nil
}

// venkatramanUnpaired is the unpaired statistic of [VenkatramanTest] of
// the ranks r of sample A and s of sample B (each a permutation of 1 … n
// of its own rows).
func venkatramanUnpaired(r, s []int, posA, posB []bool, mp float64) float64 {
	curve := func(rk []int, pos []bool) (p, e []float64) {
		n := len(rk)
		at := make([]bool, n+1)
		var np, nn int
		for i := range n {
			at[rk[i]] = pos[i]
			if pos[i] {
				np++
			} else {
				nn++
			}
		}
		p, e = make([]float64, n), make([]float64, n)
		var cp, cn int
		for x := 1; x <= n; x++ {
			if at[x] {
				cp++
			} else {
				cn++
			}
			f, g := float64(cp)/float64(np), float64(cn)/float64(nn)
			p[x-1] = mp*f + (1-mp)*g
			e[x-1] = mp*f + (1-mp)*(1-g)
		}
		return p, e
	}
	rp, re := curve(r, posA)
	sp, se := curve(s, posB)
	x := append(slices.Clone(rp), sp...)
	slices.Sort(x)
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = math.Abs(approx(rp, re, v) - approx(sp, se, v))
	}
	var sum float64
	for i := 1; i < len(x); i++ {
		t := (y[i] + y[i-1]) * (x[i] - x[i-1]) / 2
		if !math.IsNaN(t) {
			sum += t
		}
	}
	return sum
}

// approx is R's approxfun(x, y)(v) for increasing x: y linearly
// interpolated, NaN outside [x₀, x_{n−1}].
func approx(x, y []float64, v float64) float64 {
	n := len(x)
	if n == 0 || v < x[0] || v > x[n-1] {
		return math.NaN()
	}
	i, j := 0, n-1
	for i < j-1 {
		ij := (i + j) / 2
		if v < x[ij] {
			j = ij
		} else {
			i = ij
		}
	}
	if v == x[j] {
		return y[j]
	}
	if v == x[i] {
		return y[i]
	}
	return y[i] + (y[j]-y[i])*((v-x[i])/(x[j]-x[i]))
}
