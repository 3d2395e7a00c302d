package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{name: "regress", summary: "regression measures: MSE, MAE, MAPE, R², deviances, …", run: runRegress})
}

// plotSample is how many (y, ŷ) points per output --plot draws at most (a
// sample of the rows chosen by a hash of their input lines: see
// task.RegressSample).
const plotSample = 5000

// regressFlags are the flags of "evalkit regress" (and of "evalkit report
// --task regress").
type regressFlags struct {
	cli.RegressFlags
	plotDir *string
	ci      cli.CIFlags
	gates   cli.GateFlags
	memory  *budget.Size
	format  *string
	models  cli.ModelFlags
	slices  cli.SliceFlags
}

func (f *regressFlags) define(fs *flag.FlagSet) {
	f.RegressFlags.Define(fs)
	f.plotDir = fs.String("plot", "", "write predicted-vs-actual and residual plots (SVG and PNG) into `DIR`")
	f.ci.Define(fs)
	f.gates.Define(fs)
	f.memory = cli.MemoryFlag(fs)
	f.format = formatFlag(fs)
	f.models.DefineComparing(fs, "mse")
	f.slices.Define(fs)
}

func runRegress(e *env, args []string) error {
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	var f regressFlags
	f.define(fs)
	path, outFmt, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if sl, err := f.slices.Options(f.memory); err != nil || sl != nil {
		if err != nil {
			return err
		}
		if *f.plotDir != "" {
			return usagef("regress: --plot writes one run's figures, not each slice's: leave it out with --by")
		}
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return err
		}
		cmp, err := sliceCompare("regress", withCI, ci.Level, f.models.Adjust)
		if err != nil {
			return err
		}
		if cmp != nil && !f.Models() && f.Weight == "" && !strings.Contains(f.True, ",") {
			cmp.Losses = regressLosses(f.True, f.Pred)
		}
		job := sliceJob{cmd: "regress", args: args, path: path, format: outFmt, memory: f.memory, slices: sl,
			cols: sliceColumns(f.True, f.Pred, f.Weight), drop: oneModelDrops(f.Models()),
			compare: cmp, primary: f.models.Primary, primaries: []string{"mse"}}
		if !f.Models() && f.models.Used(fs) == "" {
			// One model (of one output or several): one pass, a state
			// per slice.
			job.onePass = func(r *table.Reader, sl *task.Slices) (*slicedRun, error) {
				t, err := regressTask(&f, 0, false)
				if err != nil {
					return nil, err
				}
				t.Budget, t.Rows = sl.Budget, table.EstimateRows(r)
				st, err := t.ReadSliced(r, sl)
				if err != nil {
					return nil, err
				}
				res, err := regressResult(t, st.All)
				if err != nil {
					return nil, err
				}
				run := &slicedRun{in: st.In, overall: res, doc: func() *report.Doc { return report.Regress(res) }}
				// The slices' states are apart (the state of every row
				// reads their kept values but is done with them), and
				// none reorders its values: their results are built
				// concurrently.
				sliceResults(run, st.States, func(_ int, m *regress.Multi) (any, error) { return regressResult(t, m) })
				return run, nil
			}
		}
		return runSliced(e, job)
	}
	if f.Models() {
		if *f.plotDir != "" {
			return usagef("regress: --plot is for one model")
		}
		out, err := regressModelsFile(e, path, &f, fs)
		if err != nil {
			return err
		}
		return emit(e, outFmt, out, func() *report.Doc { return report.Models(out, "Regression of "+displayName(path)) })
	}
	if err := f.models.OneModel(fs, "regress", "--pred m1,m2,… with one --true"); err != nil {
		return err
	}
	sampleSize := 0
	if *f.plotDir != "" {
		sampleSize = plotSample
	}
	res, sample, err := regressFile(e, path, &f, sampleSize, false)
	if err != nil {
		return err
	}
	trues, preds := f.Trues(), f.Preds()
	k := len(trues)
	if *f.plotDir != "" {
		for j, fg := range sample.Figures(res, f.Weight != "") {
			suffix := ""
			if k > 1 {
				suffix = "_" + trues[j]
			}
			if err := saveFigures(*f.plotDir, []string{"regress_pred_vs_actual" + suffix, "regress_residuals" + suffix, "regress_residual_histogram" + suffix, "regress_qq" + suffix},
				figure.Regression(&fg, trues[j], preds[j])); err != nil {
				return err
			}
		}
	}
	return emit(e, outFmt, res, func() *report.Doc { return report.Regress(res) })
}

// regressFile checks the flags, reads the file (task.Regress) and
// computes the result, with a sample of sampleSize rows (0: none) for
// figures and, with density, each output's density of actual against
// predicted from every row.
func regressFile(e *env, path string, f *regressFlags, sampleSize int, density bool) (*regress.Result, *task.RegressSample, error) {
	t, err := regressTask(f, sampleSize, density)
	if err != nil {
		return nil, nil, err
	}
	m, sample, err := readRegress(e, path, t)
	if err != nil {
		return nil, nil, err
	}
	res, err := regressResult(t, m)
	if err != nil {
		return nil, nil, err
	}
	return res, sample, nil
}

// regressTask is the task of one model of the flags (regressFile).
func regressTask(f *regressFlags, sampleSize int, density bool) (*task.Regress, error) {
	ropt, err := f.Options()
	if err != nil {
		return nil, err
	}
	opt, err := f.StateOptions()
	if err != nil {
		return nil, err
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	if err := cli.ChargeFlags(f.memory, f.ci.FlagSizes("regress", withCI)...); err != nil {
		return nil, err
	}
	opt.Moments = withCI
	return &task.Regress{Options: ropt, State: opt, CI: cli.CIPtr(ci, withCI), Budget: f.memory.Budget(), Sample: sampleSize, Density: density}, nil
}

// regressResult is the result of the state m read by t.
func regressResult(t *task.Regress, m *regress.Multi) (*regress.Result, error) {
	res, err := t.Result(m)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return res, nil
}

// readRegress opens path and reads it with t (task.Regress.Read), with a
// progress line.
func readRegress(e *env, path string, t *task.Regress) (*regress.Multi, *task.RegressSample, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	t.Rows = table.EstimateRows(r)
	defer progress(e, r)()
	return t.Read(r)
}

// regressModelsFile reads one target and several models' predictions of it
// (one output per model, on every core) and evaluates the models.
func regressModelsFile(e *env, path string, f *regressFlags, fs *flag.FlagSet) (*board.Models, error) {
	mo := f.models.Options(fs)
	if err := mo.Check("regress", f.Preds()); err != nil {
		return nil, cli.OptionUsage(err)
	}
	opt, cols, err := f.ModelsOptions()
	if err != nil {
		return nil, err
	}
	f.ci.Paired = f.models.Compares()
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	if err := cli.ChargeFlags(f.memory, f.ci.FlagSizes("regress", withCI)...); err != nil {
		return nil, err
	}
	opt.Moments = withCI
	t := task.Regress{Options: cols, State: opt, CI: cli.CIPtr(ci, withCI), Budget: f.memory.Budget()}
	m, _, err := readRegress(e, path, &t)
	if err != nil {
		return nil, err
	}
	out, err := t.Models(m, mo)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return out, nil
}
