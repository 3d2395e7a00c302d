package regress

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
)

// ReportOptions configure [NewResult]: what "evalkit regress" computes
// beyond the state's own [Options].
type ReportOptions struct {
	// Trues and Preds name the target and prediction column of each
	// output (one each per output of the state).
	Trues, Preds []string
	// NFeatures > 0 adds the adjusted R² for a model with that many
	// features; it must not be negative.
	NFeatures int
	// Multioutput combines several outputs.
	Multioutput Multioutput
	// Weights names the weights column, "" for none (for the signature).
	Weights string
}

// Signature returns the signature of a result with these options over a
// state with options st (task regress): weights, mape_epsilon, alpha,
// power, bounded (no kept values), n_features, multioutput (with several
// outputs) and the version.
func (o ReportOptions) Signature(st Options) *result.Signature {
	s := result.NewSignature("regress").Column("weights", o.Weights).Float("mape_epsilon", st.MAPEEpsilon).
		Float("alpha", st.alpha()).Float("power", st.Power).Bool("bounded", !st.KeepValues).Int("n_features", o.NFeatures)
	if len(o.Trues) > 1 {
		s.Add("multioutput", o.Multioutput.String())
	}
	return s
}

// Validate returns a *result.OptionError for an option out of its range.
func (o ReportOptions) Validate() error {
	if o.NFeatures < 0 {
		return &result.OptionError{Task: "regress", Option: "n-features", Problem: fmt.Sprintf("must not be negative, got %d", o.NFeatures)}
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
	opt       ReportOptions
}

// NewResult computes the result of state m. It returns a
// *result.OptionError for an invalid option. It panics if the numbers of
// column names differ from m's outputs.
func NewResult(m *Multi, opt ReportOptions) (*Result, error) {
	k := len(m.outs)
	if len(opt.Trues) != k || len(opt.Preds) != k {
		panic(fmt.Sprintf("regress: %d/%d column names for %d outputs", len(opt.Trues), len(opt.Preds), k))
	}
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	r := &Result{opt: opt, Signature: opt.Signature(m.Output(0).Options())}
	if k == 1 {
		rep := m.Output(0).Report(opt.NFeatures)
		r.Single = &rep
	} else {
		mr := m.Report(opt.NFeatures, opt.Multioutput)
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

// Doc lays the result out for people.
func (r *Result) Doc() *report.Doc {
	var d *report.Doc
	if r.Single != nil {
		d = regressDoc(r.Single, nil, r.opt.Trues, r.opt.Preds, r.opt.Multioutput)
	} else {
		d = regressDoc(&r.Multi.Combined, r.Multi, r.opt.Trues, r.opt.Preds, r.opt.Multioutput)
	}
	if r.Signature != nil {
		d.Blocks = append(d.Blocks, report.SignatureNote(r.Signature))
	}
	return d
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

// display formats a measure for people: MAPE, sMAPE and WAPE as
// percentages, the rest to 4 significant digits.
func display(sp Spec, v float64) string {
	if sp.Percent {
		return report.Pct(v)
	}
	return report.Sig(v)
}

func specOf(key string) Spec {
	for _, sp := range Specs {
		if sp.Key == key {
			return sp
		}
	}
	return Spec{Key: key, Name: "adjusted R²"}
}

func regressDoc(c *Report, mr *MultiReport, trues, preds []string, how Multioutput) *report.Doc {
	d := &report.Doc{Title: "Regression"}
	info := &report.Pairs{}
	info.Add("rows", fmt.Sprint(c.N))
	if c.WeightSum != float64(c.N) {
		info.Add("weight sum", report.Sig(c.WeightSum))
	}
	info.Add("pinball α", report.Sig(c.Alpha))
	info.Add("Tweedie power", report.Sig(c.Power))
	d.Blocks = append(d.Blocks, info)
	label := func(sp Spec) string {
		switch sp.Key {
		case "pinball":
			return fmt.Sprintf("pinball loss (α = %s)", report.Sig(c.Alpha))
		case "tweedie_deviance":
			return fmt.Sprintf("Tweedie deviance (p = %s)", report.Sig(c.Power))
		case "d2_tweedie":
			return fmt.Sprintf("D² Tweedie (p = %s)", report.Sig(c.Power))
		case "d2_pinball":
			return fmt.Sprintf("D² pinball (α = %s)", report.Sig(c.Alpha))
		}
		return sp.Name
	}
	warnings := c.Warnings
	if mr == nil {
		p := &report.Pairs{Title: fmt.Sprintf("%s vs %s", preds[0], trues[0])}
		for _, key := range MeasureKeys(c) {
			sp := specOf(key)
			v, _ := c.Get(key)
			p.Add(label(sp), withInterval(sp, v, c.Intervals, key))
		}
		d.Blocks = append(d.Blocks, p)
		if n := hyptest.IntervalNote(c.Level, c.Intervals); n != "" {
			d.Blocks = append(d.Blocks, report.Note(n))
		}
	} else {
		t := &report.Table{Header: []string{"measure"}}
		for j := range mr.Outputs {
			t.Header = append(t.Header, trues[j])
		}
		if how != Raw {
			t.Header = append(t.Header, how.String())
		}
		for _, key := range MeasureKeys(c) {
			sp := specOf(key)
			row := []string{label(sp)}
			for j := range mr.Outputs {
				v, _ := mr.Outputs[j].Get(key)
				row = append(row, withInterval(sp, v, mr.Outputs[j].Intervals, key))
			}
			if how != Raw {
				v, _ := c.Get(key)
				row = append(row, withInterval(sp, v, c.Intervals, key))
			}
			t.Rows = append(t.Rows, row)
		}
		d.Blocks = append(d.Blocks, t)
		all := map[string]hyptest.Interval{}
		for j := range mr.Outputs {
			for k, iv := range mr.Outputs[j].Intervals {
				all[fmt.Sprintf("%d.%s", j, k)] = iv
			}
		}
		for k, iv := range c.Intervals {
			all["combined."+k] = iv
		}
		if n := hyptest.IntervalNote(mr.Outputs[0].Level, all); n != "" {
			d.Blocks = append(d.Blocks, report.Note(n))
		}
		warnings = nil
		for j := range mr.Outputs {
			for _, w := range mr.Outputs[j].Warnings {
				warnings = append(warnings, trues[j]+": "+w)
			}
		}
	}
	if len(warnings) > 0 {
		d.Blocks = append(d.Blocks, report.Note("warnings:\n  "+strings.Join(warnings, "\n  ")))
	}
	return d
}

// MeasureName is the name people read of the measure at JSON key key
// ("MSE", "R²", "adjusted R²").
func MeasureName(key string) string { return specOf(key).Name }

// withInterval formats v, the measure at key, followed by its interval in
// ivs if it has one.
func withInterval(sp Spec, v float64, ivs map[string]hyptest.Interval, key string) string {
	text := display(sp, v)
	if iv, ok := ivs[key]; ok {
		if sp.Percent {
			text += " [" + report.Pct(iv.Low) + ", " + report.Pct(iv.High) + "]"
		} else {
			text += " " + report.Interval(iv.Low, iv.High)
		}
	}
	return text
}
