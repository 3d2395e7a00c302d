//go:build !purego

package xsum

import "golang.org/x/sys/cpu"

// haveAVX2 selects the vector kernels of addWide (wide_amd64.s): four
// terms an instruction, the same bits as the loops of wide.go.
var haveAVX2 = cpu.X86.HasAVX2

//go:noescape
func extremesAVX2(xs []float64, top, low *[4]uint64)

//go:noescape
func twoPartsAVX2(xs []float64, c1, c2 float64, s1, s2 *[4]uint64)
