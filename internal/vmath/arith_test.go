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

func BenchmarkSqrt(b *testing.B) { benchUnary(b, benchData(), math.Sqrt, Sqrt) }

// div is Go's x/y, not inlined into a constant.
//
//go:noinline
func div(x, y float64) float64 { return x / y }

// sameDiv reports whether Div(dst, x, y) gave x[i]/y[i]'s bits.
func sameDiv(t *testing.T, x, y []float64) {
	t.Helper()
	dst := make([]float64, len(x))
	Div(dst, x, y)
	for i := range x {
		if got, want := math.Float64bits(dst[i]), math.Float64bits(div(x[i], y[i])); got != want {
			t.Fatalf("Div at %d of %d: %#016x / %#016x = %#016x, Go's %#016x", i, len(x), math.Float64bits(x[i]), math.Float64bits(y[i]), got, want)
		}
	}
}

func TestDiv(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	sp := special()
	var x, y []float64
	for _, a := range sp {
		for _, b := range sp {
			x, y = append(x, a), append(y, b)
		}
	}
	sameDiv(t, x, y)
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	sameDiv(t, randomBits(rng, n), randomBits(rng, n))
	bx, by := randomBits(rng, 64), randomBits(rng, 64)
	for n := 0; n <= 9; n++ {
		for lo := 0; lo < 8; lo++ {
			sameDiv(t, bx[lo:lo+n], by[lo+1:lo+1+n])
			in := append([]float64(nil), bx[lo:lo+n]...)
			Div(in, in, by[lo:lo+n])
			for i := range in {
				if math.Float64bits(in[i]) != math.Float64bits(div(bx[lo+i], by[lo+i])) {
					t.Fatalf("in place, length %d from %d: %g / %g = %g", n, lo, bx[lo+i], by[lo+i], in[i])
				}
			}
		}
	}
}

func FuzzDiv(f *testing.F) {
	f.Add(uint64(0x3ff0000000000000), uint64(0x4008000000000000), uint64(0x7ff8000000000001), uint64(0xfff8000000000002), uint8(0))
	f.Fuzz(func(t *testing.T, a, b, c, d uint64, lo uint8) {
		x := []float64{math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c), math.Float64frombits(d), math.Float64frombits(a ^ d)}
		y := []float64{math.Float64frombits(c), math.Float64frombits(d), math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(b ^ c)}
		k := int(lo) % 5
		sameDiv(t, x[k:], y[k:])
	})
}
