package xsum

import (
	"bytes"
	"github.com/evalkit-go/evalkit/internal/benchcpu"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exact returns the correctly rounded sum of xs, by math/big.
func exact(xs []float64) float64 {
	s := new(big.Float).SetPrec(4000)
	for _, x := range xs {
		s.Add(s, new(big.Float).SetPrec(4000).SetFloat64(x))
	}
	f, _ := s.Float64()
	return f
}

func randomTerms(rng *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		switch rng.IntN(6) {
		case 0:
			xs[i] = math.Float64frombits(rng.Uint64() &^ (0x7ff << 52)) // subnormal or zero
		case 1:
			xs[i] = math.Float64frombits(rng.Uint64())
			if math.IsNaN(xs[i]) || math.IsInf(xs[i], 0) {
				xs[i] = 1e300
			}
		default:
			xs[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
		}
	}
	return xs
}

// The sum is the correctly rounded exact sum.
func TestAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		xs := randomTerms(rng, 1+rng.IntN(300))
		if trial%3 == 0 { // cancellation: add the negatives but one
			k := len(xs)
			for _, x := range xs[:k-1] {
				xs = append(xs, -x)
			}
		}
		var a Sum
		for _, x := range xs {
			a.Add(x)
		}
		if got, want := a.Value(), exact(xs); got != want && !(math.IsInf(got, 0) && got == want) {
			t.Fatalf("trial %d: %v, exact %v", trial, got, want)
		}
	}
}

// Any cut into batches, merged in any order, gives the same bits and the
// same encoding.
func TestOrderIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 100 {
		xs := randomTerms(rng, 1+rng.IntN(500))
		var whole Sum
		for _, x := range xs {
			whole.Add(x)
		}
		want := whole.AppendBinary(nil)
		perm := rng.Perm(len(xs))
		var parts []Sum
		for lo := 0; lo < len(xs); {
			hi := min(len(xs), lo+1+rng.IntN(50))
			var p Sum
			for _, i := range perm[lo:hi] {
				p.Add(xs[i])
			}
			parts = append(parts, p)
			lo = hi
		}
		for len(parts) > 1 {
			i, j := rng.IntN(len(parts)), rng.IntN(len(parts))
			if i == j {
				continue
			}
			parts[i].Merge(&parts[j])
			parts = append(parts[:j], parts[j+1:]...)
		}
		if got := parts[0].AppendBinary(nil); !bytes.Equal(got, want) || parts[0].Value() != whole.Value() {
			t.Fatalf("trial %d: merged %v, whole %v", trial, parts[0].Value(), whole.Value())
		}
		d, rest, ok := Decode(append(want, 9))
		if !ok || len(rest) != 1 || !bytes.Equal(d.AppendBinary(nil), want) {
			t.Fatalf("trial %d: decode failed", trial)
		}
	}
}

func TestSpecial(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{1, math.Inf(1)}, math.Inf(1)},
		{[]float64{math.Inf(-1), 2}, math.Inf(-1)},
		{[]float64{math.Inf(1), math.Inf(-1)}, math.NaN()},
		{[]float64{math.NaN(), 3}, math.NaN()},
		{[]float64{math.MaxFloat64, math.MaxFloat64}, math.Inf(1)},
		{[]float64{math.MaxFloat64, math.MaxFloat64, -math.MaxFloat64}, math.MaxFloat64},
		{[]float64{5e-324, 5e-324, -1e-323}, 0},
	} {
		var a Sum
		for _, x := range c.xs {
			a.Add(x)
		}
		b, _, ok := Decode(a.AppendBinary(nil))
		for _, s := range []*Sum{&a, &b} {
			if got := s.Value(); !ok || !(got == c.want || math.IsNaN(got) && math.IsNaN(c.want)) {
				t.Errorf("%v: %v, want %v", c.xs, got, c.want)
			}
		}
	}
}

// Many adds of the largest magnitude: normalization keeps the chunks from
// overflowing.
func TestManyAdds(t *testing.T) {
	var a Sum
	const n = 3 << 20
	for range n {
		a.Add(math.MaxFloat64 / (1 << 30))
	}
	if got, want := a.Value(), math.MaxFloat64/(1<<30)*n; got != want {
		t.Fatalf("%v, want %v", got, want)
	}
}

func TestDecodeBad(t *testing.T) {
	for _, b := range [][]byte{nil, {0x40}, {0, 0}, {0, 0, 1, 0}, {0, 1, 1, 2}, {0, 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 1}} {
		if _, _, ok := Decode(b); ok {
			t.Errorf("%x decoded", b)
		}
	}
}

func FuzzDecode(f *testing.F) {
	var a Sum
	a.Add(1.5)
	f.Add(a.AppendBinary(nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, rest, ok := Decode(b)
		if !ok {
			return
		}
		enc := s.AppendBinary(nil)
		if !bytes.Equal(enc, b[:len(b)-len(rest)]) {
			t.Fatalf("%x re-encodes as %x", b[:len(b)-len(rest)], enc)
		}
	})
}

func BenchmarkAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 4096)
	for i := range xs {
		xs[i] = rng.NormFloat64() * 100
	}
	var a Sum
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Add(xs[i&4095])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/add")
}

func BenchmarkFloatAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 4096)
	for i := range xs {
		xs[i] = rng.NormFloat64() * 100
	}
	var s float64
	for i := 0; i < b.N; i++ {
		s += xs[i&4095]
	}
	if s == 1 {
		b.Log(s)
	}
}

// Cmp agrees with math/big's comparison of the exact sum, also where the
// sum and the number differ by less than the sum's rounding.
func TestCmp(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 500 {
		xs := randomTerms(rng, 1+rng.IntN(50))
		var a Sum
		s := new(big.Float).SetPrec(4000)
		for _, x := range xs {
			a.Add(x)
			s.Add(s, new(big.Float).SetPrec(4000).SetFloat64(x))
		}
		v := a.Value()
		for _, x := range []float64{v, math.Nextafter(v, math.Inf(1)), math.Nextafter(v, math.Inf(-1)), 0, -v, xs[0]} {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				continue
			}
			want := s.Cmp(new(big.Float).SetFloat64(x))
			if got := a.Cmp(x); got != want {
				t.Fatalf("trial %d: Cmp(%v) = %d, want %d (sum ≈ %v)", trial, x, got, want, v)
			}
		}
	}
	var a Sum
	a.Add(0.1)
	a.Add(0.2) // exactly 0.3000000000000000166…, which rounds to 0.30000000000000004
	if a.Cmp(0.30000000000000004) != -1 || a.Cmp(0.3) != 1 {
		t.Errorf("0.1 + 0.2: Cmp wrong")
	}
	if a.Cmp(math.Inf(1)) != -1 || a.Cmp(math.Inf(-1)) != 1 {
		t.Errorf("finite sum vs infinities")
	}
}

// AddSlice gives the bits Add gives, specials, subnormals and the
// normalization of many adds included.
func TestAddSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		xs := randomTerms(rng, rng.IntN(600))
		if trial%7 == 0 && len(xs) > 0 {
			xs[rng.IntN(len(xs))] = []float64{math.Inf(1), math.Inf(-1), math.NaN()}[trial%3]
		}
		var one, many Sum
		if trial%5 == 0 { // close to the count that normalizes
			one.adds, many.adds = limit-300, limit-300
		}
		for _, x := range xs {
			one.Add(x)
		}
		for lo := 0; lo < len(xs); {
			hi := min(len(xs), lo+rng.IntN(100))
			many.AddSlice(xs[lo:hi])
			lo = hi
		}
		if one.Int().Cmp(many.Int()) != 0 || one.special != many.special {
			t.Fatalf("trial %d: AddSlice %v, Add %v", trial, many.Value(), one.Value())
		}
	}
}

func BenchmarkAddSlice(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 256)
	for i := range xs {
		xs[i] = rng.NormFloat64() * 100
	}
	var a Sum
	for b.Loop() {
		a.AddSlice(xs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/256, "ns/add")
}

// AddSlice is exact at the edges of its int64 sums: terms at the top of
// the window and 64 or 104 binades below it, just outside it, 50 and 51
// binades below the largest (two parts a term, or three), 102 and 103
// (three parts, or one by one), all of one sign at the largest mantissa
// (the most the window holds), tops near the subnormals, near the
// smallest tops of two and three parts, and near the largest top the
// window takes.
func TestAddSliceWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	tops := []int{1, 3, 49, 50, 51, 52, 63, 64, 65, 66, 101, 102, 103, 104, 130, 1000, 1073, 1074, 1075, 1500, 2041, 2042, 2043, 2045}
	spreads := []int{110, 50, 51, 102, 103}
	for trial := range len(tops) * len(spreads) * 8 {
		top := tops[trial%len(tops)]
		n := 1 + rng.IntN(2*wideMax+10)
		xs := make([]float64, n)
		spread := spreads[trial/len(tops)%len(spreads)]
		for i := range xs {
			e := top - rng.IntN(spread+1)
			if spread == 110 && rng.IntN(4) == 0 {
				e = top - []int{0, 64, 65, 104, 105}[rng.IntN(5)]
			} else if spread < 110 && rng.IntN(8) == 0 {
				e = top - []int{0, spread}[rng.IntN(2)]
			}
			if e < 0 {
				e = 0
			}
			m := rng.Uint64() & (1<<52 - 1)
			if trial%3 == 0 {
				m = 1<<52 - 1
			}
			b := uint64(e+1)<<52 | m
			if trial%3 != 0 && rng.IntN(2) == 0 {
				b |= 1 << 63
			}
			xs[i] = math.Float64frombits(b)
			if rng.IntN(50) == 0 {
				xs[i] = 0
			}
		}
		var one, many Sum
		for _, x := range xs {
			one.Add(x)
		}
		many.AddSlice(xs)
		if one.Int().Cmp(many.Int()) != 0 || one.special != many.special {
			t.Fatalf("trial %d (top %d, %d terms): AddSlice %v, Add %v", trial, top, n, many.Value(), one.Value())
		}
	}
}

func BenchmarkAddSliceShort(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 4096)
	for i := range xs {
		xs[i] = rng.NormFloat64() * 100
	}
	var a Sum
	for i := 0; b.Loop(); i++ {
		lo := i * 8 & 4095
		a.AddSlice(xs[lo : lo+8])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/8, "ns/add")
}

// AddHalf adds exactly half of an even sum (of either sign, with carries
// across chunks, specials kept) and refuses an odd one.
func TestAddHalf(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 300 {
		xs := randomTerms(rng, rng.IntN(300))
		var o, a, want Sum
		for _, x := range xs {
			o.Add(x)
			o.Add(x) // twice: an even sum
		}
		for _, x := range randomTerms(rng, rng.IntN(50)) {
			a.Add(x)
			want.Add(x)
		}
		for _, x := range xs {
			want.Add(x)
		}
		if trial%9 == 0 {
			inf := []float64{math.Inf(1), math.Inf(-1), math.NaN()}[trial%3]
			o.Add(inf)
			want.Add(inf)
		}
		if !a.AddHalf(&o) {
			t.Fatalf("trial %d: AddHalf refused an even sum", trial)
		}
		if a.Int().Cmp(want.Int()) != 0 || a.special != want.special {
			t.Fatalf("trial %d: AddHalf gives %v, want %v", trial, a.Value(), want.Value())
		}
	}
	var odd, a Sum
	odd.Add(5e-324)
	a.Add(1)
	if a.AddHalf(&odd) || a.Value() != 1 {
		t.Errorf("AddHalf of 2⁻¹⁰⁷⁴: accepted, or changed the sum (%v)", a.Value())
	}
	var neg Sum
	neg.Add(-3 * 0x1p32)
	neg.Add(-2) // −3·2³² − 2: a borrow through the chunks
	var h Sum
	if !h.AddHalf(&neg) || h.Value() != -1.5*0x1p32-1 {
		t.Errorf("half of −3·2³² − 2: %v", h.Value())
	}
}

// BenchmarkAddSliceLong adds slices of 1024 terms (a block of the
// regression folds): normal terms, squares of normal terms, and terms
// spread over more than 52 binades (three parts a term).
func BenchmarkAddSliceLong(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, kind := range []string{"normal", "squares", "wide"} {
		xs := make([]float64, 1<<16)
		for i := range xs {
			switch x := rng.NormFloat64(); kind {
			case "normal":
				xs[i] = x
			case "squares":
				xs[i] = x * x
			default:
				xs[i] = x * math.Ldexp(1, -rng.IntN(60))
			}
		}
		b.Run(kind, func(b *testing.B) {
			var a Sum
			cpu := benchcpu.Start()
			for i := 0; b.Loop(); i++ {
				lo := i * 1024 & (len(xs) - 1)
				a.AddSlice(xs[lo : lo+1024])
			}
			cpu.Report(b, 1024)
		})
	}
}

// The kernels of addWide give their loops' results wherever they run in
// vector lanes: lengths around multiples of 8, zeros (some slices only
// zeros), subnormals, infinities and NaNs among the terms.
func TestWideKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 2000 {
		xs := randomTerms(rng, rng.IntN(40))
		for i := range xs {
			switch rng.IntN(12) {
			case 0:
				xs[i] = 0
			case 1:
				xs[i] = math.Copysign(math.Float64frombits(rng.Uint64()&(1<<52-1)), rng.NormFloat64())
			case 2:
				xs[i] = []float64{math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1)}[rng.IntN(4)]
			}
			if trial%10 == 0 {
				xs[i] = 0
			}
		}
		top, low := extremes(xs)
		wt, wl := extremesGo(xs)
		if top != wt || low != wl {
			t.Fatalf("trial %d: extremes %x %x, loop's %x %x", trial, top, low, wt, wl)
		}
		c1, c2 := rng.NormFloat64()*math.Ldexp(1, rng.IntN(200)-100), rng.NormFloat64()
		s1, s2 := twoParts(xs, c1, c2)
		w1, w2 := twoPartsGo(xs, c1, c2)
		if s1 != w1 || s2 != w2 {
			t.Fatalf("trial %d: twoParts %x %x, loop's %x %x", trial, s1, s2, w1, w2)
		}
	}
}

// MaxBits is the bits of the largest magnitude, NaN and infinities above
// every finite value.
func TestMaxBits(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{-3, 2, 1, 0, 0, 0, 0, 0, 0.5}, 3},
		{[]float64{1, 2, 3, 4, 5, 6, 7, -8, 1e90, 9}, 1e90},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, math.Inf(-1)}, math.Inf(1)},
	} {
		if got := MaxBits(c.xs); got != math.Float64bits(c.want) {
			t.Errorf("MaxBits(%v) = %x, want %x", c.xs, got, math.Float64bits(c.want))
		}
	}
	if MaxBits([]float64{1, 2, 3, 4, 5, 6, 7, 8, math.NaN()}) <= math.Float64bits(math.MaxFloat64) {
		t.Error("MaxBits of a NaN: not above every finite value")
	}
}
