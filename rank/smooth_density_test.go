package rank

import (
	"errors"
	"math"
	"testing"
)

// TestSmoothDensityGolden checks Table.SmoothDensity against pROC 1.18.0
// smooth(roc, method = "density") at its defaults (n = 512, bw = "nrd0",
// the Gaussian kernel), with bw = "nrd" and a fixed bandwidth, and with
// each of R's other kernels, and the auc of the smoothed curve
// (testdata/proc_smooth_density.json, written by
// tools/oracle/rank_proc_smooth_density.R): the bandwidth, the AUC and
// all 514 points of the curve to 1e-12 absolute. R convolves by a fast
// Fourier transform and evalkit by direct sums, so the two differ by
// rounding. It reports the largest difference.
func TestSmoothDensityGolden(t *testing.T) {
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Name          string    `json:"name"`
			Y             []int     `json:"y"`
			S             []float64 `json:"s"`
			BW            string    `json:"bw"`
			Kernel        string    `json:"kernel"`
			Bandwidth     string    `json:"bandwidth"`
			AUC           string    `json:"auc"`
			Sensitivities []string  `json:"sensitivities"`
			Specificities []string  `json:"specificities"`
		} `json:"cases"`
	}
	readGolden(t, "testdata/proc_smooth_density.json", "pROC", 20, &doc)
	var worst, worstAUC float64
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		sm, err := tb.SmoothDensity(SmoothPoints, c.BW, c.Kernel)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if w := rnum(t, c.Bandwidth); math.Abs(*sm.Bandwidth-w) > 1e-14*w {
			t.Errorf("%s bandwidth = %.17g, want %.17g", c.Name, *sm.Bandwidth, w)
		}
		worstAUC = max(worstAUC, checkSmoothCurve(t, &worst, c.Name, sm, c.AUC, c.Sensitivities, c.Specificities))
	}
	t.Logf("largest difference from pROC: %.3g (AUC %.3g)", worst, worstAUC)
}

// TestSmoothDensityErrors: weighted rows, one class, an unknown kernel or
// bandwidth rule are errors.
func TestSmoothDensityErrors(t *testing.T) {
	tb, _ := NewTable([]float64{1, 2, 3}, []bool{false, true, true}, []float64{1, 2, 1})
	if _, err := tb.SmoothDensity(SmoothPoints, "", ""); !errors.Is(err, ErrSmoothWeighted) {
		t.Errorf("weighted: %v", err)
	}
	tb, _ = NewTable([]float64{1, 2, 3}, []bool{true, true, true}, nil)
	if _, err := tb.SmoothDensity(SmoothPoints, "", ""); !errors.Is(err, ErrOneClass) {
		t.Errorf("one class: %v", err)
	}
	tb, _ = NewTable([]float64{1, 2, 3}, []bool{false, true, true}, nil)
	for _, c := range [][2]string{{"", "box"}, {"silverman", ""}, {"-1", ""}, {"0", ""}, {"Inf", ""}} {
		if _, err := tb.SmoothDensity(SmoothPoints, c[0], c[1]); err == nil {
			t.Errorf("bw %q kernel %q: no error", c[0], c[1])
		}
	}
}
