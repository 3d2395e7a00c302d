package learn

import (
	"errors"
	"fmt"
	"math"
)

// Sentinel errors for data a learner cannot fit.
var (
	ErrEmpty     = errors.New("no rows")
	ErrNotFinite = errors.New("value is not finite")
	ErrLabel     = errors.New("label is not a class index")
	ErrShape     = errors.New("rows of different widths")
	ErrSingular  = errors.New("features are collinear")
)

// Data is a dense data set: X[i] holds the features of sample i and Y[i]
// its target — a class index 0…Classes−1 when Classes > 0, a value when
// Classes is 0 (regression).
type Data struct {
	X       [][]float64
	Y       []float64
	Classes int
}

// Model is a learner: Fit trains it on d, Predict returns one prediction
// per row of X (a class index for a classifier).
type Model interface {
	Fit(d Data) error
	Predict(X [][]float64) []float64
}

// Prober is a classifier that also gives class probabilities: one row of
// Classes values, summing to 1, per row of X.
type Prober interface {
	Model
	Proba(X [][]float64) [][]float64
}

// Subset returns the rows idx of d (in that order, repeats kept), sharing
// the feature rows with d.
func (d Data) Subset(idx []int) Data {
	s := Data{X: make([][]float64, len(idx)), Y: make([]float64, len(idx)), Classes: d.Classes}
	for j, i := range idx {
		s.X[j] = d.X[i]
		s.Y[j] = d.Y[i]
	}
	return s
}

// Features returns the number of features (the width of the first row), 0
// for no rows.
func (d Data) Features() int {
	if len(d.X) == 0 {
		return 0
	}
	return len(d.X[0])
}

// Check returns an error when d cannot be fitted: no rows, X and Y of
// different lengths, ragged rows, a value that is NaN or ±Inf, or (for
// classification) a label that is not an integer in [0, Classes). The
// message names the row (0-based).
func (d Data) Check() error {
	if len(d.X) == 0 {
		return ErrEmpty
	}
	if len(d.X) != len(d.Y) {
		return fmt.Errorf("%w: %d feature rows but %d targets", ErrShape, len(d.X), len(d.Y))
	}
	w := len(d.X[0])
	for i, row := range d.X {
		if len(row) != w {
			return fmt.Errorf("%w: row %d has %d features, row 0 has %d", ErrShape, i, len(row), w)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: row %d feature %d is %v", ErrNotFinite, i, j, v)
			}
		}
		y := d.Y[i]
		if math.IsNaN(y) || math.IsInf(y, 0) {
			return fmt.Errorf("%w: row %d target is %v", ErrNotFinite, i, y)
		}
		if d.Classes > 0 && !(y >= 0 && y < float64(d.Classes) && y == math.Trunc(y)) {
			return fmt.Errorf("%w: row %d label %v, want 0…%d", ErrLabel, i, y, d.Classes-1)
		}
	}
	return nil
}

// checkWidth panics when X's rows are not w wide.
func checkWidth(name string, X [][]float64, w int) {
	for i, row := range X {
		if len(row) != w {
			panic(fmt.Sprintf("learn: %s: row %d has %d features, the model was fitted on %d", name, i, len(row), w))
		}
	}
}

// classCounts returns the number of samples of each class.
func classCounts(d Data) []int {
	c := make([]int, d.Classes)
	for _, y := range d.Y {
		c[int(y)]++
	}
	return c
}

// argmax returns the index of the largest value, the first on a tie.
func argmax(xs []float64) int {
	best := 0
	for i, v := range xs {
		if v > xs[best] {
			best = i
		}
	}
	return best
}

// predictArgmax turns probability rows into class indices.
func predictArgmax(p [][]float64) []float64 {
	out := make([]float64, len(p))
	for i, row := range p {
		out[i] = float64(argmax(row))
	}
	return out
}
