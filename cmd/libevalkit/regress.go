package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// evalRegress is "evalkit regress" of one model of k outputs: the targets
// ("true", k columns), the predictions ("pred", k columns) and the
// weights ("weight", optional) folded into a task.Regress state, its
// result, with intervals under --ci. The true and pred options name the
// outputs (comma lists; default y_true and y_pred, numbered when k > 1).
func evalRegress(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	var f cli.RegressFlags
	f.Define(fs)
	var ci cli.CIFlags
	ci.Define(fs)
	mem := budget.Flag(fs)
	format := formatFlag(fs)
	var models cli.ModelFlags
	models.Define(fs, "mse")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	outFmt, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	y, pred := in.values("true"), in.values("pred")
	if len(y) == 0 || len(pred) == 0 {
		return nil, cli.Usagef("regress: no targets or no predictions given")
	}
	if len(y) != len(pred) {
		return nil, cli.Usagef("regress: %d target columns and %d prediction columns; give one prediction column per target", len(y), len(pred))
	}
	w, err := in.value1("regress", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("regress", f.Weight, w != nil); err != nil {
		return nil, err
	}
	defaultNames(fs, &f, len(y))
	if f.Models() {
		return nil, cli.Usagef("regress: several models are not in the library yet")
	}
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("regress: --%s needs several models (--pred m1,m2,… with one --true)", name)
	}
	ropt, err := f.ReportOptions()
	if err != nil {
		return nil, err
	}
	if len(ropt.Trues) != len(y) {
		return nil, cli.Usagef("regress: --true names %d columns, but %d were given", len(ropt.Trues), len(y))
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	opt.Moments = withCI
	t := task.Regress{Report: ropt, Options: opt, CI: cli.CIPtr(cio, withCI), Budget: mem.Budget()}
	m, err := t.ReadArrays(in.name(), y, pred, w)
	if err != nil {
		return nil, err
	}
	res, err := t.Result(m)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return emit(outFmt, res, func() *report.Doc { return report.Regress(res) })
}

// defaultNames names k > 1 outputs y_true_0, y_true_1, … and y_pred_0,
// … when the true and pred options are not given.
func defaultNames(fs *flag.FlagSet, f *cli.RegressFlags, k int) {
	if k == 1 {
		return
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	numbered := func(prefix string) string {
		names := make([]string, k)
		for j := range names {
			names[j] = prefix + "_" + strconv.Itoa(j)
		}
		return strings.Join(names, ",")
	}
	if !set["true"] {
		f.True = numbered("y_true")
	}
	if !set["pred"] {
		f.Pred = numbered("y_pred")
	}
}
