package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{
		name:    "rank",
		summary: "ROC and P-R curves, AUC, average precision, BEP, log loss, calibration, … from scores",
		run:     runRank,
	})
}

type rankFlags struct {
	trueCol, scoreCol, weightCol string
	posLabel, classes            string
	k                            int
	bins                         int
	binRange                     string
	maxFPR                       float64
	calBins                      int
	calStrategy                  string
	conf                         float64
	costFP, costFN               float64
	curves                       bool
	plotDir                      string
	format                       *string
}

func (f *rankFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.trueCol, "true", "y_true", "column of true labels")
	fs.StringVar(&f.scoreCol, "score", "y_score", "column of scores (binary; higher = more positive), or comma-separated probability columns, one per --classes entry")
	fs.StringVar(&f.weightCol, "weight", "", "column of sample weights (default: every weight 1)")
	fs.StringVar(&f.posLabel, "pos-label", "", "positive label (binary); default 1 when the labels are {0, 1} or {-1, 1}")
	fs.StringVar(&f.classes, "classes", "", "comma-separated class labels, one per --score column (multiclass)")
	fs.IntVar(&f.k, "k", 2, "k of top_k_accuracy (multiclass)")
	fs.IntVar(&f.bins, "bins", 0, "constant memory: count scores in N equal bins over --bin-range instead of sorting them (reports auc_error_bound)")
	fs.StringVar(&f.binRange, "bin-range", "0,1", "score range lo,hi of --bins; scores outside count in the end bins")
	fs.Float64Var(&f.maxFPR, "max-fpr", 0, "also report the McClish-standardised partial AUC over FPR ≤ this (0 < x ≤ 1)")
	fs.IntVar(&f.calBins, "cal-bins", 10, "number of calibration bins")
	fs.StringVar(&f.calStrategy, "cal-strategy", "uniform", "calibration bins: uniform or quantile")
	fs.Float64Var(&f.conf, "conf", 0.95, "level of DeLong's AUC confidence interval")
	fs.Float64Var(&f.costFP, "cost-fp", 1, "cost of a false positive (min_cost threshold)")
	fs.Float64Var(&f.costFN, "cost-fn", 1, "cost of a false negative (min_cost threshold)")
	fs.BoolVar(&f.curves, "curves", true, "include roc_curve and pr_curve in machine output")
	fs.StringVar(&f.plotDir, "plot", "", "write ROC, P-R, DET and calibration figures (SVG and PNG) to this folder")
	f.format = formatFlag(fs)
}

func runRank(e *env, args []string) error {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	var f rankFlags
	f.define(fs)
	path, format, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if !(f.conf > 0 && f.conf < 1) {
		return usagef("rank: --conf must be in (0, 1), got %v", f.conf)
	}
	if !(f.maxFPR >= 0 && f.maxFPR <= 1) {
		return usagef("rank: --max-fpr must be in (0, 1], got %v", f.maxFPR)
	}
	if f.calBins < 1 {
		return usagef("rank: --cal-bins must be at least 1, got %d", f.calBins)
	}
	if f.calStrategy != "uniform" && f.calStrategy != "quantile" {
		return usagef("rank: --cal-strategy must be uniform or quantile, got %q", f.calStrategy)
	}
	if !(f.costFP >= 0 && f.costFN >= 0) || math.IsInf(f.costFP, 0) || math.IsInf(f.costFN, 0) {
		return usagef("rank: --cost-fp and --cost-fn must be finite and ≥ 0")
	}
	if f.bins < 0 {
		return usagef("rank: --bins must be positive, got %d", f.bins)
	}
	name := rankName(path)
	if f.classes != "" || strings.Contains(f.scoreCol, ",") {
		if f.classes == "" {
			return usagef("rank: several --score columns need --classes (one class label per column)")
		}
		if f.bins > 0 {
			return usagef("rank: --bins is for binary scores only")
		}
		rep, err := rankMulticlassFile(e, path, &f)
		if err != nil {
			return err
		}
		return emit(e, format, rep, func() *report.Doc { return rankMultiDoc(rep, name) })
	}
	if format != report.JSONFormat && format != report.CSV {
		f.curves = false // text and Markdown show no curves
	}
	rep, err := rankBinaryFile(e, path, &f)
	if err != nil {
		return err
	}
	return emit(e, format, rep, func() *report.Doc { return rankBinaryDoc(rep, name) })
}

func rankName(path string) string {
	if path == "" || path == "-" {
		return "<stdin>"
	}
	return path
}

// rankOperating is an optimal threshold in the JSON report.
type rankOperating struct {
	Threshold float64 `json:"threshold"` // null: +∞, predict nothing positive
	Value     float64 `json:"value"`
	TPR       float64 `json:"tpr"`
	FPR       float64 `json:"fpr"`
	Precision float64 `json:"precision"`
}

type rankROCCurve struct {
	FPR        []float64 `json:"fpr"`
	TPR        []float64 `json:"tpr"`
	Thresholds []float64 `json:"thresholds"`
}

type rankPRCurve struct {
	Precision  []float64 `json:"precision"`
	Recall     []float64 `json:"recall"`
	Thresholds []float64 `json:"thresholds"`
}

type rankCalibration struct {
	Strategy string    `json:"strategy"`
	Bins     int       `json:"bins"`
	ProbTrue []float64 `json:"prob_true"`
	ProbPred []float64 `json:"prob_pred"`
	Mass     []float64 `json:"mass"`
	ECE      float64   `json:"ece"`
	MCE      float64   `json:"mce"`
}

// rankBinaryReport is the JSON of "evalkit rank" for binary scores.
type rankBinaryReport struct {
	N                int64            `json:"n"`
	PosLabel         string           `json:"pos_label"`
	Positives        float64          `json:"positives"`
	Negatives        float64          `json:"negatives"`
	ROCAUC           float64          `json:"roc_auc"`
	RankLoss         float64          `json:"rank_loss"`
	AveragePrecision float64          `json:"average_precision"`
	PRAUCTrapezoid   float64          `json:"pr_auc_trapezoid"`
	BEP              float64          `json:"bep"`
	AUCVariance      *float64         `json:"auc_variance_delong"`
	AUCCI            *[2]float64      `json:"auc_ci_delong"`
	ConfLevel        float64          `json:"conf_level"`
	MaxFPR           float64          `json:"max_fpr,omitempty"`
	PartialAUC       *float64         `json:"partial_auc,omitempty"`
	LogLoss          *float64         `json:"log_loss,omitempty"`
	Brier            *float64         `json:"brier,omitempty"`
	Calibration      *rankCalibration `json:"calibration,omitempty"`
	Youden           rankOperating    `json:"youden"`
	MaxF1            rankOperating    `json:"max_f1"`
	MinCost          rankOperating    `json:"min_cost"`
	CostCurveArea    float64          `json:"cost_curve_area"`
	Bins             int              `json:"bins,omitempty"`
	AUCErrorBound    *float64         `json:"auc_error_bound,omitempty"`
	ROCCurve         *rankROCCurve    `json:"roc_curve,omitempty"`
	PRCurve          *rankPRCurve     `json:"pr_curve,omitempty"`
	Warnings         []string         `json:"warnings,omitempty"`
	det              rank.DETCurve
	rocPlot          rank.ROCCurve
	prPlot           rank.PRCurve
	calPlot          *rank.CalibrationCurve
}

func fptr(v float64) *float64 { return &v }

// rankBinaryFile streams the file into a score table (or bins) and
// computes the report.
func rankBinaryFile(e *env, path string, f *rankFlags) (*rankBinaryReport, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols, err := columns(r, f.trueCol, f.scoreCol, f.weightCol)
	if err != nil {
		return nil, err
	}
	tc, sc, wc := cols[0], cols[1], cols[2]
	var b rank.Builder
	var bn *rank.Binned
	if f.bins > 0 {
		lohi := strings.Split(f.binRange, ",")
		var lo, hi float64
		var e1, e2 error
		if len(lohi) == 2 {
			lo, e1 = table.ParseFloat([]byte(lohi[0]))
			hi, e2 = table.ParseFloat([]byte(lohi[1]))
		}
		if len(lohi) != 2 || e1 != nil || e2 != nil || !(lo < hi) {
			return nil, usagef("rank: --bin-range must be lo,hi with lo < hi, got %q", f.binRange)
		}
		bn = rank.NewBinned(f.bins, lo, hi)
	}
	set, posName, err := rankReadBinary(e, r, path, tc, sc, wc, f, &b, bn)
	if err != nil {
		return nil, err
	}
	names, _ := set.Sorted()
	if f.posLabel != "" {
		if _, ok := set.Lookup(f.posLabel); !ok {
			return nil, fmt.Errorf("%s: --pos-label %q is not among the labels of column %q (found: %s)", r.Name(), f.posLabel, f.trueCol, strings.Join(names, ", "))
		}
		posName = f.posLabel
	}
	var t *rank.Table
	if bn != nil {
		t = bn.Table()
	} else {
		t = b.Table()
	}
	rep := &rankBinaryReport{N: t.Rows, PosLabel: posName, Positives: t.Positives(), Negatives: t.Negatives(), ConfLevel: f.conf}
	if _, _, err := rankCheck(t); err != nil {
		return nil, fmt.Errorf("%s: column %q: %w (labels found: %s)", r.Name(), f.trueCol, err, strings.Join(names, ", "))
	}
	if err := rankBinaryMeasures(rep, t, bn, f); err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	if f.plotDir != "" {
		if err := rankBinaryPlots(rep, f.plotDir, rankName(path)); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// rankCheck reports a missing class (or no data) before the measures.
func rankCheck(t *rank.Table) (float64, float64, error) {
	p, n := t.Positives(), t.Negatives()
	switch {
	case p == 0 && n == 0:
		return p, n, fmt.Errorf("every weight is zero: %w", rank.ErrEmpty)
	case p == 0:
		return p, n, fmt.Errorf("no positive samples, ROC needs both classes: %w", rank.ErrOneClass)
	case n == 0:
		return p, n, fmt.Errorf("no negative samples, ROC needs both classes: %w", rank.ErrOneClass)
	}
	return p, n, nil
}

func rankOp(o rank.Operating) rankOperating {
	return rankOperating{Threshold: o.Threshold, Value: o.Value, TPR: o.TPR, FPR: o.FPR, Precision: o.Precision}
}

func rankBinaryMeasures(rep *rankBinaryReport, t *rank.Table, bn *rank.Binned, f *rankFlags) error {
	var err error
	must := func(v float64, e error) float64 {
		if e != nil && err == nil {
			err = e
		}
		return v
	}
	// Each measure is a pass over the table; they run in four groups on
	// as many goroutines (a Table is safe for concurrent use), and the
	// report is assembled in a fixed order.
	var wg sync.WaitGroup
	var y, m, c rank.Operating
	var cc rank.CostCurve
	var e1, e2, e3, e4 error
	wg.Go(func() {
		y, e1 = t.Youden()
		m, e2 = t.MaxFBeta(1)
		c, e3 = t.MinCost(f.costFP, f.costFN)
		cc, e4 = t.CostCurve()
	})
	var dv, dlo, dhi float64
	var de error
	var isProb bool
	var ll, br float64
	var lle, bre error
	var cal rank.CalibrationCurve
	var cale error
	if bn == nil {
		wg.Go(func() {
			if dv, de = t.DeLongVar(); de == nil {
				_, dlo, dhi, _ = t.AUCCI(f.conf)
			}
		})
		wg.Go(func() {
			if isProb = t.Probabilities(); !isProb {
				return
			}
			ll, lle = t.LogLoss()
			br, bre = t.Brier()
			strat := rank.Uniform
			if f.calStrategy == "quantile" {
				strat = rank.Quantile
			}
			cal, cale = t.Calibration(f.calBins, strat)
		})
	}
	defer wg.Wait()
	rep.ROCAUC = must(t.AUC())
	rep.RankLoss = must(t.RankLoss())
	rep.AveragePrecision = must(t.AveragePrecision())
	rep.PRAUCTrapezoid = must(t.PRAUCTrapezoid())
	rep.BEP = must(t.BEP())
	if f.maxFPR > 0 {
		rep.MaxFPR = f.maxFPR
		rep.PartialAUC = fptr(must(t.PartialAUC(f.maxFPR)))
	}
	if err != nil {
		return err
	}
	if bn != nil {
		rep.Bins = bn.Bins()
		rep.AUCErrorBound = fptr(must(bn.AUCErrorBound()))
		if o := bn.Outside(); o > 0 {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d scores fell outside --bin-range %s and were counted in the end bins", o, f.binRange))
		}
		rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong, calibration: not computed from binned scores (--bins)")
		if ll, e := bn.LogLoss(); e == nil {
			rep.LogLoss = fptr(ll)
			rep.Brier = fptr(must(bn.Brier()))
		} else {
			rep.Warnings = append(rep.Warnings, "log_loss, brier: omitted, the scores are not all in [0, 1]")
		}
	} else {
		wg.Wait()
		switch {
		case de == nil:
			rep.AUCVariance, rep.AUCCI = &dv, &[2]float64{dlo, dhi}
		case errors.Is(de, rank.ErrWeighted):
			rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong: null, DeLong's variance is for unweighted samples")
		case errors.Is(de, rank.ErrTooFew):
			rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong: null, DeLong's variance needs at least 2 positives and 2 negatives")
		default:
			return de
		}
		if isProb {
			rep.LogLoss = fptr(must(ll, lle))
			rep.Brier = fptr(must(br, bre))
			switch {
			case cale == nil:
				rep.Calibration = &rankCalibration{Strategy: f.calStrategy, Bins: f.calBins, ProbTrue: cal.ProbTrue, ProbPred: cal.ProbPred, Mass: cal.Mass, ECE: cal.ECE, MCE: cal.MCE}
				rep.calPlot = &cal
			case errors.Is(cale, rank.ErrWeighted):
				rep.Warnings = append(rep.Warnings, "calibration: quantile bins need unweighted samples; use --cal-strategy uniform")
			default:
				return cale
			}
		} else {
			rep.Warnings = append(rep.Warnings, "log_loss, brier, calibration: omitted, the scores are not all in [0, 1]")
		}
	}
	wg.Wait()
	if err := errors.Join(err, e1, e2, e3, e4); err != nil {
		return err
	}
	rep.Youden, rep.MaxF1, rep.MinCost, rep.CostCurveArea = rankOp(y), rankOp(m), rankOp(c), cc.Area
	// The curves cost memory in proportion to the distinct scores: only
	// when they are printed or drawn.
	if f.curves || f.plotDir != "" {
		roc, e5 := t.ROC(true)
		pr, e6 := t.PR()
		if err := errors.Join(e5, e6); err != nil {
			return err
		}
		rep.rocPlot, rep.prPlot = roc, pr
		if f.curves {
			rep.ROCCurve = &rankROCCurve{FPR: roc.FPR, TPR: roc.TPR, Thresholds: roc.Thresholds}
			rep.PRCurve = &rankPRCurve{Precision: pr.Precision, Recall: pr.Recall, Thresholds: pr.Thresholds}
		}
	}
	if f.plotDir != "" {
		det, err := t.DET()
		if err != nil {
			return err
		}
		rep.det = det
	}
	return nil
}

func rankBinaryPlots(rep *rankBinaryReport, dir, name string) error {
	model := "scores"
	p, err := plot.ROC("ROC curve: "+name, model, rep.rocPlot.FPR, rep.rocPlot.TPR, rep.ROCAUC)
	if err == nil {
		err = plot.Save(p, dir, "roc")
	}
	if err == nil {
		prev := rep.Positives / (rep.Positives + rep.Negatives)
		p, err = plot.PR("Precision–recall curve: "+name, model, rep.prPlot.Recall, rep.prPlot.Precision, rep.AveragePrecision, prev)
	}
	if err == nil {
		err = plot.Save(p, dir, "pr")
	}
	if err == nil {
		p, err = plot.DET("DET curve: "+name, model, rep.det.FPR, rep.det.FNR)
	}
	if err == nil {
		err = plot.Save(p, dir, "det")
	}
	if err == nil && rep.calPlot != nil {
		p, err = plot.Calibration("Reliability diagram: "+name, model, rep.calPlot.ProbPred, rep.calPlot.ProbTrue, rep.calPlot.ECE)
		if err == nil {
			err = plot.Save(p, dir, "calibration")
		}
	}
	if err != nil {
		return fmt.Errorf("--plot %s: %w", dir, err)
	}
	return nil
}

func rankThreshold(v float64) string {
	if math.IsInf(v, 1) {
		return "+∞"
	}
	return report.Sig(v)
}

func rankBinaryDoc(r *rankBinaryReport, name string) *report.Doc {
	d := &report.Doc{Title: fmt.Sprintf("Ranking report: %s (n = %d, positive label %q)", name, r.N, r.PosLabel)}
	p := &report.Pairs{Title: "Measures"}
	p.Add("positives / negatives", report.Int(r.Positives)+" / "+report.Int(r.Negatives))
	auc := report.Sig(r.ROCAUC)
	if r.AUCCI != nil {
		auc += fmt.Sprintf(" (%g%% CI %s–%s, DeLong)", 100*r.ConfLevel, report.Sig(r.AUCCI[0]), report.Sig(r.AUCCI[1]))
	}
	if r.AUCErrorBound != nil {
		auc += fmt.Sprintf(" (± %s from %d bins)", report.Sig(*r.AUCErrorBound), r.Bins)
	}
	p.Add("ROC AUC", auc)
	p.Add("rank loss", report.Sig(r.RankLoss))
	p.Add("average precision", report.Sig(r.AveragePrecision))
	p.Add("P-R AUC (trapezoid)", report.Sig(r.PRAUCTrapezoid))
	p.Add("break-even point", report.Sig(r.BEP))
	if r.PartialAUC != nil {
		p.Add(fmt.Sprintf("partial AUC (FPR ≤ %g, McClish)", r.MaxFPR), report.Sig(*r.PartialAUC))
	}
	if r.LogLoss != nil {
		p.Add("log loss", report.Sig(*r.LogLoss))
		p.Add("Brier score", report.Sig(*r.Brier))
	}
	if r.Calibration != nil {
		p.Add(fmt.Sprintf("ECE / MCE (%d %s bins)", r.Calibration.Bins, r.Calibration.Strategy), report.Sig(r.Calibration.ECE)+" / "+report.Sig(r.Calibration.MCE))
	}
	p.Add("cost curve area", report.Sig(r.CostCurveArea))
	d.Blocks = append(d.Blocks, p)
	t := &report.Table{Title: "Thresholds (predict positive when score ≥ threshold)", Header: []string{"criterion", "threshold", "value", "TPR", "FPR", "precision"}}
	for _, o := range []struct {
		name string
		op   rankOperating
	}{{"max Youden J", r.Youden}, {"max F1", r.MaxF1}, {"min cost", r.MinCost}} {
		t.Rows = append(t.Rows, []string{o.name, rankThreshold(o.op.Threshold), report.Sig(o.op.Value), report.Sig(o.op.TPR), report.Sig(o.op.FPR), report.Sig(o.op.Precision)})
	}
	d.Blocks = append(d.Blocks, t)
	d.Blocks = append(d.Blocks, report.Note("The curves are in the JSON output (--format json); --plot DIR draws them."))
	for _, w := range r.Warnings {
		d.Blocks = append(d.Blocks, report.Note("warning: "+w))
	}
	return d
}

// rankMultiReport is the JSON of "evalkit rank" for class probabilities.
type rankMultiReport struct {
	N                 int64          `json:"n"`
	Classes           []string       `json:"classes"`
	ROCAUCOvRMacro    float64        `json:"roc_auc_ovr_macro"`
	ROCAUCOvRWeighted float64        `json:"roc_auc_ovr_weighted"`
	ROCAUCOvOMacro    float64        `json:"roc_auc_ovo_macro"`
	ROCAUCOvOWeighted float64        `json:"roc_auc_ovo_weighted"`
	LogLoss           float64        `json:"log_loss"`
	K                 int            `json:"k"`
	TopKAccuracy      float64        `json:"top_k_accuracy"`
	PerClass          []rankClassAUC `json:"per_class"`
	Warnings          []string       `json:"warnings,omitempty"`
}

type rankClassAUC struct {
	Label   string  `json:"label"`
	Support float64 `json:"support"`
	ROCAUC  float64 `json:"roc_auc_ovr"`
}

func rankMulticlassFile(e *env, path string, f *rankFlags) (*rankMultiReport, error) {
	classes := strings.Split(f.classes, ",")
	cols := strings.Split(f.scoreCol, ",")
	if len(classes) != len(cols) {
		return nil, usagef("rank: --classes names %d classes but --score gives %d columns", len(classes), len(cols))
	}
	if len(classes) < 2 {
		return nil, usagef("rank: --classes needs at least 2 classes")
	}
	index := map[string]int{}
	for i, c := range classes {
		if c == "" {
			return nil, usagef("rank: --classes has an empty label")
		}
		if _, dup := index[c]; dup {
			return nil, usagef("rank: --classes repeats %q", c)
		}
		index[c] = i
	}
	if f.k < 1 {
		return nil, usagef("rank: --k must be at least 1, got %d", f.k)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tc, err := r.Col(f.trueCol)
	if err != nil {
		return nil, err
	}
	sc := make([]int, len(cols))
	for j, c := range cols {
		if sc[j], err = r.Col(c); err != nil {
			return nil, err
		}
	}
	wc := -1
	if f.weightCol != "" {
		if wc, err = r.Col(f.weightCol); err != nil {
			return nil, err
		}
	}
	b := rank.NewMultiBuilder(len(classes))
	if err := rankReadMulti(e, r, rankMultiCols{tc: tc, wc: wc, sc: sc, index: index, classes: f.classes}, b); err != nil {
		return nil, err
	}
	m := b.Result()
	sup := m.Support()
	for c, s := range sup {
		if s == 0 {
			return nil, fmt.Errorf("%s: class %q has no samples in column %q: %w", r.Name(), classes[c], f.trueCol, rank.ErrOneClass)
		}
	}
	a, err := m.AUC()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	ll, _ := m.LogLoss()
	tk, _ := m.TopK(f.k)
	var n int64
	for _, row := range m.Cell {
		n += row[0].Rows
	}
	rep := &rankMultiReport{N: n, Classes: classes, ROCAUCOvRMacro: a.OvRMacro, ROCAUCOvRWeighted: a.OvRWeighted,
		ROCAUCOvOMacro: a.OvOMacro, ROCAUCOvOWeighted: a.OvOWeighted, LogLoss: ll, K: f.k, TopKAccuracy: tk}
	for c := range classes {
		rep.PerClass = append(rep.PerClass, rankClassAUC{Label: classes[c], Support: sup[c], ROCAUC: a.PerClass[c]})
	}
	if f.plotDir != "" {
		var fprs, tprs [][]float64
		var names []string
		for c := range classes {
			roc, err := m.OvR(c).ROC(true)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", r.Name(), err)
			}
			fprs, tprs = append(fprs, roc.FPR), append(tprs, roc.TPR)
			names = append(names, classes[c]+" vs rest")
		}
		p, err := plot.ROCs("One-vs-rest ROC curves: "+rankName(path), names, fprs, tprs, a.PerClass)
		if err == nil {
			err = plot.Save(p, f.plotDir, "roc")
		}
		if err != nil {
			return nil, fmt.Errorf("--plot %s: %w", f.plotDir, err)
		}
	}
	if f.k >= len(classes) {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("top_k_accuracy: k = %d ≥ number of classes, so it is 1", f.k))
	}
	return rep, nil
}

func rankMultiDoc(r *rankMultiReport, name string) *report.Doc {
	d := &report.Doc{Title: fmt.Sprintf("Multiclass ranking report: %s (n = %d)", name, r.N)}
	t := &report.Table{Header: []string{"class", "support", "AUC (one-vs-rest)"}}
	for _, c := range r.PerClass {
		t.Rows = append(t.Rows, []string{c.Label, report.Int(c.Support), report.Sig(c.ROCAUC)})
	}
	d.Blocks = append(d.Blocks, t)
	p := &report.Pairs{Title: "Measures"}
	p.Add("AUC one-vs-rest macro / weighted", report.Sig(r.ROCAUCOvRMacro)+" / "+report.Sig(r.ROCAUCOvRWeighted))
	p.Add("AUC one-vs-one (Hand & Till) macro / weighted", report.Sig(r.ROCAUCOvOMacro)+" / "+report.Sig(r.ROCAUCOvOWeighted))
	p.Add("log loss", report.Sig(r.LogLoss))
	p.Add(fmt.Sprintf("top-%d accuracy", r.K), report.Sig(r.TopKAccuracy))
	d.Blocks = append(d.Blocks, p)
	for _, w := range r.Warnings {
		d.Blocks = append(d.Blocks, report.Note("warning: "+w))
	}
	return d
}
