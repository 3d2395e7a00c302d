package text

import (
	"math"
	"slices"
)

// Distribution summarises the scores of sentences scored alone: their number,
// mean, extremes and quartiles (linear interpolation between order
// statistics, numpy's default: the p-quantile of n sorted values is at
// position p·(n − 1)), and a histogram of Bins equal-width bins over
// [Min, Max] (the last bin closed).
type Distribution struct {
	N    int
	Mean float64
	// The quartiles are numpy's quantile(method="lower"): each the score
	// of a sentence, whose index is in the …At field.
	Min, Q1, Median, Q3, Max           float64
	MinAt, Q1At, MedianAt, Q3At, MaxAt int
	Edges                              []float64 // len(Counts) + 1
	Counts                             []int
	Lowest, Highest                    []int // the indices of the lowest and highest scores, lowest (highest) first, ties by index
}

// NewDistribution summarises scores with bins histogram bins and the top
// indices at each end. It returns the zero value for no scores.
func NewDistribution(scores []float64, bins, top int) Distribution {
	n := len(scores)
	if n == 0 || bins < 1 {
		return Distribution{}
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case scores[a] < scores[b]:
			return -1
		case scores[a] > scores[b]:
			return 1
		}
		return 0
	})
	// q is the index of the p-quantile by numpy's "lower" method: the
	// score of an actual sentence, which the JSON Lines hold.
	q := func(p float64) int { return idx[int(math.Floor(p*float64(n-1)))] }
	sum := 0.0
	for _, s := range scores {
		sum += s
	}
	d := Distribution{N: n, Mean: sum / float64(n), MinAt: idx[0], Q1At: q(0.25), MedianAt: q(0.5), Q3At: q(0.75), MaxAt: idx[n-1]}
	d.Min, d.Q1, d.Median, d.Q3, d.Max = scores[d.MinAt], scores[d.Q1At], scores[d.MedianAt], scores[d.Q3At], scores[d.MaxAt]
	lo, hi := d.Min, d.Max
	if !(hi > lo) {
		lo, hi = lo-0.5, hi+0.5
	}
	d.Edges = make([]float64, bins+1)
	for i := range d.Edges {
		d.Edges[i] = lo + (hi-lo)*float64(i)/float64(bins)
	}
	d.Edges[bins] = hi
	d.Counts = make([]int, bins)
	for _, s := range scores {
		b := int((s - lo) / (hi - lo) * float64(bins))
		d.Counts[min(max(b, 0), bins-1)]++
	}
	top = min(top, n)
	d.Lowest = slices.Clone(idx[:top])
	for i := n - 1; i >= n-top; i-- {
		d.Highest = append(d.Highest, idx[i])
	}
	return d
}
