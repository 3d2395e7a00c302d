package rank_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
)

// Six rows: the AUC counts 7 of the 9 (positive, negative) pairs in order,
// 7/9 (by hand: positives 0.35, 0.8, 0.9 against negatives 0.1, 0.4, 0.7).
var (
	extremeScore = []float64{0.1, 0.4, 0.35, 0.8, 0.7, 0.9}
	extremePos   = []bool{false, false, true, true, false, true}
)

func extremeWeights(c float64) []float64 {
	w := []float64{1, 2, 1, 3, 1, 2}
	for i := range w {
		w[i] *= c
	}
	return w
}

// TestWeightScaleInvariance: multiplying every weight by one constant
// changes no measure, however small or large the constant, while the sums
// stay finite. With a power of two the bits are the same; with any
// other constant the weights themselves round, within 1e-12 relative.
func TestWeightScaleInvariance(t *testing.T) {
	ref, err := rank.NewTable(extremeScore, extremePos, extremeWeights(1))
	if err != nil {
		t.Fatal(err)
	}
	rAUC, _ := ref.AUC()
	rLoss, _ := ref.RankLoss()
	rAP, _ := ref.AveragePrecision()
	// The weighted pairs in order, by hand: (1·1 + 3·4 + 2·4) / (6·4) = 21/24.
	if want := 21.0 / 24; math.Abs(rAUC-want) > 1e-15 {
		t.Fatalf("AUC = %v, want %v", rAUC, want)
	}
	for _, c := range []float64{0x1p-600, 0x1p600, 1e-162, 1e-200, 1e155, 1e200, 1e-300, 1e300} {
		tab, err := rank.NewTable(extremeScore, extremePos, extremeWeights(c))
		if err != nil {
			t.Fatal(err)
		}
		auc, err1 := tab.AUC()
		loss, err2 := tab.RankLoss()
		ap, err3 := tab.AveragePrecision()
		if err := errors.Join(err1, err2, err3); err != nil {
			t.Fatalf("weights ×%g: %v", c, err)
		}
		tol := 1e-12
		if frac, _ := math.Frexp(c); frac == 0.5 {
			tol = 0 // a power of two: the same bits
		}
		for _, m := range []struct {
			name      string
			got, want float64
		}{{"AUC", auc, rAUC}, {"rank loss", loss, rLoss}, {"AP", ap, rAP}} {
			if !(math.Abs(m.got-m.want) <= tol*m.want) {
				t.Errorf("weights ×%g: %s = %v, want %v", c, m.name, m.got, m.want)
			}
		}
		rep, err := rank.NewReport(tab, rank.DefaultOptions())
		if err != nil {
			t.Fatalf("weights ×%g: report: %v", c, err)
		}
		if !(math.Abs(rep.ROCAUC-rAUC) <= tol*rAUC) {
			t.Errorf("weights ×%g: report AUC = %v, want %v", c, rep.ROCAUC, rAUC)
		}
		// Intervals need Σw²: out of range it is said, never a panic or a
		// silent NaN.
		if err := rep.AddIntervals(tab, rank.DefaultOptions(), hyptest.CIOptions{Bootstrap: 50}); err != nil {
			t.Fatalf("weights ×%g: intervals: %v", c, err)
		}
		sq := c * c
		if sq < 0x1p-1022 || math.IsInf(sq*12, 0) {
			if len(rep.Intervals) != 0 {
				t.Errorf("weights ×%g: intervals %v from squared weights out of range", c, rep.Intervals)
			}
			if !mentions(rep.Warnings, "squared weights sum") {
				t.Errorf("weights ×%g: no warning about the squared weights: %q", c, rep.Warnings)
			}
		}
		if _, err := tab.ROCBand(0.95, nil); err == nil && (sq < 0x1p-1022 || math.IsInf(sq*12, 0)) {
			t.Errorf("weights ×%g: ROC band from squared weights out of range", c)
		}
	}
}

func mentions(ws []string, s string) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(w, s) })
}

// TestWeightSumOverflow: weights whose sum is past the largest float64
// are an error saying so, not a null or a "sum to zero".
func TestWeightSumOverflow(t *testing.T) {
	tab, err := rank.NewTable(extremeScore, extremePos, extremeWeights(5e307)) // each finite, W⁺ = 3e308
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.AUC(); !errors.Is(err, rank.ErrWeightRange) {
		t.Errorf("AUC: error %v, want ErrWeightRange", err)
	}
	if _, err := rank.NewReport(tab, rank.DefaultOptions()); !errors.Is(err, rank.ErrWeightRange) {
		t.Errorf("report: error %v, want ErrWeightRange", err)
	}
}
