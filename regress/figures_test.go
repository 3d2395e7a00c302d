package regress

import (
	"math"
	"testing"
)

func TestNewFigures(t *testing.T) {
	f := NewFigures([]float64{1, 2, 3, 4}, []float64{1, 1, 4, 2}, 10, 2)
	// residuals 0, 1, −1, 2: bins [−1, 0.5) and [0.5, 2] hold 2 and 2.
	if f.Residual[1] != 1 || f.Residual[2] != -1 || f.Counts[0] != 2 || f.Counts[1] != 2 || f.Edges[1] != 0.5 {
		t.Errorf("residuals %v, edges %v, counts %v", f.Residual, f.Edges, f.Counts)
	}
	// Φ⁻¹(0.125) = −1.1503493803760079 (scipy.stats.norm.ppf)
	if math.Abs(f.QQTheoretical[0]+1.1503493803760079) > 1e-12 || f.QQSample[0] != -1 || f.QQSample[3] != 2 {
		t.Errorf("Q-Q %v %v", f.QQTheoretical, f.QQSample)
	}
}
