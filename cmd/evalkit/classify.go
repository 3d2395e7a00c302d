package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{
		name:    "classify",
		summary: "confusion matrix, accuracy, precision/recall/F, kappa, MCC, … from true and predicted labels",
		run:     runClassify,
	})
}

type classifyFlags struct {
	cli.ClassifyFlags
	memory *budget.Size
	ci     cli.CIFlags
	gates  cli.GateFlags
	models cli.ModelFlags
	slices cli.SliceFlags
	format *string
}

func (f *classifyFlags) define(fs *flag.FlagSet) {
	f.ClassifyFlags.Define(fs)
	f.memory = cli.MemoryFlag(fs)
	f.ci.Define(fs)
	f.gates.Define(fs)
	f.models.Define(fs, "accuracy")
	f.slices.Define(fs)
	f.format = formatFlag(fs)
}

func runClassify(e *env, args []string) error {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	var f classifyFlags
	f.define(fs)
	path, format, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if err := e.expandColumns(path, "--pred", &f.Pred); err != nil {
		return err
	}
	opt, err := f.Options()
	if err != nil {
		return err
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return err
	}
	if err := cli.ChargeFlags(f.memory, f.ci.FlagSizes("classify", withCI)...); err != nil {
		return err
	}
	if sl, err := f.slices.Options(f.memory); err != nil || sl != nil {
		if err != nil {
			return err
		}
		if f.Multilabel {
			return usagef("classify: --by is not available with --multilabel")
		}
		cmp, err := sliceCompare("classify", withCI, ci.Level, f.models.Adjust)
		if err != nil {
			return err
		}
		job := sliceJob{cmd: "classify", args: args, path: path, format: format, memory: f.memory, slices: sl,
			cols: sliceColumns(f.True, f.Pred, f.Weight), drop: oneModelDrops(strings.Contains(f.Pred, ",")),
			compare: cmp, primary: f.models.Primary, primaries: []string{"accuracy"}}
		if strings.Contains(f.Pred, ",") && f.Weight == "" {
			// Several models: one pass, a joint state per slice. (Their
			// weighted joint state depends on how the rows were cut
			// into chunks: weighted, the recorded path.)
			job.onePass = func(r *table.Reader, sl *task.Slices) (*slicedRun, error) {
				names := task.ModelNames(f.Pred)
				mo := f.models.Options(fs)
				if err := mo.Check("classify", names); err != nil {
					return nil, cli.OptionUsage(err)
				}
				t := task.ClassifyModels{True: f.True, Weight: f.Weight, Preds: names, Options: opt, Models: mo, Budget: sl.Budget, FloatLabels: f.FloatLabels}
				st, err := t.ReadSliced(r, sl)
				if err != nil {
					return nil, err
				}
				out, err := classifyModelsReport(&t, st.All, r.Name(), &f, format)
				if err != nil {
					return nil, err
				}
				run := &slicedRun{in: st.In, overall: out, doc: func() *report.Doc { return report.Models(out, "Classification of "+displayName(path)) }}
				sliceResults(run, st.States, func(_ int, joint *classify.Models) (any, error) {
					return classifyModelsReport(&t, joint, r.Name(), &f, format)
				})
				return run, nil
			}
		} else if f.models.Used(fs) == "" {
			// One model: one pass, a tally per slice.
			job.onePass = func(r *table.Reader, sl *task.Slices) (*slicedRun, error) {
				t := task.Classify{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, Budget: sl.Budget, FloatLabels: f.FloatLabels}
				st, err := t.ReadSliced(r, sl)
				if err != nil {
					return nil, err
				}
				run := &slicedRun{in: st.In}
				rep, err := classifyReport(&t, st.All, r.Name(), &f, opt, format)
				if err != nil {
					return nil, err
				}
				run.overall = rep
				run.doc = func() *report.Doc { return report.Classify(rep, displayName(path)) }
				sliceResults(run, st.States, func(_ int, tally *classify.Tally) (any, error) {
					return classifyReport(&t, tally, r.Name(), &f, opt, format)
				})
				return run, nil
			}
		}
		return runSliced(e, job)
	}
	if f.Multilabel {
		if err := f.CheckMultilabel(opt); err != nil {
			return err
		}
		rep, err := multilabelFile(e, path, &f, opt, cli.CIPtr(ci, withCI))
		if err != nil {
			return err
		}
		return emit(e, format, rep, func() *report.Doc { return report.Multilabel(rep, displayName(path)) })
	}
	if strings.Contains(f.Pred, ",") {
		cip := cli.CIPtr(ci, withCI)
		out, err := classifyModelsFile(e, path, &f, opt, cip, f.models.Options(fs))
		if err != nil {
			return err
		}
		if err := chargeModelsText(f.memory, format, out); err != nil {
			return err
		}
		return emit(e, format, out, func() *report.Doc { return report.Models(out, "Classification of "+displayName(path)) })
	}
	if err := f.models.OneModel(fs, "classify", "--pred m1,m2,…"); err != nil {
		return err
	}
	rep, c, err := classifyFile(e, path, &f, opt)
	if err != nil {
		return err
	}
	if withCI {
		if err := rep.AddIntervals(c, opt, ci); err != nil {
			return err
		}
	}
	if format == report.Text {
		if err := cli.ChargeClassifyText(f.memory, rep); err != nil {
			return err
		}
	}
	return emit(e, format, rep, func() *report.Doc { return report.Classify(rep, displayName(path)) })
}

// classifyReport is the report of one model's tally of the input name,
// without intervals, as the file's run gives it (classifyFile), charged
// for the text format.
func classifyReport(t *task.Classify, tally *classify.Tally, name string, f *classifyFlags, opt classify.Options, format report.Format) (*classify.Report, error) {
	rep, _, err := t.Report(tally)
	if err != nil {
		return nil, cli.ClassifyReportError(err, name, f.Weight)
	}
	if format == report.Text {
		if err := cli.ChargeClassifyText(f.memory, rep); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// displayName is the name the input at path is shown under: the path,
// or "<stdin>" for standard input ("" or "-").
func displayName(path string) string {
	if path == "" || path == "-" {
		return "<stdin>"
	}
	return path
}

// classifyFile reads the file into a tally (task.Classify) and computes
// the report; it returns the confusion matrix too (the intervals resample
// it).
func classifyFile(e *env, path string, f *classifyFlags, opt classify.Options) (*classify.Report, *classify.Confusion, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	t := task.Classify{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, Budget: f.memory.Budget(), FloatLabels: f.FloatLabels}
	stop := progress(e, r)
	tally, err := t.Read(r)
	stop()
	if err != nil {
		return nil, nil, err
	}
	rep, c, err := t.Report(tally)
	if err != nil {
		return nil, nil, cli.ClassifyReportError(err, r.Name(), f.Weight)
	}
	return rep, c, nil
}

// chargeModelsText charges the text of several models' reports.
func chargeModelsText(mem *budget.Size, format report.Format, out *board.Models) error {
	if format != report.Text {
		return nil
	}
	var reps []*classify.Report
	for _, m := range out.Models {
		if r, ok := m.Report.(*classify.Report); ok {
			reps = append(reps, r)
		}
	}
	return cli.ChargeClassifyText(mem, reps...)
}

// classifyModelsReport is the report of several models' joint state of
// the input name, without intervals, as the file's run gives it
// (classifyModelsFile), charged for the text format.
func classifyModelsReport(t *task.ClassifyModels, joint *classify.Models, name string, f *classifyFlags, format report.Format) (*board.Models, error) {
	out, err := t.Report(joint)
	if err != nil {
		return nil, cli.ClassifyReportError(err, name, f.Weight)
	}
	if err := chargeModelsText(f.memory, format, out); err != nil {
		return nil, err
	}
	return out, nil
}

// multilabelFile reads path into the multilabel state (task.Multilabel)
// and computes the report, with intervals when ci is not nil.
func multilabelFile(e *env, path string, f *classifyFlags, opt classify.Options, ci *hyptest.CIOptions) (*classify.MultilabelReport, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := task.Multilabel{True: f.True, Pred: f.Pred, Weight: f.Weight, Sep: f.Sep, Options: opt, CI: ci, Budget: f.memory.Budget()}
	stop := progress(e, r)
	st, err := t.Read(r)
	stop()
	if err != nil {
		return nil, err
	}
	return t.Report(st, r.Name())
}

// classifyModelsFile reads the true labels and every model's predictions
// into one joint state (task.ClassifyModels) and evaluates and compares
// the models.
func classifyModelsFile(e *env, path string, f *classifyFlags, opt classify.Options, ci *hyptest.CIOptions, mo board.Options) (*board.Models, error) {
	names := task.ModelNames(f.Pred)
	if err := mo.Check("classify", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	t := task.ClassifyModels{True: f.True, Weight: f.Weight, Preds: names, Options: opt, Models: mo, CI: ci, Budget: f.memory.Budget(), FloatLabels: f.FloatLabels}
	stop := progress(e, r)
	joint, err := t.Read(r)
	stop()
	if err != nil {
		return nil, err
	}
	out, err := t.Report(joint)
	if err != nil {
		return nil, cli.ClassifyReportError(err, r.Name(), f.Weight)
	}
	return out, nil
}
