package main

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// friedmanPage lays out "compare friedman": the Friedman and Iman–Davenport
// tests, the average ranks, the critical-difference diagram with the
// post-hoc procedure's cliques, and the post-hoc pairs. Every number is
// the JSON of "evalkit compare friedman" with the same flags.
func friedmanPage(o *task.FriedmanResult) *report.Doc {
	p := &report.Doc{Title: fmt.Sprintf("Comparing %d algorithms over %d data sets", len(o.Algorithms), o.Datasets)}
	p.Summary = []report.Fact{{Name: "data sets", Value: report.C("n_datasets", float64(o.Datasets))},
		{Name: "post-hoc procedure", Value: report.T(o.PostHoc.Method)}}
	tt := &report.Table{Title: "Friedman test", Header: []string{"statistic", "value", "p-value"}, RowHeads: true}
	tt.Rows = append(tt.Rows, []report.Cell{report.T("Friedman χ²"), report.N("statistic", o.Statistic), report.N("p_value", o.PValue)},
		[]report.Cell{report.T("Iman–Davenport F"), report.N("iman_davenport", o.ImanDavenport), report.N("iman_davenport_p_value", o.ImanDavenportPValue)},
		[]report.Cell{report.T("Nemenyi critical difference"), report.N("cd", o.CD), report.T("")})
	best := "the highest score"
	if o.LowerIsBetter {
		best = "the lowest score"
	}
	rt := &report.Table{Title: "Average ranks (rank 1: " + best + ")", Header: []string{"algorithm", "average rank"}, RowHeads: true}
	ranks := make([]float64, len(o.Algorithms))
	idx := map[string]int{}
	for i, a := range o.Algorithms {
		ranks[i] = o.AvgRanks[a]
		idx[a] = i
		rt.Rows = append(rt.Rows, []report.Cell{report.T(a), report.N(report.Join("avg_ranks", a), o.AvgRanks[a])})
	}
	var cliques [][]int
	for _, cl := range o.PostHoc.Cliques {
		var c []int
		for _, a := range cl {
			c = append(c, idx[a])
		}
		cliques = append(cliques, c)
	}
	cd := 0.0
	if o.PostHoc.CD != nil {
		cd = *o.PostHoc.CD
	}
	diag := report.Figure(figure.CDDiagram("Critical-difference diagram ("+o.PostHoc.Method+")", o.Algorithms, ranks, cd, cliques,
		"Algorithms joined by a thick bar are not told apart by the post-hoc procedure"))
	pt := &report.Table{Title: "Post-hoc comparisons (" + o.PostHoc.Method + ")", Header: []string{"a", "b", "statistic", "p-value", "adjusted p", "significant"}}
	for i, pr := range o.PostHoc.Pairs {
		k := func(f string) string { return report.Join("posthoc.pairs", i, f) }
		sig := "no"
		if pr.Significant {
			sig = "yes"
		}
		pt.Rows = append(pt.Rows, []report.Cell{report.T(pr.A), report.T(pr.B), report.N(k("statistic"), pr.Statistic), report.N(k("p_value"), pr.PValue), report.N(k("p_adjusted"), pr.PAdjusted), report.T(sig)})
	}
	s := &report.Section{ID: "friedman", Title: "Friedman test and post-hoc comparisons", Blocks: []report.Block{tt, rt, diag, pt}}
	for _, w := range o.Warnings {
		s.Add(report.Note("warning: " + w))
	}
	p.Sections = []*report.Section{s}
	return p
}

// friedmanResult returns the result of "compare friedman" that a report
// captured.
func friedmanResult(got any) (*task.FriedmanResult, bool) {
	fo, ok := got.(*task.FriedmanResult)
	return fo, ok
}
