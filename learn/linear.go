package learn

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Linear is least-squares linear regression with an intercept, optionally
// with a ridge (L2) penalty on the weights:
//
//	min_{b,w} Σ_i (y_i − b − w·x_i)² + Alpha·‖w‖²
//
// It centres X and y, so b = ȳ − w·x̄, and solves for w by Householder QR
// of [X_c; √Alpha·I] — scikit-learn's LinearRegression (Alpha = 0) and
// Ridge. Fit returns ErrSingular when Alpha is 0 and the features are
// collinear.
type Linear struct {
	Alpha float64 // ridge penalty, ≥ 0; 0 is ordinary least squares

	Intercept float64   // fitted b
	Weights   []float64 // fitted w
	fitted    bool
}

// Fit trains the model on d (a regression Data; class labels are used as
// numbers).
func (m *Linear) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	if !(m.Alpha >= 0) {
		panic(fmt.Sprintf("learn: Linear.Alpha = %v, want ≥ 0", m.Alpha))
	}
	n, w := len(d.X), d.Features()
	xm := make([]float64, w)
	for j := range w {
		var s fsum.Sum
		for _, x := range d.X {
			s.Add(x[j])
		}
		xm[j] = s.Value() / float64(n)
	}
	ym := fsum.Of(d.Y) / float64(n)
	rows := n
	if m.Alpha > 0 {
		rows += w
	}
	if rows < w && w > 0 {
		return fmt.Errorf("%w: %d rows for %d features", ErrSingular, n, w)
	}
	a := make([]float64, rows*w)
	b := make([]float64, rows)
	for i, x := range d.X {
		for j, v := range x {
			a[i*w+j] = v - xm[j]
		}
		b[i] = d.Y[i] - ym
	}
	if m.Alpha > 0 {
		r := math.Sqrt(m.Alpha)
		for j := range w {
			a[(n+j)*w+j] = r
		}
	}
	coef := []float64{}
	if w > 0 {
		var ok bool
		if coef, ok = lstsq(a, b, rows, w); !ok {
			return fmt.Errorf("%w: the least-squares problem has no unique solution", ErrSingular)
		}
	}
	m.Weights = coef
	icpt := ym
	for j, v := range coef {
		icpt -= v * xm[j]
	}
	m.Intercept = icpt
	m.fitted = true
	return nil
}

// Predict returns b + w·x for each row of X. It panics if the model was
// not fitted or a row has the wrong width.
func (m *Linear) Predict(X [][]float64) []float64 {
	if !m.fitted {
		panic("learn: Linear.Predict before Fit")
	}
	checkWidth("Linear.Predict", X, len(m.Weights))
	out := make([]float64, len(X))
	for i, x := range X {
		s := m.Intercept
		for j, v := range x {
			s += m.Weights[j] * v
		}
		out[i] = s
	}
	return out
}
