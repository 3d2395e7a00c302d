package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/regress"
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
	mem := cli.MemoryFlag(fs)
	format := formatFlag(fs)
	var models cli.ModelFlags
	models.DefineComparing(fs, "mse")
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
	if len(y) != len(pred) && len(y) != 1 {
		return nil, cli.Usagef("regress: %d target columns and %d prediction columns; give one prediction column per target, or one target and several models", len(y), len(pred))
	}
	w, err := in.value1("regress", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("regress", f.Weight, w != nil); err != nil {
		return nil, err
	}
	defaultNames(fs, &f, len(y), len(pred))
	if len(y) == 1 && len(pred) > 1 {
		return regressModels(in, fs, &f, &ci, &models, mem, outFmt, y[0], pred, w, in.name())
	}
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("regress: --%s needs several models (--pred m1,m2,… with one --true)", name)
	}
	ropt, err := f.Options()
	if err != nil {
		return nil, err
	}
	if len(ropt.Trues) != len(y) {
		return nil, cli.Usagef("regress: --true names %d columns, but %d were given", len(ropt.Trues), len(y))
	}
	opt, err := f.StateOptions()
	if err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	opt.Moments = withCI
	t := task.Regress{Options: ropt, State: opt, CI: cli.CIPtr(cio, withCI), Budget: mem.Budget(), RowIndex: in.rows}
	m, err := t.ReadArrays(in.name(), y, pred, w)
	if err != nil {
		return nil, err
	}
	res, err := t.Result(m)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	// The page has no figures of a sample of rows (the arrays' fold
	// draws none).
	return in.emitPage(outFmt, res, func() *report.Doc { return report.Regress(res) },
		func() *report.Doc {
			return report.RegressPage(res, make([]regress.Figures, len(f.Trues())), in.name(), f.True, f.Pred, f.Trues(), f.Preds())
		})
}

// regressModels is "evalkit regress" of several models of one target y:
// each model's predictions (a column of pred, named by the pred option)
// read as an output of a task.Regress state, the leaderboard and
// comparisons of task.Regress.Models.
func regressModels(in *Input, fs *flag.FlagSet, f *cli.RegressFlags, ci *cli.CIFlags, models *cli.ModelFlags, mem *budget.Size, outFmt report.Format,
	y []float64, pred [][]float64, w []float64, name string) ([]byte, error) {
	mo := models.Options(fs)
	if len(f.Trues()) != 1 || len(f.Preds()) != len(pred) {
		return nil, cli.Usagef("regress: --true names %d columns and --pred %d, but 1 target and %d models were given", len(f.Trues()), len(f.Preds()), len(pred))
	}
	if err := mo.Check("regress", f.Preds()); err != nil {
		return nil, cli.OptionUsage(err)
	}
	opt, cols, err := f.ModelsOptions()
	if err != nil {
		return nil, err
	}
	ci.Paired = models.Compares()
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	opt.Moments = withCI
	t := task.Regress{Options: cols, State: opt, CI: cli.CIPtr(cio, withCI), Budget: mem.Budget(), RowIndex: in.rows}
	ys := make([][]float64, len(pred))
	for j := range ys {
		ys[j] = y
	}
	m, err := t.ReadArrays(name, ys, pred, w)
	if err != nil {
		return nil, err
	}
	out, err := t.Models(m, mo)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return in.emitPage(outFmt, out, func() *report.Doc { return report.Models(out, "Regression of "+name) },
		func() *report.Doc { return report.RegressModelsPage(out, name, f.Pred, f.Trues()[0]) })
}

// defaultNames names k > 1 outputs y_true_0, y_true_1, … and y_pred_0,
// … (m > 1 models of one target y_pred_0, …) when the true and pred
// options are not given.
func defaultNames(fs *flag.FlagSet, f *cli.RegressFlags, k, m int) {
	if k == 1 && m == 1 {
		return
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	numbered := func(prefix string, k int) string {
		names := make([]string, k)
		for j := range names {
			names[j] = prefix + "_" + strconv.Itoa(j)
		}
		return strings.Join(names, ",")
	}
	if !set["true"] && k > 1 {
		f.True = numbered("y_true", k)
	}
	if !set["pred"] {
		f.Pred = numbered("y_pred", m)
	}
}
