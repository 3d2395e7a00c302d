package learn

import "github.com/evalkit-go/evalkit/internal/fsum"

// Baseline ignores the features: a classifier predicts the most frequent
// training class (the lowest index on a tie) with the training class
// shares as probabilities, a regressor the training mean — scikit-learn's
// DummyClassifier(strategy="prior") and DummyRegressor. It is the yardstick
// every other model should beat.
type Baseline struct {
	classes int
	value   []float64 // class shares, or {mean}
}

// Fit records the class shares or the mean of d.Y.
func (m *Baseline) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	m.classes = d.Classes
	if d.Classes == 0 {
		m.value = []float64{fsum.Of(d.Y) / float64(len(d.Y))}
		return nil
	}
	m.value = make([]float64, d.Classes)
	for c, cnt := range classCounts(d) {
		m.value[c] = float64(cnt) / float64(len(d.Y))
	}
	return nil
}

// Proba returns the training class shares for every row. It panics if the
// model was not fitted on classification data.
func (m *Baseline) Proba(X [][]float64) [][]float64 {
	if m.classes == 0 {
		panic("learn: Baseline.Proba without a fitted classifier")
	}
	out := make([][]float64, len(X))
	for i := range out {
		out[i] = append([]float64(nil), m.value...)
	}
	return out
}

// Predict returns the majority class or the mean for every row. It panics
// if the model was not fitted.
func (m *Baseline) Predict(X [][]float64) []float64 {
	if m.value == nil {
		panic("learn: Baseline.Predict before Fit")
	}
	v := m.value[0]
	if m.classes > 0 {
		v = float64(argmax(m.value))
	}
	out := make([]float64, len(X))
	for i := range out {
		out[i] = v
	}
	return out
}
