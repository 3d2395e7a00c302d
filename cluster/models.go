package cluster

import (
	"fmt"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
)

// NewModelsReport evaluates several clusterings of the same rows against
// one reference labelling: tabs[j] is the contingency table of the
// reference and model j's clusters. Each model gets the external indices
// of the single-model [Report]; the leaderboard is by mo.Primary (default
// adjusted_rand_index). No comparison test is defined for clustering
// indices yet: mo.Compare is an option error.
//
// With ci not nil every model's report gets its intervals
// ([Report.AddIntervals]).
func NewModelsReport(tabs []*Contingency, names []string, opt ReportOptions, mo report.ModelsOptions, ci *hyptest.CIOptions) (*report.Models, error) {
	if len(names) != len(tabs) {
		panic(fmt.Sprintf("cluster: %d names for %d models", len(names), len(tabs)))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "adjusted_rand_index"
	}
	if err := mo.Check("cluster", names); err != nil {
		return nil, err
	}
	if len(mo.Compare) > 0 {
		return nil, &report.OptionError{Task: "cluster", Option: "compare", Problem: "is not available for clustering yet (no paired test of clustering indices)"}
	}
	out := &report.Models{Primary: mo.Primary, LowerIsBetter: report.LowerIsBetter(mo.Primary), Comparisons: []report.Comparison{}}
	for j, t := range tabs {
		r, err := NewReport(t, nil, opt)
		if err != nil {
			return nil, fmt.Errorf("model %q: %w", names[j], err)
		}
		if ci != nil {
			if err := r.AddIntervals(t, opt, *ci); err != nil {
				return nil, fmt.Errorf("model %q: %w", names[j], err)
			}
		}
		if j == 0 {
			mv, _ := report.MeasureValues(r)
			if _, ok := mv[mo.Primary]; !ok {
				return nil, &report.OptionError{Task: "cluster", Option: "primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
			}
			out.N = r.N
		}
		r.Signature = nil
		out.Models = append(out.Models, report.Model{Name: names[j], Report: r, Doc: r.Doc})
	}
	out.Adjusted(mo.Adjust)
	sig := opt.Signature()
	mo.AddTo(sig, names)
	if ci != nil {
		c := ci.WithDefaults()
		sig.CI = &report.SignatureCI{Method: c.Method, Level: c.Level, Bootstrap: c.Bootstrap, Seed: c.Seed}
	}
	out.Signature = sig
	return out, nil
}
