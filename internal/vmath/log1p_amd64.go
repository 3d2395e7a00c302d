//go:build !purego && !amd64.v3

package vmath

import "golang.org/x/sys/cpu"

// haveLog1pAVX2 selects log1pAVX2. (Built for GOAMD64=v3, the Go
// compiler fuses math.Log1p's multiplies and adds, whose bits the kernel
// then would not give: the loop serves.)
var haveLog1pAVX2 = cpu.X86.HasAVX2

// log1pAVX2 sets dst[i] = math.Log1p(src[i]) four values at a time, from
// the start, len(src) a multiple of 4, up to the first group that holds a
// value of another case than the kernel's; it returns how many it set.
//
//go:noescape
func log1pAVX2(dst, src []float64) int
