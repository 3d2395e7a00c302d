package hyptest

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestUnpairedAUC checks the statistic, Welch–Satterthwaite degrees of
// freedom, p-value and interval against the formulas of its doc comment
// computed here with gonum's t and normal distributions; pROC's numbers
// are checked end to end by cmd/evalkit's TestSlicesOracle.
func TestUnpairedAUC(t *testing.T) {
	aA, vA, nA := 0.74, 0.0011, int64(410)
	aB, vB, nB := 0.80, 0.0025, int64(300)
	r, err := UnpairedAUC(aA, vA, nA, aB, vB, nB, TwoSided, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(vA + vB)
	df := (vA + vB) * (vA + vB) / (vA*vA/float64(nA-1) + vB*vB/float64(nB-1))
	tt := (aB - aA) / se
	dist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	p := 2 * dist.CDF(-math.Abs(tt))
	q := dist.Quantile(0.95)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"diff", r.Diff, aB - aA}, {"t", r.Statistic, tt}, {"df", r.DF, df}, {"p", r.PValue, p},
		{"low", r.CI[0], aB - aA - q*se}, {"high", r.CI[1], aB - aA + q*se},
	} {
		if math.Abs(c.got-c.want) > 1e-12*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if _, err := UnpairedAUC(0.5, 0, 10, 0.5, 0, 10, TwoSided, 0); !errors.Is(err, ErrZeroVariance) {
		t.Errorf("zero variances: %v", err)
	}
	if _, err := UnpairedAUC(0.5, 0.1, 1, 0.5, 0.1, 10, TwoSided, 0); !errors.Is(err, ErrTooFew) {
		t.Errorf("one row: %v", err)
	}
	if _, err := UnpairedAUC(math.NaN(), 0.1, 5, 0.5, 0.1, 10, TwoSided, 0); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

// TestWaldDiff checks z = (x_B − x_A)/√(se_A² + se_B²) and its two-sided
// p-value and interval against gonum's normal distribution.
func TestWaldDiff(t *testing.T) {
	r, err := WaldDiff(0.3, 0.04, 0.42, 0.03, TwoSided, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(0.04*0.04 + 0.03*0.03)
	z := 0.12 / se
	p := 2 * distuv.UnitNormal.CDF(-z)
	q := distuv.UnitNormal.Quantile(0.975)
	for _, c := range [][2]float64{{r.Statistic, z}, {r.PValue, p}, {r.CI[0], 0.12 - q*se}, {r.CI[1], 0.12 + q*se}} {
		if math.Abs(c[0]-c[1]) > 1e-12 {
			t.Errorf("got %v, want %v", c[0], c[1])
		}
	}
}
