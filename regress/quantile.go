package regress

import "math"

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

// median returns numpy's median of a (reordering a): the middle value for
// odd n, the mean of the two middle values for even n.
func median(a []float64) float64 {
	n := len(a)
	hi := selectK(a, n/2)
	if n%2 == 1 {
		return hi
	}
	lo := maxOf(a[:n/2])
	return (lo + hi) / 2
}

// percentileLinear returns numpy 1.24's np.percentile(a, q) with the
// default "linear" method (Hyndman & Fan type 7), reordering a: the virtual
// index h = (n − 1)·q/100 and a lerp between the order statistics ⌊h⌋ and
// ⌊h⌋ + 1 computed as numpy's _lerp does.
func percentileLinear(a []float64, q float64) float64 {
	n := len(a)
	h := float64(n-1) * (q / 100)
	i := int(math.Floor(h))
	if i >= n-1 {
		return selectK(a, n-1)
	}
	if i < 0 {
		i = 0
	}
	t := h - float64(i)
	lo := selectK(a, i)
	hiv := a[i+1]
	for _, v := range a[i+2:] {
		if v < hiv {
			hiv = v
		}
	}
	d := hiv - lo
	if t >= 0.5 {
		return hiv - d*(1-t)
	}
	return lo + d*t
}

// weightedPercentile returns scikit-learn 1.2's _weighted_percentile(a, w,
// q): the smallest value v of a with W(≤ v) ≥ q/100 · Σ w, where a zero
// target is replaced by the smallest positive float (so leading zero-weight
// values are skipped); if no value reaches the target (all weights zero) it
// is the largest value. It works on a copy; a and w are not modified.
func weightedPercentile(a, w []float64, q float64) float64 {
	type vw struct{ v, w float64 }
	xs := make([]vw, len(a))
	var total float64
	for i, v := range a {
		xs[i] = vw{v, w[i]}
		total += w[i]
	}
	target := q / 100 * total
	if target == 0 {
		target = math.SmallestNonzeroFloat64
	}
	// Invariant: the answer is in xs[lo:hi], and base is the weight of
	// the values below xs[lo:hi].
	lo, hi := 0, len(xs)
	base := 0.0
	rng := uint64(0x9e3779b97f4a7c15)
	for hi-lo > 0 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		p := xs[lo+int(rng%uint64(hi-lo))].v
		lt, i, gt := lo, lo, hi-1
		var wl, we float64
		for i <= gt {
			switch x := xs[i]; {
			case x.v < p:
				wl += x.w
				xs[lt], xs[i] = xs[i], xs[lt]
				lt++
				i++
			case x.v > p:
				xs[i], xs[gt] = xs[gt], xs[i]
				gt--
			default:
				we += x.w
				i++
			}
		}
		switch {
		case base+wl >= target && lt > lo:
			hi = lt
		case base+wl+we >= target:
			return p
		default:
			base += wl + we
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
