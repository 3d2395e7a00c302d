//go:build !purego

package fixed

import "golang.org/x/sys/cpu"

// haveAVX2 selects encodeAVX2 (encode_amd64.s): four values an
// instruction, the same bits as Mantissa.
var haveAVX2 = cpu.X86.HasAVX2

// encodeAVX2 is Encode for len(v) a multiple of 4; it reports false also
// when a mantissa is MinInt32 (see Encode).
//
//go:noescape
func encodeAVX2(m []int32, v []float64, div float64) bool
