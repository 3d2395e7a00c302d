package demo

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report/page"
)

// Page lays out the demo's whole story: the data, the leaderboards of
// cross-validation, the scores of the breast-cancer learners, the
// significance tests with the CD diagram, learning curves, bias–variance
// and the bootstrap estimates. Every number is the demo's JSON.
func (r *Report) Page() *page.Page {
	p := &page.Page{Title: "evalkit demo: six learners on four data sets"}
	p.Summary = []page.Fact{
		{Name: "data", Value: page.T("embedded: breast cancer, iris, wine, diabetes")},
		{Name: "cross-validation folds", Value: page.C("folds", float64(r.Folds))},
		{Name: "seed", Value: page.C("seed", float64(r.Seed))},
	}
	ds := &page.Table{Caption: "Data sets", Header: []string{"data set", "rows", "features", "target"}, RowHeads: true}
	for i, d := range r.Datasets {
		target := d.Target
		if len(d.Classes) > 0 {
			target = fmt.Sprintf("%s (%d classes)", d.Target, len(d.Classes))
		}
		ds.Rows = append(ds.Rows, []page.Cell{page.T(d.Name), page.C(page.Join("datasets", i, "rows"), float64(d.Rows)),
			page.C(page.Join("datasets", i, "features"), float64(d.Features)), page.T(target)})
	}
	p.Sections = append(p.Sections, &page.Section{ID: "data", Title: "Data", Blocks: []page.Block{ds}})

	board := func(id, title, group string, cvs []CV, show []string) *page.Section {
		s := &page.Section{ID: id, Title: title,
			Intro: fmt.Sprintf("Mean over %d folds with the Student-t interval of the mean in brackets (it treats the folds as independent, which they are not: read it as a rough spread; the tests below compare learners properly).", r.Folds)}
		var order []string
		byData := map[string][]int{}
		for i, cv := range cvs {
			if _, ok := byData[cv.Dataset]; !ok {
				order = append(order, cv.Dataset)
			}
			byData[cv.Dataset] = append(byData[cv.Dataset], i)
		}
		for _, d := range order {
			t := &page.Table{Caption: d, Header: append([]string{"learner"}, show...), RowHeads: true}
			for _, i := range byData[d] {
				cv := cvs[i]
				cells := []page.Cell{page.T(cv.Learner)}
				for _, m := range show {
					j := -1
					for jj, name := range cv.Measures {
						if name == m {
							j = jj
						}
					}
					if j < 0 || j >= len(cv.Summary) {
						cells = append(cells, page.T(""))
						continue
					}
					sm := cv.Summary[j]
					k := func(f string) string { return page.Join(group, i, "summary", j, f) }
					c := page.N(k("mean"), sm.Mean)
					if !math.IsNaN(sm.Lo) {
						c = c.WithCI(k("ci_low"), sm.Lo, k("ci_high"), sm.Hi)
					}
					cells = append(cells, c)
				}
				t.Rows = append(t.Rows, cells)
			}
			s.Add(t)
		}
		return s
	}
	p.Sections = append(p.Sections, board("classification", "Classification leaderboards", "classification", r.Classification,
		[]string{"accuracy", "macro_f1", "mcc", "roc_auc", "log_loss"}))
	p.Sections = append(p.Sections, board("regression", "Regression leaderboard", "regression", r.Regression,
		[]string{"rmse", "mae", "r2", "mape"}))

	if sc := r.Scores; sc != nil {
		t := &page.Table{Caption: "Pooled out-of-fold probabilities, " + sc.Dataset, Header: []string{"learner", "ROC AUC [DeLong 95%]", "average precision", "BEP", "log loss", "Brier"}, RowHeads: true}
		for i, s := range sc.Scores {
			k := func(f string) string { return page.Join("scores.scores", i, f) }
			t.Rows = append(t.Rows, []page.Cell{page.T(s.Learner), page.N(k("roc_auc"), s.AUC).WithCI(k("roc_auc_ci_low"), s.AUCLow, k("roc_auc_ci_high"), s.AUCHigh),
				page.N(k("average_precision"), s.AveragePrecision), page.N(k("bep"), s.BEP), page.N(k("log_loss"), s.LogLoss), page.N(k("brier"), s.Brier)})
		}
		s := &page.Section{ID: "scores", Title: "Scores: ROC, P-R and calibration summaries", Blocks: []page.Block{t}}
		if d := sc.DeLong; d != nil {
			dt := &page.Table{Caption: "DeLong's test of two correlated AUCs: " + d.Learners, Header: []string{"AUC a", "AUC b", "z", "p-value"}}
			dt.Rows = append(dt.Rows, []page.Cell{page.N("scores.delong.auc_a", d.AUCA), page.N("scores.delong.auc_b", d.AUCB), page.N("scores.delong.statistic", d.Statistic), page.N("scores.delong.p_value", d.PValue)})
			s.Add(dt)
		}
		p.Sections = append(p.Sections, s)
	}

	if ts := r.Tests; ts != nil {
		s := &page.Section{ID: "tests", Title: "Which learner is better, and how sure"}
		mt := &page.Table{Caption: fmt.Sprintf("%s against %s on %s", ts.Learners[0], ts.Learners[1], ts.Dataset), Header: []string{"test", "statistic", "p-value"}, RowHeads: true}
		mt.Rows = append(mt.Rows,
			[]page.Cell{page.T("McNemar χ² (continuity correction)"), page.N("tests.mcnemar.statistic", ts.McNemar.Statistic), page.N("tests.mcnemar.p_value", ts.McNemar.PValue)},
			[]page.Cell{page.T("McNemar exact"), page.T(""), page.N("tests.mcnemar.exact_p_value", ts.McNemar.ExactPValue)},
			[]page.Cell{page.T("5×2cv paired t-test"), page.N("tests.cv5x2.statistic", ts.CV5x2.Statistic), page.N("tests.cv5x2.p_value", ts.CV5x2.PValue)})
		s.Add(mt)
		s.Add(page.Note(fmt.Sprintf("McNemar's discordant pairs: %d rows where %s is wrong and %s right, %d the other way.", ts.McNemar.N01, ts.Learners[0], ts.Learners[1], ts.McNemar.N10)))
		if f := ts.Friedman; f != nil {
			ranks := make([]float64, len(f.Learners))
			for i, l := range f.Learners {
				ranks[i] = f.AvgRanks[l]
			}
			ft := &page.Table{Caption: fmt.Sprintf("Friedman test of %d learners on %d data sets (%s)", len(f.Learners), len(f.Datasets), f.Measure), Header: []string{"statistic", "value", "p-value"}, RowHeads: true}
			ft.Rows = append(ft.Rows,
				[]page.Cell{page.T("Friedman χ²"), page.N("tests.friedman.statistic", f.Statistic), page.N("tests.friedman.p_value", f.PValue)},
				[]page.Cell{page.T("Iman–Davenport F"), page.N("tests.friedman.iman_davenport", f.ImanDavenport), page.N("tests.friedman.iman_davenport_p_value", f.ImanDavenportP)},
				[]page.Cell{page.T("Nemenyi critical difference"), page.N("tests.friedman.cd", f.CD), page.T("")})
			rt := &page.Table{Caption: "Average ranks (1 is best)", Header: []string{"learner", "average rank"}, RowHeads: true}
			for _, l := range f.Learners {
				rt.Rows = append(rt.Rows, []page.Cell{page.T(l), page.N(page.Join("tests.friedman.avg_ranks", l), f.AvgRanks[l])})
			}
			cliques := hyptest.Cliques(ranks, func(a, b int) bool { return math.Abs(ranks[a]-ranks[b]) >= f.CD })
			cd := page.Figure(figure.CDDiagram("Critical-difference diagram (Nemenyi)", f.Learners, ranks, f.CD, cliques,
				"Learners joined by a thick bar differ in average rank by less than the critical difference: Nemenyi's test does not tell them apart"))
			hm := &page.HeatMap{Caption: "Nemenyi p-values of each pair (shade: 1 − p)", RowTitle: "learner", ColTitle: "learner", RowLabels: f.Learners, ColLabels: f.Learners}
			for i, row := range f.NemenyiP {
				var cells []page.Cell
				var shade []float64
				for j, v := range row {
					cells = append(cells, page.N(page.Join("tests.friedman.nemenyi_p", i, j), v))
					shade = append(shade, 1-v)
				}
				hm.Cells, hm.Shade = append(hm.Cells, cells), append(hm.Shade, shade)
			}
			s.Add(ft, rt, cd, hm)
		}
		p.Sections = append(p.Sections, s)
	}

	if len(r.LearningCurves) > 0 {
		var figs page.Figures
		for i, c := range r.LearningCurves {
			figs = append(figs, figure.LearningCurve(fmt.Sprintf("Learning curve: %s on %s", c.Learner, c.Dataset), c.Measure,
				figure.Curve{Name: c.Learner, Prefix: page.Join("learning_curves", i), Points: c.Points}))
		}
		p.Sections = append(p.Sections, &page.Section{ID: "learning-curves", Title: "Learning curves", Blocks: []page.Block{figs}})
	}

	bv := &page.Table{Caption: "Bias–variance decomposition (bootstrap)", Header: []string{"data set", "learner", "loss", "expected loss", "bias", "variance"}, RowHeads: true}
	for i, b := range r.BiasVariance {
		k := func(f string) string { return page.Join("bias_variance", i, f) }
		bv.Rows = append(bv.Rows, []page.Cell{page.T(b.Dataset), page.T(b.Learner), page.T(b.Loss), page.N(k("expected_loss"), b.ExpectedLoss), page.N(k("bias"), b.Bias), page.N(k("variance"), b.Variance)})
	}
	bt := &page.Table{Caption: "Bootstrap error estimates", Header: []string{"data set", "learner", "training", "out-of-bag", ".632", ".632+", "10-fold CV"}, RowHeads: true}
	for i, b := range r.Bootstrap {
		k := func(f string) string { return page.Join("bootstrap", i, f) }
		bt.Rows = append(bt.Rows, []page.Cell{page.T(b.Dataset), page.T(b.Learner), page.N(k("train"), b.Train), page.N(k("oob"), b.OOB), page.N(k("e632"), b.E632), page.N(k("e632_plus"), b.E632Plus), page.N(k("cv_error"), b.CV)})
	}
	p.Sections = append(p.Sections, &page.Section{ID: "estimates", Title: "Bias, variance and the bootstrap", Blocks: []page.Block{bv, bt}})
	for _, w := range r.Warnings {
		p.Notes = append(p.Notes, "warning: "+w)
	}
	return p
}
