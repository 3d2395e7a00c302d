package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{name: "cluster", summary: "clustering indices: external (--true/--pred) and internal (--features)", run: runCluster})
}

// clusterFlags are the flags of "evalkit cluster" (and of "evalkit report
// --task cluster").
type clusterFlags struct {
	cli.ClusterFlags
	memory *budget.Size
	ci     cli.CIFlags
	gates  cli.GateFlags
	format *string
	set    func() map[string]bool
	models cli.ModelFlags
	slices cli.SliceFlags
}

func (f *clusterFlags) define(fs *flag.FlagSet) {
	f.ClusterFlags.Define(fs)
	f.memory = cli.MemoryFlag(fs)
	f.ci.Define(fs)
	f.gates.Define(fs)
	f.format = formatFlag(fs)
	f.models.DefineComparing(fs, "adjusted_rand_index")
	f.slices.Define(fs)
	f.set = func() map[string]bool {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		return set
	}
}

func runCluster(e *env, args []string) error {
	fs := flag.NewFlagSet("cluster", flag.ContinueOnError)
	var f clusterFlags
	f.define(fs)
	path, outFmt, err := fileTask(e, fs, args, f.format)
	if err != nil {
		return err
	}
	if sl, err := f.slices.Options(f.memory); err != nil || sl != nil {
		if err != nil {
			return err
		}
		ci, withCI, err := f.ci.Options()
		if err != nil {
			return err
		}
		cmp, err := sliceCompare("cluster", withCI, ci.Level, f.models.Adjust)
		if err != nil {
			return err
		}
		job := sliceJob{cmd: "cluster", args: args, path: path, format: outFmt, memory: f.memory, slices: sl,
			cols: sliceColumns(f.True, f.Pred, f.Weight, f.Features), drop: oneModelDrops(strings.Contains(f.Pred, ",")),
			compare: cmp, primary: f.models.Primary, primaries: []string{"adjusted_rand_index", "silhouette"}}
		if !strings.Contains(f.Pred, ",") && f.models.Used(fs) == "" {
			// One model: one pass, a state per slice (each slice's
			// contingency table, and its rows' features).
			job.onePass = func(r *table.Reader, sl *task.Slices) (*slicedRun, error) {
				t, ciErr, err := clusterTask(&f)
				if err != nil {
					return nil, err
				}
				t.Budget, t.Rows = sl.Budget, table.EstimateRows(r)
				t.Options.Internal.Budget = sl.Budget
				st, err := t.ReadSliced(r, sl)
				if err != nil {
					return nil, err
				}
				out, err := clusterReport(t, st.All, r.Name(), ciErr)
				if err != nil {
					return nil, err
				}
				run := &slicedRun{in: st.In, overall: out, doc: func() *report.Doc { return report.Cluster(out) }}
				sliceResults(run, st.States, func(_ int, s *task.ClusterState) (any, error) {
					return clusterReport(t, s, r.Name(), ciErr)
				})
				return run, nil
			}
		}
		return runSliced(e, job)
	}
	if strings.Contains(f.Pred, ",") {
		out, err := clusterModelsFile(e, path, &f, f.models.Options(fs))
		if err != nil {
			return err
		}
		return emit(e, outFmt, out, func() *report.Doc { return report.Models(out, "Clustering of "+displayName(path)) })
	}
	if err := f.models.OneModel(fs, "cluster", "--pred m1,m2,…"); err != nil {
		return err
	}
	out, err := clusterFile(e, path, &f)
	if err != nil {
		return err
	}
	return emit(e, outFmt, out, func() *report.Doc { return report.Cluster(out) })
}

// clusterFile checks the flags, reads the file (task.Cluster) and
// computes the report.
func clusterFile(e *env, path string, f *clusterFlags) (*cluster.Report, error) {
	t, ciErr, err := clusterTask(f)
	if err != nil {
		return nil, err
	}
	st, name, err := readCluster(e, path, t)
	if err != nil {
		return nil, err
	}
	return clusterReport(t, st, name, ciErr)
}

// clusterReport is the report of st, read by t from the input name; a
// bad --ci (ciErr) is reported after the input is read, as it always was.
func clusterReport(t *task.Cluster, st *task.ClusterState, name string, ciErr error) (*cluster.Report, error) {
	out, err := t.Report(st, name)
	if err != nil {
		return nil, err
	}
	if ciErr != nil {
		return nil, ciErr
	}
	return out, nil
}

// clusterTask is the task of one model of the flags, and the error of a
// bad --ci, which clusterReport reports.
func clusterTask(f *clusterFlags) (*task.Cluster, error, error) {
	opt, err := f.Options()
	if err != nil {
		return nil, nil, err
	}
	set := f.set()
	features, err := f.FeatureColumns()
	if err != nil {
		return nil, nil, err
	}
	external := len(features) == 0 || set["true"]
	internal := len(features) > 0
	if internal && f.Weight != "" {
		return nil, nil, usagef("cluster: --weight applies to external indices only; internal indices take no weights")
	}
	bud := f.memory.Budget()
	opt.Internal.Budget = bud
	// A bad --ci is reported after the input is read, as it always was.
	ci, withCI, ciErr := f.ci.Options()
	if ciErr == nil {
		ciErr = cli.ChargeFlags(f.memory, f.ci.FlagSizes("cluster", withCI)...)
	}
	if ciErr == nil {
		opt.Internal.SilhouetteSE = withCI // the silhouette's interval: a second O(n²) pass
		opt.Internal.IndexSE = withCI      // Davies–Bouldin's and Calinski–Harabasz's: one more O(n·d) pass
	}
	t := task.Cluster{Preds: []string{f.Pred}, Weight: f.Weight, Features: features, Options: opt,
		MaxMatrix: f.ContingencyLimit(), Budget: bud}
	if external {
		t.True = f.True
	}
	if ciErr == nil {
		t.CI = cli.CIPtr(ci, withCI)
	}
	return &t, ciErr, nil
}

// readCluster opens path and reads it with t (task.Cluster.Read), with a
// progress line; it returns the input's name too.
func readCluster(e *env, path string, t *task.Cluster) (*task.ClusterState, string, error) {
	r, err := e.open(path)
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	t.Rows = table.EstimateRows(r)
	defer progress(e, r)()
	st, err := t.Read(r)
	return st, r.Name(), err
}

// clusterModelsFile reads the reference labels and several models' cluster
// labels into one contingency table per model (task.Cluster) and evaluates
// the models' external indices.
func clusterModelsFile(e *env, path string, f *clusterFlags, mo board.Options) (*board.Models, error) {
	t, err := f.ModelsTask(task.ModelNames(f.Pred), mo, f.memory.Budget())
	if err != nil {
		return nil, err
	}
	st, name, err := readCluster(e, path, t)
	if err != nil {
		return nil, err
	}
	f.ci.Paired = f.models.Compares()
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	if err := cli.ChargeFlags(f.memory, f.ci.FlagSizes("cluster", withCI)...); err != nil {
		return nil, err
	}
	t.CI = cli.CIPtr(ci, withCI)
	out, err := t.ModelsReport(st, name)
	if err != nil {
		return nil, cli.OptionUsage(err)
	}
	return out, nil
}
