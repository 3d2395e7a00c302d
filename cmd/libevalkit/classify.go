package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// evalClassify is "evalkit classify" of one model: the true labels
// ("true"), the predicted labels ("pred") and the weights ("weight",
// optional) folded into a task.Classify tally, its report, with
// intervals under --ci.
func evalClassify(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	var f cli.ClassifyFlags
	f.Define(fs)
	mem := cli.MemoryFlag(fs)
	var ci cli.CIFlags
	ci.Define(fs)
	var models cli.ModelFlags
	models.Define(fs, "accuracy")
	format := formatFlag(fs)
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	outFmt, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	if f.Multilabel {
		return evalMultilabel(in, fs, &f, mem, &ci, &models, outFmt)
	}
	y, err := in.labels("classify", "true")
	if err != nil {
		return nil, err
	}
	preds := in.Labels["pred"]
	if len(preds) == 0 {
		return nil, cli.Usagef("classify: no pred labels given")
	}
	w, err := in.value1("classify", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("classify", f.Weight, w != nil); err != nil {
		return nil, err
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	if len(preds) > 1 || strings.Contains(f.Pred, ",") {
		f.Pred = modelNames(fs, f.Pred, "y_pred", len(preds))
		names := task.ModelNames(f.Pred)
		if len(names) != len(preds) {
			return nil, cli.Usagef("classify: --pred names %d models, but %d were given", len(names), len(preds))
		}
		mo := models.Options(fs)
		if err := mo.Check("classify", names); err != nil {
			return nil, cli.OptionUsage(err)
		}
		t := task.ClassifyModels{True: f.True, Weight: f.Weight, Preds: names, Options: opt, Models: mo, CI: cli.CIPtr(cio, withCI), Budget: mem.Budget(), FloatLabels: f.FloatLabels}
		joint, err := t.ReadArrays(in.name(), y, preds, w)
		if err != nil {
			return nil, err
		}
		out, err := t.Report(joint)
		if err != nil {
			return nil, cli.ClassifyReportError(err, in.name(), f.Weight)
		}
		return in.emitPage(outFmt, out, func() *report.Doc { return report.Models(out, "Classification of "+in.name()) },
			func() *report.Doc { return report.ClassifyModelsPage(out, in.name(), f.True, f.Pred) })
	}
	pred := preds[0]
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("classify: --%s needs several models (--pred m1,m2,…)", name)
	}
	t := task.Classify{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, Budget: mem.Budget(), FloatLabels: f.FloatLabels}
	tally, err := t.ReadArrays(in.name(), y, pred, w)
	if err != nil {
		return nil, err
	}
	rep, c, err := t.Report(tally)
	if err != nil {
		return nil, cli.ClassifyReportError(err, in.name(), f.Weight)
	}
	if withCI {
		if err := rep.AddIntervals(c, opt, cio); err != nil {
			return nil, err
		}
	}
	return in.emitPage(outFmt, rep, func() *report.Doc { return report.Classify(rep, in.name()) },
		func() *report.Doc { return report.ClassifyPage(rep, in.name(), f.True, f.Pred) })
}

// evalMultilabel is "evalkit classify --multilabel" of indicator
// matrices: k value columns of 0/1 "true" and k of "pred", column j the
// label named j-th in the labels option (which the call must give), read
// by task.Multilabel.ReadArrays into the state whose report the command
// line prints, with intervals under --ci.
func evalMultilabel(in *Input, fs *flag.FlagSet, f *cli.ClassifyFlags, mem *budget.Size, ci *cli.CIFlags, models *cli.ModelFlags, outFmt report.Format) ([]byte, error) {
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("classify: --%s needs several models, which --multilabel does not take", name)
	}
	ys, ps := in.values("true"), in.values("pred")
	labels := task.ModelNames(f.Labels)
	if len(ys) == 0 || f.Labels == "" || len(ys) != len(labels) || len(ps) != len(labels) {
		return nil, cli.Usagef("classify: --multilabel takes one true and one pred indicator column a label of --labels (%d labels, %d true and %d pred columns)", len(labels), len(ys), len(ps))
	}
	w, err := in.value1("classify", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("classify", f.Weight, w != nil); err != nil {
		return nil, err
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	if err := f.CheckMultilabel(opt); err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	t := task.Multilabel{True: f.True, Pred: f.Pred, Weight: f.Weight, Sep: f.Sep, Options: opt, CI: cli.CIPtr(cio, withCI), Budget: mem.Budget()}
	st, err := t.ReadArrays(in.name(), labels, ys, ps, w)
	if err != nil {
		return nil, err
	}
	rep, err := t.Report(st, in.name())
	if err != nil {
		return nil, err
	}
	return in.emitPage(outFmt, rep, func() *report.Doc { return report.Multilabel(rep, in.name()) },
		func() *report.Doc { return report.MultilabelPage(rep, in.name(), f.True, f.Pred) })
}
