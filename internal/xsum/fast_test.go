package xsum

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// slowInt is the sum's integer digit by digit, as the definition reads.
func slowInt(a *Sum) *big.Int {
	t := *a
	t.normalize()
	v := big.NewInt(t.c[nChunks-1])
	var d big.Int
	for i := nChunks - 2; i >= 0; i-- {
		v.Lsh(v, digit)
		v.Add(v, d.SetInt64(t.c[i]))
	}
	return v
}

// TestFastValue checks Int, IntExp and Value against the integer built digit by
// digit and rounded by math/big: sums of terms of every magnitude and
// sign, cancellations, ties and sums near the ends of the range.
func TestFastValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := [][]float64{{}, {0}, {1}, {-1}, {1, -1}, {1, 0x1p-53}, {1, 0x1p-53, 0x1p-200}, {1, -0x1p-54}, {1 + 0x1p-52, 0x1p-53},
		{math.MaxFloat64}, {math.MaxFloat64, math.MaxFloat64}, {5e-324}, {5e-324, 1e-310}, {1e300, -1e300, 1e-300}, {-3, 0x1p-60, -0x1p-80}}
	for range 20000 {
		k := 1 + rng.IntN(8)
		xs := make([]float64, k)
		for i := range xs {
			xs[i] = math.Ldexp(rng.Float64(), rng.IntN(200)-100)
			if rng.IntN(2) == 0 {
				xs[i] = -xs[i]
			}
			if rng.IntN(4) == 0 && i > 0 {
				xs[i] = -xs[i-1] + math.Ldexp(float64(rng.IntN(5)), -60-rng.IntN(20))
			}
		}
		cases = append(cases, xs)
	}
	for _, xs := range cases {
		var a Sum
		for _, x := range xs {
			a.Add(x)
		}
		want := slowInt(&a)
		if got := a.Int(); got.Cmp(want) != 0 {
			t.Fatalf("%v: Int %v, want %v", xs, got, want)
		}
		x, k := a.IntExp()
		if got := new(big.Int).Lsh(x, uint(k)); got.Cmp(want) != 0 {
			t.Fatalf("%v: IntExp %v·2^%d, want %v", xs, x, k, want)
		}
		wv := Round(new(big.Float).SetInt(want), Scale)
		if got := a.Value(); math.Float64bits(got) != math.Float64bits(wv) {
			t.Fatalf("%v: Value %v, want %v", xs, got, wv)
		}
	}
}

func BenchmarkValue(b *testing.B) {
	var a Sum
	for i := range 100 {
		a.Add(float64(i) * 0.37)
	}
	for b.Loop() {
		_ = a.Value()
	}
}

func BenchmarkValueBig(b *testing.B) {
	var a Sum
	for i := range 100 {
		a.Add(float64(i) * 0.37)
	}
	for b.Loop() {
		_ = Round(new(big.Float).SetInt(slowInt(&a)), Scale)
	}
}
