package learn

import (
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Standardize wraps a model so that every feature is centred and scaled to
// unit variance with the mean and (population) standard deviation of the
// training rows, before both Fit and Predict — scikit-learn's
// make_pipeline(StandardScaler(), model). A constant feature is centred
// only. Logistic regression and k-nearest neighbours need this on features
// of different scales.
// The result is a [Prober] when m is.
func Standardize(m Model) Model {
	if _, ok := m.(Prober); ok {
		return &scaledProber{scaled{inner: m}}
	}
	return &scaled{inner: m}
}

type scaled struct {
	inner     Model
	mean, std []float64
}

func (s *scaled) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	w := d.Features()
	s.mean = make([]float64, w)
	s.std = make([]float64, w)
	col := make([]float64, len(d.X))
	for j := range w {
		for i, x := range d.X {
			col[i] = x[j]
		}
		s.mean[j] = fsum.Of(col) / float64(len(col))
		s.std[j] = math.Sqrt(variance(col))
		if s.std[j] == 0 {
			s.std[j] = 1
		}
	}
	return s.inner.Fit(Data{X: s.transform(d.X), Y: d.Y, Classes: d.Classes})
}

func (s *scaled) transform(X [][]float64) [][]float64 {
	if s.mean == nil {
		panic("learn: standardized model used before Fit")
	}
	checkWidth("Standardize", X, len(s.mean))
	out := make([][]float64, len(X))
	for i, x := range X {
		row := make([]float64, len(x))
		for j, v := range x {
			row[j] = (v - s.mean[j]) / s.std[j]
		}
		out[i] = row
	}
	return out
}

func (s *scaled) Predict(X [][]float64) []float64 { return s.inner.Predict(s.transform(X)) }

type scaledProber struct{ scaled }

func (s *scaledProber) Proba(X [][]float64) [][]float64 {
	return s.inner.(Prober).Proba(s.transform(X))
}
