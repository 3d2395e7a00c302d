package rank

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// bootReplicates draws reps stratified bootstrap replicates of two
// curves' scores (pa, na: curve A's positive and negative scores; pb, nb:
// B's) and calls each with the replicate's index and its two AUCs. Each
// replicate draws, with replacement, as many positives and as many
// negatives as the data has: the same rows for A and B when paired (pa
// and pb, na and nb, then have equal lengths), A's and B's rows
// independently when not, as pROC's boot.stratified = TRUE.
func bootReplicates(pa, na, pb, nb []float64, paired bool, reps int, rng *rand.Rand, each func(k int, aucA, aucB float64)) {
	draw := func(dst, src []float64, idx []int) {
		for k := range dst {
			if idx != nil {
				dst[k] = src[idx[k]]
			} else {
				dst[k] = src[rng.IntN(len(src))]
			}
		}
		slices.Sort(dst)
	}
	index := func(idx []int, n int) []int {
		for k := range idx {
			idx[k] = rng.IntN(n)
		}
		return idx
	}
	xa, ya := make([]float64, len(pa)), make([]float64, len(na))
	xb, yb := make([]float64, len(pb)), make([]float64, len(nb))
	ip, in := make([]int, len(pa)), make([]int, len(na))
	for k := range reps {
		if paired {
			index(ip, len(pa))
			index(in, len(na))
			draw(xa, pa, ip)
			draw(ya, na, in)
			draw(xb, pb, ip)
			draw(yb, nb, in)
		} else {
			draw(xa, pa, nil)
			draw(ya, na, nil)
			draw(xb, pb, nil)
			draw(yb, nb, nil)
		}
		each(k, sortedAUC(xa, ya), sortedAUC(xb, yb))
	}
}

// BootstrapCov returns the variances of two paired curves' AUCs (two
// scores of the same rows, higher = more positive) and their covariance
// over reps stratified bootstrap replicates (as [BootstrapTest] draws
// them), with divisor reps − 1, as pROC's cov(roc1, roc2, method =
// "bootstrap", boot.return = TRUE) and the variances of its resampled
// values. The random draws come from rng. It returns ErrOneClass when a
// class is missing and an error wrapping ErrNotFinite for a score that is
// not finite. It panics if reps < 2 or the slices differ in length.
func BootstrapCov(positive []bool, scoreA, scoreB []float64, reps int, rng *rand.Rand) (varA, varB, cov float64, err error) {
	if reps < 2 {
		panic(fmt.Sprintf("rank: BootstrapCov of %d replicates", reps))
	}
	if len(scoreA) != len(positive) || len(scoreB) != len(positive) {
		panic("rank: BootstrapCov: slices of different lengths")
	}
	pa, na, err := split(positive, scoreA)
	if err != nil {
		return 0, 0, 0, err
	}
	pb, nb, err := split(positive, scoreB)
	if err != nil {
		return 0, 0, 0, err
	}
	as, bs := make([]float64, reps), make([]float64, reps)
	bootReplicates(pa, na, pb, nb, true, reps, rng, func(k int, a, b float64) { as[k], bs[k] = a, b })
	var sa, sb xsum.Sum
	sa.AddSlice(as)
	sb.AddSlice(bs)
	ma, mb := sa.Value()/float64(reps), sb.Value()/float64(reps)
	var saa, sbb, sab xsum.Sum
	for k := range as {
		da, db := as[k]-ma, bs[k]-mb
		saa.Add(da * da)
		sbb.Add(db * db)
		sab.Add(da * db)
	}
	d := float64(reps - 1)
	return saa.Value() / d, sbb.Value() / d, sab.Value() / d, nil
}
