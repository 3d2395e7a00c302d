package main

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/report/page"
	"github.com/evalkit-go/evalkit/task"
)

// friedmanPage lays out "compare friedman": the Friedman and Iman–Davenport
// tests, the average ranks, the critical-difference diagram with the
// post-hoc procedure's cliques, and the post-hoc pairs. Every number is
// the JSON of "evalkit compare friedman" with the same flags.
func friedmanPage(o *task.FriedmanResult) *page.Page {
	p := &page.Page{Title: fmt.Sprintf("Comparing %d algorithms over %d data sets", len(o.Algorithms), o.Datasets)}
	p.Summary = []page.Fact{{Name: "data sets", Value: page.C("n_datasets", float64(o.Datasets))},
		{Name: "post-hoc procedure", Value: page.T(o.PostHoc.Method)}}
	tt := &page.Table{Caption: "Friedman test", Header: []string{"statistic", "value", "p-value"}, RowHeads: true}
	tt.Rows = append(tt.Rows, []page.Cell{page.T("Friedman χ²"), page.N("statistic", o.Statistic), page.N("p_value", o.PValue)},
		[]page.Cell{page.T("Iman–Davenport F"), page.N("iman_davenport", o.ImanDavenport), page.N("iman_davenport_p_value", o.ImanDavenportPValue)},
		[]page.Cell{page.T("Nemenyi critical difference"), page.N("cd", o.CD), page.T("")})
	best := "the highest score"
	if o.LowerIsBetter {
		best = "the lowest score"
	}
	rt := &page.Table{Caption: "Average ranks (rank 1: " + best + ")", Header: []string{"algorithm", "average rank"}, RowHeads: true}
	ranks := make([]float64, len(o.Algorithms))
	idx := map[string]int{}
	for i, a := range o.Algorithms {
		ranks[i] = o.AvgRanks[a]
		idx[a] = i
		rt.Rows = append(rt.Rows, []page.Cell{page.T(a), page.N(page.Join("avg_ranks", a), o.AvgRanks[a])})
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
	diag := page.Figure(figure.CDDiagram("Critical-difference diagram ("+o.PostHoc.Method+")", o.Algorithms, ranks, cd, cliques,
		"Algorithms joined by a thick bar are not told apart by the post-hoc procedure"))
	pt := &page.Table{Caption: "Post-hoc comparisons (" + o.PostHoc.Method + ")", Header: []string{"a", "b", "statistic", "p-value", "adjusted p", "significant"}}
	for i, pr := range o.PostHoc.Pairs {
		k := func(f string) string { return page.Join("posthoc.pairs", i, f) }
		sig := "no"
		if pr.Significant {
			sig = "yes"
		}
		pt.Rows = append(pt.Rows, []page.Cell{page.T(pr.A), page.T(pr.B), page.N(k("statistic"), pr.Statistic), page.N(k("p_value"), pr.PValue), page.N(k("p_adjusted"), pr.PAdjusted), page.T(sig)})
	}
	s := &page.Section{ID: "friedman", Title: "Friedman test and post-hoc comparisons", Blocks: []page.Block{tt, rt, diag, pt}}
	for _, w := range o.Warnings {
		s.Add(page.Note("warning: " + w))
	}
	p.Sections = []*page.Section{s}
	return p
}

// friedmanResult returns the result of "compare friedman" that a report
// captured.
func friedmanResult(got any) (*task.FriedmanResult, bool) {
	fo, ok := got.(*task.FriedmanResult)
	return fo, ok
}
