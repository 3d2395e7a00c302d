//go:build !amd64 || purego

package vmath

// haveAVX2 is false where there are no vector kernels.
const haveAVX2 = false

func logAVX2(dst, src []float64) int { panic("unreachable") }

func sqrtAVX2(dst, src []float64) { panic("unreachable") }

func divAVX2(dst, x, y []float64) { panic("unreachable") }
