package report

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/task"
)

// FriedmanPage lays out the Friedman test of several algorithms over data
// sets: the Friedman and Iman–Davenport tests, the average ranks, the
// critical-difference diagram with the post-hoc procedure's cliques, and
// the post-hoc pairs. Every number is keyed to the result's JSON.
func FriedmanPage(o *task.FriedmanResult) *Doc {
	p := &Doc{Title: fmt.Sprintf("Comparing %d algorithms over %d data sets", len(o.Algorithms), o.Datasets)}
	p.Summary = []Fact{{Name: "data sets", Value: C("n_datasets", float64(o.Datasets))},
		{Name: "post-hoc procedure", Value: T(o.PostHoc.Method)}}
	if o.Verdict != nil {
		p.Blocks = append(p.Blocks, Lead("Verdict: "+o.Verdict.Sentence))
	}
	tt := &Table{Title: "Friedman test", Header: []string{"statistic", "value", "p-value"}, RowHeads: true}
	tt.Rows = append(tt.Rows, []Cell{T("Friedman χ²"), N("statistic", o.Statistic), P("p_value", o.PValue)},
		[]Cell{T("Iman–Davenport F"), N("iman_davenport", o.ImanDavenport), P("iman_davenport_p_value", o.ImanDavenportPValue)},
		[]Cell{T("Nemenyi critical difference"), N("cd", o.CD), T("")})
	best := "the highest score"
	if o.LowerIsBetter {
		best = "the lowest score"
	}
	rt := &Table{Title: "Average ranks (rank 1: " + best + ")", Header: []string{"algorithm", "average rank"}, RowHeads: true}
	ranks := make([]float64, len(o.Algorithms))
	idx := map[string]int{}
	for i, a := range o.Algorithms {
		ranks[i] = o.AvgRanks[a]
		idx[a] = i
		rt.Rows = append(rt.Rows, []Cell{T(a), N(Join("avg_ranks", a), o.AvgRanks[a])})
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
	diag := Figure(figure.CDDiagram("Critical-difference diagram ("+o.PostHoc.Method+")", o.Algorithms, ranks, cd, cliques,
		"Algorithms joined by a thick bar are not told apart by the post-hoc procedure"))
	pt := &Table{Title: "Post-hoc comparisons (" + o.PostHoc.Method + ")", Header: []string{"a", "b", "statistic", "p-value", "adjusted p", "significant"}}
	for i, pr := range o.PostHoc.Pairs {
		k := func(f string) string { return Join("posthoc.pairs", i, f) }
		sig := "no"
		if pr.Significant {
			sig = "yes"
		}
		pt.Rows = append(pt.Rows, []Cell{T(pr.A), T(pr.B), N(k("statistic"), pr.Statistic), P(k("p_value"), pr.PValue), P(k("p_adjusted"), pr.PAdjusted), T(sig)})
	}
	s := &Section{ID: "friedman", Title: "Friedman test and post-hoc comparisons", Blocks: []Block{tt, rt, diag, pt}}
	for _, w := range o.Warnings {
		s.Add(Note("warning: " + w))
	}
	p.Sections = []*Section{s}
	return p
}
