// Package fixed writes float64 values that are decimals of a few digits
// as int32 mantissas of a power of ten: v is kept as the m whose quotient
// m/div, rounded once, has v's very bits, so that it comes back exactly.
package fixed

import "math"

// Mantissa returns the int32 m whose quotient m/div, rounded once, is v
// bit for bit, and whether there is one (m is the nearest integer to
// v·div, which for such a v and a div = 10^k, k ≤ 9, is within 2⁻²⁰ of
// it). −0 has none: 0/div is +0.
func Mantissa(v, div float64) (int32, bool) {
	t := v * div
	m := int64(t + math.Copysign(0.5, t)) // a value past int64 fails below
	return int32(m), m >= math.MinInt32 && m <= math.MaxInt32 && math.Float64bits(float64(m)/div) == math.Float64bits(v)
}

// Encode sets m[i] to Mantissa(v[i], div) for every i of v (m is at
// least as long) and reports whether every v[i] has a mantissa. When it
// reports false, m's values are unspecified.
func Encode(m []int32, v []float64, div float64) bool {
	m = m[:len(v)]
	n := 0
	if haveAVX2 && len(v) >= 4 {
		n = len(v) &^ 3
		if !encodeAVX2(m[:n], v[:n], div) {
			// A lane without a mantissa, or one whose mantissa is
			// MinInt32, which the vector conversion also gives for a
			// value out of range: the loop decides.
			n = 0
		}
	}
	ok := true
	for i := n; i < len(v); i++ {
		a, oa := Mantissa(v[i], div)
		m[i] = a
		ok = ok && oa
	}
	return ok
}
