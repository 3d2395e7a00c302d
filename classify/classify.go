package classify

import (
	"fmt"
	"math"
)

// Evaluate is the one-call form: it tallies true and predicted labels with
// optional weights (nil: every weight 1) and returns the report, labels in
// label order ([label.Sort]) unless opt.Labels gives them (a subset of the
// labels included, see [Options].Labels); labels that are all numbers
// compare as numbers ([Tally.Sorted]). Errors: ErrEmpty, ErrWeight for a
// negative or non-finite weight, naming the row (0-based), and NewReport's.
// It panics if the slices differ in length.
func Evaluate(yTrue, yPred []string, w []float64, opt Options) (*Report, error) {
	if len(yTrue) != len(yPred) || (w != nil && len(w) != len(yTrue)) {
		panic("classify: yTrue, yPred and weights differ in length")
	}
	t := NewTally(opt.Labels)
	for i := range yTrue {
		wt := -1.0
		if w != nil {
			wt = w[i]
			if !(wt >= 0) || math.IsInf(wt, 0) {
				return nil, fmt.Errorf("%w: row %d has weight %v", ErrWeight, i, wt)
			}
		}
		if ok, bad := t.Add([]byte(yTrue[i]), []byte(yPred[i]), wt); !ok {
			v := yTrue[i]
			if bad == 1 {
				v = yPred[i]
			}
			return nil, fmt.Errorf("%w: row %d has %q", ErrUnknownLabel, i, v)
		}
	}
	labels, c := t.Sorted()
	rep, err := NewReport(labels, c, opt)
	if err == nil {
		rep.LabelComparison = t.Comparison().String()
	}
	return rep, err
}

// FromIndices builds the confusion matrix of class indices in [0, k) with
// optional weights. It returns ErrWeight for a bad weight; it panics if the
// slices differ in length or an index is out of range.
func FromIndices(yTrue, yPred []int, k int, w []float64) (*Confusion, error) {
	if len(yTrue) != len(yPred) || (w != nil && len(w) != len(yTrue)) {
		panic("classify: yTrue, yPred and weights differ in length")
	}
	c := NewConfusion(k)
	for i := range yTrue {
		if yTrue[i] < 0 || yTrue[i] >= k || yPred[i] < 0 || yPred[i] >= k {
			panic(fmt.Sprintf("classify: row %d: class index out of range [0, %d)", i, k))
		}
		if w == nil {
			c.Add(yTrue[i], yPred[i])
			continue
		}
		if !(w[i] >= 0) || math.IsInf(w[i], 0) {
			return nil, fmt.Errorf("%w: row %d has weight %v", ErrWeight, i, w[i])
		}
		c.AddWeighted(yTrue[i], yPred[i], w[i])
	}
	return c, nil
}

// Accuracy returns the (weighted) share of rows with yPred = yTrue. It
// returns ErrEmpty for no rows and ErrZeroWeight when the weights sum to 0.
func Accuracy(yTrue, yPred []int, w []float64) (float64, error) {
	c, err := fromInts(yTrue, yPred, w)
	if err != nil {
		return 0, err
	}
	return c.Accuracy(), nil
}

// F1 returns the macro-averaged F1 score of class indices (the mean of
// per-class F1, as scikit-learn's f1_score(average="macro")), with the
// zero-division policy z.
func F1(yTrue, yPred []int, w []float64, z ZeroDivision) (float64, error) {
	c, err := fromInts(yTrue, yPred, w)
	if err != nil {
		return 0, err
	}
	return Averaged(c.PerClass(1, z), nil).F1, nil
}

func fromInts(yTrue, yPred []int, w []float64) (*Confusion, error) {
	k := 0
	for i := range yTrue {
		k = max(k, yTrue[i]+1)
	}
	for i := range yPred {
		k = max(k, yPred[i]+1)
	}
	c, err := FromIndices(yTrue, yPred, k, w)
	if err != nil {
		return nil, err
	}
	if c.N() == 0 {
		return nil, ErrEmpty
	}
	if err := totalErr(c.Total()); err != nil {
		return nil, err
	}
	return c, nil
}
