package report

import (
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// ModelsSections lays out several models scored on the same rows: the
// leaderboard by the primary measure (with its interval where the model's
// report has one), every comparison (difference, interval, test, p-value
// and adjusted p-value), the matrix of adjusted p-values of the primary
// measure's comparisons, DeLong's test that all AUCs are equal, and then
// each model's own sections from perModel (given the model's index, name,
// report and JSON path "models.i").
func ModelsSections(m *board.Models, perModel func(i int, name string, rep any, prefix string) []*Section) []*Section {
	order, vals := m.Leaderboard()
	better := "higher is better"
	if m.LowerIsBetter {
		better = "lower is better"
	}
	lb := &Table{Title: fmt.Sprintf("Leaderboard by %s (%s)", m.Primary, better), Header: []string{"rank", "model", m.Primary}}
	for r, i := range order {
		c := N(Join("models", i, m.Primary), vals[i])
		if iv, ok := intervalOf(m.Models[i].Report, m.Primary); ok {
			c = c.WithCI(Join("models", i, "intervals", m.Primary, "low"), iv[0], Join("models", i, "intervals", m.Primary, "high"), iv[1])
		}
		lb.Rows = append(lb.Rows, []Cell{T(fmt.Sprint(r + 1)), T(m.Models[i].Name), c})
	}
	ct := &Table{Title: fmt.Sprintf("Comparisons (diff = a − b; p-values adjusted over all of them: %s)", m.Adjust),
		Header: []string{"a", "b", "measure", "diff [interval]", "test", "statistic", "p-value", "adjusted p"}}
	names := make([]string, len(m.Models))
	idx := map[string]int{}
	for i, md := range m.Models {
		names[i] = md.Name
		idx[md.Name] = i
	}
	pm := &HeatMap{Title: fmt.Sprintf("Adjusted p-values of the %s comparisons (shaded: significant after the adjustment, p < %s; blank: not compared)", m.Primary, strconv.FormatFloat(1-m.Level, 'g', 3, 64)), RowTitle: "a", ColTitle: "b",
		RowLabels: names, ColLabels: names}
	pm.Cells = make([][]Cell, len(names))
	pm.Shade = make([][]float64, len(names))
	for i := range names {
		pm.Cells[i] = make([]Cell, len(names))
		pm.Shade[i] = make([]float64, len(names))
	}
	havePM := false
	for i, c := range m.Comparisons {
		k := func(f string) string { return Join("comparisons", i, f) }
		d := N(k("diff"), c.Diff)
		if c.CI != nil {
			d = d.WithCI(Join(k("ci"), 0), c.CI[0], Join(k("ci"), 1), c.CI[1])
		}
		ct.Rows = append(ct.Rows, []Cell{T(c.A), T(c.B), T(c.Measure), d, T(hyptest.MethodWords(c.Test)), N(k("statistic"), c.Statistic), P(k("p_value"), c.PValue), P(k("p_adjusted"), c.PAdjusted)})
		if c.Measure == m.Primary {
			a, b := idx[c.A], idx[c.B]
			pm.Cells[a][b] = P(k("p_adjusted"), c.PAdjusted)
			pm.Cells[b][a] = pm.Cells[a][b]
			// Shaded when significant after the adjustment, at the
			// verdict's level: the shade is the answer, not 1 − p.
			shade := 0.0
			if alpha := 1 - m.Level; m.Level > 0 && c.PAdjusted < alpha {
				shade = 1
			}
			pm.Shade[a][b], pm.Shade[b][a] = shade, shade
			havePM = true
		}
	}
	s := &Section{ID: "models", Title: "Models compared", Intro: fmt.Sprintf("%d models scored on the same %d rows.", len(m.Models), m.N), Blocks: []Block{lb}}
	if len(m.Comparisons) > 0 {
		s.Add(ct)
	}
	if havePM && len(names) > 2 {
		s.Add(pm)
	}
	if e := m.AUCEquality; e != nil {
		et := &Table{Title: "DeLong's test that every ROC AUC is equal", Header: []string{"χ²", "df", "p-value"}}
		et.Rows = append(et.Rows, []Cell{N("auc_equality.statistic", e.Statistic), C("auc_equality.df", float64(e.DF)), P("auc_equality.p_value", e.PValue)})
		s.Add(et)
	}
	for _, w := range m.Warnings {
		s.Add(Note("warning: " + w))
	}
	out := []*Section{s}
	for i, md := range m.Models {
		out = append(out, perModel(i, md.Name, md.Report, Join("models", i))...)
	}
	return out
}

// intervalOf returns the interval of measure key of a model's report,
// read from its JSON ("intervals" keyed by flattened path, with --ci).
func intervalOf(rep any, key string) ([2]float64, bool) {
	b, err := result.JSON(rep, "")
	if err != nil {
		return [2]float64{}, false
	}
	flat, err := result.Flatten(b)
	if err != nil {
		return [2]float64{}, false
	}
	var iv [2]float64
	n := 0
	for _, kv := range flat {
		for j, end := range []string{"low", "high"} {
			if kv[0] == "intervals."+key+"."+end {
				if v, err := strconv.ParseFloat(kv[1], 64); err == nil {
					iv[j] = v
					n++
				}
			}
		}
	}
	return iv, n == 2
}
