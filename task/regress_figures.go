package task

import "github.com/evalkit-go/evalkit/regress"

// Figures returns the figures of each of res's outputs drawn from the
// sample s (weighted: the rows were weighted), with each output's density
// of actual against predicted when s has it (Regress.Density).
func (s *RegressSample) Figures(res *regress.Result, weighted bool) []regress.Figures {
	var n int64
	if res.Single != nil {
		n = res.Single.N
	} else {
		n = res.Multi.Combined.N
	}
	k := 1
	if res.Single == nil {
		k = len(res.Multi.Outputs)
	}
	ys, ps := s.Columns(k)
	figs := make([]regress.Figures, k)
	for j := range figs {
		figs[j] = regress.NewFigures(ys[j], ps[j], n, 30)
		if j < len(s.Density) {
			figs[j].Density = &s.Density[j]
		}
		figs[j].Weighted = weighted
	}
	return figs
}
