package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{
		name:    "rank",
		summary: "ROC and P-R curves, AUC, average precision, BEP, log loss, calibration, … from scores",
		run:     runRank,
	})
}

type rankFlags struct {
	cli.RankFlags
	curvesOut    string
	figures      bool // keep the curves for drawing (set by evalkit report)
	figurePoints int  // a drawn curve's most vertices (evalkit report: report.CurvePoints; 0: figure.MaxPoints)
	plotDir      string
	ci           cli.CIFlags
	gates        cli.GateFlags
	models       cli.ModelFlags
	ml           cli.MultilabelFlags
	slices       cli.SliceFlags
	memory       *budget.Size
	format       *string
	renormalize  bool // --renormalize: rescale rows of --classes probabilities that do not sum to 1
}

func (f *rankFlags) define(fs *flag.FlagSet) {
	f.RankFlags.Define(fs)
	fs.BoolVar(&f.renormalize, "renormalize", false, "with --classes, divide each row of probabilities that does not sum to 1 by its sum (as scikit-learn's log_loss does) instead of stopping at it")
	fs.StringVar(&f.curvesOut, "curves-out", "", "write every threshold's tp, fp, tpr, fpr, precision and recall to this CSV file")
	fs.StringVar(&f.plotDir, "plot", "", "write ROC, P-R, DET and calibration figures (SVG and PNG) to this folder")
	f.ci.Define(fs)
	f.gates.Define(fs)
	f.models.Define(fs, "roc_auc")
	f.ml.Define(fs)
	f.slices.Define(fs)
	f.memory = cli.MemoryFlag(fs)
	f.format = formatFlag(fs)
}

// options is the report options of the flags, with the full curves kept
// for --plot and evalkit report.
func (f *rankFlags) options() rank.Options {
	o := f.Options()
	o.Figures = f.plotDir != "" || f.figures
	o.FigurePoints = f.drawnPoints()
	return o
}

// drawnPoints is the most vertices of its own a drawn curve keeps.
func (f *rankFlags) drawnPoints() int {
	if f.figurePoints > 0 {
		return f.figurePoints
	}
	return figure.MaxPoints
}

func runRank(e *env, args []string) error {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	var f rankFlags
	f.define(fs)
	path, format, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if t, err := rankMultilabelTask(e, path, fs, &f, false); err != nil {
		return err
	} else if t != nil {
		rep, err := rankMultilabelFile(e, path, t)
		if err != nil {
			return err
		}
		return emit(e, format, rep, func() *report.Doc { return report.RankMultilabel(rep, displayName(path)) })
	}
	if f.MulticlassModels() {
		if len(f.slices.By) > 0 {
			return rankMulticlassModelsSliced(e, path, args, format, &f)
		}
		out, err := rankMulticlassModelsFile(e, path, &f, fs)
		if err != nil {
			return err
		}
		return emit(e, format, out, func() *report.Doc { return report.Models(out, "Ranking of "+displayName(path)) })
	}
	if err := e.expandColumns(path, "--score", &f.Score); err != nil {
		return err
	}
	if err := f.Check(); err != nil {
		return err
	}
	if f.renormalize && f.Classes == "" {
		return usagef("rank: --renormalize is for the probabilities of --classes")
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return err
	}
	if err := cli.ChargeFlags(f.memory, f.FlagSizes(&f.ci, withCI)...); err != nil {
		return err
	}
	if sl, err := f.slices.Options(f.memory); err != nil || sl != nil {
		if err != nil {
			return err
		}
		if f.plotDir != "" || f.curvesOut != "" {
			return usagef("rank: --plot and --curves-out write one run's figures and curves, not each slice's: leave them out with --by")
		}
		cmp, err := sliceCompare("rank", withCI, ci.Level, f.models.Adjust)
		if err != nil {
			return err
		}
		job := sliceJob{cmd: "rank", args: args, path: path, format: format, memory: f.memory, slices: sl,
			cols: sliceColumns(f.True, f.Score, f.Weight), drop: oneModelDrops(f.Classes == "" && strings.Contains(f.Score, ",")),
			compare: cmp, primary: f.models.Primary, primaries: []string{"roc_auc", "roc_auc_ovr_macro"}}
		if f.Classes == "" && !strings.Contains(f.Score, ",") && f.Bins == 0 && f.models.Used(fs) == "" {
			// Binary scores of one model: one pass, a score table per
			// slice. (--bins fills one set of bins per run: those take
			// the recorded path.)
			job.onePass = func(r *table.Reader, sl *task.Slices) (*slicedRun, error) {
				return rankBinarySliced(r, path, format, &f, sl)
			}
		}
		return runSliced(e, job)
	}
	form, err := f.form(fs, withCI)
	if err != nil {
		return err
	}
	if (form == rankModels || form == rankBinary) && format != report.JSONFormat && format != report.CSV {
		f.Curves = false // text and Markdown show no curves
	}
	out, err := f.run(e, path, fs, form)
	if err != nil {
		return err
	}
	name := displayName(path)
	return emit(e, format, out, func() *report.Doc {
		switch rep := out.(type) {
		case *board.Models:
			return report.Models(rep, "Ranking of "+name)
		case *rank.UnivariateReport:
			return report.RankUnivariate(rep, name)
		case *rank.MulticlassReport:
			return report.RankMulticlass(rep, name)
		default:
			return report.Rank(out.(*rank.Report), name)
		}
	})
}

// rankForm is the form of rank that the score columns and --classes ask
// for.
type rankForm int

const (
	rankBinary     rankForm = iota // one column of binary scores
	rankModels                     // several models' binary scores (--score m1,m2,…)
	rankUnivariate                 // --classes with one score column (pROC's multiclass.roc)
	rankMulticlass                 // --classes with a probability column a class
)

// form checks the flags that evalkit rank and its report page share and
// returns the form they ask for.
func (f *rankFlags) form(fs *flag.FlagSet, withCI bool) (rankForm, error) {
	several := strings.Contains(f.Score, ",")
	if f.Classes == "" && several {
		if f.Bins > 0 || f.plotDir != "" {
			return 0, usagef("rank: --bins and --plot are for one score column")
		}
		return rankModels, nil
	}
	if err := f.models.OneModel(fs, "rank", "--score m1,m2,… without --classes"); err != nil {
		return 0, err
	}
	if f.Classes == "" {
		return rankBinary, nil
	}
	if f.Bins > 0 {
		return 0, usagef("rank: --bins is for binary scores only")
	}
	if f.curvesOut != "" {
		return 0, usagef("rank: --curves-out is for binary scores only")
	}
	if !several {
		if withCI {
			return 0, usagef("rank: --ci is not offered for one score column with --classes")
		}
		return rankUnivariate, nil
	}
	return rankMulticlass, nil
}

// run reads path and computes the form's report: a *rank.Report,
// *board.Models, *rank.UnivariateReport or *rank.MulticlassReport.
func (f *rankFlags) run(e *env, path string, fs *flag.FlagSet, form rankForm) (any, error) {
	switch form {
	case rankModels:
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return nil, err
		}
		return rankModelsFile(e, path, f, cli.CIPtr(ci, withCI), f.models.Options(fs))
	case rankUnivariate:
		return rankUnivariateFile(e, path, f)
	case rankMulticlass:
		return rankMulticlassFile(e, path, f)
	}
	return rankBinaryFile(e, path, f)
}

// rankTask is the binary rank task of the flags (without --bins), reading
// r: the spill folder is removed on an interrupt (internal/tempfile).
func (f *rankFlags) rankTask(r *table.Reader, path string) *task.Rank {
	return &task.Rank{True: f.True, Score: f.Score, Weight: f.Weight, PosLabel: f.PosLabel,
		Memory: f.memory.Bytes(), Rows: table.EstimateRows(r)}
}

// rankBinaryFile reads the file into a score table (spilled past --memory)
// or bins and computes the report.
func rankBinaryFile(e *env, path string, f *rankFlags) (*rank.Report, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := f.rankTask(r, path)
	if _, err := table.Columns(r, t.Columns()...); err != nil {
		return nil, err
	}
	if t.Bins, err = f.Binned(); err != nil {
		return nil, err
	}
	stop := progress(e, r)
	s, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	defer s.Close()
	return rankBinaryReport(r.Name(), path, f, s)
}

// rankBinaryReport is the report of the scores s of the input name (at
// path), with intervals, figures and curves as the flags ask.
func rankBinaryReport(name, path string, f *rankFlags, s *task.RankScores) (*rank.Report, error) {
	opt := f.options()
	_, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	if s.Spilled() && !withCI && f.plotDir == "" && !opt.Figures {
		// Past --memory: the measures, the printed curves and the curves
		// CSV from one reading of the spilled parts, never holding the
		// whole table.
		return rankStreamed(name, f, opt, s)
	}
	tb, err := s.Table()
	if errors.Is(err, rank.ErrTooManyScores) {
		// Only what needs the whole table comes here past --memory.
		return nil, fmt.Errorf("%s: the score table (%d bytes a distinct score) does not fit --memory %s: %w; --ci, --plot and report pages need the whole table: raise --memory, leave them out (the measures and curves stream past --memory), or use --bins N (constant memory)",
			name, task.TableBytes(s.Weighted()), budget.FormatSize(f.memory.Bytes()), err)
	} else if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	rep, err := s.Report(tb, opt)
	if err != nil {
		return nil, err
	}
	if ci, ok, err := f.ci.Options(); err != nil {
		return nil, err
	} else if ok {
		if err := rep.AddIntervals(tb, opt, ci); err != nil {
			return nil, err
		}
	}
	if f.plotDir != "" {
		if err := rankBinaryPlots(rep, f.plotDir, displayName(path)); err != nil {
			return nil, err
		}
	}
	if f.curvesOut != "" {
		if err := writeFileAtomic(f.curvesOut, tb.WriteCurvesCSV); err != nil {
			return nil, fmt.Errorf("--curves-out %s: %w", f.curvesOut, err)
		}
	}
	return rep, nil
}

// rankBinarySliced reads binary scores and their slices in one pass
// (task.Rank.ReadSliced) and builds each report as rankBinaryFile does.
func rankBinarySliced(r *table.Reader, path string, format report.Format, f *rankFlags, sl *task.Slices) (*slicedRun, error) {
	if format != report.JSONFormat && format != report.CSV {
		f.Curves = false // text and Markdown show no curves
	}
	t := f.rankTask(r, path)
	st, errs, err := t.ReadSliced(r, sl)
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	defer func() {
		st.All.Close()
		for _, s := range st.States {
			s.Close()
		}
	}()
	rep, err := rankBinaryReport(r.Name(), path, f, st.All)
	if err != nil {
		return nil, err
	}
	// The table of every row (hundreds of megabytes for 10⁷ distinct
	// scores) is garbage now, and the slices' tables after their
	// reports: collected at once, their memory serves what comes next
	// (the slices' tables, then the JSON) rather than the heap growing
	// to a goal set while they were live, each new page faulted in.
	runtime.GC()
	run := &slicedRun{in: st.In, overall: rep, doc: func() *report.Doc { return report.Rank(rep, displayName(path)) }}
	sliceResults(run, st.States, func(i int, s *task.RankScores) (any, error) {
		if errs[i] != nil {
			return nil, cli.TaskError("rank", errs[i])
		}
		return rankBinaryReport(r.Name(), path, f, s)
	})
	runtime.GC()
	return run, nil
}

// rankStreamed computes the report of a spilled score table part by part
// (task.RankScores.Streamed), writing --curves-out in the same reading.
func rankStreamed(name string, f *rankFlags, opt rank.Options, s *task.RankScores) (*rank.Report, error) {
	var rep *rank.Report
	err := curvesOut(f.curvesOut, func(w io.Writer) (err error) {
		rep, err = s.Streamed(opt, w)
		return err
	})
	if errors.Is(err, rank.ErrStreamed) {
		return nil, fmt.Errorf("%s: --curve-points 0 prints every vertex, more than fit --memory %s (%w); use --curves-out FILE for every vertex, or --curve-points N",
			name, budget.FormatSize(f.memory.Bytes()), err)
	}
	return rep, err
}

// curvesOut runs report with a writer to the file path of --curves-out
// (nil when path is ""), written through a temporary file that is dropped
// when report fails; report's error is returned as it is.
func curvesOut(path string, report func(w io.Writer) error) error {
	if path == "" {
		return report(nil)
	}
	var err error
	werr := writeFileAtomic(path, func(w io.Writer) error {
		if err = report(w); err != nil {
			return errReported
		}
		return nil
	})
	if werr != nil && !errors.Is(werr, errReported) {
		return fmt.Errorf("--curves-out %s: %w", path, werr)
	}
	return err
}

// errReported stops writing --curves-out when the report failed (the
// report's error is returned instead).
var errReported = errors.New("report failed")

func rankBinaryPlots(rep *rank.Report, dir, name string) error {
	// Long curves are drawn from figure.MaxPoints of their own vertices,
	// chosen by rank's thinning (the one of --curve-points) as they are
	// built (rank.Options.FigurePoints).
	ms := []figure.RankModel{{Report: rep}}
	names := []string{"roc", "pr", "det"}
	figs := []*figure.Figure{figure.ROC(ms), figure.PR(ms), figure.DET(ms)}
	if cal := figure.Calibration(ms); cal != nil {
		names, figs = append(names, "calibration", "calibration_masses"), append(figs, cal...)
	}
	for _, f := range figs {
		f.Title += ": " + name
	}
	if err := saveFigures(dir, names, figs); err != nil {
		return fmt.Errorf("--plot %s: %w", dir, err)
	}
	return nil
}

// rankUnivariateFile reads the labels and the one score column of
// --classes with --score s and gives each pair's AUC and their mean (pROC's
// multiclass.roc with one predictor).
func rankUnivariateFile(e *env, path string, f *rankFlags) (*rank.UnivariateReport, error) {
	switch {
	case f.Weight != "":
		return nil, usagef("rank: --weight is not offered for one score column with --classes (pROC's multiclass.roc has no weights)")
	case f.renormalize:
		return nil, usagef("rank: --renormalize is for one probability column a class, not one score column")
	case f.plotDir != "":
		return nil, usagef("rank: --plot is not offered for one score column with --classes")
	}
	classes, err := f.UnivariateClasses()
	if err != nil {
		return nil, err
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := &task.RankUnivariate{True: f.True, Score: f.Score, Classes: classes, Budget: f.memory.Budget()}
	stop := progress(e, r)
	rep, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	return rep, nil
}

func rankMulticlassFile(e *env, path string, f *rankFlags) (*rank.MulticlassReport, error) {
	classes, cols, _, err := f.MultiClasses()
	if err != nil {
		return nil, err
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := &task.RankMulti{True: f.True, Weight: f.Weight, Classes: classes, Scores: cols, Budget: f.memory.Budget(), Renormalize: f.renormalize}
	stop := progress(e, r)
	m, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	rep, err := rank.NewMulticlassReport(m, classes, f.options())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	if ci, on, err := f.ci.Options(); err != nil {
		return nil, err
	} else if on {
		if err := rep.AddIntervals(m, ci); err != nil {
			return nil, err
		}
	}
	if f.plotDir != "" {
		// curves thinned to figure.MaxPoints as they were built
		var err error
		if roc := figure.MulticlassROC(rep); roc != nil {
			roc.Title += ": " + displayName(path)
			err = saveFigures(f.plotDir, []string{"roc"}, []*figure.Figure{roc})
		}
		if err != nil {
			return nil, fmt.Errorf("--plot %s: %w", f.plotDir, err)
		}
	}
	return rep, nil
}

// rankModelsFile reads the labels and every model's scores, in file order,
// and evaluates and compares the models.
func rankModelsFile(e *env, path string, f *rankFlags, ci *hyptest.CIOptions, mo board.Options) (*board.Models, error) {
	names := task.ModelNames(f.Score)
	if err := mo.Check("rank", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := &task.RankModels{True: f.True, Weight: f.Weight, Scores: names, PosLabel: f.PosLabel, Budget: f.memory.Budget()}
	stop := progress(e, r)
	rows, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.SeveralScoresHint(cli.TaskError("rank", err), err)
	}
	var out *board.Models
	err = curvesOut(f.curvesOut, func(w io.Writer) (err error) {
		out, err = rows.Report(names, f.options(), mo, ci, w)
		return err
	})
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return out, nil
}
