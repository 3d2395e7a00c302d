package fsum

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// exact returns the correctly rounded sum of xs, by math/big.
func exact(xs []float64) float64 {
	s := new(big.Float).SetPrec(2000)
	for _, x := range xs {
		s.Add(s, new(big.Float).SetPrec(2000).SetFloat64(x))
	}
	f, _ := s.Float64()
	return f
}

// Sums that plain float64 addition gets badly wrong: cancellation of huge
// terms around small ones. The compensated sum is within an ulp or two of
// the exact sum.
func TestAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		n := 1 + rng.IntN(200)
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(30)-10))
		}
		// Add and cancel a huge term.
		big := 1e20 * float64(1+rng.IntN(9))
		xs = append(xs, big, 1.5, -big)
		want := exact(xs)
		got := Of(xs)
		if math.Abs(got-want) > 4*math.Abs(math.Nextafter(want, math.Inf(1))-want) {
			t.Fatalf("trial %d: sum %v, exact %v", trial, got, want)
		}
	}
	if got := Of([]float64{1, 1e100, 1, -1e100}); got != 2 {
		t.Errorf("Of(1, 1e100, 1, -1e100) = %v, want 2", got)
	}
}

// Merging partial sums equals summing the whole, to the last bit here.
func TestMerge(t *testing.T) {
	xs := []float64{0.1, 1e16, 0.2, -1e16, 0.3}
	var a, b Sum
	for _, x := range xs[:2] {
		a.Add(x)
	}
	for _, x := range xs[2:] {
		b.Add(x)
	}
	a.Merge(b)
	if got, want := a.Value(), exact(xs); got != want {
		t.Errorf("merged %v, exact %v", got, want)
	}
}
