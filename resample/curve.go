package resample

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/learn"
)

// CurvePoint is one training size of a learning curve: the measure on the
// rows the model was trained on and on the held-out rows, summarised over
// the splits.
type CurvePoint struct {
	TrainSize int     `json:"train_size"`
	Train     Summary `json:"train"`
	Valid     Summary `json:"valid"`
}

// CurveOptions sets the training sizes of a learning curve.
type CurveOptions struct {
	// Sizes are fractions in (0, 1] of the first split's training set; the
	// absolute size is ⌊fraction·n_train⌋ (at least 1), duplicates
	// dropped, as scikit-learn's learning_curve. Nil means 0.1, 0.325,
	// 0.55, 0.775, 1.
	Sizes []float64
	// Shuffle permutes each split's training rows (seeded by Seed and the
	// split number) before the first TrainSize are taken; without it they
	// are taken in row order, as scikit-learn does by default — which on
	// data sorted by class trains on one class only.
	Shuffle bool
	Seed    uint64
}

// LearningCurve trains a model on growing prefixes of each split's training
// rows and scores it with m on those rows and on the split's test rows. A
// training score far above the validation score means overfitting (high
// variance); both low and close means underfitting (high bias) (seed 001
// §5). Fitting errors stop it with an error naming the split and size. It
// panics if there are no splits or a size is not in (0, 1].
func LearningCurve(newModel func() learn.Model, d learn.Data, splits []Split, m Measure, o CurveOptions, c Config) ([]CurvePoint, error) {
	if len(splits) == 0 {
		panic("resample: LearningCurve needs splits")
	}
	fr := o.Sizes
	if fr == nil {
		fr = []float64{0.1, 0.325, 0.55, 0.775, 1}
	}
	nMax := len(splits[0].Train)
	var sizes []int
	for _, f := range fr {
		if !(f > 0 && f <= 1) {
			panic(fmt.Sprintf("resample: learning-curve size %v is not in (0, 1]", f))
		}
		sizes = append(sizes, max(1, int(f*float64(nMax))))
	}
	slices.Sort(sizes)
	sizes = slices.Compact(sizes)
	train := make([][]int, len(splits))
	for s, sp := range splits {
		train[s] = slices.Clone(sp.Train)
		if o.Shuffle {
			newRNG(o.Seed + uint64(s)).shuffle(train[s])
		}
	}
	type job struct{ size, split int }
	var jobs []job
	for si := range sizes {
		for s := range splits {
			jobs = append(jobs, job{si, s})
		}
	}
	trainScore := make([]float64, len(jobs))
	validScore := make([]float64, len(jobs))
	err := runJobs(len(jobs), c, func(j int) error {
		jb := jobs[j]
		n := min(sizes[jb.size], len(train[jb.split]))
		sub := Split{Train: train[jb.split][:n], Test: splits[jb.split].Test}
		model := newModel()
		tr := d.Subset(sub.Train)
		if err := model.Fit(tr); err != nil {
			return fmt.Errorf("split %d, %d training rows: fit: %w", jb.split+1, n, err)
		}
		trainScore[j] = score(model, d, sub.Train, m)
		validScore[j] = score(model, d, sub.Test, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]CurvePoint, len(sizes))
	for si, n := range sizes {
		tr := trainScore[si*len(splits) : (si+1)*len(splits)]
		va := validScore[si*len(splits) : (si+1)*len(splits)]
		out[si] = CurvePoint{TrainSize: n, Train: m.summary(tr, c.Level), Valid: m.summary(va, c.Level)}
	}
	return out, nil
}

// score evaluates m on the given rows; NaN when m is undefined there.
func score(model learn.Model, d learn.Data, rows []int, m Measure) float64 {
	sub := d.Subset(rows)
	p := Predictions{Rows: rows, Y: sub.Y, Pred: model.Predict(sub.X), Classes: d.Classes}
	if pr, ok := model.(learn.Prober); ok && d.Classes > 0 {
		p.Proba = pr.Proba(sub.X)
	}
	v, err := m.Func(p)
	if err != nil {
		return math.NaN()
	}
	return v
}
