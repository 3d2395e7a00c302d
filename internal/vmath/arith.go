package vmath

import "math"

// Sqrt sets dst[i] = math.Sqrt(src[i]) for every i, bit for bit (a square
// root rounded once: −0 gives −0, a negative value NaN, +Inf +Inf).
//
// dst and src are the same slice or do not overlap. It panics if their
// lengths differ.
func Sqrt(dst, src []float64) {
	if len(dst) != len(src) {
		panic("vmath: Sqrt of slices of different lengths")
	}
	if n := len(src) &^ 3; haveAVX2 && n > 0 {
		sqrtAVX2(dst[:n], src[:n])
		dst, src = dst[n:], src[n:]
	}
	for i, x := range src {
		dst[i] = math.Sqrt(x)
	}
}

// Div sets dst[i] = x[i] / y[i] for every i, bit for bit (a quotient
// rounded once; the NaNs of Go's division on the running platform).
//
// dst is x, y, or a slice that overlaps neither. It panics if the three
// lengths differ.
func Div(dst, x, y []float64) {
	if len(dst) != len(x) || len(y) != len(x) {
		panic("vmath: Div of slices of different lengths")
	}
	if n := len(x) &^ 3; haveAVX2 && n > 0 {
		divAVX2(dst[:n], x[:n], y[:n])
		dst, x, y = dst[n:], x[n:], y[n:]
	}
	for i, xi := range x {
		dst[i] = xi / y[i]
	}
}
