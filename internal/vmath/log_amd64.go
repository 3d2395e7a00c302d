//go:build !purego

package vmath

import "golang.org/x/sys/cpu"

// haveAVX2 selects the vector kernel of Log (log_amd64.s).
var haveAVX2 = cpu.X86.HasAVX2

//go:noescape
func logAVX2(dst, src []float64) int
