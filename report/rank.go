package report

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/rank"
)

// Rank lays a ranking report out for people; name names the data.
func Rank(r *rank.Report, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Ranking report: %s (n = %d, positive label %q)", name, r.N, r.PosLabel), Blocks: summaryLead(r.Summary)}
	d.Blocks = append(d.Blocks, rankMeasures(r, "Measures"))
	t := &Table{Title: "Thresholds (predict positive when score ≥ threshold)", Header: []string{"criterion", "threshold", "value", "TPR", "FPR", "precision"}}
	for _, o := range []struct {
		name string
		op   rank.OperatingPoint
	}{{"max Youden J", r.Youden}, {"max F1", r.MaxF1}, {"min cost", r.MinCost}} {
		value := Sig(o.op.Value)
		if o.name == "min cost" { // a count of errors, each weighted by its cost
			value = Int(o.op.Value)
		}
		t.Rows = append(t.Rows, Row(o.name, threshold(o.op.Threshold), value, Sig(o.op.TPR), Sig(o.op.FPR), Sig(o.op.Precision)))
	}
	d.Blocks = append(d.Blocks, t)
	if len(r.CoordsAt) > 0 {
		d.Blocks = append(d.Blocks, coordsAt(r.CoordsAt))
	}
	if b := r.ROCBand; b != nil {
		d.Blocks = append(d.Blocks, rocBand(b))
	}
	d.Blocks = append(d.Blocks, Note("The curves are in the JSON output (--format json); --plot DIR draws them."))
	d.labelsNote(r.LabelComparison)
	d.closing(r.Level, r.Intervals, r.Warnings, r.Signature)
	return d
}

// rankMeasures lists the report's single-number measures.
func rankMeasures(r *rank.Report, title string) *Pairs {
	p := &Pairs{Title: title}
	p.Add("positives / negatives", Int(r.Positives)+" / "+Int(r.Negatives))
	sig := func(key string, v float64) string { return sigCI(r.Intervals, key, v) }
	auc := sig("roc_auc", r.ROCAUC)
	if r.AUCCI != nil && r.Intervals == nil {
		auc += fmt.Sprintf(" (%g%% CI %s–%s, DeLong)", 100*r.ConfLevel, Sig(r.AUCCI[0]), Sig(r.AUCCI[1]))
	}
	if r.AUCErrorBound != nil {
		auc += fmt.Sprintf(" (± %s from %d bins)", Sig(*r.AUCErrorBound), r.Bins)
	}
	p.Add("ROC AUC", auc)
	if sm := r.Smooth; sm != nil {
		p.Add("ROC AUC (smoothed, "+sm.Method+")", Sig(sm.ROCAUC))
	}
	p.Add("rank loss", sig("rank_loss", r.RankLoss))
	p.Add("average precision", sig("average_precision", r.AveragePrecision))
	p.Add("P-R AUC (trapezoid)", sig("pr_auc_trapezoid", r.PRAUCTrapezoid))
	p.Add("break-even point", sig("bep", r.BEP))
	if r.PartialAUC != nil {
		p.Add(fmt.Sprintf("partial AUC (FPR ≤ %g, McClish)", r.MaxFPR), sig("partial_auc", *r.PartialAUC))
	}
	if pa := r.PartialAUCRange; pa != nil {
		p.Add(pAUCRangeName(pa), Sig(pAUCRangeValue(pa)))
	}
	if r.LogLoss != nil {
		p.Add("log loss", sig("log_loss", *r.LogLoss))
		if r.LogLossSum != nil {
			p.Add("log loss, summed", sig("log_loss_sum", *r.LogLossSum))
		}
		p.Add("Brier score", sig("brier", *r.Brier))
	}
	if r.HingeLoss != nil {
		p.Add("hinge loss", sig("hinge_loss", *r.HingeLoss))
	}
	if r.Calibration != nil {
		p.Add(fmt.Sprintf("ECE / MCE (%d %s bins)", r.Calibration.Bins, r.Calibration.Strategy), Sig(r.Calibration.ECE)+" / "+Sig(r.Calibration.MCE))
	}
	p.Add("cost curve area", Sig(r.CostCurveArea))
	return p
}

// pAUCRangeName names pROC's partial AUC of a report.
func pAUCRangeName(pa *rank.PartialAUCRange) string {
	corr := ""
	if pa.Corrected {
		corr = ", McClish"
	}
	return fmt.Sprintf("partial AUC (%s %s–%s%s)", pa.Focus, Sig(pa.Range[0]), Sig(pa.Range[1]), corr)
}

// pAUCRangeValue is the value of pROC's partial AUC, NaN for null.
func pAUCRangeValue(pa *rank.PartialAUCRange) float64 {
	if pa.Value == nil {
		return math.NaN()
	}
	return *pa.Value
}

// coordsAt lists the ROC points at given rates.
func coordsAt(cs []rank.CoordAt) *Table {
	t := &Table{Title: "ROC points at given rates (threshold — when interpolated between two points)", Header: []string{"given", "specificity", "sensitivity", "threshold"}}
	for _, c := range cs {
		t.Rows = append(t.Rows, Row(c.Input, Sig(c.Specificity), Sig(c.Sensitivity), coordThreshold(c)))
	}
	return t
}

// coordThreshold prints a point's threshold: "—" when interpolated.
func coordThreshold(c rank.CoordAt) string {
	if c.Interpolated {
		return "—"
	}
	return Sig(float64(c.Threshold))
}

// RankMulticlass lays a multiclass ranking report out for people; name
// names the data.
func RankMulticlass(r *rank.MulticlassReport, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Multiclass ranking report: %s (n = %d)", name, r.N)}
	sig := func(key string, v float64) string { return sigCI(r.Intervals, key, v) }
	t := &Table{Header: []string{"class", "support", "AUC (one-vs-rest)"}}
	if r.Accuracy != nil {
		t.Header = append(t.Header, "precision", "recall", "f1")
	}
	for i, c := range r.PerClass {
		row := Row(c.Label, Int(c.Support), sig(fmt.Sprintf("per_class.%d.roc_auc_ovr", i), c.ROCAUC))
		if r.Accuracy != nil {
			row = append(row, Row(Sig(*c.Precision), Sig(*c.Recall), Sig(*c.F1))...)
		}
		t.Rows = append(t.Rows, row)
	}
	d.Blocks = append(d.Blocks, t)
	if r.ConfusionMatrix != nil {
		d.Blocks = append(d.Blocks, argmaxMatrix(r, ""))
	}
	p := &Pairs{Title: "Measures"}
	p.Add("AUC one-vs-rest macro / weighted", sig("roc_auc_ovr_macro", r.ROCAUCOvRMacro)+" / "+sig("roc_auc_ovr_weighted", r.ROCAUCOvRWeighted))
	p.Add("AUC one-vs-rest micro", sig("roc_auc_ovr_micro", r.ROCAUCOvRMicro))
	p.Add("AUC one-vs-one (Hand & Till) macro / weighted", sig("roc_auc_ovo_macro", r.ROCAUCOvOMacro)+" / "+sig("roc_auc_ovo_weighted", r.ROCAUCOvOWeighted))
	p.Add("log loss", sig("log_loss", r.LogLoss))
	if r.HingeLoss != nil {
		p.Add("hinge loss (Crammer–Singer)", sig("hinge_loss", *r.HingeLoss))
	}
	p.Add(fmt.Sprintf("top-%d accuracy", r.K), sig("top_k_accuracy", r.TopKAccuracy))
	if r.Accuracy != nil {
		p.Add("accuracy of the arg-max prediction", Sig(*r.Accuracy))
	}
	d.Blocks = append(d.Blocks, p)
	d.labelsNote(r.LabelComparison)
	d.closing(r.Level, r.Intervals, r.Warnings, r.Signature)
	return d
}

// argmaxMatrix is the confusion matrix of a multiclass report's arg-max
// prediction (rows: true classes, columns: predicted).
func argmaxMatrix(r *rank.MulticlassReport, prefix string) *Table {
	t := &Table{Title: "Confusion matrix of the arg-max prediction (rows: true, columns: predicted)", Header: append([]string{""}, r.Classes...), RowHeads: true}
	for i, l := range r.Classes {
		cells := []Cell{T(l)}
		for j, v := range r.ConfusionMatrix[i] {
			cells = append(cells, C(Join(prefix, "confusion_matrix", i, j), v))
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

// threshold formats an operating point's threshold, "+∞" for the one
// above every score.
func threshold(v float64) string {
	if math.IsInf(v, 1) {
		return "+∞"
	}
	return Sig(v)
}

// rocBand is the band as a table for people: one row per false positive
// rate, the curve's TPR there and its interval (text and Markdown output).
func rocBand(b *rank.ROCBand) *Table {
	t := &Table{Title: fmt.Sprintf("ROC band: pointwise %g%% interval of the TPR at fixed FPRs (Hsieh–Turnbull variance, score interval)", 100*b.Level),
		Header: []string{"FPR", "TPR", "low", "high"}}
	for k := range b.FPR {
		t.Rows = append(t.Rows, Row(Sig(b.FPR[k]), Sig(b.TPR[k]), Sig(b.Low[k]), Sig(b.High[k])))
	}
	return t
}

// RankUnivariate lays out for people the multiclass AUC of one score for
// every class; name names the data.
func RankUnivariate(r *rank.UnivariateReport, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Multiclass ranking report, one score: %s (n = %d)", name, r.N)}
	t := &Table{Title: "Each pair of classes (direction: < when a higher score says the case, > when a lower one does)", Header: []string{"control", "case", "direction", "ROC AUC"}}
	for _, p := range r.Pairs {
		t.Rows = append(t.Rows, Row(p.Control, p.Case, p.Direction, Sig(p.ROCAUC)))
	}
	d.Blocks = append(d.Blocks, t)
	p := &Pairs{Title: "Measures"}
	p.Add("ROC AUC, mean of the pairs (Hand & Till)", Sig(r.ROCAUC))
	d.Blocks = append(d.Blocks, p)
	d.closing(0, nil, r.Warnings, r.Signature)
	return d
}
