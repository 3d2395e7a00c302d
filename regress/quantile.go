package regress

import (
	"cmp"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// selectK rearranges a so that a[k] is its k-th smallest value (0-based),
// every a[:k] ≤ a[k] and every a[k+1:] ≥ a[k], and returns a[k]. It is
// Hoare's quickselect with a three-way partition (so ties cost nothing) and
// a deterministic pseudo-random pivot: expected O(n).
func selectK(a []float64, k int) float64 {
	lo, hi := 0, len(a) // search in a[lo:hi]
	rng := uint64(0x9e3779b97f4a7c15)
	for hi-lo > 1 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		p := a[lo+int(rng%uint64(hi-lo))]
		// Dutch national flag: [lo,lt) < p, [lt,i) == p, (gt,hi) > p.
		lt, i, gt := lo, lo, hi-1
		for i <= gt {
			switch v := a[i]; {
			case v < p:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case v > p:
				a[i], a[gt] = a[gt], a[i]
				gt--
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k <= gt:
			return p
		default:
			lo = gt + 1
		}
	}
	return a[k]
}

// maxOf returns the largest value of a non-empty slice.
func maxOf(a []float64) float64 {
	m := a[0]
	for _, v := range a[1:] {
		if v > m {
			m = v
		}
	}
	return m
}

// median returns numpy's median of a: the middle value for odd n, the
// mean of the two middle values for even n. It may reorder a.
func median(a []float64) float64 { return medianParts(floatParts(a), len(a)) }

// medianParts is median over the n values of parts (see orderStatsOf).
func medianParts(parts []part, n int) float64 {
	if n%2 == 1 {
		v, _ := orderStatsOf(parts, n, n/2)
		return v
	}
	lo, hi := orderStatsOf(parts, n, n/2-1)
	return (lo + hi) / 2
}

// percentileLinear returns numpy 1.24's np.percentile(a, q) with the
// default "linear" method (Hyndman & Fan type 7): the virtual index
// h = (n − 1)·q/100 and a lerp between the order statistics ⌊h⌋ and
// ⌊h⌋ + 1 computed as numpy's _lerp does. It may reorder a.
func percentileLinear(a []float64, q float64) float64 {
	return percentileLinearOf(floatParts(a), len(a), q)
}

// percentileLinearOf is percentileLinear over the n values of parts (see
// orderStatsOf).
func percentileLinearOf(parts []part, n int, q float64) float64 {
	h := float64(n-1) * (q / 100)
	i := int(math.Floor(h))
	if i >= n-1 {
		v, _ := orderStatsOf(parts, n, n-1)
		return v
	}
	if i < 0 {
		i = 0
	}
	t := h - float64(i)
	lo, hiv := orderStatsOf(parts, n, i)
	d := hiv - lo
	if t >= 0.5 {
		return hiv - d*(1-t)
	}
	return lo + d*t
}

// sampleSize is the sample from which the band method picks its pivots;
// bandSigmas · √sampleSize/2 sample ranks either side of the estimate make
// a miss (and the fallback) very unlikely.
const (
	sampleSize  = 1 << 14
	bandSigmas  = 6
	bandMinSize = 1 << 15 // below this, plain quickselect
)

// xorshift is the deterministic generator of pivots and samples.
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

// orderStats returns the k-th smallest value of a (0-based) and the
// (k+1)-th (or +Inf when k is the last). For large a it estimates a band
// of values around rank k from a sample (Floyd & Rivest's idea), keeps the
// values inside the band in one pass and sorts only those, without
// touching a; if the band misses rank k (or is too wide, as with massive
// ties) it falls back to quickselect in place, which reorders a.
func orderStats(a []float64, k int) (float64, float64) {
	n := len(a)
	if n >= bandMinSize {
		if v0, v1, ok := bandStats(a, k); ok {
			return v0, v1
		}
	}
	v0 := selectK(a, k)
	if k+1 >= n {
		return v0, math.Inf(1)
	}
	v1 := a[k+1]
	for _, v := range a[k+2:] {
		if v < v1 {
			v1 = v
		}
	}
	return v0, v1
}

// bandStats is the band method of orderStats on one slice.
// The slice is cut into parts of bandPiece values, so that the pass over
// them runs on every processor (the count below the band and the values
// kept do not depend on the cut).
func bandStats(a []float64, k int) (float64, float64, bool) {
	return bandStatsParts(pieces(floatParts(a)), len(a), k)
}

// bandPiece is the size of the parts bandStats cuts a slice into.
const bandPiece = 1 << 14

// band is the test lo ≤ v ≤ hi. For finite bounds it first checks
// |v − mid| against a slightly widened half-width, one comparison that is
// almost always false (so well predicted), and only then the exact test.
// It is a value with a method, not a closure, so that the test is inlined
// into the loops over every kept value.
type band struct {
	lo, hi, mid, lim float64
	finite           bool
}

func inBand(lo, hi float64) band {
	b := band{lo: lo, hi: hi}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsInf(hi-lo, 0) {
		return b
	}
	half := (hi - lo) / 2
	b.mid, b.finite = lo+half, true
	b.lim = half + (half*1e-6 + 4*math.SmallestNonzeroFloat64 + 1e-300)
	return b
}

func (b band) in(v float64) bool {
	if b.finite {
		return math.Abs(v-b.mid) <= b.lim && v >= b.lo && v <= b.hi
	}
	return v >= b.lo && v <= b.hi
}

// bandCap is the room reserved for the band of n values placed from a
// sample of m: the 2d + 1 sample ranks of bandAround span about
// (2d + 1)/m of the values,
// plus a margin, so that the band seldom grows (and leaves garbage behind).
func bandCap(n, m int) int {
	d := int(bandSigmas*math.Sqrt(float64(m))/2) + 1
	return min(n/8+1, int(float64(n)*float64(2*d+1)/float64(m)*1.25)+1024)
}

// sampleFor is the size of the sample of the band method over n values:
// sampleSize, or n/16 for fewer than 16·sampleSize values, but at least
// 4096, whose band (9% of the values) stays below the n/8 the band
// method keeps at most.
func sampleFor(n int) int {
	return max(4096, min(sampleSize, n/16))
}

// bandAround returns the values of a sorted sample bandSigmas standard
// deviations of a sample rank either side of fraction f (−Inf / +Inf past
// the ends).
func bandAround(sample []float64, f float64) (float64, float64) {
	m := len(sample)
	d := int(bandSigmas*math.Sqrt(float64(m))/2) + 1
	r := int(f * float64(m))
	lo, hi := math.Inf(-1), math.Inf(1)
	if r-d >= 0 {
		lo = sample[r-d]
	}
	if r+d < m {
		hi = sample[r+d]
	}
	return lo, hi
}

// weightedPercentile returns scikit-learn 1.2's _weighted_percentile(a, w,
// q): the smallest value v of a with W(≤ v) ≥ q/100 · Σ w, where a zero
// target is replaced by the smallest positive float (so leading zero-weight
// values are skipped); if no value reaches the target (all weights zero) it
// is the largest value. The sums are exact (Σ w rounded once; each W(≤ v)
// compared exactly with the target), so the answer does not depend on the
// order of the values: a pipeline that holds them in pieces finds the same
// one (see [State.Select]). It works on a copy; a and w are not modified.
func weightedPercentile(a, w []float64, q float64) float64 {
	if len(a) >= bandMinSize {
		if v, ok := weightedBand(a, w, q); ok {
			return v
		}
	}
	type vw struct{ v, w float64 }
	xs := make([]vw, len(a))
	var total xsum.Sum
	for i, v := range a {
		xs[i] = vw{v, w[i]}
		total.Add(w[i])
	}
	target := weightTarget(total.Value(), q)
	// Invariant: the answer is in xs[lo:hi], and base is the weight of
	// the values below xs[lo:hi].
	lo, hi := 0, len(xs)
	var base xsum.Sum
	rng := uint64(0x9e3779b97f4a7c15)
	for hi-lo > 0 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		p := xs[lo+int(rng%uint64(hi-lo))].v
		lt, i, gt := lo, lo, hi-1
		wl, we := base, xsum.Sum{}
		for i <= gt {
			switch x := xs[i]; {
			case x.v < p:
				wl.Add(x.w)
				xs[lt], xs[i] = xs[i], xs[lt]
				lt++
				i++
			case x.v > p:
				xs[i], xs[gt] = xs[gt], xs[i]
				gt--
			default:
				we.Add(x.w)
				i++
			}
		}
		switch {
		case wl.Cmp(target) >= 0 && lt > lo:
			hi = lt
		default:
			wl.Merge(&we)
			if wl.Cmp(target) >= 0 {
				return p
			}
			base = wl
			lo = gt + 1
		}
	}
	// No value reaches the target: scikit-learn clips to the last index.
	m := xs[0].v
	for _, x := range xs {
		if x.v > m {
			m = x.v
		}
	}
	return m
}

// weightedPercentile is the weighted percentile under o: exact
// cumulative weights, or scikit-learn's (StateOptions.FloatCumWeights).
func (o StateOptions) weightedPercentile(a, w []float64, q float64) float64 {
	if o.FloatCumWeights {
		return floatWeightedPercentile(a, w, q)
	}
	return weightedPercentile(a, w, q)
}

// floatWeightedPercentile is weightedPercentile with scikit-learn 1.2's
// cumulative weights (_weighted_percentile: np.cumsum of the weights in
// the order of np.argsort of the values, the target q/100 times the last
// of them, np.searchsorted to the left): the values are ordered with
// ties in their given order (numpy's argsort orders the ties of more
// than 16 values its own way, which can round the sums within a tie
// differently), and the weights summed one by one in floating point.
func floatWeightedPercentile(a, w []float64, q float64) float64 {
	n := len(a)
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int { return cmp.Compare(a[i], a[j]) })
	cum := make([]float64, n)
	var c float64
	for k, i := range order {
		c += w[i]
		cum[k] = c
	}
	target := weightTarget(cum[n-1], q)
	k, _ := slices.BinarySearch(cum, target) // the first cumulative weight ≥ target
	return a[order[min(k, n-1)]]
}

// weightTarget is the cumulative weight the weighted q-th percentile must
// reach, out of total: q/100 · total, or the smallest positive float for
// a zero target (so that leading zero-weight values are skipped).
func weightTarget(total, q float64) float64 {
	target := q / 100 * total
	if target == 0 {
		target = math.SmallestNonzeroFloat64
	}
	return target
}

// weightedBand is weightedPercentile by the band method of orderStats: the
// band is placed from a sample's weighted distribution; it reports false
// when the band misses the target.
func weightedBand(a, w []float64, q float64) (float64, bool) {
	n := len(a)
	var total xsum.Sum
	for _, x := range w {
		total.Add(x)
	}
	target := weightTarget(total.Value(), q)
	type vw struct{ v, w float64 }
	rng := xorshift(0x9e3779b97f4a7c15)
	sample := make([]vw, sampleSize)
	var sw float64
	for i := range sample {
		j := rng.next() % uint64(n)
		sample[i] = vw{a[j], w[j]}
		sw += w[j]
	}
	if !(sw > 0) {
		return 0, false
	}
	slices.SortFunc(sample, func(x, y vw) int { return cmp.Compare(x.v, y.v) })
	vals := make([]float64, len(sample))
	f, cum := 1.0, 0.0
	for i, x := range sample {
		vals[i] = x.v
		cum += x.w
		if cum >= q/100*sw && f == 1 {
			f = float64(i) / float64(len(sample))
		}
	}
	lo, hi := bandAround(vals, f)
	var below xsum.Sum
	band := make([]vw, 0, bandCap(n, sampleSize))
	limit := n / 8
	in := inBand(lo, hi)
	for i, v := range a {
		if v < lo {
			below.Add(w[i])
		}
		if in.in(v) {
			if len(band) == limit {
				return 0, false
			}
			band = append(band, vw{v, w[i]})
		}
	}
	if below.Cmp(target) >= 0 {
		return 0, false
	}
	slices.SortFunc(band, func(x, y vw) int { return cmp.Compare(x.v, y.v) })
	acc := below
	for _, x := range band {
		acc.Add(x.w)
		if acc.Cmp(target) >= 0 {
			return x.v, true
		}
	}
	return 0, false
}
