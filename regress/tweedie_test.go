package regress

import (
	"math"
	"math/rand/v2"
	"testing"
)

// tweediePow is tweedieDev's general formula, math.Pow at every power.
func tweediePow(p, y, mu float64) float64 {
	yy := y
	if p < 0 && yy < 0 {
		yy = 0
	}
	return 2 * (math.Pow(yy, 2-p)/((1-p)*(2-p)) - y*math.Pow(mu, 1-p)/(1-p) + math.Pow(mu, 2-p)/(2-p))
}

// tweedieValues returns random values of every binade (subnormals
// too), with 0, −0, 1, +Inf and values near them.
func tweedieValues(rng *rand.Rand, n int) []float64 {
	fixed := []float64{0, math.Copysign(0, -1), 1, math.Nextafter(1, 2), math.Nextafter(1, 0), 4, 0.25, 2, math.Inf(1),
		5e-324, 0x1p-1022, math.MaxFloat64, 1e-300, 1e300, 0.01, 3}
	xs := append([]float64(nil), fixed...)
	for len(xs) < n {
		switch rng.IntN(3) {
		case 0:
			xs = append(xs, math.Float64frombits(rng.Uint64()&(1<<63-1)&^(0x7ff<<52)|uint64(rng.IntN(2047))<<52))
		case 1:
			xs = append(xs, rng.ExpFloat64()*10)
		default:
			xs = append(xs, float64(rng.IntN(20)))
		}
	}
	return xs
}

// TestTweedieHalf checks that tweedieDev at p = 1.5 (square roots) and
// tweedieTerms (μ's powers once) give the bits of the general formula.
func TestTweedieHalf(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	ys := tweedieValues(rng, 4000)
	mus := tweedieValues(rng, 300)
	dst := make([]float64, len(ys))
	for _, p := range []float64{1.5, -1, 0.5, 1.2, 3, 2.5, 1, 2} {
		for _, mu := range mus {
			if mu == 0 {
				continue
			}
			tweedieTerms(dst, ys, p, mu)
			for i, y := range ys {
				if !tweedieOK(p, y, mu) {
					continue
				}
				want := tweedieDev(p, y, mu)
				if p != 1 && p != 2 {
					want = tweediePow(p, y, mu)
				}
				if got := tweedieDev(p, y, mu); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("tweedieDev(%v, %g, %g) = %v, math.Pow's %v", p, y, mu, got, want)
				}
				if math.Float64bits(dst[i]) != math.Float64bits(want) {
					t.Fatalf("tweedieTerms at p %v, μ %g: y %g gives %v, tweedieDev %v", p, mu, y, dst[i], want)
				}
			}
		}
	}
}
