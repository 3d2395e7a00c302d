package regress

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// plainM2 is (s2·W − s1²)/W of the whole integers of the sums, as the
// formula reads: moments.m2 computes it from the sums without their
// trailing zero digits, which must give the same bits.
func plainM2(m *moments, w *xsum.Sum) float64 {
	for _, a := range []*xsum.Sum{&m.s1, &m.s2, w} {
		if v, ok := a.Special(); ok {
			return v
		}
	}
	W := w.Int()
	if W.Sign() == 0 {
		return 0
	}
	s1 := m.s1.Int()
	num := new(big.Int).Mul(m.s2.Int(), W)
	num.Sub(num, s1.Mul(s1, s1))
	if num.Sign() < 0 {
		return 0
	}
	q := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(num), new(big.Float).SetInt(W))
	return xsum.Round(q, xsum.Scale)
}

func TestM2Bits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for c := range 20000 {
		n := 1 + rng.IntN(40)
		s := New(StateOptions{})
		scale := math.Ldexp(1, rng.IntN(1200)-600)
		for range n {
			y := scale * rng.NormFloat64()
			switch rng.IntN(6) {
			case 0:
				y = 0
			case 1:
				y = math.Round(y)
			case 2:
				y = scale // ties: a constant part
			}
			var err error
			if c%2 == 0 {
				err = s.Add(y, 0)
			} else {
				err = s.AddWeighted(y, 0, math.Ldexp(rng.Float64(), rng.IntN(80)-40))
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, m := range []*moments{&s.y, &s.d} {
			if got, want := m.m2(&s.w), plainM2(m, &s.w); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("case %d: m2 %v, the plain formula %v", c, got, want)
			}
		}
	}
}

// TestMeanTrimmed: moments.mean, from the sums' integers without their
// trailing zero digits, equals the quotient of their whole integers
// rounded to 53 bits, over sums of values of every size and sign.
func TestMeanTrimmed(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 2000 {
		var m moments
		var w xsum.Sum
		for range 1 + rng.IntN(50) {
			x := rng.NormFloat64() * math.Ldexp(1, rng.IntN(200)-100)
			if trial%5 == 0 {
				x = math.Ldexp(float64(rng.IntN(1000)), rng.IntN(40)-20) // trailing zero digits
			}
			wi := float64(1 + rng.IntN(3))
			if trial%3 == 0 {
				wi = rng.Float64() * math.Ldexp(1, rng.IntN(60)-30)
			}
			m.s1.Add(wi * x)
			w.Add(wi)
		}
		if trial%50 == 0 {
			m.s1 = xsum.Sum{} // a zero sum
		}
		q := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(m.s1.Int()), new(big.Float).SetInt(w.Int()))
		want, _ := q.Float64()
		if got := m.mean(&w); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("trial %d: mean %v, the whole integers' quotient %v", trial, got, want)
		}
	}
}
