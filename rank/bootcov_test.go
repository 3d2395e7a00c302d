package rank

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBootstrapCov checks that the bootstrap's variances and covariance
// of two paired AUCs approach DeLong's (DeLong's estimates are the
// jackknife-like limit of the same quantities: they differ by terms of
// order 1/m and 1/n, a few percent here, plus the Monte Carlo error of
// 20000 replicates, about 1%): each within 8% (the covariance within 8%
// of √(varA varB)), and that the same seed gives the same numbers.
func TestBootstrapCov(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 300
	pos := make([]bool, n)
	a, b := make([]float64, n), make([]float64, n)
	for i := range pos {
		pos[i] = rng.Float64() < 0.4
		mu := 0.0
		if pos[i] {
			mu = 1
		}
		a[i] = math.Round((mu+rng.NormFloat64())*10) / 10
		b[i] = math.Round((0.6*a[i]+0.5*mu+rng.NormFloat64())*10) / 10
	}
	d, err := DeLongTest(pos, a, b)
	if err != nil {
		t.Fatal(err)
	}
	va, vb, c, err := BootstrapCov(pos, a, b, 20000, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(va-d.VarA) > 0.08*d.VarA || math.Abs(vb-d.VarB) > 0.08*d.VarB || math.Abs(c-d.Cov) > 0.08*math.Sqrt(d.VarA*d.VarB) {
		t.Errorf("bootstrap %v %v %v, DeLong %v %v %v", va, vb, c, d.VarA, d.VarB, d.Cov)
	}
	va2, vb2, c2, _ := BootstrapCov(pos, a, b, 20000, rand.New(rand.NewPCG(1, 2)))
	if va2 != va || vb2 != vb || c2 != c {
		t.Error("the same seed gave different numbers")
	}
	if _, _, _, err := BootstrapCov([]bool{true, true}, []float64{1, 2}, []float64{1, 2}, 10, rng); err == nil {
		t.Error("one class: no error")
	}
	t.Logf("bootstrap %.5g %.5g %.5g, DeLong %.5g %.5g %.5g", va, vb, c, d.VarA, d.VarB, d.Cov)
}
