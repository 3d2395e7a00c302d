package regress

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Multioutput says how per-output values of a multi-output regression are
// combined (scikit-learn's multioutput argument).
type Multioutput int

const (
	// Uniform is the plain mean over outputs ("uniform_average", the
	// default).
	Uniform Multioutput = iota
	// Raw keeps one value per output ("raw_values").
	Raw
	// VarianceWeighted weights each output by its (weighted) variance of y
	// ("variance_weighted"). When every output's y is constant it falls
	// back to Uniform, as scikit-learn does. scikit-learn offers it for R²
	// and explained variance only; evalkit applies the same weights to
	// every measure.
	VarianceWeighted
	// OutputWeighted weights each output by a weight given with it
	// (scikit-learn's array-like multioutput: numpy.average of the
	// outputs' values); see [Multi.ReportWeighted] and
	// Options.OutputWeights.
	OutputWeighted
)

func (m Multioutput) String() string {
	switch m {
	case Raw:
		return "raw"
	case VarianceWeighted:
		return "variance-weighted"
	case OutputWeighted:
		return "output-weighted"
	}
	return "uniform"
}

// ParseMultioutput parses "raw", "uniform" or "variance-weighted" (and
// scikit-learn's spellings raw_values, uniform_average, variance_weighted).
func ParseMultioutput(s string) (Multioutput, error) {
	switch s {
	case "raw", "raw_values":
		return Raw, nil
	case "uniform", "uniform_average", "":
		return Uniform, nil
	case "variance-weighted", "variance_weighted":
		return VarianceWeighted, nil
	}
	return 0, fmt.Errorf("%w: multioutput %q (want raw, uniform or variance-weighted)", ErrBadOption, s)
}

// Multi is the state of a k-output regression: one [State] per output,
// with shared row weights.
type Multi struct {
	outs []*State
	kept [][]float64 // FoldOnly's kept slices, which Release hands back
}

// NewMulti returns an empty k-output state. It panics if k < 1 or the
// options are invalid.
func NewMulti(k int, opt StateOptions) *Multi {
	if k < 1 {
		panic("regress: NewMulti with fewer than one output")
	}
	m := &Multi{outs: make([]*State, k)}
	for j := range m.outs {
		m.outs[j] = New(opt)
	}
	return m
}

// K returns the number of outputs.
func (m *Multi) K() int { return len(m.outs) }

// Output returns the state of output j.
func (m *Multi) Output(j int) *State { return m.outs[j] }

// Bytes returns an estimate of the memory the kept values hold
// ([State.Bytes] over the outputs).
func (m *Multi) Bytes() int64 {
	var b int64
	for _, s := range m.outs {
		b += s.Bytes()
	}
	return b
}

// Reset empties every output's state ([State.Reset]).
func (m *Multi) Reset() {
	for _, s := range m.outs {
		s.Reset()
	}
}

// SetRowName sets every output's row namer ([State.SetRowName]).
func (m *Multi) SetRowName(f func(pos int64) string) {
	for _, s := range m.outs {
		s.SetRowName(f)
	}
}

// Add adds one row of k targets and k predictions with weight 1. A
// non-finite value is ErrNotFinite and nothing is added. It panics if the
// lengths are not k.
func (m *Multi) Add(y, yhat []float64) error {
	return m.addRow(y, yhat, 1, false)
}

// AddWeighted adds one row with weight w; a negative or non-finite weight
// is ErrBadWeight.
func (m *Multi) AddWeighted(y, yhat []float64, w float64) error {
	return m.addRow(y, yhat, w, true)
}

func (m *Multi) addRow(y, yhat []float64, w float64, weighted bool) error {
	m.check(y, yhat)
	for j, s := range m.outs {
		if err := s.checkRow(y[j], yhat[j]); err != nil {
			if len(m.outs) > 1 {
				err = fmt.Errorf("output %d: %w", j, err)
			}
			return err
		}
	}
	if !weighted {
		for j, s := range m.outs {
			s.add(y[j], yhat[j], 1)
		}
		return nil
	}
	if !(w >= 0) || math.IsInf(w, 1) {
		return fmt.Errorf("%s: %w: %v", m.outs[0].rowName(m.outs[0].n), ErrBadWeight, w)
	}
	for j, s := range m.outs {
		if !s.weighted {
			s.markWeighted()
		}
		s.add(y[j], yhat[j], w)
	}
	return nil
}

func (m *Multi) check(y, yhat []float64) {
	if len(y) != len(m.outs) || len(yhat) != len(m.outs) {
		panic(fmt.Sprintf("regress: a row of %d targets and %d predictions for %d outputs", len(y), len(yhat), len(m.outs)))
	}
}

// Merge adds o's rows to m. It panics if the numbers of outputs or the
// options differ.
func (m *Multi) Merge(o *Multi) {
	if len(o.outs) != len(m.outs) {
		panic("regress: Merge of multi-output states with different numbers of outputs")
	}
	for j, s := range m.outs {
		s.Merge(o.outs[j])
	}
}

// Take merges o into m as Merge does, taking o's kept values rather than
// copying them ([State.Take]): o must be Reset before it is used again.
func (m *Multi) Take(o *Multi) {
	if len(o.outs) != len(m.outs) {
		panic("regress: Take of multi-output states with different numbers of outputs")
	}
	for j, s := range m.outs {
		s.Take(o.outs[j])
	}
}

// Share merges o into m as Merge does, reading o's kept values where
// they are ([State.Share]).
func (m *Multi) Share(o *Multi) {
	if len(o.outs) != len(m.outs) {
		panic("regress: Share of multi-output states with different numbers of outputs")
	}
	for j, s := range m.outs {
		s.Share(o.outs[j])
	}
}

// Measure is a measure of one output, such as (*State).MSE.
type Measure func(*State) (float64, error)

// Score returns measure f of every output (how = Raw) or their average
// (one value). The first error of any output is returned, naming it. It
// panics if how is OutputWeighted (combine the Raw values with [Average]).
func (m *Multi) Score(f Measure, how Multioutput) ([]float64, error) {
	if how == OutputWeighted {
		panic("regress: Multi.Score with OutputWeighted (average the Raw values)")
	}
	vals := make([]float64, len(m.outs))
	for j, s := range m.outs {
		v, err := f(s)
		if err != nil {
			if len(m.outs) > 1 {
				err = fmt.Errorf("output %d: %w", j, err)
			}
			return nil, err
		}
		vals[j] = v
	}
	if how == Raw {
		return vals, nil
	}
	var wts []float64
	if how == VarianceWeighted {
		wts = m.varWeights()
	}
	return []float64{Average(vals, wts)}, nil
}

// varWeights returns each output's Σ w (y − ȳ)², or nil (uniform) when all
// are zero.
func (m *Multi) varWeights() []float64 {
	wts := make([]float64, len(m.outs))
	any := false
	for j, s := range m.outs {
		wts[j] = s.y.m2(&s.w)
		if wts[j] != 0 {
			any = true
		}
	}
	if !any {
		return nil
	}
	return wts
}

// Average returns Σ wᵢ vᵢ / Σ wᵢ, or the plain mean when weights is nil
// (numpy.average). It is how scikit-learn combines outputs with an
// array-like multioutput. It panics if the lengths differ or the weights
// sum to zero.
func Average(vals, weights []float64) float64 {
	if weights == nil {
		var a fsum.Sum
		for _, v := range vals {
			a.Add(v)
		}
		return a.Value() / float64(len(vals))
	}
	if len(weights) != len(vals) {
		panic("regress: Average with mismatched lengths")
	}
	var a, w fsum.Sum
	for i, v := range vals {
		a.Add(weights[i] * v)
		w.Add(weights[i])
	}
	if !(w.Value() != 0) || math.IsNaN(w.Value()) {
		panic("regress: Average with weights summing to zero")
	}
	return a.Value() / w.Value()
}

// MultiReport holds every measure of a multi-output regression: each
// output's [Report], and their combination by How (for Raw, the uniform
// mean), as [Multi.Score] computes it. A combined value is NaN when any
// output's is.
type MultiReport struct {
	How      Multioutput
	Outputs  []Report
	Combined Report
	// OutputWeights are the weights of the outputs when How is
	// OutputWeighted (nil otherwise).
	OutputWeights []float64
	weights       []float64 // the combination's (nil: uniform)
}

// Report returns every measure of every output and their combination.
// nFeatures > 0 adds the adjusted R². It panics if how is OutputWeighted
// (see [Multi.ReportWeighted]).
func (m *Multi) Report(nFeatures int, how Multioutput) MultiReport {
	if how == OutputWeighted {
		panic("regress: Multi.Report with OutputWeighted (see Multi.ReportWeighted)")
	}
	return m.report(nFeatures, how, nil)
}

// ReportWeighted returns every measure of every output and their
// combination Σ wⱼ vⱼ / Σ wⱼ with the given weights, one per output, as
// scikit-learn's multioutput=weights. It panics unless there is one
// weight per output, each finite and ≥ 0, summing to more than 0 (see
// [CheckOutputWeights]).
func (m *Multi) ReportWeighted(nFeatures int, weights []float64) MultiReport {
	if err := CheckOutputWeights(weights, len(m.outs)); err != nil {
		panic("regress: output weights " + err.Error())
	}
	return m.report(nFeatures, OutputWeighted, append([]float64(nil), weights...))
}

// CheckOutputWeights returns an error unless w holds k weights, each
// finite and ≥ 0, with a sum > 0.
func CheckOutputWeights(w []float64, k int) error {
	if len(w) != k {
		return fmt.Errorf("has %d weights for %d outputs", len(w), k)
	}
	var sum float64
	for j, v := range w {
		if !(v >= 0 && v <= math.MaxFloat64) {
			return fmt.Errorf("has weight %d = %v; each must be finite and ≥ 0", j+1, v)
		}
		sum += v
	}
	if !(sum > 0 && sum <= math.MaxFloat64) {
		return fmt.Errorf("sums to %v; the weights must sum to a finite number > 0", sum)
	}
	return nil
}

func (m *Multi) report(nFeatures int, how Multioutput, custom []float64) MultiReport {
	r := MultiReport{How: how, Outputs: make([]Report, len(m.outs)), OutputWeights: custom}
	for j, s := range m.outs {
		r.Outputs[j] = s.Report(nFeatures)
	}
	c := r.Outputs[0]
	c.Warnings = []string{}
	comb := how
	if comb == Raw {
		comb = Uniform
	}
	specs := append([]Spec(nil), Specs...)
	if nFeatures > 0 {
		specs = append(specs, Spec{Key: "adjusted_r2", F: func(s *State) (float64, error) { return s.AdjustedR2(nFeatures) }})
		v := 0.0
		c.AdjustedR2 = &v
	}
	var wts []float64
	switch comb {
	case VarianceWeighted:
		wts = m.varWeights()
	case OutputWeighted:
		wts = custom
	}
	vals := make([]float64, len(m.outs))
	for _, sp := range specs {
		x := math.NaN()
		bad := -1
		for j := range r.Outputs {
			vals[j], _ = r.Outputs[j].Get(sp.Key)
			if math.IsNaN(vals[j]) && bad < 0 {
				bad = j
			}
		}
		if bad < 0 {
			x = Average(vals, wts)
		} else if m.outs[0].n > 0 {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: output %d is undefined", sp.Key, bad))
		}
		*c.field(sp.Key) = x // every Spec key has a field
	}
	r.Combined = c
	r.weights = wts
	return r
}

// field returns the address of the measure with JSON key k.
func (r *Report) field(k string) *float64 {
	switch k {
	case "mse":
		return &r.MSE
	case "rmse":
		return &r.RMSE
	case "mae":
		return &r.MAE
	case "mape":
		return &r.MAPE
	case "smape":
		return &r.SMAPE
	case "wape":
		return &r.WAPE
	case "medae":
		return &r.MedAE
	case "max_error":
		return &r.MaxError
	case "r2":
		return &r.R2
	case "adjusted_r2":
		return r.AdjustedR2
	case "explained_variance":
		return &r.ExplainedVariance
	case "msle":
		return &r.MSLE
	case "rmsle":
		return &r.RMSLE
	case "pinball":
		return &r.Pinball
	case "poisson_deviance":
		return &r.PoissonDeviance
	case "gamma_deviance":
		return &r.GammaDeviance
	case "tweedie_deviance":
		return &r.TweedieDeviance
	case "d2_tweedie":
		return &r.D2Tweedie
	case "d2_pinball":
		return &r.D2Pinball
	case "d2_absolute_error":
		return &r.D2AbsoluteError
	}
	return nil
}

// Get returns the measure with JSON key k (one of Specs' keys or
// "adjusted_r2"), and false if it is absent.
func (r *Report) Get(k string) (float64, bool) {
	p := r.field(k)
	if p == nil {
		return 0, false
	}
	return *p, true
}
