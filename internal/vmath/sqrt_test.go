package vmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sameSqrt reports whether Sqrt(dst, src) gave math.Sqrt's bits.
func sameSqrt(t *testing.T, src []float64) {
	t.Helper()
	dst := make([]float64, len(src))
	Sqrt(dst, src)
	for i, x := range src {
		if got, want := math.Float64bits(dst[i]), math.Float64bits(math.Sqrt(x)); got != want {
			t.Fatalf("Sqrt(%g = %#016x) at %d of %d: %#016x, math.Sqrt's %#016x", x, math.Float64bits(x), i, len(src), got, want)
		}
	}
}

func TestSqrt(t *testing.T) {
	sameSqrt(t, special())
	rng := rand.New(rand.NewPCG(21, 22))
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	sameSqrt(t, randomBits(rng, n))
	base := randomBits(rng, 64)
	for n := 0; n <= 9; n++ {
		for lo := 0; lo < 8; lo++ {
			sameSqrt(t, base[lo:lo+n])
			in := append([]float64(nil), base[lo:lo+n]...)
			Sqrt(in, in)
			for i, x := range base[lo : lo+n] {
				if math.Float64bits(in[i]) != math.Float64bits(math.Sqrt(x)) {
					t.Fatalf("in place, length %d from %d: Sqrt(%g) = %g", n, lo, x, in[i])
				}
			}
		}
	}
}

func FuzzSqrt(f *testing.F) {
	for _, x := range special() {
		f.Add(math.Float64bits(x), uint64(0x4010000000000000), uint64(0x7ff8000000000001), uint64(2), uint8(0))
	}
	f.Fuzz(func(t *testing.T, a, b, c, d uint64, lo uint8) {
		xs := []float64{math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c), math.Float64frombits(d),
			math.Float64frombits(a ^ c), math.Float64frombits(b &^ (1 << 63))}
		sameSqrt(t, xs[int(lo)%6:])
	})
}

func BenchmarkSqrt(b *testing.B) {
	src := benchData()
	dst := make([]float64, len(src))
	b.Run("scalar", func(b *testing.B) {
		for b.Loop() {
			for i, x := range src {
				dst[i] = math.Sqrt(x)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(src)), "ns/value")
	})
	b.Run("vector", func(b *testing.B) {
		for b.Loop() {
			Sqrt(dst, src)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(src)), "ns/value")
	})
}
