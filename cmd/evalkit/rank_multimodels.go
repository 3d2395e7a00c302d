package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
)

// rankMulticlassModelsChecks refuses the flags several multiclass models
// do not take.
func rankMulticlassModelsChecks(f *rankFlags) error {
	var curves, plot error
	if f.curvesOut != "" {
		curves = usagef("rank: --curves-out is for binary scores only")
	}
	if f.plotDir != "" {
		plot = usagef("rank: --plot draws one model's curves: with several multiclass models, evalkit report draws each model's")
	}
	return f.CheckMulticlassModels(curves, plot)
}

// rankMulticlassModelsSliced runs several multiclass models with --by:
// the columns they read are kept, and the models are evaluated and
// compared on all the rows and on each slice's (and, with --ci, each
// slice compared with the rest of the rows on the primary measure).
func rankMulticlassModelsSliced(e *env, path string, args []string, format report.Format, f *rankFlags) error {
	if err := rankMulticlassModelsChecks(f); err != nil {
		return err
	}
	cio, withCI, err := f.ci.Options()
	if err != nil {
		return err
	}
	sl, err := f.slices.Options(f.memory)
	if err != nil {
		return err
	}
	// The models' columns, from the header (a pattern names several):
	// the reader is handed on to the sliced read.
	r, err := e.open(path)
	if err != nil {
		return err
	}
	_, _, sets, err := f.MulticlassModelSetsOf(r.Name(), r.Header())
	if err != nil {
		r.Close()
		return err
	}
	e.opened = r
	cmp, err := sliceCompare("rank", withCI, cio.Level, f.models.Adjust)
	if err != nil {
		return err
	}
	cols := []string{f.True, f.Weight}
	for _, set := range sets {
		cols = append(cols, set...)
	}
	return runSliced(e, sliceJob{cmd: "rank", args: args, path: path, format: format, memory: f.memory, slices: sl,
		cols: cols, compare: cmp, primary: f.models.Primary, primaries: []string{"roc_auc_ovr_macro"}})
}

// rankMulticlassModelsFile checks the flags, reads several multiclass
// models (--classes, --score given once a model) and evaluates and
// compares them.
func rankMulticlassModelsFile(e *env, path string, f *rankFlags, fs *flag.FlagSet) (*board.Models, error) {
	if err := rankMulticlassModelsChecks(f); err != nil {
		return nil, err
	}
	cio, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	ci, mo := cli.CIPtr(cio, withCI), f.models.Options(fs)
	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	classes, names, cols, err := f.MulticlassModelSetsOf(r.Name(), r.Header())
	if err != nil {
		return nil, err
	}
	t, err := f.MulticlassModelsTask(classes, names, cols, mo)
	if err != nil {
		return nil, err
	}
	t.Budget, t.Renormalize = f.memory.Budget(), f.renormalize
	stop := progress(e, r)
	st, err := t.Read(r)
	stop()
	if err != nil {
		return nil, cli.TaskError("rank", err)
	}
	out, err := t.Report(r.Name(), st, f.options(), mo, ci)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return out, nil
}
