//go:build !amd64 || purego

package fixed

const haveAVX2 = false

func encodeAVX2(m []int32, v []float64, div float64) bool { panic("unreachable") }
