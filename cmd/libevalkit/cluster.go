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

// evalCluster is "evalkit cluster" of one model: the clusters ("pred"),
// the reference labels ("true": the external indices) and their
// frequency weights ("weight"), the features ("features", one column
// each: the internal indices) folded into a task.Cluster state, its
// report, with intervals under --ci. The features option names the
// feature columns (default x0, x1, …).
func evalCluster(options []byte, in *Input) ([]byte, error) {
	fs := flag.NewFlagSet("cluster", flag.ContinueOnError)
	var f cli.ClusterFlags
	f.Define(fs)
	mem := cli.MemoryFlag(fs)
	var ci cli.CIFlags
	ci.Define(fs)
	format := formatFlag(fs)
	var models cli.ModelFlags
	models.DefineComparing(fs, "adjusted_rand_index")
	if err := parseOptions(fs, options); err != nil {
		return nil, err
	}
	outFmt, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	preds := in.Labels["pred"]
	if len(preds) == 0 {
		return nil, cli.Usagef("cluster: no pred labels given")
	}
	external := len(in.Labels["true"]) > 0
	var y task.Labels
	if external {
		if y, err = in.labels("cluster", "true"); err != nil {
			return nil, err
		}
	}
	xs := in.values("features")
	if !external && len(xs) == 0 {
		return nil, cli.Usagef("cluster: give reference labels (external indices), features (internal indices) or both")
	}
	w, err := in.value1("cluster", "weight")
	if err != nil {
		return nil, err
	}
	if f.Weight, err = weightName("cluster", f.Weight, w != nil); err != nil {
		return nil, err
	}
	if len(preds) > 1 || strings.Contains(f.Pred, ",") {
		return clusterModels(in, fs, &f, &ci, &models, mem, outFmt, y, external, preds, xs, w, in.name())
	}
	pred := preds[0]
	if name := models.Used(fs); name != "" {
		return nil, cli.Usagef("cluster: --%s needs several models (--pred m1,m2,…)", name)
	}
	if f.Features == "" && len(xs) > 0 {
		names := make([]string, len(xs))
		for j := range names {
			names[j] = "x" + strconv.Itoa(j)
		}
		f.Features = strings.Join(names, ",")
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	features, err := f.FeatureColumns()
	if err != nil {
		return nil, err
	}
	if len(features) != len(xs) {
		return nil, cli.Usagef("cluster: --features names %d columns, but %d were given", len(features), len(xs))
	}
	internal := len(features) > 0
	if internal && f.Weight != "" {
		return nil, cli.Usagef("cluster: --weight applies to external indices only; internal indices take no weights")
	}
	bud := mem.Budget()
	opt.Internal.Budget = bud
	// A bad --ci is reported after the input is read, as the command
	// line reports it.
	cio, withCI, ciErr := ci.Options()
	if ciErr == nil {
		opt.Internal.SilhouetteSE = withCI
		opt.Internal.IndexSE = withCI
	}
	t := task.Cluster{Preds: []string{f.Pred}, Weight: f.Weight, Features: features, Options: opt,
		MaxMatrix: f.ContingencyLimit(), Budget: bud}
	if external {
		t.True = f.True
	}
	if ciErr == nil {
		t.CI = cli.CIPtr(cio, withCI)
	}
	st, err := t.ReadArrays(in.name(), y, pred, w, xs)
	if err != nil {
		return nil, err
	}
	out, err := t.Report(st, in.name())
	if err != nil {
		return nil, err
	}
	if ciErr != nil {
		return nil, ciErr
	}
	return in.emitPage(outFmt, out, func() *report.Doc { return report.Cluster(out) },
		func() *report.Doc { return report.ClusterPage(out, in.name()) })
}

// clusterModels is "evalkit cluster" of several clusterings of the
// reference labels: one contingency table each (task.Cluster), the
// leaderboard and comparisons of its ModelsReport.
func clusterModels(in *Input, fs *flag.FlagSet, f *cli.ClusterFlags, ci *cli.CIFlags, models *cli.ModelFlags, mem *budget.Size, outFmt report.Format,
	y task.Labels, external bool, preds []task.Labels, xs [][]float64, w []float64, name string) ([]byte, error) {
	f.Pred = modelNames(fs, f.Pred, "y_pred", len(preds))
	names := task.ModelNames(f.Pred)
	if len(names) != len(preds) {
		return nil, cli.Usagef("cluster: --pred names %d models, but %d were given", len(names), len(preds))
	}
	if len(xs) > 0 {
		return nil, cli.Usagef("cluster: several models (--pred m1,m2,…) get external indices only; drop --features")
	}
	if !external {
		return nil, cli.Usagef("cluster: several models need reference labels")
	}
	t, err := f.ModelsTask(names, models.Options(fs), mem.Budget())
	if err != nil {
		return nil, err
	}
	st, err := t.ReadModelsArrays(name, y, preds, w)
	if err != nil {
		return nil, err
	}
	ci.Paired = models.Compares()
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	t.CI = cli.CIPtr(cio, withCI)
	out, err := t.ModelsReport(st, name)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return in.emitPage(outFmt, out, func() *report.Doc { return report.Models(out, "Clustering of "+name) },
		func() *report.Doc { return report.ClusterModelsPage(out, name, f.Pred) })
}
