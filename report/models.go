package report

import (
	"fmt"
	"math"
	"strconv"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
)

// Models lays several models out for people: the leaderboard by the
// primary measure, the comparisons, DeLong's equality test, then each
// model's own report as its task lays it out.
func Models(m *board.Models, title string) *Doc {
	d := &Doc{Title: fmt.Sprintf("%s: %d models (n = %d)", title, len(m.Models), m.N)}
	if m.Verdict != nil {
		d.Blocks = append(d.Blocks, Lead("Verdict: "+m.Verdict.Sentence))
	}
	order, vals := m.Leaderboard()
	dir := "higher is better"
	if m.LowerIsBetter {
		dir = "lower is better"
	}
	lb := &Table{Title: fmt.Sprintf("Leaderboard by %s (%s)", m.Primary, dir), Header: []string{"rank", "model", m.Primary}}
	for r, i := range order {
		lb.Rows = append(lb.Rows, Row(strconv.Itoa(r+1), m.Models[i].Name, Sig(vals[i])))
	}
	d.Blocks = append(d.Blocks, lb)
	if len(m.Comparisons) > 0 {
		t := &Table{Title: fmt.Sprintf("Comparisons (diff = a − b; p adjusted by %s over all %d)", m.Adjust, len(m.Comparisons)),
			Header: []string{"a", "b", "measure", "diff", "interval", "test", "statistic", "p", "p adjusted"}}
		for _, c := range m.Comparisons {
			ci := ""
			if c.CI != nil {
				ci = "[" + Sig(c.CI[0]) + ", " + Sig(c.CI[1]) + "]"
			}
			t.Rows = append(t.Rows, Row(c.A, c.B, c.Measure, Sig(c.Diff), ci, hyptest.MethodWords(c.Test), Sig(c.Statistic), PValue(c.PValue), PValue(c.PAdjusted)))
		}
		d.Blocks = append(d.Blocks, t)
	}
	if e := m.AUCEquality; e != nil {
		d.Blocks = append(d.Blocks, Note(fmt.Sprintf("DeLong's test that all %d ROC AUCs are equal: χ² = %s, df = %d, p = %s",
			len(m.Models), Sig(e.Statistic), e.DF, PValue(e.PValue))))
	}
	d.labelsNote(m.LabelComparison)
	for _, w := range m.Warnings {
		d.Blocks = append(d.Blocks, Note("warning: "+w))
	}
	if m.Signature != nil {
		d.Blocks = append(d.Blocks, SignatureNote(m.Signature))
	}
	for _, i := range order {
		md := m.Models[i]
		sub := modelDoc(m, md)
		if sub == nil {
			continue
		}
		d.Blocks = append(d.Blocks, Note(fmt.Sprintf("── model %s: %s ──", md.Name, sub.Title)))
		d.Blocks = append(d.Blocks, sub.Blocks...)
	}
	return d
}

// modelDoc lays out one model's report as its task's layout does (nil for
// a report of no known task).
func modelDoc(m *board.Models, md board.Model) *Doc {
	switch r := md.Report.(type) {
	case *classify.Report:
		return Classify(r, md.Name)
	case *rank.Report:
		return Rank(r, md.Name)
	case *rank.MulticlassReport:
		return RankMulticlass(r, md.Name)
	case *regress.Report:
		return regressDoc(r, nil, []string{m.Target}, []string{md.Name}, regress.Uniform)
	case *cluster.Report:
		return Cluster(r)
	}
	return nil
}

// PValue formats a p-value for people: 4 significant digits, "< 1e-300"
// style for tiny ones kept as they are.
func PValue(p float64) string {
	if math.IsNaN(p) {
		return "—"
	}
	if p < 1e-300 {
		return "< 1e-300" // underflowed, or nearly: the JSON keeps the number
	}
	return Sig(p)
}
