package rank

import "math"

// key maps a finite float64 to a uint64 whose unsigned order is the
// numeric order of the floats. −0 must have been folded into +0 first.
func key(f float64) uint64 {
	b := math.Float64bits(f)
	// Negative: every bit flipped (^b); else the sign bit set. No branch
	// on the sign, which random scores would mispredict.
	return b ^ (uint64(int64(b)>>63) | 1<<63)
}

// unkey inverts key.
func unkey(k uint64) float64 {
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

const (
	radixBits   = 11
	radixPasses = 6 // 6 × 11 = 66 ≥ 64 bits
	radixSize   = 1 << radixBits
	radixMask   = radixSize - 1
)

// radixHist counts every digit of every key in one pass over the data.
func radixHist(keys []uint64) *[radixPasses][radixSize]int {
	var h [radixPasses][radixSize]int
	for _, k := range keys {
		h[0][k&radixMask]++
		h[1][(k>>11)&radixMask]++
		h[2][(k>>22)&radixMask]++
		h[3][(k>>33)&radixMask]++
		h[4][(k>>44)&radixMask]++
		h[5][k>>55]++
	}
	return &h
}

// radixSort sorts keys in increasing order (least significant digit
// first, 11-bit digits). buf must be at least as long as keys; a digit
// that is the same in every key costs no pass. The result is in keys.
func radixSort(keys, buf []uint64) {
	n := len(keys)
	if n < 2 {
		return
	}
	if n < 256 {
		insertionSort(keys)
		return
	}
	buf = buf[:n]
	h := radixHist(keys)
	src, dst := keys, buf
	for p := 0; p < radixPasses; p++ {
		shift := uint(p * radixBits)
		c := &h[p]
		if c[(src[0]>>shift)&radixMask] == n {
			continue // every key has this digit
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, k := range src {
			d := (k >> shift) & radixMask
			dst[c[d]] = k
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// radixSortPairs sorts keys increasingly and carries vals along (stably).
func radixSortPairs(keys []uint64, vals []float64, kbuf []uint64, vbuf []float64) {
	n := len(keys)
	if n < 2 {
		return
	}
	if n < 256 {
		for i := 1; i < n; i++ {
			k, v := keys[i], vals[i]
			j := i
			for ; j > 0 && keys[j-1] > k; j-- {
				keys[j], vals[j] = keys[j-1], vals[j-1]
			}
			keys[j], vals[j] = k, v
		}
		return
	}
	kbuf, vbuf = kbuf[:n], vbuf[:n]
	h := radixHist(keys)
	ks, kd, vs, vd := keys, kbuf, vals, vbuf
	for p := 0; p < radixPasses; p++ {
		shift := uint(p * radixBits)
		c := &h[p]
		if c[(ks[0]>>shift)&radixMask] == n {
			continue
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for i, k := range ks {
			d := (k >> shift) & radixMask
			kd[c[d]] = k
			vd[c[d]] = vs[i]
			c[d]++
		}
		ks, kd, vs, vd = kd, ks, vd, vs
	}
	if &ks[0] != &keys[0] {
		copy(keys, ks)
		copy(vals, vs)
	}
}

func insertionSort(a []uint64) {
	for i := 1; i < len(a); i++ {
		k := a[i]
		j := i
		for ; j > 0 && a[j-1] > k; j-- {
			a[j] = a[j-1]
		}
		a[j] = k
	}
}
