package vmath

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/evalkit-go/evalkit/internal/benchcpu"
)

// same reports whether Log(dst, src) gave math.Log's bits for each value.
func same(t *testing.T, src []float64) {
	t.Helper()
	dst := make([]float64, len(src))
	Log(dst, src)
	for i, x := range src {
		if got, want := math.Float64bits(dst[i]), math.Float64bits(math.Log(x)); got != want {
			t.Fatalf("Log(%g = %#016x) at %d of %d: %#016x, math.Log's %#016x", x, math.Float64bits(x), i, len(src), got, want)
		}
	}
}

// special are the values that math.Log takes as special cases, or near
// its reduction's boundaries.
func special() []float64 {
	h := math.Float64frombits(0x3fe6a09e667f3bcd) // √2/2, archLog's HSqrt2
	xs := []float64{
		0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(),
		math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff0000000000001),
		math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0x7fffffffffffffff),
		-1, -5e-324, -math.MaxFloat64,
		1, math.Nextafter(1, 2), math.Nextafter(1, 0), 2, 0.5, math.E,
		h, math.Nextafter(h, 1), math.Nextafter(h, 0), 2 * h, h / 2, h * 0x1p-1000, h * 0x1p1000,
		math.Sqrt2, math.Nextafter(math.Sqrt2, 2), math.Nextafter(math.Sqrt2, 0),
		5e-324, 1e-310, 0x1p-1022, math.Nextafter(0x1p-1022, 0), math.Nextafter(0x1p-1022, 1),
		math.Float64frombits(0x000fffffffffffff), math.Float64frombits(0x0006a09e667f3bcd),
		math.MaxFloat64, math.SmallestNonzeroFloat64,
	}
	for k := 1; k <= 12; k++ {
		xs = append(xs, 1+float64(k)*0x1p-52, 1-float64(k)*0x1p-53)
	}
	// √2/2 in every binade: archLog halves f1 at f1 = √2/2 (math/log.go
	// does not, and at 2³²·√2/2 the two differ in the last bit).
	for k := -1021; k <= 1024; k++ {
		xs = append(xs, math.Ldexp(h, k))
	}
	return xs
}

func TestLogSpecial(t *testing.T) {
	xs := special()
	same(t, xs)
	// Each value in each lane of a group of four, the others ordinary.
	for _, x := range xs {
		for lane := range 4 {
			src := []float64{3, 0.7, 1e10, 2e-5, 42, 0.1, 9, 8}
			src[lane] = x
			src[4+(lane+1)%4] = x
			same(t, src)
		}
	}
}

// randomBits returns n values of random bits: every binade, subnormals,
// NaNs and infinities in proportion to their share of the bit patterns,
// and every kind forced in a few of them.
func randomBits(rng *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		b := rng.Uint64()
		switch rng.IntN(16) {
		case 0: // a subnormal
			b &= 1<<52 - 1
		case 1: // a positive value of a uniformly chosen binade
			b = b&(1<<52-1) | uint64(rng.IntN(2047))<<52
		case 2: // a NaN or an infinity
			b |= 0x7ff << 52
		case 3: // near 1 or √2/2
			c := []uint64{0x3ff0000000000000, 0x3fe6a09e667f3bcd}[rng.IntN(2)]
			b = c + uint64(rng.IntN(2001)) - 1000
		default: // positive: what a deviance's ratios are
			b &^= 1 << 63
		}
		xs[i] = math.Float64frombits(b)
	}
	return xs
}

func TestLogRandom(t *testing.T) {
	n := 4 << 20
	if testing.Short() {
		n = 1 << 18
	}
	rng := rand.New(rand.NewPCG(1, 2))
	src := randomBits(rng, n)
	same(t, src)
	// Positive ordinary values only: every group of four in the lanes.
	for i, x := range src {
		src[i] = math.Abs(x)
		if src[i] == 0 || src[i] > math.MaxFloat64 || x != x {
			src[i] = 1.5
		}
	}
	same(t, src)
}

// Every length up to 9 and every start: the tail of fewer than four and
// unaligned slices; in place too.
func TestLogLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	base := randomBits(rng, 64)
	for i := range base {
		if rng.IntN(3) > 0 {
			base[i] = math.Abs(rng.NormFloat64()) * 10
		}
	}
	for n := 0; n <= 9; n++ {
		for lo := 0; lo < 8; lo++ {
			same(t, base[lo:lo+n])
			in := append([]float64(nil), base[lo:lo+n]...)
			Log(in, in)
			for i, x := range base[lo : lo+n] {
				if math.Float64bits(in[i]) != math.Float64bits(math.Log(x)) {
					t.Fatalf("in place, length %d from %d: Log(%g) = %g", n, lo, x, in[i])
				}
			}
		}
	}
}

// The vector kernel alone: it writes the groups of four up to the first
// with a special value and says how many it wrote.
func TestLogKernel(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no vector kernel")
	}
	src := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 12, 13}
	dst := make([]float64, len(src))
	if n := logAVX2(dst, src); n != 8 {
		t.Fatalf("logAVX2 wrote %d values, want 8", n)
	}
	for i, x := range src {
		want := math.Log(x)
		if i >= 8 {
			want = 0
		}
		if math.Float64bits(dst[i]) != math.Float64bits(want) {
			t.Fatalf("dst[%d] = %g, want %g", i, dst[i], want)
		}
	}
	if n := logAVX2(dst[:3], src[:3]); n != 0 {
		t.Fatalf("logAVX2 of 3 values wrote %d", n)
	}
	// A special value in the second of two groups: the first is written
	// alone.
	src[10], src[6] = 11, -1
	clear(dst)
	if n := logAVX2(dst, src); n != 4 {
		t.Fatalf("logAVX2 wrote %d values, want 4", n)
	}
	for i, x := range src[:4] {
		if math.Float64bits(dst[i]) != math.Float64bits(math.Log(x)) || dst[4+i] != 0 {
			t.Fatalf("dst = %v", dst)
		}
	}
}

func TestLogPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for slices of different lengths")
		}
	}()
	Log(make([]float64, 2), make([]float64, 3))
}

func FuzzLog(f *testing.F) {
	for _, x := range special() {
		f.Add(math.Float64bits(x), uint64(0x3ff8000000000000), uint64(0x4024000000000000), uint64(0x3fb999999999999a), uint8(0))
	}
	f.Fuzz(func(t *testing.T, a, b, c, d uint64, lo uint8) {
		xs := []float64{math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c), math.Float64frombits(d),
			math.Float64frombits(a &^ (1 << 63)), math.Float64frombits(b &^ (1 << 63)), math.Float64frombits(c ^ d), math.Float64frombits(d &^ (1 << 63))}
		same(t, xs[int(lo)%8:])
	})
}

// The benchmarks: 1024 values a call; cpu-ns/row is the CPU time a value.
func benchData() []float64 {
	rng := rand.New(rand.NewPCG(5, 6))
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = math.Exp(rng.NormFloat64())
	}
	return xs
}

func BenchmarkLog(b *testing.B) { benchUnary(b, benchData(), math.Log, Log) }

// benchUnary times scalar on each value of src and vector on all of
// them, in CPU time a value.
func benchUnary(b *testing.B, src []float64, scalar func(float64) float64, vector func(dst, src []float64)) {
	dst := make([]float64, len(src))
	b.Run("scalar", func(b *testing.B) {
		cpu := benchcpu.Start()
		for b.Loop() {
			for i, x := range src {
				dst[i] = scalar(x)
			}
		}
		cpu.Report(b, len(src))
	})
	b.Run("vector", func(b *testing.B) {
		cpu := benchcpu.Start()
		for b.Loop() {
			vector(dst, src)
		}
		cpu.Report(b, len(src))
	})
}

// TestArchLog checks the facts of Log's doc about amd64's math.Log: a
// subnormal's exponent field taken as it is, and the last bit at
// 2³²·√2/2 (math/log.go gives −744.4400719213812 and 0x4035d589f2fe5107).
func TestArchLog(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("math.Log is math/log.go's here")
	}
	if got := math.Log(5e-324); got != -709.0895657128241 {
		t.Errorf("math.Log(5e-324) = %v", got)
	}
	if got := math.Float64bits(math.Log(math.Ldexp(math.Float64frombits(0x3fe6a09e667f3bcd), 32))); got != 0x4035d589f2fe5108 {
		t.Errorf("math.Log(2³²·√2/2) = %#016x", got)
	}
	if got := math.Float64bits(math.Log(math.Copysign(math.NaN(), -1))); got != 0x7ff8000000000001 {
		t.Errorf("math.Log(−NaN) = %#016x", got)
	}
}
