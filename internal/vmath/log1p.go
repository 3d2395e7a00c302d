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
	byGroups(dst, src, haveLog1pAVX2, log1pAVX2, math.Log1p)
}
