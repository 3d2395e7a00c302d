package rank

import (
	"errors"
	"math"
	"testing"
)

// TestSmoothBinormalGolden checks Table.SmoothBinormal against pROC
// 1.18.0 smooth(roc, method = "binormal") with its defaults (n = 512) and
// the auc of the smoothed curve (testdata/proc_smooth.json, written by
// tools/oracle/rank_proc_smooth.R): the model's coefficients, the AUC and
// all 514 points of the curve to 1e-12 absolute, the cases pROC cannot
// smooth as ErrNotSmoothable. It reports the largest difference.
func TestSmoothBinormalGolden(t *testing.T) {
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Name          string    `json:"name"`
			Y             []int     `json:"y"`
			S             []float64 `json:"s"`
			Smoothable    bool      `json:"smoothable"`
			AUC           string    `json:"auc"`
			Intercept     string    `json:"intercept"`
			Slope         string    `json:"slope"`
			Sensitivities []string  `json:"sensitivities"`
			Specificities []string  `json:"specificities"`
		} `json:"cases"`
	}
	readGolden(t, "testdata/proc_smooth.json", "pROC", 10, &doc)
	var worst, worstAUC float64
	not := 0
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		sm, err := tb.SmoothBinormal(SmoothPoints)
		if !c.Smoothable {
			not++
			if !errors.Is(err, ErrNotSmoothable) {
				t.Errorf("%s: err %v, want ErrNotSmoothable", c.Name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		closeTo(t, &worst, c.Name+" intercept", *sm.Intercept, c.Intercept)
		closeTo(t, &worst, c.Name+" slope", *sm.Slope, c.Slope)
		worstAUC = max(worstAUC, checkSmoothCurve(t, &worst, c.Name, sm, c.AUC, c.Sensitivities, c.Specificities))
	}
	if not == 0 {
		t.Error("no case pROC cannot smooth in the golden file")
	}
	t.Logf("largest difference from pROC: %.3g (AUC %.3g; %d cases not smoothable)", worst, worstAUC, not)
}

// closeTo fails the test unless got is within 1e-12 of want (a number
// as R prints it), and keeps the largest difference in worst.
func closeTo(t *testing.T, worst *float64, what string, got float64, want string) {
	t.Helper()
	w := rnum(t, want)
	d := math.Abs(got - w)
	if !(d <= 1e-12) {
		t.Errorf("%s = %.17g, want %.17g", what, got, w)
	}
	*worst = max(*worst, d)
}

// checkSmoothCurve checks a smoothed curve's AUC and its 514 points
// against pROC's to 1e-12 absolute and returns the AUC's difference.
func checkSmoothCurve(t *testing.T, worst *float64, name string, sm *Smooth, auc string, sens, spec []string) float64 {
	t.Helper()
	closeTo(t, worst, name+" auc", sm.ROCAUC, auc)
	if len(sm.Sensitivities) != 514 || len(sens) != 514 || len(sm.Specificities) != 514 {
		t.Fatalf("%s: %d points, want 514", name, len(sm.Sensitivities))
	}
	for i := range sens {
		closeTo(t, worst, name+" sensitivity", sm.Sensitivities[i], sens[i])
		closeTo(t, worst, name+" specificity", sm.Specificities[i], spec[i])
	}
	return math.Abs(sm.ROCAUC - rnum(t, auc))
}

// TestSmoothBinormalModel checks the closed form on an exact binormal
// curve: points Φ⁻¹(sp) = a + b Φ⁻¹(se) give back a and b, and the AUC
// Φ(a/√(1+b²)) is the area under the 514-point curve to the trapezoid's
// error.
func TestSmoothBinormalModel(t *testing.T) {
	a, b := 1.2, -0.7
	var x, y []float64
	for _, se := range []float64{0.05, 0.2, 0.4, 0.6, 0.9} {
		q := normQuantile(se)
		x, y = append(x, q), append(y, a+b*q)
	}
	ga, gb, ok := leastSquares(x, y)
	if !ok || math.Abs(ga-a) > 1e-14 || math.Abs(gb-b) > 1e-14 {
		t.Fatalf("leastSquares = %v, %v, %v; want %v, %v", ga, gb, ok, a, b)
	}
	if _, _, ok := leastSquares([]float64{1, 1}, []float64{2, 3}); ok {
		t.Error("one x: ok")
	}
	// A weighted table whose curve is nearly binormal: negatives N(0, 1),
	// positives N(1, 1), as densities on a grid of 801 scores; the
	// smoothed AUC is close to Φ(1/√2) (to 5e-3: the grid's far tails,
	// rates of 1e-5 and less, bend the least-squares line a little).
	var s []float64
	var pos []bool
	var w []float64
	for i := -400; i <= 400; i++ {
		v := float64(i) / 100
		for _, p := range []bool{false, true} {
			mu := 0.0
			if p {
				mu = 1
			}
			s, pos, w = append(s, v), append(pos, p), append(w, math.Exp(-(v-mu)*(v-mu)/2))
		}
	}
	tb, err := NewTable(s, pos, w)
	if err != nil {
		t.Fatal(err)
	}
	sm, err := tb.SmoothBinormal(SmoothPoints)
	if err != nil {
		t.Fatal(err)
	}
	if want := normCDF(1 / math.Sqrt2); math.Abs(sm.ROCAUC-want) > 5e-3 {
		t.Errorf("binormal AUC %v, want about Φ(1/√2) = %v", sm.ROCAUC, want)
	}
	var trap float64
	for i := 1; i < len(sm.Specificities); i++ {
		trap += (sm.Specificities[i] - sm.Specificities[i-1]) * (sm.Sensitivities[i] + sm.Sensitivities[i-1]) / 2
	}
	if math.Abs(trap-sm.ROCAUC) > 1e-3 {
		t.Errorf("trapezoid under the smoothed curve %v, closed form %v", trap, sm.ROCAUC)
	}
}
