package regress

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// NewModelsReport evaluates several models' predictions of one target: m
// holds one output per model (output j is model j's predictions, every
// output with the same target and weights), names the models. Each model
// gets the whole single-output [Report]; the leaderboard is by mo.Primary
// (default mse, lower is better). Each measure of mo.Compare (mse, rmse,
// mae, mape, wape, max_error, r2) is compared by a paired bootstrap of the
// rows (the same resampled rows for both models, mo.Bootstrap replicates
// from mo.Seed, from the kept values: it needs StateOptions.KeepValues), with
// the percentile interval at mo.Level and [hyptest.BootstrapPValue].
//
// With mo.ComparePrimary the primary measure is compared too, when it is
// one of those and the states keep their values ([board.Options.Compared]).
//
// With ci not nil every model's report gets its intervals
// ([State.Intervals], computed before the report reorders the kept values).
func NewModelsReport(m *Multi, target string, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	keep := len(m.outs) > 0 && m.outs[0].opt.KeepValues
	return newModelsReport(m, keep, nil, target, names, opt, mo, ci)
}

func newModelsReport(m *Multi, keep bool, rows *PairedRows, target string, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	if len(names) != len(m.outs) {
		panic(fmt.Sprintf("regress: %d names for %d models", len(names), len(m.outs)))
	}
	mo = modelsOptions(mo, keep)
	if err := mo.Check("regress", names); err != nil {
		return nil, err
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	for _, c := range mo.Compare {
		if rowMeasures[c] == nil {
			return nil, &result.OptionError{Task: "regress", Option: "board.Options.Compare", Problem: fmt.Sprintf("%q is not a measure a paired bootstrap of regression compares (measures: %s)", c, strings.Join(pairedKeys(), ", "))}
		}
	}
	// The paired bootstraps and the intervals read the kept rows in file
	// order: before the reports, whose quantile measures reorder them.
	var cmps []board.Comparison
	var warnings []string
	for _, p := range mo.Pairs(names) {
		for _, c := range mo.Compare {
			var cmp board.Comparison
			var dropped int
			var err error
			if rows != nil {
				cmp, dropped = rows.draws(m, p[0], p[1], c, mo)
			} else {
				cmp, dropped, err = pairedBootstrap(m.outs[p[0]], m.outs[p[1]], c, mo)
			}
			if err != nil {
				return nil, &result.OptionError{Task: "regress", Option: "board.Options.Compare", Problem: err.Error()}
			}
			if dropped > 0 {
				warnings = append(warnings, fmt.Sprintf("%s − %s, %s: %d of %d bootstrap replicates undefined, left out of the interval", names[p[0]], names[p[1]], c, dropped, mo.Bootstrap))
			}
			cmp.A, cmp.B, cmp.Measure = names[p[0]], names[p[1]], c
			cmps = append(cmps, cmp)
		}
	}
	out := &board.Models{N: m.Output(0).N(), Primary: mo.Primary, LowerIsBetter: board.LowerIsBetter(mo.Primary), Target: target, Comparisons: []board.Comparison{}}
	var sigCI *result.Signature
	if ci != nil {
		sigCI = result.NewSignature("regress")
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
				return nil, &result.OptionError{Task: "regress", Option: "board.Options.Primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
			}
		}
		name := names[j]
		out.Models = append(out.Models, board.Model{Name: name, Report: &rep})
	}
	for i := range cmps {
		// The difference of the reports' values (compensated sums), which
		// the bootstrap's plain sums match to rounding.
		a, _ := out.Models[indexOf(names, cmps[i].A)].Report.(*Report).Get(cmps[i].Measure)
		b, _ := out.Models[indexOf(names, cmps[i].B)].Report.(*Report).Get(cmps[i].Measure)
		cmps[i].Diff = a - b
	}
	out.Comparisons = append(out.Comparisons, cmps...)
	out.Warnings = append(out.Warnings, warnings...)
	out.Adjusted(mo.Adjust)
	out.Decide(mo.WithDefaults().Level)
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

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
