//go:build !amd64 || purego

package xsum

// haveAVX2 is false where there are no vector kernels.
const haveAVX2 = false

func extremesAVX2(xs []float64, top, low *[4]uint64) { panic("unreachable") }

func twoPartsAVX2(xs []float64, c1, c2 float64, s1, s2 *[4]uint64) { panic("unreachable") }
