package demo

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
)

// Page lays out the demo's whole story: the data, the leaderboards of
// cross-validation, the scores of the breast-cancer learners, the
// significance tests with the CD diagram, learning curves, bias–variance
// and the bootstrap estimates. Every number is the demo's JSON.
func (r *Report) Page() *report.Doc {
	p := &report.Doc{Title: "evalkit demo: six learners on four data sets"}
	p.Summary = []report.Fact{
		{Name: "data", Value: report.T("embedded: breast cancer, iris, wine, diabetes")},
		{Name: "cross-validation folds", Value: report.C("folds", float64(r.Folds))},
		{Name: "seed", Value: report.C("seed", float64(r.Seed))},
	}
	ds := &report.Table{Title: "Data sets", Header: []string{"data set", "rows", "features", "target"}, RowHeads: true}
	for i, d := range r.Datasets {
		target := d.Target
		if len(d.Classes) > 0 {
			target = fmt.Sprintf("%s (%d classes)", d.Target, len(d.Classes))
		}
		ds.Rows = append(ds.Rows, []report.Cell{report.T(d.Name), report.C(report.Join("datasets", i, "rows"), float64(d.Rows)),
			report.C(report.Join("datasets", i, "features"), float64(d.Features)), report.T(target)})
	}
	p.Sections = append(p.Sections, &report.Section{ID: "data", Title: "Data", Blocks: []report.Block{ds}})

	board := func(id, title, group string, cvs []CV, show []string) *report.Section {
		s := &report.Section{ID: id, Title: title,
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
			t := &report.Table{Title: d, Header: append([]string{"learner"}, show...), RowHeads: true}
			for _, i := range byData[d] {
				cv := cvs[i]
				cells := []report.Cell{report.T(cv.Learner)}
				for _, m := range show {
					j := -1
					for jj, name := range cv.Measures {
						if name == m {
							j = jj
						}
					}
					if j < 0 || j >= len(cv.Summary) {
						cells = append(cells, report.T(""))
						continue
					}
					sm := cv.Summary[j]
					k := func(f string) string { return report.Join(group, i, "summary", j, f) }
					c := report.N(k("mean"), sm.Mean)
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
		t := &report.Table{Title: "Pooled out-of-fold probabilities, " + sc.Dataset, Header: []string{"learner", "ROC AUC [DeLong 95%]", "average precision", "BEP", "log loss", "Brier"}, RowHeads: true}
		for i, s := range sc.Scores {
			k := func(f string) string { return report.Join("scores.scores", i, f) }
			t.Rows = append(t.Rows, []report.Cell{report.T(s.Learner), report.N(k("roc_auc"), s.AUC).WithCI(k("roc_auc_ci_low"), s.AUCLow, k("roc_auc_ci_high"), s.AUCHigh),
				report.N(k("average_precision"), s.AveragePrecision), report.N(k("bep"), s.BEP), report.N(k("log_loss"), s.LogLoss), report.N(k("brier"), s.Brier)})
		}
		s := &report.Section{ID: "scores", Title: "Scores: ROC, P-R and calibration summaries", Blocks: []report.Block{t}}
		if d := sc.DeLong; d != nil {
			dt := &report.Table{Title: "DeLong's test of two correlated AUCs: " + d.Learners, Header: []string{"AUC a", "AUC b", "z", "p-value"}}
			dt.Rows = append(dt.Rows, []report.Cell{report.N("scores.delong.auc_a", d.AUCA), report.N("scores.delong.auc_b", d.AUCB), report.N("scores.delong.statistic", d.Statistic), report.N("scores.delong.p_value", d.PValue)})
			s.Add(dt)
		}
		p.Sections = append(p.Sections, s)
	}

	if ts := r.Tests; ts != nil {
		s := &report.Section{ID: "tests", Title: "Which learner is better, and how sure"}
		mt := &report.Table{Title: fmt.Sprintf("%s against %s on %s", ts.Learners[0], ts.Learners[1], ts.Dataset), Header: []string{"test", "statistic", "p-value"}, RowHeads: true}
		mt.Rows = append(mt.Rows,
			[]report.Cell{report.T("McNemar χ² (continuity correction)"), report.N("tests.mcnemar.statistic", ts.McNemar.Statistic), report.N("tests.mcnemar.p_value", ts.McNemar.PValue)},
			[]report.Cell{report.T("McNemar exact"), report.T(""), report.N("tests.mcnemar.exact_p_value", ts.McNemar.ExactPValue)},
			[]report.Cell{report.T("5×2cv paired t-test"), report.N("tests.cv5x2.statistic", ts.CV5x2.Statistic), report.N("tests.cv5x2.p_value", ts.CV5x2.PValue)})
		s.Add(mt)
		s.Add(report.Note(fmt.Sprintf("McNemar's discordant pairs: %d rows where %s is wrong and %s right, %d the other way.", ts.McNemar.N01, ts.Learners[0], ts.Learners[1], ts.McNemar.N10)))
		if f := ts.Friedman; f != nil {
			ranks := make([]float64, len(f.Learners))
			for i, l := range f.Learners {
				ranks[i] = f.AvgRanks[l]
			}
			ft := &report.Table{Title: fmt.Sprintf("Friedman test of %d learners on %d data sets (%s)", len(f.Learners), len(f.Datasets), f.Measure), Header: []string{"statistic", "value", "p-value"}, RowHeads: true}
			ft.Rows = append(ft.Rows,
				[]report.Cell{report.T("Friedman χ²"), report.N("tests.friedman.statistic", f.Statistic), report.N("tests.friedman.p_value", f.PValue)},
				[]report.Cell{report.T("Iman–Davenport F"), report.N("tests.friedman.iman_davenport", f.ImanDavenport), report.N("tests.friedman.iman_davenport_p_value", f.ImanDavenportP)},
				[]report.Cell{report.T("Nemenyi critical difference"), report.N("tests.friedman.cd", f.CD), report.T("")})
			rt := &report.Table{Title: "Average ranks (1 is best)", Header: []string{"learner", "average rank"}, RowHeads: true}
			for _, l := range f.Learners {
				rt.Rows = append(rt.Rows, []report.Cell{report.T(l), report.N(report.Join("tests.friedman.avg_ranks", l), f.AvgRanks[l])})
			}
			cliques := hyptest.Cliques(ranks, func(a, b int) bool { return math.Abs(ranks[a]-ranks[b]) >= f.CD })
			cd := report.Figure(figure.CDDiagram("Critical-difference diagram (Nemenyi)", f.Learners, ranks, f.CD, cliques,
				"Learners joined by a thick bar differ in average rank by less than the critical difference: Nemenyi's test does not tell them apart"))
			hm := &report.HeatMap{Title: "Nemenyi p-values of each pair (shade: 1 − p)", RowTitle: "learner", ColTitle: "learner", RowLabels: f.Learners, ColLabels: f.Learners}
			for i, row := range f.NemenyiP {
				var cells []report.Cell
				var shade []float64
				for j, v := range row {
					cells = append(cells, report.N(report.Join("tests.friedman.nemenyi_p", i, j), v))
					shade = append(shade, 1-v)
				}
				hm.Cells, hm.Shade = append(hm.Cells, cells), append(hm.Shade, shade)
			}
			s.Add(ft, rt, cd, hm)
		}
		p.Sections = append(p.Sections, s)
	}

	if len(r.LearningCurves) > 0 {
		var figs report.Figures
		for i, c := range r.LearningCurves {
			figs = append(figs, figure.LearningCurve(fmt.Sprintf("Learning curve: %s on %s", c.Learner, c.Dataset), c.Measure,
				figure.Curve{Name: c.Learner, Prefix: report.Join("learning_curves", i), Points: c.Points}))
		}
		p.Sections = append(p.Sections, &report.Section{ID: "learning-curves", Title: "Learning curves", Blocks: []report.Block{figs}})
	}

	bv := &report.Table{Title: "Bias–variance decomposition (bootstrap)", Header: []string{"data set", "learner", "loss", "expected loss", "bias", "variance"}, RowHeads: true}
	for i, b := range r.BiasVariance {
		k := func(f string) string { return report.Join("bias_variance", i, f) }
		bv.Rows = append(bv.Rows, []report.Cell{report.T(b.Dataset), report.T(b.Learner), report.T(b.Loss), report.N(k("expected_loss"), b.ExpectedLoss), report.N(k("bias"), b.Bias), report.N(k("variance"), b.Variance)})
	}
	bt := &report.Table{Title: "Bootstrap error estimates", Header: []string{"data set", "learner", "training", "out-of-bag", ".632", ".632+", "10-fold CV"}, RowHeads: true}
	for i, b := range r.Bootstrap {
		k := func(f string) string { return report.Join("bootstrap", i, f) }
		bt.Rows = append(bt.Rows, []report.Cell{report.T(b.Dataset), report.T(b.Learner), report.N(k("train"), b.Train), report.N(k("oob"), b.OOB), report.N(k("e632"), b.E632), report.N(k("e632_plus"), b.E632Plus), report.N(k("cv_error"), b.CV)})
	}
	p.Sections = append(p.Sections, &report.Section{ID: "estimates", Title: "Bias, variance and the bootstrap", Blocks: []report.Block{bv, bt}})
	for _, w := range r.Warnings {
		p.Blocks = append(p.Blocks, report.Note("warning: "+w))
	}
	return p
}
