package page

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
)

// CurvePoints is the most vertices of its own a curve is drawn from: a
// longer curve is thinned with rank's thinning (the same one as
// --curve-points) as rank builds it (ReportOptions.FigurePoints), and the
// figure says so with the thinning's error.
const CurvePoints = 2000

// RankModel is one model's binary rank report and its name ("" for a
// single model) and JSON path prefix.
type RankModel struct {
	Name   string
	Prefix string
	Report *rank.Report
}

func (m RankModel) label() string {
	if m.Name == "" {
		return "scores"
	}
	return m.Name
}

// thinNote says how a curve of kept vertices was drawn.
func thinNote(kept int, th rank.Thinning) string {
	if kept == th.Full {
		return fmt.Sprintf("Drawn from all %d vertices.", th.Full)
	}
	return fmt.Sprintf("Drawn from %d of its %d vertices (thinned; no drawn point moves more than %s in the axes' units).", kept, th.Full, report.Sig(th.Error))
}

// RankSections lays out binary score reports, one model or several on the
// same rows: the measures, then ROC, P-R, DET, calibration, score
// distributions, measures against the threshold and the cost curve, every
// model's curve overlaid. Each report needs its Figures.
func RankSections(models []RankModel) []*Section {
	var out []*Section
	// Measures: one column per model.
	head := []string{"measure"}
	for _, m := range models {
		head = append(head, m.label())
	}
	meas := &Table{Caption: "Measures from the full data", Header: head, RowHeads: true}
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
			cells = append(cells, withInterval(N(Join(m.Prefix, key), *v), m.Prefix, key, m.Report.Intervals))
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
			c := withInterval(N(Join(m.Prefix, "roc_auc"), r.ROCAUC), m.Prefix, "roc_auc", r.Intervals)
			if r.AUCCI != nil && c.LowKey == "" {
				c = c.WithCI(Join(m.Prefix, "auc_ci_delong", 0), r.AUCCI[0], Join(m.Prefix, "auc_ci_delong", 1), r.AUCCI[1])
			}
			cells = append(cells, c)
		}
		meas.Rows = append(meas.Rows, cells)
	}
	row("DeLong level", "conf_level", func(r *rank.Report) *float64 {
		if r.AUCCI == nil {
			return nil
		}
		return p(r.ConfLevel)
	})
	row("rank loss (1 − AUC)", "rank_loss", func(r *rank.Report) *float64 { return p(r.RankLoss) })
	row("average precision", "average_precision", func(r *rank.Report) *float64 { return p(r.AveragePrecision) })
	row("P-R AUC (trapezoid)", "pr_auc_trapezoid", func(r *rank.Report) *float64 { return p(r.PRAUCTrapezoid) })
	row("break-even point (P = R)", "bep", func(r *rank.Report) *float64 { return p(r.BEP) })
	row("partial AUC (McClish)", "partial_auc", func(r *rank.Report) *float64 { return r.PartialAUC })
	row("log loss", "log_loss", func(r *rank.Report) *float64 { return r.LogLoss })
	row("Brier score", "brier", func(r *rank.Report) *float64 { return r.Brier })
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

	ops := &Table{Caption: "Optimal thresholds", Header: []string{"criterion", "model", "threshold", "value", "TPR", "FPR", "precision"}, RowHeads: true}
	for _, op := range []struct {
		name, key string
		get       func(r *rank.Report) rank.OperatingPoint
	}{{"Youden's J (max TPR − FPR)", "youden", func(r *rank.Report) rank.OperatingPoint { return r.Youden }},
		{"max F1", "max_f1", func(r *rank.Report) rank.OperatingPoint { return r.MaxF1 }},
		{"min cost", "min_cost", func(r *rank.Report) rank.OperatingPoint { return r.MinCost }}} {
		for _, m := range models {
			o := op.get(m.Report)
			k := func(f string) string { return Join(m.Prefix, op.key, f) }
			ops.Rows = append(ops.Rows, []Cell{T(op.name), T(m.label()), N(k("threshold"), o.Threshold), N(k("value"), o.Value),
				N(k("tpr"), o.TPR), N(k("fpr"), o.FPR), N(k("precision"), o.Precision)})
		}
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{meas, ops}}
	for _, m := range models {
		if len(m.Report.Intervals) > 0 {
			if ms.Intro == "" {
				ms.Intro = ciIntro(m.Report.Level, m.Report.Intervals, m.Report.Signature) +
					" The bootstraps of average precision, the P-R AUC and the BEP resample the score table (its cells are the distinct scores of each class, weighted by their rows)."
			}
			meas.Rows = append(meas.Rows, []Cell{T("confidence level (" + m.label() + ")"), N(Join(m.Prefix, "level"), m.Report.Level)})
		}
	}
	for _, m := range models {
		for _, w := range m.Report.Warnings {
			ms.Add(Note("warning (" + m.label() + "): " + w))
		}
	}
	out = append(out, ms)

	// ROC
	roc := &Figure{Title: "ROC curve", XLabel: "false positive rate (FPR)", YLabel: "true positive rate (TPR)",
		X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}, Square: true,
		Refs: []Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}, Legend: "br"}
	rocDesc := "ROC curves, TPR against FPR; the dashed diagonal is chance."
	rocNote := ""
	for i, m := range models {
		c, th := m.Report.Figures.ROC, m.Report.Figures.ROCThinning
		name := fmt.Sprintf("%s AUC %s", m.label(), report.Sig(m.Report.ROCAUC))
		roc.Series = append(roc.Series, Series{Name: name, X: c.FPR, Y: c.TPR, Style: i})
		rocDesc += fmt.Sprintf(" %s: AUC %s, Youden point FPR %s TPR %s.", m.label(), report.Sig(m.Report.ROCAUC), report.Sig(m.Report.Youden.FPR), report.Sig(m.Report.Youden.TPR))
		rocNote += m.label() + ": " + thinNote(len(c.FPR), th) + " "
	}
	for i, m := range models {
		if len(models) == 1 {
			roc.Points = append(roc.Points, Point{Name: "Youden", X: m.Report.Youden.FPR, Y: m.Report.Youden.TPR, Style: 5},
				Point{Name: "min cost", X: m.Report.MinCost.FPR, Y: m.Report.MinCost.TPR, Style: 6})
		} else {
			roc.Points = append(roc.Points, Point{Name: "Youden " + m.label(), X: m.Report.Youden.FPR, Y: m.Report.Youden.TPR, Style: i})
		}
	}
	for i, m := range models {
		b := m.Report.ROCBand
		if b == nil {
			continue
		}
		roc.Bands = append(roc.Bands, Series{X: b.FPR, Y: b.TPR, Lo: b.Low, Hi: b.High, Style: i})
		if roc.Table == nil {
			roc.Table = &Table{Caption: "ROC confidence band", Header: []string{"model", "FPR", "TPR", "low", "high"}, RowHeads: true}
		}
		for k := range b.FPR {
			key := func(f string) string { return Join(m.Prefix, "roc_band", f, k) }
			roc.Table.Rows = append(roc.Table.Rows, []Cell{T(m.label()), N(key("fpr"), b.FPR[k]), N(key("tpr"), b.TPR[k]), N(key("low"), b.Low[k]), N(key("high"), b.High[k])})
		}
		rocDesc += fmt.Sprintf(" The shaded band around %s is its pointwise %s confidence band for the TPR at FPR %s to %s (Hsieh–Turnbull variance, score interval).",
			m.label(), levelText(b.Level), report.Sig(b.FPR[0]), report.Sig(b.FPR[len(b.FPR)-1]))
		rocNote += fmt.Sprintf("Shaded: the pointwise %s band of the TPR at %d FPRs, from the variance of the empirical ROC at a fixed FPR (Hsieh and Turnbull 1996): the positives' binomial term plus the slope² × the negatives' term, as a score interval (Wilson's when the slope term is 0); JSON roc_band. ", levelText(b.Level), len(b.FPR))
	}
	roc.Desc, roc.Note = rocDesc, rocNote

	// P-R with the prevalence baseline, iso-F1 lines and the BEP.
	pr := &Figure{Title: "Precision–recall curve", XLabel: "recall", YLabel: "precision",
		X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}, Square: true, Legend: "bl"}
	for _, f := range []float64{0.2, 0.4, 0.6, 0.8} {
		// P = F·R / (2R − F) for R in (F/2, 1]
		var xs, ys []float64
		for j := 0; j <= 40; j++ {
			r := f/2 + (1-f/2)*float64(j)/40
			if 2*r-f <= 0 {
				continue
			}
			if pv := f * r / (2*r - f); pv <= 1 {
				xs, ys = append(xs, r), append(ys, pv)
			}
		}
		pr.Refs = append(pr.Refs, Series{X: xs, Y: ys, Faint: true})
	}
	pr.Refs = append(pr.Refs, Series{X: []float64{0, 1}, Y: []float64{0, 1}})
	prDesc := "Precision against recall. Thin grey curves are iso-F1 lines (F1 = 0.2, 0.4, 0.6, 0.8); the dashed horizontal line is the prevalence (a random ranking), the dashed diagonal P = R, where the break-even point lies."
	prNote := ""
	for i, m := range models {
		fg := m.Report.Figures
		c, th := fg.PR, fg.PRThinning
		pr.Series = append(pr.Series, Series{Name: fmt.Sprintf("%s AP %s", m.label(), report.Sig(m.Report.AveragePrecision)), X: c.Recall, Y: c.Precision, Style: i})
		pr.Refs = append(pr.Refs, Series{X: []float64{0, 1}, Y: []float64{fg.Prevalence, fg.Prevalence}})
		pr.Points = append(pr.Points, Point{Name: "BEP " + m.label() + " " + report.Sig(m.Report.BEP), X: m.Report.BEP, Y: m.Report.BEP, Style: i})
		prDesc += fmt.Sprintf(" %s: average precision %s, BEP %s, prevalence %s, max F1 %s at recall %s, precision %s.", m.label(),
			report.Sig(m.Report.AveragePrecision), report.Sig(m.Report.BEP), report.Sig(fg.Prevalence), report.Sig(m.Report.MaxF1.Value), report.Sig(m.Report.MaxF1.TPR), report.Sig(m.Report.MaxF1.Precision))
		prNote += m.label() + ": " + thinNote(len(c.Recall), th) + " "
	}
	if len(models) == 1 {
		m := models[0].Report
		pr.Points = append(pr.Points, Point{Name: "max F1", X: m.MaxF1.TPR, Y: m.MaxF1.Precision, Style: 5})
	}
	pr.Desc, pr.Note = prDesc, prNote

	// DET on probit axes
	det := &Figure{Title: "DET curve", XLabel: "false positive rate (normal deviate scale)", YLabel: "false negative rate (normal deviate scale)",
		X: Axis{Min: 0.001, Max: 0.999, Probit: true}, Y: Axis{Min: 0.001, Max: 0.999, Probit: true}, Square: true}
	detNote := ""
	for i, m := range models {
		c, th := m.Report.Figures.DET, m.Report.Figures.DETThinning
		det.Series = append(det.Series, Series{Name: m.label(), X: c.FPR, Y: c.FNR, Style: i})
		detNote += m.label() + ": " + thinNote(len(c.FPR), th) + " "
	}
	det.Desc = "Detection error trade-off: false negative rate against false positive rate, both on normal-deviate axes, where normal score distributions give straight lines; lower left is better."
	det.Note = detNote

	out = append(out, &Section{ID: "curves", Title: "ROC, precision–recall and DET curves",
		Intro:  "Each curve is computed from every row; a curve with more than a few thousand vertices is drawn from its own vertices chosen by rank's thinning, and the caption says by how much the drawing can differ.",
		Blocks: []Block{Figures{roc, pr, det}}})

	// Calibration
	var cal Figures
	calTable := &Table{Caption: "Calibration bins", Header: []string{"model", "bin", "mean predicted", "fraction positive", "mass"}, RowHeads: true}
	for i, m := range models {
		c := m.Report.Calibration
		if c == nil {
			continue
		}
		if len(cal) == 0 {
			cal = append(cal, &Figure{Title: "Calibration (reliability diagram)", XLabel: "mean predicted probability", YLabel: "fraction of positives",
				X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}, Square: true, Refs: []Series{{X: []float64{0, 1}, Y: []float64{0, 1}}},
				Desc: "Fraction of positives against the mean predicted probability in each bin; the diagonal is perfect calibration."},
				&Figure{Title: "Calibration bin masses", XLabel: "mean predicted probability of the bin", YLabel: "rows (weight) in the bin",
					X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 0},
					Desc: "The rows (their weight) in each calibration bin, drawn at the bin's mean predicted probability."})
		}
		cal[0].Series = append(cal[0].Series, Series{Name: fmt.Sprintf("%s ECE %s", m.label(), report.Sig(c.ECE)), X: c.ProbPred, Y: c.ProbTrue, Style: i})
		var b Bars
		b.Name, b.Style = m.label(), i
		for j, x := range c.ProbPred {
			if math.IsNaN(x) {
				continue
			}
			w := 0.5 / float64(c.Bins) / float64(len(models))
			off := float64(i) * w
			b.Left = append(b.Left, x-w+off)
			b.Right = append(b.Right, x+off)
			b.Y = append(b.Y, c.Mass[j])
			cal[1].Y.Max = math.Max(cal[1].Y.Max, c.Mass[j]*1.1)
		}
		cal[1].Bars = append(cal[1].Bars, b)
		for j := range c.ProbPred {
			k := func(f string) string { return Join(m.Prefix, "calibration", f, j) }
			calTable.Rows = append(calTable.Rows, []Cell{T(m.label()), T(fmt.Sprint(j + 1)), N(k("prob_pred"), c.ProbPred[j]), N(k("prob_true"), c.ProbTrue[j]), N(k("mass"), c.Mass[j])})
		}
	}
	if len(cal) > 0 {
		cal[0].Table = calTable
		out = append(out, &Section{ID: "calibration", Title: "Calibration", Blocks: []Block{cal}})
	}

	// Score distributions, measures against the threshold, cost curve.
	var more Figures
	for i, m := range models {
		h := m.Report.Figures.Scores
		f := &Figure{Title: "Score distribution by class" + modelSuffix(m), XLabel: "score", YLabel: "share of the class in the bin",
			X: Axis{Min: h.Edges[0], Max: h.Edges[len(h.Edges)-1]}, Y: Axis{Min: 0, Max: 0}}
		mid := make([]float64, len(h.Pos))
		for j := range mid {
			mid[j] = (h.Edges[j] + h.Edges[j+1]) / 2
		}
		for _, v := range append(append([]float64{}, h.Pos...), h.Neg...) {
			f.Y.Max = math.Max(f.Y.Max, v)
		}
		f.Y.Max = math.Ceil(f.Y.Max*11) / 10
		f.Series = []Series{{Name: "positives (" + m.Report.PosLabel + ")", X: mid, Y: h.Pos, Style: 2*i + 0},
			{Name: "negatives", X: mid, Y: h.Neg, Style: 2*i + 1}}
		f.Desc = fmt.Sprintf("The share of each class's mass in %d equal-width score bins from %s to %s; the further apart the two, the better the scores separate the classes.", len(h.Pos), report.Sig(h.Edges[0]), report.Sig(h.Edges[len(h.Edges)-1]))
		more = append(more, f)

		pc := m.Report.Figures.PR
		n := len(pc.Thresholds)
		th := &Figure{Title: "Precision, recall and F1 against the threshold" + modelSuffix(m), XLabel: "threshold (predict positive when score ≥ it)", YLabel: "score (0–1)",
			Y: Axis{Min: 0, Max: 1}}
		if n > 0 {
			th.X = Axis{Min: math.Min(pc.Thresholds[0], pc.Thresholds[n-1]), Max: math.Max(pc.Thresholds[0], pc.Thresholds[n-1])}
			if !(th.X.Max > th.X.Min) {
				th.X.Max = th.X.Min + 1
			}
			f1 := pc.F1()
			th.Series = []Series{{Name: "precision", X: pc.Thresholds, Y: pc.Precision[:n], Style: 0},
				{Name: "recall", X: pc.Thresholds, Y: pc.Recall[:n], Style: 1},
				{Name: "F1", X: pc.Thresholds, Y: f1[:n], Style: 2}}
		}
		for _, op := range []struct {
			name string
			o    rank.OperatingPoint
			st   int
		}{{"Youden", m.Report.Youden, 5}, {"max F1", m.Report.MaxF1, 6}, {"min cost", m.Report.MinCost, 7}} {
			if !math.IsInf(op.o.Threshold, 0) {
				th.Refs = append(th.Refs, Series{X: []float64{op.o.Threshold, op.o.Threshold}, Y: []float64{0, 1}})
				th.Points = append(th.Points, Point{Name: op.name + " " + report.Sig(op.o.Threshold), X: op.o.Threshold, Y: op.o.TPR, Style: op.st})
			}
		}
		th.Desc = fmt.Sprintf("Precision, recall and F1 at each threshold; dashed verticals mark the Youden (threshold %s), max-F1 (%s) and min-cost (%s) thresholds, each marked at its recall.",
			report.Sig(m.Report.Youden.Threshold), report.Sig(m.Report.MaxF1.Threshold), report.Sig(m.Report.MinCost.Threshold))
		th.Note = thinNote(len(pc.Recall), m.Report.Figures.PRThinning)
		more = append(more, th)
	}
	cost := &Figure{Title: "Cost curve", XLabel: "probability cost of the positive class", YLabel: "normalised expected cost",
		X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 0.5}, Refs: []Series{{X: []float64{0, 0.5, 1}, Y: []float64{0, 0.5, 0}}}}
	for i, m := range models {
		cc := m.Report.Figures.Cost
		cost.Series = append(cost.Series, Series{Name: fmt.Sprintf("%s area %s", m.label(), report.Sig(m.Report.CostCurveArea)), X: cc.X, Y: cc.Y, Style: i})
		for _, y := range cc.Y {
			cost.Y.Max = math.Max(cost.Y.Max, y)
		}
	}
	cost.Desc = "The lower envelope of the cost lines of every ROC point (Drummond and Holte; Zhou §2.3.4): the expected cost, normalised, against the probability cost of the positive class; the dashed lines are always-negative and always-positive. The area under it is the expected total cost over all priors and costs."
	more = append(more, cost)
	out = append(out, &Section{ID: "thresholds", Title: "Scores, thresholds and costs", Blocks: []Block{more}})
	return out
}

func modelSuffix(m RankModel) string {
	if m.Name == "" {
		return ""
	}
	return " — " + m.Name
}

// RankMulticlassSections lays out a multiclass score report: the AUCs
// (one-vs-rest and one-vs-one, macro and weighted), log loss, top-k
// accuracy, each class's one-vs-rest AUC, and every class's one-vs-rest
// ROC curve overlaid (when the report has its Figures).
func RankMulticlassSections(r *rank.MulticlassReport) []*Section {
	t := &Table{Caption: "Measures", Header: []string{"measure", "value"}, RowHeads: true}
	add := func(name, key string, v float64) {
		t.Rows = append(t.Rows, []Cell{T(name), withInterval(N(key, v), "", key, r.Intervals)})
	}
	add("ROC AUC one-vs-rest, macro", "roc_auc_ovr_macro", r.ROCAUCOvRMacro)
	add("ROC AUC one-vs-rest, weighted", "roc_auc_ovr_weighted", r.ROCAUCOvRWeighted)
	add("ROC AUC one-vs-one (Hand & Till), macro", "roc_auc_ovo_macro", r.ROCAUCOvOMacro)
	add("ROC AUC one-vs-one, weighted", "roc_auc_ovo_weighted", r.ROCAUCOvOWeighted)
	add("log loss", "log_loss", r.LogLoss)
	add(fmt.Sprintf("top-%d accuracy", r.K), "top_k_accuracy", r.TopKAccuracy)
	t.Rows = append(t.Rows, []Cell{T("rows"), C("n", float64(r.N))})
	pc := &Table{Caption: "Each class against the rest", Header: []string{"class", "support", "ROC AUC"}, RowHeads: true}
	for i, c := range r.PerClass {
		key := Join("per_class", i, "roc_auc_ovr")
		pc.Rows = append(pc.Rows, []Cell{T(c.Label), C(Join("per_class", i, "support"), c.Support), withInterval(N(key, c.ROCAUC), "", key, r.Intervals)})
	}
	s := &Section{ID: "measures", Title: "Measures", Blocks: []Block{t, pc}}
	if len(r.Intervals) > 0 {
		s.Intro = ciIntro(r.Level, r.Intervals, r.Signature)
	}
	for _, w := range r.Warnings {
		s.Add(Note("warning: " + w))
	}
	out := []*Section{s}
	if len(r.Figures) == len(r.PerClass) && len(r.Figures) > 0 {
		roc := &Figure{Title: "One-vs-rest ROC curves", XLabel: "false positive rate (FPR)", YLabel: "true positive rate (TPR)",
			X: Axis{Min: 0, Max: 1}, Y: Axis{Min: 0, Max: 1}, Square: true, Legend: "br",
			Refs: []Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}, Desc: "Each class's scores against the rest; the dashed diagonal is chance."}
		note := ""
		for i, c := range r.Figures {
			th := c
			name := r.PerClass[i].Label
			roc.Series = append(roc.Series, Series{Name: fmt.Sprintf("%s AUC %s", name, report.Sig(r.PerClass[i].ROCAUC)), X: th.FPR, Y: th.TPR, Style: i})
			roc.Desc += fmt.Sprintf(" %s: AUC %s.", name, report.Sig(r.PerClass[i].ROCAUC))
			note += name + ": " + thinNote(len(th.FPR), r.FigureThinning[i]) + " "
		}
		roc.Note = note
		out = append(out, &Section{ID: "curves", Title: "ROC curves", Blocks: []Block{roc}})
	}
	return out
}
