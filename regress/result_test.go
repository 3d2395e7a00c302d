package regress_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
)

func TestNewResult(t *testing.T) {
	m := regress.NewMulti(2, regress.StateOptions{KeepValues: true})
	// scikit-learn's mean_squared_error docstring example (multioutput).
	for i, y := range [][]float64{{0.5, 1}, {-1, 1}, {7, -6}} {
		p := [][]float64{{0, 2}, {-1, 2}, {8, -5}}[i]
		if err := m.Add(y, p); err != nil {
			t.Fatal(err)
		}
	}
	opt := regress.Options{Trues: []string{"a", "b"}, Preds: []string{"pa", "pb"}, Multioutput: regress.Raw}
	r, err := regress.NewResult(m, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := result.JSON(r, "")
	if err != nil {
		t.Fatal(err)
	}
	// scikit-learn 1.2 mean_squared_error(..., multioutput='raw_values') = [0.41666667, 1.]
	if !strings.Contains(string(b), `"mse":[0.4166666666666667,1]`) || !strings.Contains(string(b), `"outputs":[{"true":"a","pred":"pa"`) {
		t.Errorf("JSON %s", b)
	}
	opt.NFeatures = -1
	var oe *result.OptionError
	if _, err := regress.NewResult(m, opt); !errors.As(err, &oe) || oe.Option != "regress.Options.NFeatures" {
		t.Errorf("n-features -1: %v", err)
	}
}

// TestModelsCompare checks the paired bootstrap of two models' MAE: its
// diff is the difference of their reports, the same seed gives the same
// bits, and a measure it cannot compare is an option error.
func TestModelsCompare(t *testing.T) {
	y := []float64{3, -0.5, 2, 7, 4.2, 1, 0.3, 5}
	p1 := []float64{2.5, 0.0, 2, 8, 4, 1.5, 0.1, 4}
	p2 := []float64{3, -0.2, 1, 6, 5, 2, 0.5, 6}
	run := func(mo board.Options) (*board.Models, error) {
		m := regress.NewMulti(2, regress.StateOptions{KeepValues: true})
		for i := range y {
			if err := m.Add([]float64{y[i], y[i]}, []float64{p1[i], p2[i]}); err != nil {
				t.Fatal(err)
			}
		}
		return regress.NewModelsReport(m, "y", []string{"p1", "p2"}, regress.Options{}, mo, nil)
	}
	mo := board.Options{Compare: []string{"mae"}, Bootstrap: 500, Seed: 4}
	out, err := run(mo)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := run(mo)
	c := out.Comparisons[0]
	d := out.Models[0].Report.(*regress.Report).MAE - out.Models[1].Report.(*regress.Report).MAE
	if c.Test != "paired-bootstrap" || c.Measure != "mae" || c.Diff != d || c.CI == nil || !(c.PValue > 0 && c.PValue <= 1) {
		t.Errorf("comparison %+v, want diff %v", c, d)
	}
	if *c.CI != *again.Comparisons[0].CI || c.PValue != again.Comparisons[0].PValue {
		t.Error("same seed, different bootstrap")
	}
	var oe *result.OptionError
	if _, err := run(board.Options{Compare: []string{"explained_variance"}}); !errors.As(err, &oe) {
		t.Errorf("explained_variance: %v, want an option error", err)
	}
}
