package classify_test

import (
	"errors"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/classify"
)

// TestWeightScaleInvariance: multiplying every weight by one constant
// changes no measure, however small or large the constant (kappa and MCC
// sum products of two masses, which underflowed at 1e-162 and overflowed
// at 1e155 before). A power of two gives the same bits; another constant
// rounds the weights, within 1e-12 relative.
func TestWeightScaleInvariance(t *testing.T) {
	yt := []int{0, 0, 1, 1, 2, 2, 0, 1}
	yp := []int{0, 1, 1, 1, 2, 0, 0, 2}
	w := []float64{1, 2, 1, 3, 1, 2, 1, 1}
	scaled := func(c float64) *classify.Confusion {
		ws := make([]float64, len(w))
		for i := range w {
			ws[i] = w[i] * c
		}
		m, err := classify.FromIndices(yt, yp, 3, ws)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	ref := scaled(1)
	rm, _ := ref.MCC()
	rk := ref.CohenKappa(classify.KappaQuadratic)
	if math.IsNaN(rm) || math.IsNaN(rk) {
		t.Fatalf("reference: MCC %v, kappa %v", rm, rk)
	}
	for _, c := range []float64{0x1p-600, 0x1p600, 1e-162, 1e-200, 1e155, 1e200, 1e-300, 1e300} {
		m := scaled(c)
		tol := 1e-12
		if frac, _ := math.Frexp(c); frac == 0.5 {
			tol = 0
		}
		mcc, undef := m.MCC()
		if undef || !(math.Abs(mcc-rm) <= tol*math.Abs(rm)) {
			t.Errorf("weights ×%g: MCC = %v (undefined %v), want %v", c, mcc, undef, rm)
		}
		for _, kw := range []classify.KappaWeighting{classify.KappaUnweighted, classify.KappaLinear, classify.KappaQuadratic} {
			want := ref.CohenKappa(kw)
			if got := m.CohenKappa(kw); !(math.Abs(got-want) <= tol*math.Abs(want)) {
				t.Errorf("weights ×%g: kappa(%v) = %v, want %v", c, kw, got, want)
			}
		}
		if _, err := classify.NewReport([]string{"a", "b", "c"}, m, classify.Options{}); err != nil {
			t.Errorf("weights ×%g: %v", c, err)
		}
	}
	// Each weight finite, their sum past the largest float64: said so,
	// not "the weights sum to zero".
	if _, err := classify.NewReport([]string{"a", "b", "c"}, scaled(5e307), classify.Options{}); !errors.Is(err, classify.ErrWeightRange) {
		t.Errorf("overflowing sum: error %v, want ErrWeightRange", err)
	}
}
