package report

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/rank"
)

// CurvePoints is the most vertices of its own a curve is drawn from (see
// figure.CurvePoints).
const CurvePoints = figure.CurvePoints

// RankModel is one model's binary rank report and its name ("" for a
// single model) and JSON path prefix.
type RankModel = figure.RankModel

// RankSections lays out binary score reports, one model or several on the
// same rows: the measures, then ROC, P-R, DET, calibration, score
// distributions, measures against the threshold and the cost curve, every
// model's curve overlaid. Each report needs its Figures.
func RankSections(models []RankModel) []*Section {
	var out []*Section
	// Measures: one column per model.
	head := []string{"measure"}
	for _, m := range models {
		head = append(head, m.Label())
	}
	meas := &Table{Title: "Measures from the full data", Header: head, RowHeads: true}
	row := func(name, key string, get func(r *rank.Report) *float64) {
		cells := []Cell{T(name)}
		some := false
		for _, m := range models {
			v := get(m.Report)
			if v == nil {
				cells = append(cells, T(""))
				continue
			}
			some = true
			cells = append(cells, cellInterval(N(Join(m.Prefix, key), *v), m.Prefix, key, m.Report.Intervals))
		}
		if some {
			meas.Rows = append(meas.Rows, cells)
		}
	}
	p := func(v float64) *float64 { return &v }
	{
		cells := []Cell{T("ROC AUC [interval]")}
		for _, m := range models {
			r := m.Report
			c := cellInterval(N(Join(m.Prefix, "roc_auc"), r.ROCAUC), m.Prefix, "roc_auc", r.Intervals)
			if r.AUCCI != nil && c.LowKey == "" {
				c = c.WithCI(Join(m.Prefix, "auc_ci_delong", 0), r.AUCCI[0], Join(m.Prefix, "auc_ci_delong", 1), r.AUCCI[1])
				// The level of DeLong's interval, in words rather than a row.
				cells[0] = T("ROC AUC [" + levelText(r.ConfLevel) + " DeLong interval]")
			}
			cells = append(cells, c)
		}
		meas.Rows = append(meas.Rows, cells)
	}
	smoothed := "binormal"
	for _, m := range models {
		if m.Report.Smooth != nil {
			smoothed = m.Report.Smooth.Method
		}
	}
	row("ROC AUC (smoothed, "+smoothed+")", "smooth.roc_auc", func(r *rank.Report) *float64 {
		if r.Smooth == nil {
			return nil
		}
		return p(r.Smooth.ROCAUC)
	})
	row("rank loss (1 − AUC)", "rank_loss", func(r *rank.Report) *float64 { return p(r.RankLoss) })
	row("average precision", "average_precision", func(r *rank.Report) *float64 { return p(r.AveragePrecision) })
	row("P-R AUC (trapezoid)", "pr_auc_trapezoid", func(r *rank.Report) *float64 { return p(r.PRAUCTrapezoid) })
	row("break-even point (P = R)", "bep", func(r *rank.Report) *float64 { return p(r.BEP) })
	row("partial AUC (McClish)", "partial_auc", func(r *rank.Report) *float64 { return r.PartialAUC })
	pname := "partial AUC (pROC)"
	for _, m := range models {
		if pa := m.Report.PartialAUCRange; pa != nil {
			pname = pAUCRangeName(pa)
			break
		}
	}
	row(pname, "partial_auc_range.value", func(r *rank.Report) *float64 {
		if r.PartialAUCRange == nil {
			return nil
		}
		return p(pAUCRangeValue(r.PartialAUCRange))
	})
	row("log loss", "log_loss", func(r *rank.Report) *float64 { return r.LogLoss })
	row("log loss, summed", "log_loss_sum", func(r *rank.Report) *float64 { return r.LogLossSum })
	row("Brier score", "brier", func(r *rank.Report) *float64 { return r.Brier })
	row("hinge loss (scores as decision values)", "hinge_loss", func(r *rank.Report) *float64 { return r.HingeLoss })
	row("expected calibration error", "calibration.ece", func(r *rank.Report) *float64 {
		if r.Calibration == nil {
			return nil
		}
		return p(r.Calibration.ECE)
	})
	row("maximum calibration error", "calibration.mce", func(r *rank.Report) *float64 {
		if r.Calibration == nil {
			return nil
		}
		return p(r.Calibration.MCE)
	})
	row("cost curve area", "cost_curve_area", func(r *rank.Report) *float64 { return p(r.CostCurveArea) })
	row("AUC error bound of the bins", "auc_error_bound", func(r *rank.Report) *float64 { return r.AUCErrorBound })
	cnt := func(name, key string, get func(r *rank.Report) float64) {
		cells := []Cell{T(name)}
		for _, m := range models {
			cells = append(cells, C(Join(m.Prefix, key), get(m.Report)))
		}
		meas.Rows = append(meas.Rows, cells)
	}
	cnt("rows", "n", func(r *rank.Report) float64 { return float64(r.N) })
	cnt("positives", "positives", func(r *rank.Report) float64 { return r.Positives })
	cnt("negatives", "negatives", func(r *rank.Report) float64 { return r.Negatives })

	ops := &Table{Title: "Optimal thresholds", Header: []string{"criterion", "model", "threshold", "value", "TPR", "FPR", "precision"}, RowHeads: true}
	for _, op := range []struct {
		name, key string
		get       func(r *rank.Report) rank.OperatingPoint
	}{{"Youden's J (max TPR − FPR)", "youden", func(r *rank.Report) rank.OperatingPoint { return r.Youden }},
		{"max F1", "max_f1", func(r *rank.Report) rank.OperatingPoint { return r.MaxF1 }},
		{"min cost", "min_cost", func(r *rank.Report) rank.OperatingPoint { return r.MinCost }}} {
		for _, m := range models {
			o := op.get(m.Report)
			k := func(f string) string { return Join(m.Prefix, op.key, f) }
			value := N(k("value"), o.Value)
			if op.key == "min_cost" { // a count of errors, each weighted by its cost
				value = C(k("value"), o.Value)
			}
			ops.Rows = append(ops.Rows, []Cell{T(op.name), T(m.Label()), N(k("threshold"), o.Threshold), value,
				N(k("tpr"), o.TPR), N(k("fpr"), o.FPR), N(k("precision"), o.Precision)})
		}
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{meas, ops}}
	var at *Table
	for _, m := range models {
		for i, c := range m.Report.CoordsAt {
			if at == nil {
				at = &Table{Title: "ROC points at given rates (pROC's coords; threshold — when interpolated)", Header: []string{"model", "given", "specificity", "sensitivity", "threshold"}, RowHeads: true}
			}
			k := func(f string) string { return Join(m.Prefix, "coords_at", i, f) }
			th := N(k("threshold"), float64(c.Threshold))
			if c.Interpolated {
				th = T("—")
			}
			at.Rows = append(at.Rows, []Cell{T(m.Label()), T(c.Input), N(k("specificity"), c.Specificity), N(k("sensitivity"), c.Sensitivity), th})
		}
	}
	if at != nil {
		ms.Blocks = append(ms.Blocks, at)
	}
	for _, m := range models {
		if len(m.Report.Intervals) > 0 {
			if ms.Intro == "" {
				ms.Intro, ms.Methods = ciIntro(m.Report.Level, m.Report.Intervals, m.Report.Signature)
				ms.Intro += " The bootstraps of average precision, the P-R AUC and the BEP resample the score table (its cells are the distinct scores of each class, weighted by their rows)."
			}
		}
	}
	for _, m := range models {
		for _, w := range m.Report.Warnings {
			ms.Add(Note("warning (" + m.Label() + "): " + w))
		}
	}
	out = append(out, ms)

	out = append(out, &Section{ID: "curves", Title: "ROC, precision–recall and DET curves",
		Intro:  "Each curve is computed from every row; a curve with more than a few thousand vertices is drawn from its own vertices chosen by rank's thinning, and the caption says by how much the drawing can differ.",
		Blocks: []Block{Figures{figure.ROC(models), figure.PR(models), figure.DET(models)}}})
	if cal := figure.Calibration(models); cal != nil {
		out = append(out, &Section{ID: "calibration", Title: "Calibration", Blocks: []Block{Figures(cal)}})
	}
	var more Figures
	for i, m := range models {
		more = append(more, figure.Scores(m, i), figure.Thresholds(m))
	}
	more = append(more, figure.Cost(models))
	out = append(out, &Section{ID: "thresholds", Title: "Scores, thresholds and costs", Blocks: []Block{more}})
	return out
}

// RankMulticlassSections lays out a multiclass score report: the AUCs
// (one-vs-rest and one-vs-one, macro and weighted), log loss, hinge loss, top-k
// accuracy, each class's one-vs-rest AUC, and every class's one-vs-rest
// ROC curve overlaid (when the report has its Figures). prefix is the
// report's JSON path ("" alone, "models.i" as one of several models) and
// model its name ("" alone), which the sections' titles then carry.
func RankMulticlassSections(r *rank.MulticlassReport, prefix, model string) []*Section {
	k := func(parts ...any) string { return Join(append([]any{prefix}, parts...)...) }
	suffix := ""
	if model != "" {
		suffix = " — " + model
	}
	t := &Table{Title: "Measures", Header: []string{"measure", "value"}, RowHeads: true}
	add := func(name, key string, v float64) {
		t.Rows = append(t.Rows, []Cell{T(name), cellInterval(N(k(key), v), prefix, key, r.Intervals)})
	}
	add("ROC AUC one-vs-rest, macro", "roc_auc_ovr_macro", r.ROCAUCOvRMacro)
	add("ROC AUC one-vs-rest, weighted", "roc_auc_ovr_weighted", r.ROCAUCOvRWeighted)
	add("ROC AUC one-vs-rest, micro", "roc_auc_ovr_micro", r.ROCAUCOvRMicro)
	add("ROC AUC one-vs-one (Hand & Till), macro", "roc_auc_ovo_macro", r.ROCAUCOvOMacro)
	add("ROC AUC one-vs-one, weighted", "roc_auc_ovo_weighted", r.ROCAUCOvOWeighted)
	add("log loss", "log_loss", r.LogLoss)
	if r.HingeLoss != nil {
		add("hinge loss (Crammer–Singer)", "hinge_loss", *r.HingeLoss)
	}
	add(fmt.Sprintf("top-%d accuracy", r.K), "top_k_accuracy", r.TopKAccuracy)
	if r.Accuracy != nil {
		add("accuracy of the arg-max prediction", "accuracy", *r.Accuracy)
	}
	if prefix == "" {
		t.Rows = append(t.Rows, []Cell{T("rows"), C("n", float64(r.N))})
	}
	pc := &Table{Title: "Each class against the rest", Header: []string{"class", "support", "ROC AUC"}, RowHeads: true}
	if r.Accuracy != nil {
		pc.Title = "Each class: against the rest, and the arg-max prediction's precision, recall and F1"
		pc.Header = append(pc.Header, "precision", "recall", "F1")
	}
	for i, c := range r.PerClass {
		key := Join("per_class", i, "roc_auc_ovr")
		row := []Cell{T(c.Label), C(k("per_class", i, "support"), c.Support), cellInterval(N(k(key), c.ROCAUC), prefix, key, r.Intervals)}
		if r.Accuracy != nil {
			row = append(row, N(k("per_class", i, "precision"), *c.Precision), N(k("per_class", i, "recall"), *c.Recall), N(k("per_class", i, "f1"), *c.F1))
		}
		pc.Rows = append(pc.Rows, row)
	}
	s := &Section{ID: "measures" + suffix, Title: "Measures" + suffix, Blocks: []Block{t, pc}}
	if r.ConfusionMatrix != nil {
		s.Blocks = append(s.Blocks, argmaxMatrix(r, prefix))
	}
	if len(r.Intervals) > 0 {
		s.Intro, s.Methods = ciIntro(r.Level, r.Intervals, r.Signature)
	}
	for _, w := range r.Warnings {
		s.Add(Note("warning: " + w))
	}
	out := []*Section{s}
	if roc := figure.MulticlassROC(r); roc != nil {
		out = append(out, &Section{ID: "curves" + suffix, Title: "ROC curves" + suffix, Blocks: []Block{Figure(roc)}})
	}
	return out
}

// RankUnivariateSections are the sections of the multiclass AUC of one
// score for every class: the mean AUC and each pair's.
func RankUnivariateSections(r *rank.UnivariateReport) []*Section {
	t := &Table{Title: "Measures", Header: []string{"measure", "value"}, RowHeads: true}
	t.Rows = append(t.Rows, []Cell{T("ROC AUC, mean of the pairs (Hand & Till)"), N("roc_auc", r.ROCAUC)}, []Cell{T("rows"), C("n", float64(r.N))})
	pc := &Table{Title: "Each pair of classes (direction: < when a higher score says the case, > when a lower one does)", Header: []string{"control", "case", "direction", "ROC AUC"}, RowHeads: true}
	for i, p := range r.Pairs {
		pc.Rows = append(pc.Rows, []Cell{T(p.Control), T(p.Case), T(p.Direction), N(Join("pairs", i, "roc_auc"), p.ROCAUC)})
	}
	s := &Section{ID: "measures", Title: "Measures", Blocks: []Block{t, pc}}
	for _, w := range r.Warnings {
		s.Add(Note("warning: " + w))
	}
	return []*Section{s}
}
