// Package vmath computes elementary functions over slices, with exactly
// the bits of the math package's function of each value: a caller may
// replace a loop of math calls with one call here and keep every output
// bit.
//
// On amd64 with AVX2 the work runs four values an instruction, each lane
// taking the same operations in the same order as the math package's
// scalar code, none fused, so that every rounding is the same; values
// that the scalar code treats as special cases (Log's ±0, negative
// values, +Inf and NaNs) go to the math package itself. Elsewhere, and
// under the build tag purego, it is a loop of math calls.
package vmath

import "math"

// Log sets dst[i] = math.Log(src[i]) for every i, bit for bit: ±0 gives
// −Inf, a negative value or a NaN gives NaN, +Inf gives +Inf (the NaNs'
// bits are math.Log's too).
//
// On amd64 math.Log is the assembly archLog of math/log_amd64.s; the
// pure-Go log of math/log.go, which other platforms run, gives other bits
// in three cases: archLog takes a subnormal's exponent field as it is
// (math.Log(5e-324) = −709.0895… there, −744.4400… by log.go); it halves
// the fraction f1 ∈ [½, 1) when f1 ≤ √2/2 where log.go does when f1 < √2/2,
// which changes the last bit at 2³²·√2/2 (0x1.5d589f2fe5108p+4, log.go
// 0x1.5d589f2fe5107p+4); and it returns NaN (0x7ff8000000000001) for a
// NaN of negative sign where log.go returns the argument. On every other
// value of 2·10⁷ random bit patterns the two agree. Log matches math.Log
// of the running platform in every case.
//
// dst and src are the same slice or do not overlap. It panics if their
// lengths differ.
func Log(dst, src []float64) {
	if len(dst) != len(src) {
		panic("vmath: Log of slices of different lengths")
	}
	byGroups(dst, src, haveAVX2, logAVX2, math.Log)
}

// byGroups sets dst[i] = f(src[i]) for every i of src: with vector, by
// kernel, which sets the values of src's groups of four from the start
// up to the first group holding a value of a case it leaves to f, and
// returns how many it set; each such group, and the last values short of
// a group, by f.
func byGroups(dst, src []float64, vector bool, kernel func(dst, src []float64) int, f func(float64) float64) {
	dst = dst[:len(src)]
	if vector {
		for len(src) >= 4 {
			n := kernel(dst, src[:len(src)&^3])
			dst, src = dst[n:], src[n:]
			if len(src) < 4 {
				break
			}
			for i, x := range src[:4] {
				dst[i] = f(x)
			}
			dst, src = dst[4:], src[4:]
		}
	}
	for i, x := range src {
		dst[i] = f(x)
	}
}
