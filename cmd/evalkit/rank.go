package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/hyptest"
	"os"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
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
	curvePoints                  int
	curvesOut                    string
	figures                      bool // keep the curves for drawing (set by evalkit report)
	figurePoints                 int  // a drawn curve's most vertices (evalkit report: page.CurvePoints; 0: plot.MaxPoints)
	plotDir                      string
	ci                           ciFlags
	models                       modelFlags
	memory                       *budget.Size
	format                       *string
}

func (f *rankFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.trueCol, "true", "y_true", "column of true labels")
	fs.StringVar(&f.scoreCol, "score", "y_score", "column of scores (binary; higher = more positive); a comma list m1,m2,… without --classes evaluates and compares several models; with --classes, the probability columns, one per class")
	fs.StringVar(&f.weightCol, "weight", "", "column of sample weights (default: every weight 1)")
	fs.StringVar(&f.posLabel, "pos-label", "", "positive label (binary); default 1 when the labels are {0, 1} or {-1, 1}")
	fs.StringVar(&f.classes, "classes", "", "comma-separated class labels, one per --score column (multiclass)")
	fs.IntVar(&f.k, "k", 2, "k of top_k_accuracy (multiclass)")
	fs.IntVar(&f.bins, "bins", 0, "constant memory: count scores in at most N bins on the bits of the float (or N equal bins over --bin-range) instead of sorting them (reports auc_error_bound)")
	fs.StringVar(&f.binRange, "bin-range", "", "score range lo,hi of N equal --bins; scores outside count in the end bins (default: bins on the float bits, fine at every scale)")
	fs.Float64Var(&f.maxFPR, "max-fpr", 0, "also report the McClish-standardised partial AUC over FPR ≤ this (0 < x ≤ 1)")
	fs.IntVar(&f.calBins, "cal-bins", 10, "number of calibration bins")
	fs.StringVar(&f.calStrategy, "cal-strategy", "uniform", "calibration bins: uniform or quantile")
	fs.Float64Var(&f.conf, "conf", 0.95, "level of DeLong's AUC confidence interval")
	fs.Float64Var(&f.costFP, "cost-fp", 1, "cost of a false positive (min_cost threshold)")
	fs.Float64Var(&f.costFN, "cost-fn", 1, "cost of a false negative (min_cost threshold)")
	fs.BoolVar(&f.curves, "curves", true, "include roc_curve and pr_curve in machine output")
	fs.IntVar(&f.curvePoints, "curve-points", 10000, "print a curve of more vertices thinned to this many of its own, with curve_thinning_error (0: every vertex)")
	fs.StringVar(&f.curvesOut, "curves-out", "", "write every threshold's tp, fp, tpr, fpr, precision and recall to this CSV file")
	fs.StringVar(&f.plotDir, "plot", "", "write ROC, P-R, DET and calibration figures (SVG and PNG) to this folder")
	f.ci.define(fs)
	f.models.define(fs, "roc_auc")
	f.memory = budget.Flag(fs)
	f.format = formatFlag(fs)
}

func (f *rankFlags) options() rank.ReportOptions {
	return rank.ReportOptions{PosLabel: f.posLabel, Conf: f.conf, MaxFPR: f.maxFPR, CalBins: f.calBins, CalStrategy: f.calStrategy,
		CostFP: f.costFP, CostFN: f.costFN, Curves: f.curves, CurvePoints: f.curvePoints, Figures: f.plotDir != "" || f.figures, FigurePoints: f.drawnPoints(), K: f.k, Weights: f.weightCol, Bins: f.bins}
}

// drawnPoints is the most vertices of its own a drawn curve keeps.
func (f *rankFlags) drawnPoints() int {
	if f.figurePoints > 0 {
		return f.figurePoints
	}
	return plot.MaxPoints
}

// optionUsage turns a library's rejection of an option into a usage error
// naming the flag.
func optionUsage(err error) error {
	var oe *report.OptionError
	if errors.As(err, &oe) {
		return usagef("%s: --%s %s", oe.Task, oe.Option, oe.Problem)
	}
	return err
}

func runRank(e *env, args []string) error {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	var f rankFlags
	f.define(fs)
	path, format, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if err := f.options().Validate(); err != nil {
		return optionUsage(err)
	}
	if f.bins < 0 {
		return usagef("rank: --bins must be positive, got %d", f.bins)
	}
	ci, withCI, err := f.ci.options()
	if err != nil {
		return err
	}
	name := rankName(path)
	if f.classes == "" && strings.Contains(f.scoreCol, ",") {
		if f.bins > 0 || f.curvesOut != "" || f.plotDir != "" {
			return usagef("rank: --bins, --curves-out and --plot are for one score column")
		}
		if format != report.JSONFormat && format != report.CSV {
			f.curves = false
		}
		cip := ciPtr(ci, withCI)
		out, err := rankModelsFile(e, path, &f, cip, f.models.options(fs))
		if err != nil {
			return err
		}
		return emit(e, format, out, func() *report.Doc { return out.Doc("Ranking of " + name) })
	}
	if name := f.models.used(fs); name != "" {
		return usagef("rank: --%s needs several models (--score m1,m2,… without --classes)", name)
	}
	if f.classes != "" || strings.Contains(f.scoreCol, ",") {
		if f.classes == "" {
			return usagef("rank: several --score columns need --classes (one class label per column)")
		}
		if f.bins > 0 {
			return usagef("rank: --bins is for binary scores only")
		}
		if withCI {
			return usagef("rank: --ci is for binary scores only")
		}
		if f.curvesOut != "" {
			return usagef("rank: --curves-out is for binary scores only")
		}
		rep, err := rankMulticlassFile(e, path, &f)
		if err != nil {
			return err
		}
		return emit(e, format, rep, func() *report.Doc { return rep.Doc(name) })
	}
	if format != report.JSONFormat && format != report.CSV {
		f.curves = false // text and Markdown show no curves
	}
	rep, err := rankBinaryFile(e, path, &f)
	if err != nil {
		return err
	}
	return emit(e, format, rep, func() *report.Doc { return rep.Doc(name) })
}

func rankName(path string) string {
	if path == "" || path == "-" {
		return "<stdin>"
	}
	return path
}

// rankBinaryFile streams the file into a score table (or bins) and
// computes the report.
func rankBinaryFile(e *env, path string, f *rankFlags) (*rank.Report, error) {
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
	b := rankSpill(f.memory.Bytes(), estimateRows(path))
	defer b.cleanup()
	var bn *rank.Binned
	if f.bins > 0 && f.binRange == "" {
		bn = rank.NewBinnedBits(f.bins)
	} else if f.bins > 0 {
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
	set, posName, err := rankReadBinary(e, r, path, tc, sc, wc, f, b.Spill, bn)
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
	} else if t, err = b.Table(); errors.Is(err, rank.ErrTooManyScores) {
		return nil, fmt.Errorf("%s: the score table (%d bytes a distinct score) does not fit --memory %s: %w; raise --memory, or use --bins N (constant memory)",
			r.Name(), rankTableBytes, budget.FormatSize(f.memory.Bytes()), err)
	} else if err != nil {
		return nil, fmt.Errorf("%s: spilling the score table (--memory): %w", r.Name(), err)
	}
	opt := f.options()
	opt.PosLabel = posName
	var rep *rank.Report
	if bn != nil {
		rep, err = bn.Report(opt)
	} else {
		rep, err = rank.NewReport(t, opt)
	}
	if errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrEmpty) {
		return nil, fmt.Errorf("%s: column %q: %w (labels found: %s)", r.Name(), f.trueCol, err, strings.Join(names, ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	if ci, ok, err := f.ci.options(); err != nil {
		return nil, err
	} else if ok {
		if err := rep.AddIntervals(t, opt, ci); err != nil {
			return nil, err
		}
	}
	if f.plotDir != "" {
		if err := rankBinaryPlots(rep, f.plotDir, rankName(path)); err != nil {
			return nil, err
		}
	}
	if f.curvesOut != "" {
		if err := writeFileAtomic(f.curvesOut, t.WriteCurvesCSV); err != nil {
			return nil, fmt.Errorf("--curves-out %s: %w", f.curvesOut, err)
		}
	}
	return rep, nil
}

// rankSpillRowBytes is the memory a row held by the score table builder
// may come to: 8 bytes of key and 8 of sort buffer, and, if its score is
// distinct, 24 bytes of table and 16 of cumulative sums.
const rankSpillRowBytes = 56

// rankTableBytes is the memory of a distinct score in the table: score,
// two masses and two cumulative sums. A spilled table stops past
// --memory / rankTableBytes distinct scores.
const rankTableBytes = 40

// rankSpiller is the score table builder of "evalkit rank": it holds up to
// --memory / rankSpillRowBytes rows and spills the rest to a temporary
// folder, removed by cleanup (and on interrupt).
type rankSpiller struct {
	*rank.Spill
	dir     string
	release func()
}

func rankSpill(limit int64, est int) *rankSpiller {
	maxRows := 1 << 62
	if limit > 0 {
		maxRows = int(max(1, limit/rankSpillRowBytes))
	}
	parts := 256
	if est > 0 {
		parts = 2 * (est/maxRows + 1)
	}
	s := &rankSpiller{}
	s.Spill = rank.NewSpill(maxRows, parts, func() (string, error) {
		dir, err := os.MkdirTemp("", "evalkit-rank-")
		if err == nil {
			s.dir, s.release = dir, registerTemp(dir)
		}
		return dir, err
	})
	if limit > 0 {
		s.MaxScores = int(max(1, limit/rankTableBytes))
	}
	return s
}

func (s *rankSpiller) cleanup() {
	if s.dir != "" {
		s.Close()
		os.RemoveAll(s.dir)
		s.release()
	}
}

func rankBinaryPlots(rep *rank.Report, dir, name string) error {
	model := "scores"
	// Long curves are drawn from plot.MaxPoints of their own vertices,
	// chosen by rank's thinning (the one of --curve-points) as they are
	// built (ReportOptions.FigurePoints).
	roc, pr, det := rep.Figures.ROC, rep.Figures.PR, rep.Figures.DET
	p, err := plot.ROC("ROC curve: "+name, model, roc.FPR, roc.TPR, rep.ROCAUC)
	if err == nil {
		err = plot.Save(p, dir, "roc")
	}
	if err == nil {
		prev := rep.Positives / (rep.Positives + rep.Negatives)
		p, err = plot.PR("Precision–recall curve: "+name, model, pr.Recall, pr.Precision, rep.AveragePrecision, prev)
	}
	if err == nil {
		err = plot.Save(p, dir, "pr")
	}
	if err == nil {
		p, err = plot.DET("DET curve: "+name, model, det.FPR, det.FNR)
	}
	if err == nil {
		err = plot.Save(p, dir, "det")
	}
	if err == nil && rep.Figures.Calibration != nil {
		p, err = plot.Calibration("Reliability diagram: "+name, model, rep.Figures.Calibration.ProbPred, rep.Figures.Calibration.ProbTrue, rep.Figures.Calibration.ECE)
		if err == nil {
			err = plot.Save(p, dir, "calibration")
		}
	}
	if err != nil {
		return fmt.Errorf("--plot %s: %w", dir, err)
	}
	return nil
}

func rankMulticlassFile(e *env, path string, f *rankFlags) (*rank.MulticlassReport, error) {
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
	for c, sup := range m.Support() {
		if sup == 0 {
			return nil, fmt.Errorf("%s: class %q has no samples in column %q: %w", r.Name(), classes[c], f.trueCol, rank.ErrOneClass)
		}
	}
	rep, err := rank.NewMulticlassReport(m, classes, f.options())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	if f.plotDir != "" {
		var names []string
		var fprs, tprs [][]float64
		var aucs []float64
		for c := range classes {
			roc := rep.Figures[c] // thinned to plot.MaxPoints as it was built
			fprs, tprs = append(fprs, roc.FPR), append(tprs, roc.TPR)
			names = append(names, classes[c]+" vs rest")
			aucs = append(aucs, rep.PerClass[c].ROCAUC)
		}
		p, err := plot.ROCs("One-vs-rest ROC curves: "+rankName(path), names, fprs, tprs, aucs)
		if err == nil {
			err = plot.Save(p, f.plotDir, "roc")
		}
		if err != nil {
			return nil, fmt.Errorf("--plot %s: %w", f.plotDir, err)
		}
	}
	return rep, nil
}

// rankModelsState is one chunk's rows of several score columns.
type rankModelsState struct {
	pos    []bool
	scores [][]float64
	w      []float64
	seen   [3]int64 // first line with a label of value 1, 0, −1 (0: none)
}

// rankModelsFile reads the labels and every model's scores, in file order,
// and evaluates and compares the models.
func rankModelsFile(e *env, path string, f *rankFlags, ci *hyptest.CIOptions, mo report.ModelsOptions) (*report.Models, error) {
	names := modelNames(f.scoreCol)
	if err := mo.Check("rank", names); err != nil {
		return nil, optionUsage(err)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols, err := columns(r, append([]string{f.trueCol, f.weightCol}, names...)...)
	if err != nil {
		return nil, err
	}
	tc, wc, scs := cols[0], cols[1], cols[2:]
	m := len(names)
	all := &rankModelsState{scores: make([][]float64, m)}
	var labelsSeen [3]int64
	order := &chunkOrder[*rankModelsState]{
		fresh: func() *rankModelsState { return &rankModelsState{scores: make([][]float64, m)} },
		merge: func(st *rankModelsState) {
			all.pos = append(all.pos, st.pos...)
			for j := range all.scores {
				all.scores[j] = append(all.scores[j], st.scores[j]...)
			}
			all.w = append(all.w, st.w...)
			for i, l := range st.seen {
				if l > 0 && labelsSeen[i] == 0 {
					labelsSeen[i] = l
				}
			}
		},
	}
	err = readChunks(e, r, order, func(st *rankModelsState, sub *table.Reader) error {
		for sub.Next() {
			b, err := sub.Text(tc)
			if err != nil {
				return err
			}
			var pos bool
			if f.posLabel != "" {
				pos = string(b) == f.posLabel
			} else {
				v, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
				switch {
				case err != nil || (v != 0 && v != 1 && v != -1):
					return usagef("rank: %s:%d: label %q: the labels are not {0, 1} or {-1, 1}, so --pos-label is required", sub.Name(), sub.Line(), b)
				case v == 1:
					pos = true
					if st.seen[0] == 0 {
						st.seen[0] = int64(sub.Line())
					}
				case v == 0:
					if st.seen[1] == 0 {
						st.seen[1] = int64(sub.Line())
					}
				default:
					if st.seen[2] == 0 {
						st.seen[2] = int64(sub.Line())
					}
				}
			}
			for j, c := range scs {
				s, err := sub.Float(c)
				if err != nil {
					return err
				}
				st.scores[j] = append(st.scores[j], s)
			}
			if wc >= 0 {
				w, err := sub.Weight(wc)
				if err != nil {
					return err
				}
				st.w = append(st.w, w)
			}
			st.pos = append(st.pos, pos)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if labelsSeen[1] > 0 && labelsSeen[2] > 0 {
		return nil, usagef("rank: %s:%d: labels include 0 and -1, so --pos-label is required", r.Name(), max(labelsSeen[1], labelsSeen[2]))
	}
	opt := f.options()
	opt.PosLabel = f.posLabel
	if opt.PosLabel == "" {
		opt.PosLabel = "1"
	}
	if wc < 0 {
		all.w = nil
	}
	out, err := rank.NewModelsReport(all.pos, all.scores, all.w, names, opt, mo, ci)
	if err != nil {
		var oe *report.OptionError
		if errors.As(err, &oe) {
			return nil, optionUsage(err)
		}
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	return out, nil
}
