package figure

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
)

// CurvePoints is the most vertices of its own a curve of an HTML page is
// drawn from: a longer curve is thinned with rank's thinning (the one of
// rank's --curve-points) as rank builds it (rank.Options.FigurePoints),
// and the figure says so with the thinning's error.
const CurvePoints = 2000

// MaxPoints is the most vertices of its own a curve of a figure file is
// drawn from.
const MaxPoints = 4000

// RankModel is one model's binary rank report with its figures
// (rank.Options.Figures), its name ("" for a single model) and the JSON
// path of the report (the prefix of its keys).
type RankModel struct {
	Name   string
	Prefix string
	Report *rank.Report
}

// Label is the model's name, "scores" for a single unnamed model.
func (m RankModel) Label() string {
	if m.Name == "" {
		return "scores"
	}
	return m.Name
}

// suffix is " — name" for a named model.
func (m RankModel) suffix() string {
	if m.Name == "" {
		return ""
	}
	return " — " + m.Name
}

// join is a JSON key path: join("per_class", 0, "recall") =
// "per_class.0.recall"; empty parts are skipped.
func join(parts ...any) string {
	s := ""
	for _, p := range parts {
		v := fmt.Sprint(p)
		if v == "" {
			continue
		}
		if s != "" {
			s += "."
		}
		s += v
	}
	return s
}

// levelText is a confidence level as people write it: 0.95 → "95%".
func levelText(l float64) string {
	return strconv.FormatFloat(100*l, 'g', -1, 64) + "%"
}

// thinNote says how a curve of kept vertices was drawn.
func thinNote(kept int, th rank.Thinning) string {
	if kept == th.Full {
		return fmt.Sprintf("Drawn from all %d vertices.", th.Full)
	}
	return fmt.Sprintf("Drawn from %d of its %d vertices (thinned; no drawn point moves more than %s in the axes' units).", kept, th.Full, result.Sig(th.Error))
}

// listText is names as a list in words: "a", "a and b", "a, b and c".
func listText(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// diagonal is the reference line y = x over [lo, hi].
func diagonal(lo, hi float64) Series { return Series{X: []float64{lo, hi}, Y: []float64{lo, hi}} }

// unit is the axis [0, 1].
var unit = Axis{Min: 0, Max: 1}

// ROC is the figure of the models' ROC curves overlaid, with the chance
// diagonal, the Youden and min-cost points of a single model (each
// model's Youden point for several), and each model's confidence band
// (with its table) where the report has one.
func ROC(models []RankModel) *Figure {
	roc := &Figure{Title: "ROC curve", XLabel: "false positive rate (FPR)", YLabel: "true positive rate (TPR)",
		X: unit, Y: unit, Square: true, Refs: []Series{diagonal(0, 1)}, Legend: BottomRight}
	desc := "ROC curves, TPR against FPR; the dashed diagonal is chance."
	note := ""
	for i, m := range models {
		c, th := m.Report.Figures.ROC, m.Report.Figures.ROCThinning
		name := fmt.Sprintf("%s AUC %s", m.Label(), result.Sig(m.Report.ROCAUC))
		roc.Series = append(roc.Series, Series{Name: name, X: c.FPR, Y: c.TPR, Style: i})
		desc += fmt.Sprintf(" %s: AUC %s, Youden point FPR %s TPR %s.", m.Label(), result.Sig(m.Report.ROCAUC), result.Sig(m.Report.Youden.FPR), result.Sig(m.Report.Youden.TPR))
		note += m.Label() + ": " + thinNote(len(c.FPR), th) + " "
	}
	for i, m := range models {
		sm := m.Report.Smooth
		if sm == nil {
			continue
		}
		fpr := make([]float64, len(sm.Specificities))
		for k, v := range sm.Specificities {
			fpr[k] = 1 - v
		}
		roc.Series = append(roc.Series, Series{Name: fmt.Sprintf("%s smoothed (%s) AUC %s", m.Label(), sm.Method, result.Sig(sm.ROCAUC)), X: fpr, Y: sm.Sensitivities, Style: len(models) + i, Bare: true})
		desc += fmt.Sprintf(" %s smoothed by a %s model: AUC %s.", m.Label(), sm.Method, result.Sig(sm.ROCAUC))
		if sm.Method == "density" {
			note += fmt.Sprintf("%s smoothed: the two classes' scores each estimated by a %s kernel density of bandwidth %s (pROC's smooth with method density), drawn at its %d points; its AUC is the trapezoid under them. ",
				m.Label(), sm.Kernel, result.Sig(*sm.Bandwidth), len(fpr))
			continue
		}
		sign := "+"
		if *sm.Slope < 0 {
			sign = "−"
		}
		note += fmt.Sprintf("%s smoothed: the %s model Φ⁻¹(specificity) = %s %s %s Φ⁻¹(sensitivity) fitted by least squares to the curve's points (pROC's smooth), drawn at its %d points; its AUC is the model's closed form Φ(a/√(1 + b²)). ",
			m.Label(), sm.Method, result.Sig(*sm.Intercept), sign, result.Sig(math.Abs(*sm.Slope)), len(fpr))
	}
	for i, m := range models {
		if len(models) == 1 {
			roc.Points = append(roc.Points, Point{Name: "Youden", X: m.Report.Youden.FPR, Y: m.Report.Youden.TPR, Style: 5},
				Point{Name: "min cost", X: m.Report.MinCost.FPR, Y: m.Report.MinCost.TPR, Style: 6})
		} else {
			roc.Points = append(roc.Points, Point{Name: "Youden " + m.Label(), X: m.Report.Youden.FPR, Y: m.Report.Youden.TPR, Style: i})
		}
	}
	var banded []string
	var band *rank.ROCBand
	same := true
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
			key := func(f string) string { return join(m.Prefix, "roc_band", f, k) }
			roc.Table.Rows = append(roc.Table.Rows, []Cell{plain(m.Label()), num(key("fpr"), b.FPR[k]), num(key("tpr"), b.TPR[k]), num(key("low"), b.Low[k]), num(key("high"), b.High[k])})
		}
		if band != nil && (b.Level != band.Level || len(b.FPR) != len(band.FPR) || b.FPR[0] != band.FPR[0] || b.FPR[len(b.FPR)-1] != band.FPR[len(band.FPR)-1]) {
			same = false
		}
		if band == nil {
			band = b
		}
		banded = append(banded, m.Label())
	}
	// The bands' method, said once for every model.
	switch {
	case band == nil:
	case same:
		whose := "the shaded band around " + banded[0] + " is its"
		if len(banded) > 1 {
			whose = "the shaded bands around " + listText(banded) + " are their"
		}
		desc += fmt.Sprintf(" %s%s pointwise %s confidence band for the TPR at FPR %s to %s (Hsieh–Turnbull variance, score interval).",
			strings.ToUpper(whose[:1]), whose[1:], levelText(band.Level), result.Sig(band.FPR[0]), result.Sig(band.FPR[len(band.FPR)-1]))
		each := ""
		if len(banded) > 1 {
			each = " for each model"
		}
		note += fmt.Sprintf("Shaded: the pointwise %s band of the TPR at %d FPRs%s, ", levelText(band.Level), len(band.FPR), each)
	default:
		desc += " The shaded band around each of " + listText(banded) + " is its pointwise confidence band for the TPR (Hsieh–Turnbull variance, score interval)."
		var parts []string
		for _, m := range models {
			if b := m.Report.ROCBand; b != nil {
				parts = append(parts, fmt.Sprintf("%s's pointwise %s band of the TPR at %d FPRs", m.Label(), levelText(b.Level), len(b.FPR)))
			}
		}
		note += "Shaded: " + strings.Join(parts, "; ") + ", each "
	}
	if band != nil {
		note += "from the variance of the empirical ROC at a fixed FPR (Hsieh and Turnbull 1996): the positives' binomial term plus the slope² × the negatives' term, as a score interval (Wilson's when the slope term is 0); JSON roc_band. "
	}
	if ax, ok := logFPR(roc.Series); ok {
		roc.logFPR(ax)
		desc += " " + logNote(ax, len(roc.Series))
		note = logNote(ax, len(roc.Series)) + " " + note
	}
	roc.Desc, roc.Note = desc, note
	return roc
}

// Near-perfect ROC curves rise within the first few percent of the FPR,
// squeezed against the left edge of a linear axis. When most curves
// reach TPR logTPR by FPR logFPRBelow, the FPR axis is logarithmic.
const (
	logFPRBelow = 0.05
	logTPR      = 0.8
)

// logFPR returns the logarithmic FPR axis of ROC curves (X the FPR, Y the
// TPR) and true when at least half of them reach TPR logTPR at an FPR of
// at most logFPRBelow. The axis runs from the power of 10 at or below the
// smallest positive FPR of a curve (at least 10⁻⁶) to 1.
func logFPR(curves []Series) (Axis, bool) {
	near, lo := 0, 1.0
	for _, c := range curves {
		reach := 0.0
		for i, x := range c.X {
			if x <= logFPRBelow && c.Y[i] > reach {
				reach = c.Y[i]
			}
			if x > 0 && x < lo {
				lo = x
			}
		}
		if reach >= logTPR {
			near++
		}
	}
	if len(curves) == 0 || 2*near < len(curves) {
		return Axis{}, false
	}
	lo = math.Max(math.Pow(10, math.Floor(math.Log10(lo)+1e-9)), 1e-6)
	if lo >= 0.1 {
		lo = 0.01
	}
	return Axis{Min: lo, Max: 1, Scale: Log}, true
}

// logFPR puts the ROC figure f on the FPR axis ax: its x label says so
// and the chance line becomes a curve.
func (f *Figure) logFPR(ax Axis) {
	f.X = ax
	f.XLabel = "false positive rate (FPR, log scale)"
	var xs []float64
	for i := 0; i <= 60; i++ {
		xs = append(xs, ax.Min*math.Pow(ax.Max/ax.Min, float64(i)/60))
	}
	f.Refs = []Series{{X: xs, Y: xs}}
}

// logNote says why and how the FPR axis of ax of n curves is
// logarithmic.
func logNote(ax Axis, n int) string {
	who, them := "the curve reaches", "it"
	if n > 1 {
		who, them = "most curves reach", "them"
	}
	return fmt.Sprintf("The FPR axis is logarithmic, from %s to 1 (an FPR of 0 is drawn at its left edge): %s TPR %s by FPR %s, where a linear axis would squeeze %s against its left edge; the chance diagonal TPR = FPR is the dashed curve.",
		strconv.FormatFloat(ax.Min, 'g', -1, 64), who, strconv.FormatFloat(logTPR, 'g', -1, 64), strconv.FormatFloat(logFPRBelow, 'g', -1, 64), them)
}

// PR is the figure of the models' precision–recall curves, with iso-F1
// lines, each model's prevalence (the precision of a random ranking) and
// break-even point, the diagonal P = R, and a single model's max-F1 point.
func PR(models []RankModel) *Figure {
	pr := &Figure{Title: "Precision–recall curve", XLabel: "recall", YLabel: "precision",
		X: unit, Y: unit, Square: true, Legend: BottomLeft}
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
	pr.Refs = append(pr.Refs, diagonal(0, 1))
	desc := "Precision against recall. Thin grey curves are iso-F1 lines (F1 = 0.2, 0.4, 0.6, 0.8); the dashed horizontal line is the prevalence (a random ranking), the dashed diagonal P = R, where the break-even point lies."
	note := ""
	for i, m := range models {
		fg := m.Report.Figures
		c, th := fg.PR, fg.PRThinning
		pr.Series = append(pr.Series, Series{Name: fmt.Sprintf("%s AP %s", m.Label(), result.Sig(m.Report.AveragePrecision)), X: c.Recall, Y: c.Precision, Style: i})
		pr.Refs = append(pr.Refs, Series{X: []float64{0, 1}, Y: []float64{fg.Prevalence, fg.Prevalence}})
		pr.Points = append(pr.Points, Point{Name: "BEP " + m.Label() + " " + result.Sig(m.Report.BEP), X: m.Report.BEP, Y: m.Report.BEP, Style: i})
		desc += fmt.Sprintf(" %s: average precision %s, BEP %s, prevalence %s, max F1 %s at recall %s, precision %s.", m.Label(),
			result.Sig(m.Report.AveragePrecision), result.Sig(m.Report.BEP), result.Sig(fg.Prevalence), result.Sig(m.Report.MaxF1.Value), result.Sig(m.Report.MaxF1.TPR), result.Sig(m.Report.MaxF1.Precision))
		note += m.Label() + ": " + thinNote(len(c.Recall), th) + " "
	}
	if len(models) == 1 {
		m := models[0].Report
		pr.Points = append(pr.Points, Point{Name: "max F1", X: m.MaxF1.TPR, Y: m.MaxF1.Precision, Style: 5})
	}
	pr.Desc, pr.Note = desc, note
	return pr
}

// DET is the figure of the models' detection error trade-off curves, on
// probit axes.
func DET(models []RankModel) *Figure {
	rates := Axis{Min: 0.001, Max: 0.999, Scale: Probit}
	det := &Figure{Title: "DET curve", XLabel: "false positive rate (normal deviate scale)", YLabel: "false negative rate (normal deviate scale)",
		X: rates, Y: rates, Square: true}
	for i, m := range models {
		c, th := m.Report.Figures.DET, m.Report.Figures.DETThinning
		det.Series = append(det.Series, Series{Name: m.Label(), X: c.FPR, Y: c.FNR, Style: i})
		det.Note += m.Label() + ": " + thinNote(len(c.FPR), th) + " "
	}
	det.Desc = "Detection error trade-off: false negative rate against false positive rate, both on normal-deviate axes, where normal score distributions give straight lines; lower left is better."
	return det
}

// Calibration is the reliability diagram of the models that have a
// calibration (with the table of their bins) and the figure of the
// bins' masses; nil when none has one.
func Calibration(models []RankModel) []*Figure {
	var cal []*Figure
	tab := &Table{Caption: "Calibration bins", Header: []string{"model", "bin", "mean predicted", "fraction positive", "mass"}, RowHeads: true}
	for i, m := range models {
		c := m.Report.Calibration
		if c == nil {
			continue
		}
		if len(cal) == 0 {
			cal = append(cal, &Figure{Title: "Calibration (reliability diagram)", XLabel: "mean predicted probability", YLabel: "fraction of positives",
				X: unit, Y: unit, Square: true, Refs: []Series{diagonal(0, 1)},
				Desc: "Fraction of positives against the mean predicted probability in each bin; the diagonal is perfect calibration."},
				&Figure{Title: "Calibration bin masses", XLabel: "mean predicted probability of the bin", YLabel: "rows (weight) in the bin",
					X: unit, Y: Axis{Min: 0, Max: 0},
					Desc: "The rows (their weight) in each calibration bin, drawn at the bin's mean predicted probability."})
		}
		cal[0].Series = append(cal[0].Series, Series{Name: fmt.Sprintf("%s ECE %s", m.Label(), result.Sig(c.ECE)), X: c.ProbPred, Y: c.ProbTrue, Style: i})
		var b Bars
		b.Name, b.Style = m.Label(), i
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
			k := func(f string) string { return join(m.Prefix, "calibration", f, j) }
			tab.Rows = append(tab.Rows, []Cell{plain(m.Label()), plain(fmt.Sprint(j + 1)), num(k("prob_pred"), c.ProbPred[j]), num(k("prob_true"), c.ProbTrue[j]), count(k("mass"), c.Mass[j])})
		}
	}
	if len(cal) > 0 {
		cal[0].Table = tab
	}
	return cal
}

// Scores is the distribution of the scores of each class of model i of
// several (its styles are 2i and 2i + 1).
func Scores(m RankModel, i int) *Figure {
	h := m.Report.Figures.Scores
	f := &Figure{Title: "Score distribution by class" + m.suffix(), XLabel: "score", YLabel: "share of the class in the bin",
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
	f.Desc = fmt.Sprintf("The share of each class's mass in %d equal-width score bins from %s to %s; the further apart the two, the better the scores separate the classes.", len(h.Pos), result.Sig(h.Edges[0]), result.Sig(h.Edges[len(h.Edges)-1]))
	return f
}

// Thresholds is precision, recall and F1 of a model against the
// threshold, with its Youden, max-F1 and min-cost thresholds marked.
func Thresholds(m RankModel) *Figure {
	pc := m.Report.Figures.PR
	n := len(pc.Thresholds)
	th := &Figure{Title: "Precision, recall and F1 against the threshold" + m.suffix(), XLabel: "threshold (predict positive when score ≥ it)", YLabel: "score (0–1)",
		Y: unit}
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
			th.Points = append(th.Points, Point{Name: op.name + " " + result.Sig(op.o.Threshold), X: op.o.Threshold, Y: op.o.TPR, Style: op.st})
		}
	}
	th.Desc = fmt.Sprintf("Precision, recall and F1 at each threshold; dashed verticals mark the Youden (threshold %s), max-F1 (%s) and min-cost (%s) thresholds, each marked at its recall.",
		result.Sig(m.Report.Youden.Threshold), result.Sig(m.Report.MaxF1.Threshold), result.Sig(m.Report.MinCost.Threshold))
	th.Note = thinNote(len(pc.Recall), m.Report.Figures.PRThinning)
	return th
}

// Cost is the models' cost curves (Drummond and Holte 2006).
func Cost(models []RankModel) *Figure {
	cost := &Figure{Title: "Cost curve", XLabel: "probability cost of the positive class", YLabel: "normalised expected cost",
		X: unit, Y: Axis{Min: 0, Max: 0.5}, Refs: []Series{{X: []float64{0, 0.5, 1}, Y: []float64{0, 0.5, 0}}}}
	for i, m := range models {
		cc := m.Report.Figures.Cost
		cost.Series = append(cost.Series, Series{Name: fmt.Sprintf("%s area %s", m.Label(), result.Sig(m.Report.CostCurveArea)), X: cc.X, Y: cc.Y, Style: i})
		for _, y := range cc.Y {
			cost.Y.Max = math.Max(cost.Y.Max, y)
		}
	}
	cost.Desc = "The lower envelope of the cost lines of every ROC point (Drummond and Holte): the expected cost, normalised, against the probability cost of the positive class; the dashed lines are always-negative and always-positive. The area under it is the expected total cost over all priors and costs."
	return cost
}

// MulticlassROC is every class's one-vs-rest ROC curve overlaid; nil when
// the report has no figures.
func MulticlassROC(r *rank.MulticlassReport) *Figure {
	if len(r.Figures) != len(r.PerClass) || len(r.Figures) == 0 {
		return nil
	}
	roc := &Figure{Title: "One-vs-rest ROC curves", XLabel: "false positive rate (FPR)", YLabel: "true positive rate (TPR)",
		X: unit, Y: unit, Square: true, Legend: BottomRight,
		Refs: []Series{diagonal(0, 1)}, Desc: "Each class's scores against the rest; the dashed diagonal is chance."}
	for i, c := range r.Figures {
		name := r.PerClass[i].Label
		roc.Series = append(roc.Series, Series{Name: fmt.Sprintf("%s AUC %s", name, result.Sig(r.PerClass[i].ROCAUC)), X: c.FPR, Y: c.TPR, Style: i})
		roc.Desc += fmt.Sprintf(" %s: AUC %s.", name, result.Sig(r.PerClass[i].ROCAUC))
		roc.Note += name + ": " + thinNote(len(c.FPR), r.FigureThinning[i]) + " "
	}
	if ax, ok := logFPR(roc.Series); ok {
		roc.logFPR(ax)
		roc.Desc += " " + logNote(ax, len(roc.Series))
		roc.Note = logNote(ax, len(roc.Series)) + " " + roc.Note
	}
	return roc
}
