package fixed

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// values returns n values of the kinds Encode meets: decimals of 0 to 9
// digits after the point (some past what an int32 holds), values next to
// the int32 limits at each scale, ±0, infinities, NaN and random bits.
func values(r *rand.Rand, n int, k int) []float64 {
	div := math.Pow10(k)
	v := make([]float64, n)
	for i := range v {
		switch r.IntN(10) {
		case 0:
			v[i] = math.Float64frombits(r.Uint64())
		case 1:
			v[i] = []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN()}[r.IntN(5)]
		case 2:
			// next to ±2³¹ mantissas
			m := float64(math.MaxInt32 - 2 + r.IntN(5))
			if r.IntN(2) == 0 {
				m = float64(math.MinInt32 - 2 + r.IntN(5))
			}
			v[i] = m / div
		case 3:
			// a decimal of more digits than k
			s := strconv.FormatFloat(r.NormFloat64()*100, 'f', k+1+r.IntN(3), 64)
			v[i], _ = strconv.ParseFloat(s, 64)
		default:
			s := strconv.FormatFloat(r.NormFloat64()*math.Pow10(r.IntN(6)), 'f', r.IntN(k+1), 64)
			v[i], _ = strconv.ParseFloat(s, 64)
		}
	}
	return v
}

// TestEncode: Encode gives Mantissa's int32s and verdict, for every
// length and scale, on every kind of value, the vector kernel included.
func TestEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for trial := range 20000 {
		k := r.IntN(10)
		div := math.Pow10(k)
		n := r.IntN(14)
		if trial%10 == 0 {
			n = 64 + r.IntN(64)
		}
		v := values(r, n, k)
		if trial%3 == 0 {
			// mostly clean blocks, so that Encode's true is tested
			for i := range v {
				if _, ok := Mantissa(v[i], div); !ok {
					v[i] = float64(r.IntN(2000)-1000) / div
				}
			}
		}
		m := make([]int32, n+r.IntN(3))
		got := Encode(m, v, div)
		want := true
		for i, x := range v {
			a, ok := Mantissa(x, div)
			want = want && ok
			if ok && got && m[i] != a {
				t.Fatalf("Encode(%v, %g)[%d] = %d, Mantissa: %d", x, div, i, m[i], a)
			}
		}
		if got != want {
			t.Fatalf("Encode(%v, %g) = %v, Mantissa's: %v", v, div, got, want)
		}
		if got {
			accepted++
		}
	}
	if accepted < 5000 {
		t.Fatalf("only %d blocks encoded", accepted)
	}
}

// TestMantissa: a few values by hand.
func TestMantissa(t *testing.T) {
	for _, c := range []struct {
		v, div float64
		m      int32
		ok     bool
	}{
		{5.724383, 1e6, 5724383, true},
		{-0.1, 10, -1, true},
		{0.1, 1, 0, false},
		{0, 1e3, 0, true},
		{math.Copysign(0, -1), 1e3, 0, false},
		{214748.3647, 1e4, math.MaxInt32, true},
		{-214748.3648, 1e4, math.MinInt32, true},
		{214748.3648, 1e4, 0, false},
		{math.NaN(), 1, 0, false},
		{math.Inf(1), 1, 0, false},
	} {
		m, ok := Mantissa(c.v, c.div)
		if ok != c.ok || ok && m != c.m {
			t.Errorf("Mantissa(%v, %g) = %d, %v, want %d, %v", c.v, c.div, m, ok, c.m, c.ok)
		}
		// and in a block of four, through the vector kernel
		v := []float64{1, 2, c.v, 3}
		ms := make([]int32, 4)
		if got := Encode(ms, v, c.div); got != c.ok || got && ms[2] != c.m {
			t.Errorf("Encode(%v, %g) = %v, %d", v, c.div, got, ms)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float64, 4096)
	for i := range v {
		v[i] = float64(r.IntN(50000000)) / 1e6
	}
	m := make([]int32, len(v))
	b.Run("Encode", func(b *testing.B) {
		for b.Loop() {
			if !Encode(m, v, 1e6) {
				b.Fatal("no")
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(v)), "ns/value")
	})
	b.Run("Mantissa", func(b *testing.B) {
		for b.Loop() {
			ok := true
			for i, x := range v {
				a, oa := Mantissa(x, 1e6)
				m[i] = a
				ok = ok && oa
			}
			if !ok {
				b.Fatal("no")
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(v)), "ns/value")
	})
}
