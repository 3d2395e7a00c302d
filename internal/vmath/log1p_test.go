package vmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// log1pCases returns values of every case of math.Log1p and the edges
// between them.
func log1pCases(r *rand.Rand, n int) []float64 {
	edges := []float64{-1, math.Nextafter(-1, 0), 0, math.Copysign(0, -1), 1, -0.5, 0.5,
		4.142135623730950488017e-01, -2.928932188134524755992e-01, 1.0 / (1 << 29), 1.0 / (1 << 54), 1 << 53,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64, -2}
	v := make([]float64, n)
	for i := range v {
		switch r.IntN(8) {
		case 0:
			v[i] = math.Float64frombits(r.Uint64())
		case 1:
			e := edges[r.IntN(len(edges))]
			for range r.IntN(3) {
				e = math.Nextafter(e, math.Inf(2*r.IntN(2)-1))
			}
			v[i] = e
		case 2:
			// 1 + x a power of two, or next to one
			v[i] = math.Ldexp(1, r.IntN(40)-20) - 1
			if r.IntN(2) == 0 {
				v[i] = math.Nextafter(v[i], math.Inf(2*r.IntN(2)-1))
			}
		case 3:
			// 1 + x next to √2 times a power of two
			v[i] = math.Ldexp(math.Sqrt2, r.IntN(20)-10)*(1+(r.Float64()-0.5)*1e-15) - 1
		case 4:
			// what regress takes: d/(1 + ŷ) of positive values
			y, p := r.ExpFloat64()*10, r.ExpFloat64()*10
			v[i] = (y - p) / (1 + p)
		case 5:
			v[i] = r.Float64()*2 - 1
		case 6:
			v[i] = math.Ldexp(r.Float64(), r.IntN(120)-60) * float64(2*r.IntN(2)-1)
		default:
			v[i] = r.NormFloat64() * math.Pow(10, float64(r.IntN(10)-3))
		}
	}
	return v
}

// TestLog1p: math.Log1p's bits for every value, in slices of every
// length and alignment, the vector kernel and the cases it hands back.
func TestLog1p(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 4000 {
		n := r.IntN(14)
		if trial%8 == 0 {
			n = 500 + r.IntN(600)
		}
		off := r.IntN(2)
		src := log1pCases(r, n+off)[off:]
		dst := make([]float64, n+1)
		Log1p(dst, src)
		for i, x := range src {
			if want := math.Log1p(x); math.Float64bits(dst[i]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(dst[i])) {
				t.Fatalf("Log1p(%v [%#x]) = %v [%#x], math.Log1p: %v [%#x]", x, math.Float64bits(x), dst[i], math.Float64bits(dst[i]), want, math.Float64bits(want))
			}
		}
	}
}

// TestLog1pDense: every lane of the kernel over 2·10⁶ values of its own
// cases, each value's bits against math.Log1p.
func TestLog1pDense(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	src := make([]float64, 2_000_000)
	for i := range src {
		switch i % 3 {
		case 0:
			src[i] = r.Float64()*1.7 - 0.7
		case 1:
			src[i] = math.Ldexp(r.Float64()+0.5, r.IntN(100)-28)
		default:
			src[i] = -math.Ldexp(r.Float64()+0.5, -r.IntN(28)-2)
		}
	}
	dst := make([]float64, len(src))
	Log1p(dst, src)
	for i, x := range src {
		if want := math.Log1p(x); math.Float64bits(dst[i]) != math.Float64bits(want) {
			t.Fatalf("Log1p(%v [%#x]) = %#x, math.Log1p: %#x", x, math.Float64bits(x), math.Float64bits(dst[i]), math.Float64bits(want))
		}
	}
}

func FuzzLog1p(f *testing.F) {
	f.Add(uint64(0x3fe0000000000000), uint64(0xbfd0000000000000), uint64(0), uint64(0x7ff8000000000001))
	f.Fuzz(func(t *testing.T, a, b, c, d uint64) {
		src := []float64{math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c), math.Float64frombits(d)}
		dst := make([]float64, 4)
		Log1p(dst, src)
		for i, x := range src {
			if want := math.Log1p(x); math.Float64bits(dst[i]) != math.Float64bits(want) && !(math.IsNaN(want) && math.IsNaN(dst[i])) {
				t.Fatalf("Log1p(%#x) = %#x, math.Log1p: %#x", math.Float64bits(x), math.Float64bits(dst[i]), math.Float64bits(want))
			}
		}
	})
}

func BenchmarkLog1p(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	src := make([]float64, 4096)
	for i := range src {
		y, p := r.ExpFloat64()*10, r.ExpFloat64()*10
		src[i] = (y - p) / (1 + p)
	}
	benchUnary(b, src, math.Log1p, Log1p)
}
