package cluster

import (
	"fmt"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// NewModelsReport evaluates several clusterings of the same rows against
// one reference labelling: tabs[j] is the contingency table of the
// reference and model j's clusters. Each model gets the external indices
// of the single-model [Report]; the leaderboard is by mo.Primary (default
// adjusted_rand_index).
//
// With ci not nil every model's report gets its intervals
// ([Report.AddIntervals]).
//
// Each index of mo.Compare is compared by a paired bootstrap of the rows:
// joints[p] is the [Joint] table of pair p of mo.Pairs(names); replicate r
// is a multinomial draw of the rows over its cells with PCG(mo.Seed, r),
// the same rows for both models; percentile interval at mo.Level and
// [hyptest.BootstrapPValue]. With mo.ComparePrimary the primary index is
// compared too ([ModelsOptions]).
func NewModelsReport(tabs []*Contingency, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions, joints map[[2]int]*Joint) (*board.Models, error) {
	if len(names) != len(tabs) {
		panic(fmt.Sprintf("cluster: %d names for %d models", len(names), len(tabs)))
	}
	mo = ModelsOptions(mo)
	if err := mo.Check("cluster", names); err != nil {
		return nil, err
	}
	if err := checkCompare(mo.Compare); err != nil {
		return nil, err
	}
	out := &board.Models{Primary: mo.Primary, LowerIsBetter: board.LowerIsBetter(mo.Primary), Comparisons: []board.Comparison{}}
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
			mv, _ := board.MeasureValues(r)
			if _, ok := mv[mo.Primary]; !ok {
				return nil, &result.OptionError{Task: "cluster", Option: "board.Options.Primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
			}
			out.N = r.N
		}
		r.Signature = nil
		out.Models = append(out.Models, board.Model{Name: names[j], Report: r})
	}
	for _, p := range mo.Pairs(names) {
		for _, key := range mo.Compare {
			j := joints[p]
			if j == nil {
				panic(fmt.Sprintf("cluster: no joint table of models %d and %d", p[0], p[1]))
			}
			c, dropped, err := j.pairedBootstrap(key, opt, mo)
			if err != nil {
				return nil, err
			}
			if dropped > 0 {
				out.Warnings = append(out.Warnings, fmt.Sprintf("%s − %s, %s: %d of %d bootstrap replicates undefined, left out of the interval", names[p[0]], names[p[1]], key, dropped, mo.Bootstrap))
			}
			c.A, c.B, c.Measure = names[p[0]], names[p[1]], key
			out.Comparisons = append(out.Comparisons, c)
		}
	}
	out.Adjusted(mo.Adjust)
	out.Decide(mo.WithDefaults().Level)
	sig := opt.Signature()
	mo.AddTo(sig, names)
	if ci != nil {
		c := ci.WithDefaults()
		sig.CI = &result.SignatureCI{Method: c.Method, Level: c.Level, Bootstrap: c.Bootstrap, Seed: c.Seed}
	}
	out.Signature = sig
	return out, nil
}

// ModelsOptions returns mo with its defaults filled in: the primary
// index adjusted_rand_index, and Compare headed by the primary index when
// mo.ComparePrimary asks for it and a paired bootstrap compares it
// ([board.Options.Compared]); ComparePrimary is then cleared.
func ModelsOptions(mo board.Options) board.Options {
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "adjusted_rand_index"
	}
	mo.Compare = mo.Compared(mo.Primary, func(k string) bool { return externalMeasures[k] != nil })
	mo.ComparePrimary = false
	return mo
}
