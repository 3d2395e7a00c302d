package regress

import (
	"fmt"

	"github.com/evalkit-go/evalkit/result"
)

// Options configure [NewResult]: what "evalkit regress" computes
// beyond the state's own [StateOptions].
type Options struct {
	// Trues and Preds name the target and prediction column of each
	// output (one each per output of the state).
	Trues, Preds []string
	// NFeatures > 0 adds the adjusted R² for a model with that many
	// features; it must not be negative.
	NFeatures int
	// Multioutput combines several outputs.
	Multioutput Multioutput
	// OutputWeights, when not nil, combines several outputs with these
	// weights, one per output (finite, ≥ 0, summing to more than 0), as
	// scikit-learn's array-like multioutput; Multioutput must then be
	// Uniform (its zero value) or OutputWeighted.
	OutputWeights []float64
	// Weights names the weights column, "" for none (for the signature).
	Weights string
}

// Signature returns the signature of a result with these options over a
// state with options st (task regress): weights, mape_epsilon, alpha,
// power, bounded (no kept values), n_features, multioutput (with several
// outputs) and the version.
func (o Options) Signature(st StateOptions) *result.Signature {
	s := result.NewSignature("regress").Column("weights", o.Weights).Float("mape_epsilon", st.MAPEEpsilon).
		Float("alpha", st.alpha()).Float("power", st.Power).Bool("bounded", !st.KeepValues).Int("n_features", o.NFeatures)
	switch {
	case len(o.Trues) > 1 && o.OutputWeights != nil:
		w := make([]string, len(o.OutputWeights))
		for i, v := range o.OutputWeights {
			w[i] = result.FormatFloat(v)
		}
		s.List("multioutput", w, "none")
	case len(o.Trues) > 1:
		s.Add("multioutput", o.Multioutput.String())
	}
	return s
}

// Check returns a *result.OptionError for an option out of its range.
func (o Options) Check() error {
	if o.NFeatures < 0 {
		return &result.OptionError{Task: "regress", Option: "regress.Options.NFeatures", Problem: fmt.Sprintf("must not be negative, got %d", o.NFeatures)}
	}
	if o.OutputWeights != nil {
		if o.Multioutput != Uniform && o.Multioutput != OutputWeighted {
			return &result.OptionError{Task: "regress", Option: "regress.Options.OutputWeights", Problem: fmt.Sprintf("replaces regress.Options.Multioutput, which is %s", o.Multioutput)}
		}
		if err := CheckOutputWeights(o.OutputWeights, len(o.Trues)); err != nil {
			return &result.OptionError{Task: "regress", Option: "regress.Options.OutputWeights", Problem: err.Error()}
		}
	} else if o.Multioutput == OutputWeighted {
		return &result.OptionError{Task: "regress", Option: "regress.Options.Multioutput", Problem: "output-weighted needs regress.Options.OutputWeights"}
	}
	return nil
}

// Result is what "evalkit regress" prints: the [Report] of a single
// output, or the [MultiReport] of several with each output's measures.
type Result struct {
	Single *Report // one output
	Multi  *MultiReport
	// Signature says how the result was computed.
	Signature *result.Signature
	opt       Options
}

// Options returns the options the result was computed with.
func (r *Result) Options() Options { return r.opt }

// NewResult computes the result of state m. It returns a
// *result.OptionError for an invalid option. It panics if the numbers of
// column names differ from m's outputs.
func NewResult(m *Multi, opt Options) (*Result, error) {
	k := len(m.outs)
	if len(opt.Trues) != k || len(opt.Preds) != k {
		panic(fmt.Sprintf("regress: %d/%d column names for %d outputs", len(opt.Trues), len(opt.Preds), k))
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	r := &Result{opt: opt, Signature: opt.Signature(m.Output(0).Options())}
	if k == 1 {
		rep := m.Output(0).Report(opt.NFeatures)
		r.Single = &rep
	} else {
		var mr MultiReport
		if opt.OutputWeights != nil {
			mr = m.ReportWeighted(opt.NFeatures, opt.OutputWeights)
		} else {
			mr = m.Report(opt.NFeatures, opt.Multioutput)
		}
		r.Multi = &mr
	}
	return r, nil
}

// MarshalJSON writes the single output's report, or the multi-output
// layout: the combined measures (arrays of per-output values for raw),
// then each output's under "outputs".
func (r *Result) MarshalJSON() ([]byte, error) {
	if r.Single != nil {
		return result.JSON(struct {
			*Report
			Signature *result.Signature `json:"signature,omitempty"`
		}{r.Single, r.Signature}, "")
	}
	o := multiJSON(r.Multi, r.opt.Trues, r.opt.Preds)
	if r.Signature != nil {
		o = append(o, result.KV("signature", r.Signature))
	}
	return result.JSON(o, "")
}

// MeasureKeys returns the measure keys of a report in output order.
func MeasureKeys(r *Report) []string {
	var keys []string
	for _, sp := range Specs {
		keys = append(keys, sp.Key)
		if sp.Key == "r2" && r.AdjustedR2 != nil {
			keys = append(keys, "adjusted_r2")
		}
	}
	return keys
}

// multiJSON lays out a multi-output report: the combined measures (arrays
// of per-output values for raw), then each output's.
func multiJSON(mr *MultiReport, trues, preds []string) result.Object {
	c := &mr.Combined
	o := result.Object{result.KV("n", c.N), result.KV("weight_sum", c.WeightSum), result.KV("multioutput", mr.How.String())}
	if mr.OutputWeights != nil {
		o = append(o, result.KV("output_weights", mr.OutputWeights))
	}
	for _, key := range MeasureKeys(c) {
		if mr.How == Raw {
			vals := make([]float64, len(mr.Outputs))
			for j := range mr.Outputs {
				vals[j], _ = mr.Outputs[j].Get(key)
			}
			o = append(o, result.KV(key, vals))
		} else {
			v, _ := c.Get(key)
			o = append(o, result.KV(key, v))
		}
	}
	o = append(o, result.KV("alpha", c.Alpha), result.KV("power", c.Power))
	if c.Intervals != nil {
		o = append(o, result.KV("level", c.Level), result.KV("intervals", c.Intervals))
	}
	outs := make([]result.Object, len(mr.Outputs))
	// A combined value is null exactly when an output's is; the outputs'
	// warnings, named by target column, say why.
	warnings := []string{}
	for j := range mr.Outputs {
		r := &mr.Outputs[j]
		oj := result.Object{result.KV("true", trues[j]), result.KV("pred", preds[j])}
		for _, key := range MeasureKeys(r) {
			v, _ := r.Get(key)
			oj = append(oj, result.KV(key, v))
		}
		if r.Intervals != nil {
			oj = append(oj, result.KV("level", r.Level), result.KV("intervals", r.Intervals))
		}
		oj = append(oj, result.KV("warnings", r.Warnings))
		outs[j] = oj
		for _, w := range r.Warnings {
			warnings = append(warnings, trues[j]+": "+w)
		}
	}
	return append(o, result.KV("outputs", outs), result.KV("warnings", warnings))
}

// SpecOf returns the measure at JSON key key: one of Specs, or the
// adjusted R².
func SpecOf(key string) Spec {
	for _, sp := range Specs {
		if sp.Key == key {
			return sp
		}
	}
	return Spec{Key: key, Name: "adjusted R²"}
}

// MeasureName is the name people read of the measure at JSON key key
// ("MSE", "R²", "adjusted R²").
func MeasureName(key string) string { return SpecOf(key).Name }
