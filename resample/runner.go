package resample

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/learn"
	"gonum.org/v1/gonum/stat/distuv"
)

// Predictions are a model's outputs on the test rows of one split.
type Predictions struct {
	Rows    []int       // test row indices into the data
	Y       []float64   // true targets of those rows
	Pred    []float64   // predicted class index or value
	Proba   [][]float64 // class probabilities; nil when the model is not a learn.Prober
	Classes int         // number of classes; 0 for regression
}

// Measure is one number computed from predictions, such as accuracy or an
// AUC. Func may return an error when the measure is undefined on a split
// (say, one class only); the runner then records NaN for that split and a
// warning.
type Measure struct {
	Name           string
	HigherIsBetter bool
	Func           func(p Predictions) (float64, error)
	// Range, when not the zero value, is the interval [Range[0], Range[1]]
	// the measure's values lie in (±Inf for an open end): the confidence
	// interval of its mean over splits is clipped to it, so that an AUC's
	// interval never passes 1.
	Range [2]float64
}

// summary returns the summary of the measure's values over splits, its
// interval clipped to the measure's range.
func (m Measure) summary(values []float64, level float64) Summary {
	s := Summarize(m.Name, values, level)
	if m.Range != ([2]float64{}) {
		if !math.IsNaN(s.Lo) {
			s.Lo = min(max(s.Lo, m.Range[0]), m.Range[1])
		}
		if !math.IsNaN(s.Hi) {
			s.Hi = min(max(s.Hi, m.Range[0]), m.Range[1])
		}
	}
	return s
}

// Loss is a pointwise loss for the bias–variance decomposition and the
// bootstrap estimators.
type Loss int

const (
	ZeroOneLoss Loss = iota // 1 if the predicted class differs from the true one
	SquaredLoss             // (y − ŷ)²
)

func (l Loss) String() string {
	if l == SquaredLoss {
		return "squared"
	}
	return "zero_one"
}

// Of returns the loss of predicting p for the target y.
func (l Loss) Of(y, p float64) float64 {
	if l == SquaredLoss {
		return (y - p) * (y - p)
	}
	if y != p {
		return 1
	}
	return 0
}

// Measure returns the mean loss over predictions as a Measure named
// "error_rate" (0-1) or "mse" (squared); lower is better.
func (l Loss) Measure() Measure {
	name := "error_rate"
	if l == SquaredLoss {
		name = "mse"
	}
	return Measure{Name: name, Func: func(p Predictions) (float64, error) {
		var s fsum.Sum
		for i := range p.Y {
			s.Add(l.Of(p.Y[i], p.Pred[i]))
		}
		return s.Value() / float64(len(p.Y)), nil
	}}
}

// Accuracy is the share of rows whose predicted class is the true one.
var Accuracy = Measure{Name: "accuracy", HigherIsBetter: true, Func: func(p Predictions) (float64, error) {
	hit := 0
	for i := range p.Y {
		if p.Y[i] == p.Pred[i] {
			hit++
		}
	}
	return float64(hit) / float64(len(p.Y)), nil
}}

// Config sets the runner's parallelism and confidence level.
type Config struct {
	// Workers is the number of splits trained at once; 0 means
	// runtime.GOMAXPROCS(0). Results do not depend on it.
	Workers int
	// Level is the confidence level of the interval; 0 means 0.95.
	Level float64
	// Progress, when set, is called after each split is done with the
	// number done and the total, from one goroutine at a time.
	Progress func(done, total int)
}

func (c Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Summary describes one measure over the splits.
type Summary struct {
	Name string  `json:"name"`
	N    int     `json:"n"`    // splits where the measure is defined
	Mean float64 `json:"mean"` // arithmetic mean over those splits
	Std  float64 `json:"std"`  // sample standard deviation (n − 1 in the denominator)
	// Lo and Hi bound the Student-t confidence interval of the mean,
	// mean ± t_{(1+level)/2, n−1}·std/√n (clipped to the measure's range
	// by the runner, see Measure.Range). It treats the splits' values as
	// independent, which K-fold values are not (their training sets
	// overlap), so it is optimistic (Bengio & Grandvalet 2004); use
	// package hyptest's corrected tests to compare models.
	Lo float64 `json:"ci_low"`
	Hi float64 `json:"ci_high"`
}

// Summarize returns the mean, standard deviation and Student-t confidence
// interval at level (0 means 0.95) of the values that are not NaN. With
// fewer than two values Std, Lo and Hi are NaN.
func Summarize(name string, values []float64, level float64) Summary {
	if level == 0 {
		level = 0.95
	}
	var xs []float64
	for _, v := range values {
		if !math.IsNaN(v) {
			xs = append(xs, v)
		}
	}
	s := Summary{Name: name, N: len(xs), Mean: math.NaN(), Std: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	if len(xs) == 0 {
		return s
	}
	n := float64(len(xs))
	s.Mean = fsum.Of(xs) / n
	if len(xs) < 2 {
		return s
	}
	var ss fsum.Sum
	for _, v := range xs {
		ss.Add((v - s.Mean) * (v - s.Mean))
	}
	s.Std = math.Sqrt(ss.Value() / (n - 1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile((1 + level) / 2)
	half := t * s.Std / math.Sqrt(n)
	s.Lo, s.Hi = s.Mean-half, s.Mean+half
	return s
}

// CV is the result of [CrossValidate].
type CV struct {
	Measures []string    `json:"measures"`
	PerSplit [][]float64 `json:"per_split"` // PerSplit[s][m]: measure m on split s (NaN when undefined)
	Summary  []Summary   `json:"summary"`   // one per measure
	// Predictions holds each split's test predictions, in split order.
	Predictions []Predictions `json:"-"`
	// OutOfFold gathers every row's prediction in row order when each row
	// is tested exactly once (K-fold, leave-one-out); otherwise nil.
	OutOfFold *Predictions `json:"-"`
	Warnings  []string     `json:"warnings,omitempty"`
}

// CrossValidate trains a fresh model from newModel on the training rows of
// every split, predicts its test rows and computes each measure, training
// up to c.Workers splits at once. The results are the same for any number
// of workers. A model that fails to fit stops the run with an error naming
// the split (the first such split in split order). It panics if there are
// no splits or no measures.
func CrossValidate(newModel func() learn.Model, d learn.Data, splits []Split, measures []Measure, c Config) (*CV, error) {
	if len(splits) == 0 || len(measures) == 0 {
		panic("resample: CrossValidate needs splits and measures")
	}
	preds, err := predictSplits(newModel, d, splits, c)
	if err != nil {
		return nil, err
	}
	cv := &CV{Predictions: preds, PerSplit: make([][]float64, len(splits))}
	for _, m := range measures {
		cv.Measures = append(cv.Measures, m.Name)
	}
	for s, p := range preds {
		row := make([]float64, len(measures))
		for j, m := range measures {
			v, err := m.Func(p)
			if err != nil {
				v = math.NaN()
				cv.Warnings = append(cv.Warnings, fmt.Sprintf("split %d: %s undefined: %v", s+1, m.Name, err))
			}
			row[j] = v
		}
		cv.PerSplit[s] = row
	}
	for j, m := range measures {
		col := make([]float64, len(splits))
		for s := range splits {
			col[s] = cv.PerSplit[s][j]
		}
		cv.Summary = append(cv.Summary, m.summary(col, c.Level))
	}
	cv.OutOfFold = outOfFold(preds, len(d.Y), d.Classes)
	return cv, nil
}

// predictSplits fits one model per split in parallel and predicts its test
// rows.
func predictSplits(newModel func() learn.Model, d learn.Data, splits []Split, c Config) ([]Predictions, error) {
	out := make([]Predictions, len(splits))
	err := runJobs(len(splits), c, func(s int) error {
		sp := splits[s]
		m := newModel()
		if err := m.Fit(d.Subset(sp.Train)); err != nil {
			return fmt.Errorf("split %d: fit: %w", s+1, err)
		}
		test := d.Subset(sp.Test)
		p := Predictions{Rows: sp.Test, Y: test.Y, Pred: m.Predict(test.X), Classes: d.Classes}
		if pr, ok := m.(learn.Prober); ok && d.Classes > 0 {
			p.Proba = pr.Proba(test.X)
		}
		out[s] = p
		return nil
	})
	return out, err
}

// runJobs runs job(0…n−1) on up to c.workers() goroutines and returns the
// error of the lowest-numbered failing job.
func runJobs(n int, c Config, job func(i int) error) error {
	errs := make([]error, n)
	var mu sync.Mutex
	done := 0
	parallel.For(n, c.workers(), func(i int) {
		errs[i] = job(i)
		if c.Progress != nil {
			mu.Lock()
			done++
			c.Progress(done, n)
			mu.Unlock()
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// outOfFold merges test predictions when every row is tested exactly once.
func outOfFold(preds []Predictions, n, classes int) *Predictions {
	seen := make([]int, n)
	for _, p := range preds {
		for _, i := range p.Rows {
			seen[i]++
		}
	}
	for _, c := range seen {
		if c != 1 {
			return nil
		}
	}
	o := &Predictions{Rows: make([]int, n), Y: make([]float64, n), Pred: make([]float64, n), Classes: classes}
	withProba := len(preds) > 0 && preds[0].Proba != nil
	if withProba {
		o.Proba = make([][]float64, n)
	}
	for _, p := range preds {
		for j, i := range p.Rows {
			o.Rows[i], o.Y[i], o.Pred[i] = i, p.Y[j], p.Pred[j]
			if withProba {
				o.Proba[i] = p.Proba[j]
			}
		}
	}
	return o
}
