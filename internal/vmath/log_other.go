//go:build !amd64 || purego

package vmath

// haveAVX2 is false where there is no vector kernel.
const haveAVX2 = false

func logAVX2(dst, src []float64) int { panic("unreachable") }
