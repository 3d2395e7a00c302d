package resample

// numpyArgsort returns the permutation that sorts v ascending, with equal
// values in the order NumPy 1.24's default argsort (kind="quicksort", an
// introsort) leaves them. scikit-learn's GroupKFold breaks ties between
// groups of equal size with it, so reproducing its fold membership needs
// the same order. The algorithm: while a range has more than 16 elements,
// partition it around the median of its first, middle and last elements
// (the smaller side is done first, the larger is deferred); ranges of up to
// 16 elements are finished by insertion sort; after 2·⌊log2 n⌋ partitions
// on one path, a deferred range is heapsorted instead.
func numpyArgsort(v []int64) []int {
	n := len(v)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if n < 2 {
		return idx
	}
	less := func(a, b int) bool { return v[a] < v[b] }
	type frame struct{ lo, hi, depth int }
	var stack []frame
	lo, hi := 0, n-1
	depth := 2 * msb(n)
	for {
		if depth < 0 {
			heapsortRange(idx[lo:hi+1], less)
		} else {
			for hi-lo > 15 {
				mid := lo + (hi-lo)>>1
				if less(idx[mid], idx[lo]) {
					idx[mid], idx[lo] = idx[lo], idx[mid]
				}
				if less(idx[hi], idx[mid]) {
					idx[hi], idx[mid] = idx[mid], idx[hi]
				}
				if less(idx[mid], idx[lo]) {
					idx[mid], idx[lo] = idx[lo], idx[mid]
				}
				pivot := v[idx[mid]]
				i, j := lo, hi-1
				idx[mid], idx[j] = idx[j], idx[mid]
				for {
					i++
					for v[idx[i]] < pivot {
						i++
					}
					j--
					for pivot < v[idx[j]] {
						j--
					}
					if i >= j {
						break
					}
					idx[i], idx[j] = idx[j], idx[i]
				}
				idx[i], idx[hi-1] = idx[hi-1], idx[i]
				// the depth budget is checked only when a deferred range
				// is resumed, as NumPy does
				depth--
				if i-lo < hi-i {
					stack = append(stack, frame{i + 1, hi, depth})
					hi = i - 1
				} else {
					stack = append(stack, frame{lo, i - 1, depth})
					lo = i + 1
				}
			}
			for a := lo + 1; a <= hi; a++ {
				x := idx[a]
				b := a
				for b > lo && v[x] < v[idx[b-1]] {
					idx[b] = idx[b-1]
					b--
				}
				idx[b] = x
			}
		}
		if len(stack) == 0 {
			break
		}
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		lo, hi, depth = f.lo, f.hi, f.depth
	}
	return idx
}

// msb returns ⌊log2 n⌋ for n ≥ 1.
func msb(n int) int {
	d := 0
	for n > 1 {
		n >>= 1
		d++
	}
	return d
}

// heapsortRange sorts a by the textbook binary-heap sort (1-based heap
// indices), the fallback NumPy's introsort uses.
func heapsortRange(a []int, less func(a, b int) bool) {
	n := len(a)
	at := func(i int) *int { return &a[i-1] }
	sift := func(i, n, tmp int) {
		j := 2 * i
		for j <= n {
			if j < n && less(*at(j), *at(j + 1)) {
				j++
			}
			if !less(tmp, *at(j)) {
				break
			}
			*at(i) = *at(j)
			i = j
			j += j
		}
		*at(i) = tmp
	}
	for l := n >> 1; l > 0; l-- {
		sift(l, n, *at(l))
	}
	for ; n > 1; n-- {
		tmp := *at(n)
		*at(n) = *at(1)
		sift(1, n-1, tmp)
	}
}
