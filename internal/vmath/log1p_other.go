//go:build !amd64 || purego || amd64.v3

package vmath

const haveLog1pAVX2 = false

func log1pAVX2(dst, src []float64) int { return 0 }
