package plot

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSaveRegression(t *testing.T) {
	dir := t.TempDir()
	y := []float64{3, -0.5, 2, 7}
	p := []float64{2.5, 0, 2, 8}
	if err := SaveRegression(dir, "", "y_true", "y_pred", y, p); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"regress_pred_vs_actual", "regress_residuals"} {
		for _, ext := range []string{".svg", ".png"} {
			st, err := os.Stat(filepath.Join(dir, name+ext))
			if err != nil || st.Size() == 0 {
				t.Errorf("%s%s: %v", name, ext, err)
			}
		}
	}
	// A constant input still gets non-degenerate axes.
	if err := SaveRegression(dir, "_const", "y", "p", []float64{1, 1}, []float64{1, 1}); err != nil {
		t.Fatal(err)
	}
	if err := SaveRegression(dir, "_empty", "y", "p", nil, nil); err == nil {
		t.Error("no error for no points")
	}
}
