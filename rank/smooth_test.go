package rank

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

// TestSmoothBinormalGolden checks Table.SmoothBinormal against pROC
// 1.18.0 smooth(roc, method = "binormal") with its defaults (n = 512) and
// the auc of the smoothed curve (testdata/proc_smooth.json, written by
// tools/oracle/rank_proc_smooth.R): the model's coefficients, the AUC and
// all 514 points of the curve to 1e-12 absolute, the cases pROC cannot
// smooth as ErrNotSmoothable. It reports the largest difference.
func TestSmoothBinormalGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/proc_smooth.json")
	if err != nil {
		t.Fatal(err)
	}
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
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 10 || !strings.HasPrefix(doc.Source, "pROC") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	var worst, worstAUC float64
	not := 0
	for _, c := range doc.Cases {
		pos := make([]bool, len(c.Y))
		for j, y := range c.Y {
			pos[j] = y == 1
		}
		tb, err := NewTable(c.S, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
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
		close := func(what string, got float64, want string) {
			w := rnum(t, want)
			d := math.Abs(got - w)
			if !(d <= 1e-12) {
				t.Errorf("%s %s = %.17g, want %.17g", c.Name, what, got, w)
			}
			worst = max(worst, d)
		}
		close("intercept", *sm.Intercept, c.Intercept)
		close("slope", *sm.Slope, c.Slope)
		close("auc", sm.ROCAUC, c.AUC)
		worstAUC = max(worstAUC, math.Abs(sm.ROCAUC-rnum(t, c.AUC)))
		if len(sm.Sensitivities) != 514 || len(c.Sensitivities) != 514 || len(sm.Specificities) != 514 {
			t.Fatalf("%s: %d points, want 514", c.Name, len(sm.Sensitivities))
		}
		for i := range c.Sensitivities {
			close("sensitivity", sm.Sensitivities[i], c.Sensitivities[i])
			close("specificity", sm.Specificities[i], c.Specificities[i])
		}
	}
	if not == 0 {
		t.Error("no case pROC cannot smooth in the golden file")
	}
	t.Logf("largest difference from pROC: %.3g (AUC %.3g; %d cases not smoothable)", worst, worstAUC, not)
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
