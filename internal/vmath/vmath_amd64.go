//go:build !purego

package vmath

import "golang.org/x/sys/cpu"

// haveAVX2 selects the vector kernels of Log, Sqrt and Div (vmath_amd64.s).
var haveAVX2 = cpu.X86.HasAVX2

//go:noescape
func logAVX2(dst, src []float64) int

//go:noescape
func sqrtAVX2(dst, src []float64)

//go:noescape
func divAVX2(dst, x, y []float64)
