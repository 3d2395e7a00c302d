package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/tempfile"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
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
	cli.RankFlags
	curvesOut    string
	figures      bool // keep the curves for drawing (set by evalkit report)
	figurePoints int  // a drawn curve's most vertices (evalkit report: page.CurvePoints; 0: figure.MaxPoints)
	plotDir      string
	ci           cli.CIFlags
	models       cli.ModelFlags
	memory       *budget.Size
	format       *string
}

func (f *rankFlags) define(fs *flag.FlagSet) {
	f.RankFlags.Define(fs)
	fs.StringVar(&f.curvesOut, "curves-out", "", "write every threshold's tp, fp, tpr, fpr, precision and recall to this CSV file")
	fs.StringVar(&f.plotDir, "plot", "", "write ROC, P-R, DET and calibration figures (SVG and PNG) to this folder")
	f.ci.Define(fs)
	f.models.Define(fs, "roc_auc")
	f.memory = budget.Flag(fs)
	f.format = formatFlag(fs)
}

// options is the report options of the flags, with the full curves kept
// for --plot and evalkit report.
func (f *rankFlags) options() rank.ReportOptions {
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
	if err := f.Check(); err != nil {
		return err
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return err
	}
	if err := chargeFlags(f.memory, rankFlagSizes(&f, withCI)...); err != nil {
		return err
	}
	name := rankName(path)
	if f.Classes == "" && strings.Contains(f.Score, ",") {
		if f.Bins > 0 || f.plotDir != "" {
			return usagef("rank: --bins and --plot are for one score column")
		}
		if format != report.JSONFormat && format != report.CSV {
			f.Curves = false
		}
		cip := cli.CIPtr(ci, withCI)
		out, err := rankModelsFile(e, path, &f, cip, f.models.Options(fs))
		if err != nil {
			return err
		}
		return emit(e, format, out, func() *report.Doc { return report.Models(out, "Ranking of "+name) })
	}
	if name := f.models.Used(fs); name != "" {
		return usagef("rank: --%s needs several models (--score m1,m2,… without --classes)", name)
	}
	if f.Classes != "" || strings.Contains(f.Score, ",") {
		if f.Classes == "" {
			return usagef("rank: several --score columns need --classes (one class label per column)")
		}
		if f.Bins > 0 {
			return usagef("rank: --bins is for binary scores only")
		}
		if f.curvesOut != "" {
			return usagef("rank: --curves-out is for binary scores only")
		}
		rep, err := rankMulticlassFile(e, path, &f)
		if err != nil {
			return err
		}
		return emit(e, format, rep, func() *report.Doc { return report.RankMulticlass(rep, name) })
	}
	if format != report.JSONFormat && format != report.CSV {
		f.Curves = false // text and Markdown show no curves
	}
	rep, err := rankBinaryFile(e, path, &f)
	if err != nil {
		return err
	}
	return emit(e, format, rep, func() *report.Doc { return report.Rank(rep, name) })
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
	cols, err := table.Columns(r, f.True, f.Score, f.Weight)
	if err != nil {
		return nil, err
	}
	tc, sc, wc := cols[0], cols[1], cols[2]
	b := rankSpill(f.memory.Bytes(), table.EstimateRows(r), wc >= 0)
	defer b.cleanup()
	bn, err := f.Binned()
	if err != nil {
		return nil, err
	}
	set, posName, err := rankReadBinary(e, r, path, tc, sc, wc, f, b.Spill, bn)
	if err != nil {
		return nil, err
	}
	names, _ := set.Sorted()
	if f.PosLabel != "" {
		if _, ok := set.Lookup(f.PosLabel); !ok {
			return nil, fmt.Errorf("%s: --pos-label %q is not among the labels of column %q (found: %s)", r.Name(), f.PosLabel, f.True, strings.Join(names, ", "))
		}
		posName = f.PosLabel
	}
	opt := f.options()
	opt.PosLabel = posName
	_, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	if bn == nil && b.Spilled() && !withCI && f.plotDir == "" && !opt.Figures {
		// Past --memory: the measures, the printed curves and the curves
		// CSV from one reading of the spilled parts, never holding the
		// whole table.
		return rankStreamed(r.Name(), f, opt, b, names)
	}
	var t *rank.Table
	if bn != nil {
		t = bn.Table()
	} else if t, err = b.Table(); errors.Is(err, rank.ErrTooManyScores) {
		// Only what needs the whole table comes here past --memory.
		return nil, fmt.Errorf("%s: the score table (%d bytes a distinct score) does not fit --memory %s: %w; --ci, --plot and report pages need the whole table: raise --memory, leave them out (the measures and curves stream past --memory), or use --bins N (constant memory)",
			r.Name(), tableBytes(wc >= 0), budget.FormatSize(f.memory.Bytes()), err)
	} else if err != nil {
		return nil, fmt.Errorf("%s: spilling the score table (--memory): %w", r.Name(), err)
	}
	var rep *rank.Report
	if bn != nil {
		rep, err = bn.Report(opt)
	} else {
		rep, err = rank.NewReport(t, opt)
	}
	if errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrEmpty) {
		return nil, fmt.Errorf("%s: column %q: %w (labels found: %s)", r.Name(), f.True, err, strings.Join(names, ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	if ci, ok, err := f.ci.Options(); err != nil {
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

// rankStreamed computes the report of a spilled score table part by part
// (rank.Spill.Report), writing --curves-out in the same reading.
func rankStreamed(name string, f *rankFlags, opt rank.ReportOptions, b *rankSpiller, labels []string) (*rank.Report, error) {
	var rep *rank.Report
	var err error
	if f.curvesOut == "" {
		rep, err = b.Report(opt, nil)
	} else {
		var werr error
		werr = writeFileAtomic(f.curvesOut, func(w io.Writer) error {
			rep, err = b.Report(opt, w)
			if err != nil {
				return errReported
			}
			return nil
		})
		if werr != nil && !errors.Is(werr, errReported) {
			return nil, fmt.Errorf("--curves-out %s: %w", f.curvesOut, werr)
		}
	}
	switch {
	case errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrEmpty):
		return nil, fmt.Errorf("%s: column %q: %w (labels found: %s)", name, f.True, err, strings.Join(labels, ", "))
	case errors.Is(err, rank.ErrStreamed):
		return nil, fmt.Errorf("%s: --curve-points 0 prints every vertex, more than fit --memory %s (%w); use --curves-out FILE for every vertex, or --curve-points N",
			name, budget.FormatSize(f.memory.Bytes()), err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return rep, nil
}

// errReported stops writing --curves-out when the report failed (the
// report's error is returned instead).
var errReported = errors.New("report failed")

// rankSpillFloor is the least budget the spill's own memory is charged
// against.
const rankSpillFloor = 1 << 20

// rankSpillRowBytes is the memory a row held by the score table builder
// may come to: 8 bytes of key and 8 of sort buffer, and, if its score is
// distinct, 24 bytes of table and 16 of cumulative sums.
const rankSpillRowBytes = 56

// rankTableBytes is the memory of a distinct score in the table: score,
// two masses and two cumulative sums. A spilled table stops past
// --memory / rankTableBytes distinct scores. A weighted table keeps
// rankStatsBytes more: each cell's rows and Σw² (for --ci), charged to a
// weighted row held too.
const (
	rankTableBytes = 40
	rankStatsBytes = 32
)

// tableBytes is rankTableBytes, plus rankStatsBytes when weighted.
func tableBytes(weighted bool) int64 {
	if weighted {
		return rankTableBytes + rankStatsBytes
	}
	return rankTableBytes
}

// rankSpiller is the score table builder of "evalkit rank": it holds up to
// --memory / rankSpillRowBytes rows and spills the rest to a temporary
// folder, removed by cleanup (and on interrupt).
type rankSpiller struct {
	*rank.Spill
	dir     string
	release func()
}

func rankSpill(limit int64, est int, weighted bool) *rankSpiller {
	maxRows := 1 << 62
	if limit > 0 {
		maxRows = int(max(1, limit/(rankSpillRowBytes+tableBytes(weighted)-rankTableBytes)))
	}
	// Parts of about a quarter of the rows held: a part read back with its
	// sort buffer and table rows fits the memory of the rows held, and one
	// twice as large as planned is not split again.
	parts := 256
	if est > 0 {
		parts = 4 * (est/maxRows + 1)
	}
	s := &rankSpiller{}
	s.Spill = rank.NewSpill(maxRows, parts, func() (string, error) {
		dir, release, err := tempfile.MkdirTemp("rank")
		if err == nil {
			s.dir, s.release = dir, release
		}
		return dir, err
	})
	if limit > 0 {
		s.MaxScores = int(max(1, limit/tableBytes(weighted)))
		// The spill's buffers and the part read back are charged against
		// --memory (at least rankSpillFloor: below it a few records a
		// file are more than the limit).
		acct := budget.New(max(limit, rankSpillFloor)).Account("rank's spill (its write buffers, and the part being read back with its sort buffer and table rows)", "")
		s.Charge = acct.Set
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
	// Long curves are drawn from figure.MaxPoints of their own vertices,
	// chosen by rank's thinning (the one of --curve-points) as they are
	// built (ReportOptions.FigurePoints).
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

func rankMulticlassFile(e *env, path string, f *rankFlags) (*rank.MulticlassReport, error) {
	classes, cols, index, err := f.MultiClasses()
	if err != nil {
		return nil, err
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tc, err := r.Col(f.True)
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
	if f.Weight != "" {
		if wc, err = r.Col(f.Weight); err != nil {
			return nil, err
		}
	}
	b := rank.NewMultiBuilder(len(classes))
	acct := f.memory.Budget().Account("rank's multiclass rows (each row's score of every class)", "")
	if err := rankReadMulti(e, r, cli.MultiCols{True: tc, Weight: wc, Scores: sc, Index: index, Classes: f.Classes}, b, acct); err != nil {
		return nil, err
	}
	m := b.Result()
	for c, sup := range m.Support() {
		if sup == 0 {
			return nil, cli.NoSamples(r.Name(), classes[c], f.True)
		}
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
			roc.Title += ": " + rankName(path)
			err = saveFigures(f.plotDir, []string{"roc"}, []*figure.Figure{roc})
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
func rankModelsFile(e *env, path string, f *rankFlags, ci *hyptest.CIOptions, mo board.Options) (*board.Models, error) {
	names := modelNames(f.Score)
	if err := mo.Check("rank", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols, err := table.Columns(r, append([]string{f.True, f.Weight}, names...)...)
	if err != nil {
		return nil, err
	}
	tc, wc, scs := cols[0], cols[1], cols[2:]
	m := len(names)
	all := &rankModelsState{scores: make([][]float64, m)}
	var labelsSeen [3]int64
	// The rows are held (DeLong's paired tests and the paired bootstrap
	// need each row's scores in every model): a label, m scores and a
	// weight a row, charged to --memory.
	acct := f.memory.Budget().Account(fmt.Sprintf("several-model rank's rows (a label and %d scores a row, which DeLong's paired tests need)", m),
		"or rank one --score column at a time (one model spills past --memory)")
	defer acct.Close()
	rowBytes := int64(1 + 8*m)
	if wc >= 0 {
		rowBytes += 8
	}
	var memErr error
	order := &table.Ordered[*rankModelsState]{
		Fresh: func() *rankModelsState { return &rankModelsState{scores: make([][]float64, m)} },
		Merge: func(st *rankModelsState) {
			if memErr != nil {
				return
			}
			if memErr = acct.Set(int64(len(all.pos)+len(st.pos)) * rowBytes); memErr != nil {
				return
			}
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
			if f.PosLabel != "" {
				pos = string(b) == f.PosLabel
			} else {
				v, err := table.ParseFloat(b)
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
	if memErr != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), memErr)
	}
	if labelsSeen[1] > 0 && labelsSeen[2] > 0 {
		return nil, usagef("rank: %s:%d: labels include 0 and -1, so --pos-label is required", r.Name(), max(labelsSeen[1], labelsSeen[2]))
	}
	opt := f.options()
	opt.PosLabel = f.PosLabel
	if opt.PosLabel == "" {
		opt.PosLabel = "1"
	}
	if wc < 0 {
		all.w = nil
	}
	var out *board.Models
	if f.curvesOut == "" {
		out, err = rank.NewModelsReport(all.pos, all.scores, all.w, names, opt, mo, ci)
	} else {
		werr := writeFileAtomic(f.curvesOut, func(w io.Writer) error {
			if out, err = rank.NewModelsReportCurves(all.pos, all.scores, all.w, names, opt, mo, ci, w); err != nil {
				return errReported
			}
			return nil
		})
		if werr != nil && !errors.Is(werr, errReported) {
			return nil, fmt.Errorf("--curves-out %s: %w", f.curvesOut, werr)
		}
	}
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, cli.OptionUsage(err)
		}
		return nil, fmt.Errorf("%s: %w", r.Name(), err)
	}
	return out, nil
}
