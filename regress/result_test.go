package regress_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
)

func TestNewResult(t *testing.T) {
	m := regress.NewMulti(2, regress.Options{KeepValues: true})
	// scikit-learn's mean_squared_error docstring example (multioutput).
	for i, y := range [][]float64{{0.5, 1}, {-1, 1}, {7, -6}} {
		p := [][]float64{{0, 2}, {-1, 2}, {8, -5}}[i]
		if err := m.Add(y, p); err != nil {
			t.Fatal(err)
		}
	}
	opt := regress.ReportOptions{Trues: []string{"a", "b"}, Preds: []string{"pa", "pb"}, Multioutput: regress.Raw}
	r, err := regress.NewResult(m, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := report.JSON(r, "")
	if err != nil {
		t.Fatal(err)
	}
	// scikit-learn 1.2 mean_squared_error(..., multioutput='raw_values') = [0.41666667, 1.]
	if !strings.Contains(string(b), `"mse":[0.4166666666666667,1]`) || !strings.Contains(string(b), `"outputs":[{"true":"a","pred":"pa"`) {
		t.Errorf("JSON %s", b)
	}
	opt.NFeatures = -1
	var oe *report.OptionError
	if _, err := regress.NewResult(m, opt); !errors.As(err, &oe) || oe.Option != "n-features" {
		t.Errorf("n-features -1: %v", err)
	}
}
