package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// evalRank is "evalkit rank" of binary scores: the labels ("true"), the
// scores ("score") and the weights ("weight", optional), read as
// task.Rank reads a file (the score table spilled past --memory, or
// --bins), the report of task.RankScores, with intervals under --ci.
func evalRank(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	var f cli.RankFlags
	f.Define(fs)
	var ci cli.CIFlags
	ci.Define(fs)
	var models cli.ModelFlags
	models.Define(fs, "roc_auc")
	mem := cli.MemoryFlag(fs)
	format := formatFlag(fs)
	// Python's dict of (n, k) arrays: the models' names, their k columns
	// each, in order, among the scores.
	multiModels := fs.String("multiclass-models", "", "several multiclass models: their names, a comma list")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	outFmt, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	y, err := in.labels("rank", "true")
	if err != nil {
		return nil, err
	}
	scores := in.values("score")
	if len(scores) == 0 {
		return nil, cli.Usagef("rank: no scores given")
	}
	w, err := in.value1("rank", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("rank", f.Weight, w != nil); err != nil {
		return nil, err
	}
	if err := f.Check(); err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	if *multiModels != "" {
		if name := models.Used(fs); name == "compare" {
			return nil, cli.Usagef("rank: --compare is not offered with several multiclass models")
		}
		return rankMulticlassModels(in, fs, &f, &models, mem, outFmt, cli.CIPtr(cio, withCI), y, scores, w, strings.Split(*multiModels, ","))
	}
	if f.Classes == "" && (len(scores) > 1 || strings.Contains(f.Score, ",")) {
		return rankModels(in, fs, &f, &models, mem, outFmt, cli.CIPtr(cio, withCI), y, scores, w, in.name())
	}
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("rank: --%s needs several models (--score m1,m2,… without --classes)", name)
	}
	if f.Classes != "" || strings.Contains(f.Score, ",") {
		if f.Classes == "" {
			return nil, cli.Usagef("rank: several --score columns need --classes (one class label per column)")
		}
		if f.Bins > 0 {
			return nil, cli.Usagef("rank: --bins is for binary scores only")
		}
		return rankMulticlass(in, fs, &f, mem, outFmt, cli.CIPtr(cio, withCI), y, scores, w, in.name())
	}
	score := scores[0]
	if outFmt != report.JSONFormat && outFmt != report.CSV || in.page {
		f.Curves = false // text, Markdown and pages show no curves
	}
	t := &task.Rank{True: f.True, Score: f.Score, Weight: f.Weight, PosLabel: f.PosLabel, Memory: mem.Bytes()}
	if t.Bins, err = f.Binned(); err != nil {
		return nil, err
	}
	s, err := t.ReadArrays(in.name(), y, score, w)
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	defer s.Close()
	opt := in.rankOptions(&f)
	var rep *rank.Report
	if s.Spilled() && !withCI {
		rep, err = s.Streamed(opt, nil)
		if errors.Is(err, rank.ErrStreamed) {
			return nil, fmt.Errorf("%s: --curve-points 0 prints every vertex, more than fit --memory %s (%w); use --curves-out FILE for every vertex, or --curve-points N",
				in.name(), budget.FormatSize(mem.Bytes()), err)
		}
		if err != nil {
			return nil, err
		}
	} else {
		tb, err := s.Table()
		if errors.Is(err, rank.ErrTooManyScores) {
			return nil, fmt.Errorf("%s: the score table (%d bytes a distinct score) does not fit --memory %s: %w; --ci, --plot and report pages need the whole table: raise --memory, leave them out (the measures and curves stream past --memory), or use --bins N (constant memory)",
				in.name(), task.TableBytes(s.Weighted()), budget.FormatSize(mem.Bytes()), err)
		} else if err != nil {
			return nil, cli.TaskError("rank", err)
		}
		if rep, err = s.Report(tb, opt); err != nil {
			return nil, err
		}
		if withCI {
			if err := rep.AddIntervals(tb, opt, cio); err != nil {
				return nil, err
			}
		}
	}
	return in.emitPage(outFmt, rep, func() *report.Doc { return report.Rank(rep, in.name()) },
		func() *report.Doc { return report.RankPage(rep, in.name(), f.True, f.Score) })
}

// rankModels is "evalkit rank" of several models' scores of the same
// rows: the rows read as task.RankModels reads a file, the leaderboard and
// comparisons of its Report.
func rankModels(in *Input, fs *flag.FlagSet, f *cli.RankFlags, models *cli.ModelFlags, mem *budget.Size, outFmt report.Format, ci *hyptest.CIOptions,
	y task.Labels, scores [][]float64, w []float64, name string) ([]byte, error) {
	if f.Bins > 0 {
		return nil, cli.Usagef("rank: --bins and --plot are for one score column")
	}
	f.Score = modelNames(fs, f.Score, "y_score", len(scores))
	names := task.ModelNames(f.Score)
	if len(names) != len(scores) {
		return nil, cli.Usagef("rank: --score names %d models, but %d were given", len(names), len(scores))
	}
	if outFmt != report.JSONFormat && outFmt != report.CSV || in.page {
		f.Curves = false
	}
	mo := models.Options(fs)
	if err := mo.Check("rank", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	t := &task.RankModels{True: f.True, Weight: f.Weight, Scores: names, PosLabel: f.PosLabel, Budget: mem.Budget()}
	rows, err := t.ReadArrays(name, y, scores, w)
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	opt := in.rankOptions(f)
	out, err := rows.Report(names, opt, models.Options(fs), ci, nil)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return in.emitPage(outFmt, out, func() *report.Doc { return report.Models(out, "Ranking of "+name) },
		func() *report.Doc { return report.RankModelsPage(out, name, f.True, f.Score) })
}

// rankMulticlass is "evalkit rank --classes": the labels and each class's
// probabilities (a score column a class) read as task.RankMulti reads a
// file, the report of rank.NewMulticlassReport, with intervals under
// --ci. The score option names the columns (default y_score_0, …).
func rankMulticlass(in *Input, fs *flag.FlagSet, f *cli.RankFlags, mem *budget.Size, outFmt report.Format, ci *hyptest.CIOptions,
	y task.Labels, scores [][]float64, w []float64, name string) ([]byte, error) {
	f.Score = modelNames(fs, f.Score, "y_score", len(scores))
	classes, cols, _, err := f.MultiClasses()
	if err != nil {
		return nil, err
	}
	if len(cols) != len(scores) {
		return nil, cli.Usagef("rank: --score names %d columns, but %d were given", len(cols), len(scores))
	}
	t := &task.RankMulti{True: f.True, Weight: f.Weight, Classes: classes, Scores: cols, Budget: mem.Budget()}
	m, err := t.ReadArrays(name, y, scores, w)
	var ce *task.ClassError
	var re *task.RowError
	if errors.As(err, &ce) && errors.As(err, &re) {
		// the command line's message, at the row
		e := *re
		e.Err = fmt.Errorf("label %q is not among --classes %s", ce.Label, strings.Join(ce.Classes, ","))
		return nil, &e
	}
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	opt := in.rankOptions(f)
	rep, err := rank.NewMulticlassReport(m, classes, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if ci != nil {
		if err := rep.AddIntervals(m, *ci); err != nil {
			return nil, err
		}
	}
	return in.emitPage(outFmt, rep, func() *report.Doc { return report.RankMulticlass(rep, name) },
		func() *report.Doc { return report.RankMulticlassPage(rep, name, f.Classes, f.True, f.Score) })
}

// rankOptions is the report options of the flags: the drawn curves of
// at most figure.MaxPoints vertices, or for a page the curves kept for
// its figures with report.CurvePoints, as "evalkit report" keeps them.
func (in *Input) rankOptions(f *cli.RankFlags) rank.Options {
	opt := f.Options()
	opt.FigurePoints = figure.MaxPoints
	if in.page {
		opt.Figures = true
		opt.FigurePoints = report.CurvePoints
	}
	return opt
}

// rankMulticlassModels is "evalkit rank --classes" of several models
// (Python's dict of (n, k) arrays): the labels and every model's class
// probabilities (scores, the k columns of each model in turn) read as
// task.RankMultiModels reads a file, their leaderboard, comparisons and
// verdict.
func rankMulticlassModels(in *Input, fs *flag.FlagSet, f *cli.RankFlags, models *cli.ModelFlags, mem *budget.Size, outFmt report.Format, ci *hyptest.CIOptions,
	y task.Labels, scores [][]float64, w []float64, names []string) ([]byte, error) {
	if f.Classes == "" {
		return nil, cli.Usagef("rank: several multiclass models need --classes")
	}
	if f.Bins > 0 {
		return nil, cli.Usagef("rank: --bins is for binary scores only")
	}
	classes, err := f.ClassList()
	if err != nil {
		return nil, err
	}
	k := len(classes)
	if len(scores) != k*len(names) {
		return nil, cli.Usagef("rank: %d models of %d classes need %d probability columns, but %d were given", len(names), k, k*len(names), len(scores))
	}
	cols := make([][]string, len(names))
	for j, nm := range names {
		for c := range k {
			cols[j] = append(cols[j], fmt.Sprintf("y_score[%q][:, %d]", nm, c))
		}
	}
	mo := models.Options(fs)
	if err := mo.Check("rank", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	t := &task.RankMultiModels{True: f.True, Weight: f.Weight, Classes: classes, Models: cols, Names: names, Budget: mem.Budget()}
	st, err := t.ReadArrays(in.name(), y, scores, w)
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	out, err := t.Report(in.name(), st, in.rankOptions(f), mo, ci)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return in.emitPage(outFmt, out, func() *report.Doc { return report.Models(out, "Ranking of "+in.name()) },
		func() *report.Doc {
			return report.RankMulticlassModelsPage(out, in.name(), f.Classes, f.True, strings.Join(names, ", "))
		})
}
