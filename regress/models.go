package regress

import (
	"fmt"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
)

// NewModelsReport evaluates several models' predictions of one target: m
// holds one output per model (output j is model j's predictions, every
// output with the same target and weights), names the models. Each model
// gets the whole single-output [Report]; the leaderboard is by mo.Primary
// (default mse, lower is better). No comparison test is defined for
// regression measures yet: mo.Compare is an option error.
//
// With ci not nil every model's report gets its intervals
// ([State.Intervals], computed before the report reorders the kept values).
func NewModelsReport(m *Multi, target string, names []string, opt ReportOptions, mo report.ModelsOptions, ci *hyptest.CIOptions) (*report.Models, error) {
	if len(names) != len(m.outs) {
		panic(fmt.Sprintf("regress: %d names for %d models", len(names), len(m.outs)))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "mse"
	}
	if err := mo.Check("regress", names); err != nil {
		return nil, err
	}
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if len(mo.Compare) > 0 {
		return nil, &report.OptionError{Task: "regress", Option: "compare", Problem: "is not available for regression yet (no paired test of regression measures)"}
	}
	out := &report.Models{N: m.Output(0).N(), Primary: mo.Primary, LowerIsBetter: report.LowerIsBetter(mo.Primary), Comparisons: []report.Comparison{}}
	var sigCI *report.Signature
	if ci != nil {
		sigCI = report.NewSignature("regress")
	}
	for j, s := range m.outs {
		var ivs *Intervals
		if ci != nil {
			var err error
			if ivs, err = s.Intervals(*ci); err != nil {
				return nil, fmt.Errorf("model %q: %w", names[j], err)
			}
		}
		rep := s.Report(opt.NFeatures)
		if ivs != nil {
			rep.SetIntervals(ivs, sigCI)
		}
		if j == 0 {
			if _, ok := rep.Get(mo.Primary); !ok {
				return nil, &report.OptionError{Task: "regress", Option: "primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
			}
		}
		name := names[j]
		out.Models = append(out.Models, report.Model{Name: name, Report: &rep,
			Doc: func() *report.Doc { return regressDoc(&rep, nil, []string{target}, []string{name}, opt.Multioutput) }})
	}
	out.Adjusted(mo.Adjust)
	one := opt
	one.Trues, one.Preds = []string{target}, []string{"(models)"}
	sig := one.Signature(m.Output(0).Options())
	mo.AddTo(sig, names)
	if sigCI != nil {
		sig.CI = sigCI.CI
	}
	out.Signature = sig
	return out, nil
}
