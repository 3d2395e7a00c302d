package vmath

import "math"

// Log1p sets dst[i] = math.Log1p(src[i]) for every i of src (dst is at
// least as long), bit for bit. Where a vector kernel gives math.Log1p's
// very bits (amd64 with AVX2, built for GOAMD64 v1 or v2, whose Go
// arithmetic fuses no multiply-add), it runs four values at a time: the
// steps of math.Log1p's Go code, both of its cases computed and the
// lane's chosen; values of its other cases (|x| < 2⁻²⁹, |x| ≥ 2⁵³, x ≤ −1,
// NaN, ±Inf, or a power of two after the reduction) go four at a time to
// math.Log1p.
func Log1p(dst, src []float64) {
	dst = dst[:len(src)]
	i := 0
	if haveLog1pAVX2 {
		for len(src)-i >= 4 {
			i += log1pAVX2(dst[i:], src[i:i+(len(src)-i)&^3])
			if len(src)-i < 4 {
				break
			}
			// The group at i holds a value of another case.
			for j := i; j < i+4; j++ {
				dst[j] = math.Log1p(src[j])
			}
			i += 4
		}
	}
	for ; i < len(src); i++ {
		dst[i] = math.Log1p(src[i])
	}
}
