package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{name: "cluster", summary: "clustering indices: external (--true/--pred) and internal (--features)", run: runCluster})
}

var errFeatureRange = errors.New("beyond ±1e150, where squared distances overflow")

// clusterFlags are the flags of "evalkit cluster" (and of "evalkit report
// --task cluster").
type clusterFlags struct {
	cli.ClusterFlags
	memory *budget.Size
	ci     cli.CIFlags
	format *string
	set    func() map[string]bool
	models cli.ModelFlags
}

func (f *clusterFlags) define(fs *flag.FlagSet) {
	f.ClusterFlags.Define(fs)
	f.memory = budget.Flag(fs)
	f.ci.Define(fs)
	f.format = formatFlag(fs)
	f.models.Define(fs, "adjusted_rand_index")
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
	if strings.Contains(f.Pred, ",") {
		out, err := clusterModelsFile(e, path, &f, f.models.Options(fs))
		if err != nil {
			return err
		}
		return emit(e, outFmt, out, func() *report.Doc { return report.Models(out, "Clustering of "+displayName(path)) })
	}
	if name := f.models.Used(fs); name != "" {
		return usagef("cluster: --%s needs several models (--pred m1,m2,…)", name)
	}
	out, err := clusterFile(e, path, &f)
	if err != nil {
		return err
	}
	return emit(e, outFmt, out, func() *report.Doc { return report.Cluster(out) })
}

// clusterFile checks the flags, reads the file and computes the report.
func clusterFile(e *env, path string, f *clusterFlags) (*cluster.Report, error) {
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	set := f.set()
	features, err := f.FeatureColumns()
	if err != nil {
		return nil, err
	}
	external := len(features) == 0 || set["true"]
	internal := len(features) > 0
	if internal && f.Weight != "" {
		return nil, usagef("cluster: --weight applies to external indices only; internal indices take no weights")
	}

	r, err := e.open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	tc, wc := -1, -1
	if external {
		if tc, err = r.Col(f.True); err != nil {
			return nil, err
		}
	}
	pc, err := r.Col(f.Pred)
	if err != nil {
		return nil, err
	}
	if f.Weight != "" {
		if wc, err = r.Col(f.Weight); err != nil {
			return nil, err
		}
	}
	fc := make([]int, len(features))
	for i, f := range features {
		if fc[i], err = r.Col(f); err != nil {
			return nil, err
		}
	}

	// Each chunk of rows is read into a state of its own, with its own label
	// numbering; the states are merged in chunk order, so the result is the
	// same for any number of cores.
	type chunkState struct {
		tset, pset *label.Set
		tab        cluster.Contingency
		x          []float64
		pred       []int
	}
	tset, pset := label.NewSet(nil), label.NewSet(nil)
	var tab cluster.Contingency
	var x []float64
	var pred []int
	bud := f.memory.Budget()
	opt.Internal.Budget = bud
	if _, withCI, err := f.ci.Options(); err == nil {
		opt.Internal.SilhouetteSE = withCI // the silhouette's interval: a second O(n²) pass
		opt.Internal.IndexSE = withCI      // Davies–Bouldin's and Calinski–Harabasz's: one more O(n·d) pass
	}
	acct := bud.Account("the cluster state (labels, contingency table and feature rows)", "or use fewer --features")
	if n := table.EstimateRows(r); internal && n > 0 && int64(n)*int64(len(fc)+1)*8 <= bud.Available() {
		// Room for every row at once: no growing and copying.
		x, pred = make([]float64, 0, n*len(fc)), make([]int, 0, n)
	}
	remap := func(local, global *label.Set) []int {
		m := make([]int, local.Len())
		for i, name := range local.Names() {
			m[i], _ = global.ID([]byte(name))
		}
		return m
	}
	order := &table.Ordered[*chunkState]{
		Fresh: func() *chunkState { return &chunkState{tset: label.NewSet(nil), pset: label.NewSet(nil)} },
		Merge: func(st *chunkState) {
			tm, pm := remap(st.tset, tset), remap(st.pset, pset)
			if external {
				tab.MergeMapped(&st.tab, tm, pm)
			}
			x = append(x, st.x...)
			for _, p := range st.pred {
				pred = append(pred, pm[p])
			}
		},
		Check: func() error {
			return acct.Set(tset.Bytes() + pset.Bytes() + tab.Bytes() + int64(cap(x))*8 + int64(cap(pred))*8)
		},
	}
	err = readChunks(e, r, order, func(st *chunkState, sub *table.Reader) error {
		for sub.Next() {
			pb, err := sub.Text(pc)
			if err != nil {
				return err
			}
			p, _ := st.pset.ID(pb)
			if external {
				tb, err := sub.Text(tc)
				if err != nil {
					return err
				}
				t, _ := st.tset.ID(tb)
				w, err := clusterWeight(sub, wc)
				if err != nil {
					return err
				}
				st.tab.Add(t, p, w)
			}
			if internal {
				for _, c := range fc {
					v, err := sub.Float(c)
					if err != nil {
						return err
					}
					if !(math.Abs(v) <= cluster.MaxFeature) {
						return sub.Errorf(c, table.BadValue(sub.Field(c), errFeatureRange))
					}
					st.x = append(st.x, v)
				}
				st.pred = append(st.pred, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	var tabp *cluster.Contingency
	if external {
		tabp = &tab
	}
	var in *cluster.InternalData
	if internal {
		names, perm := pset.Sorted()
		rank := make([]int, len(perm))
		for k, i := range perm {
			rank[i] = k
		}
		for i, p := range pred {
			pred[i] = rank[p]
		}
		in = &cluster.InternalData{X: x, Pred: pred, Names: names}
		opt.Features = features
	}
	out, err := cluster.NewReport(tabp, in, opt)
	if errors.Is(err, cluster.ErrEmpty) && external {
		return nil, fmt.Errorf("%s: every row has weight 0", r.Name())
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.Name(), err)
	}
	if external {
		out.AddContingency(&tab, tset.Names(), pset.Names(), f.ContingencyLimit())
	}
	if ci, ok, err := f.ci.Options(); err != nil {
		return nil, err
	} else if ok {
		if err := out.AddIntervals(tabp, opt, ci); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// clusterModelsFile reads the reference labels and several models' cluster
// labels into one contingency table per model and evaluates the models'
// external indices.
func clusterModelsFile(e *env, path string, f *clusterFlags, mo board.Options) (*board.Models, error) {
	names := modelNames(f.Pred)
	if f.Features != "" {
		return nil, usagef("cluster: several models (--pred m1,m2,…) get external indices only; drop --features")
	}
	if err := mo.Check("cluster", names); err != nil {
		return nil, cli.OptionUsage(err)
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
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
	tc, wc, pcs := cols[0], cols[1], cols[2:]
	m := len(names)
	// With --compare, a joint table of each compared pair (the paired
	// bootstrap's statistic).
	var pairs [][2]int
	if len(mo.Compare) > 0 {
		pairs = mo.Pairs(names)
	}
	type chunkState struct {
		tset   *label.Set
		psets  []*label.Set
		tabs   []cluster.Contingency
		joints []*cluster.Joint // one per pair
		ids    []int
	}
	fresh := func() *chunkState {
		st := &chunkState{tset: label.NewSet(nil), psets: make([]*label.Set, m), tabs: make([]cluster.Contingency, m), ids: make([]int, m)}
		for range pairs {
			st.joints = append(st.joints, cluster.NewJoint())
		}
		for j := range st.psets {
			st.psets[j] = label.NewSet(nil)
		}
		return st
	}
	all := fresh()
	acct := f.memory.Budget().Account("the cluster state of several models (labels and contingency tables)", "or check that --true and --pred name label columns")
	remap := func(local, global *label.Set) []int {
		out := make([]int, local.Len())
		for i, name := range local.Names() {
			out[i], _ = global.ID([]byte(name))
		}
		return out
	}
	order := &table.Ordered[*chunkState]{Fresh: fresh, Merge: func(st *chunkState) {
		tm := remap(st.tset, all.tset)
		pm := make([][]int, m)
		for j := range st.tabs {
			pm[j] = remap(st.psets[j], all.psets[j])
			all.tabs[j].MergeMapped(&st.tabs[j], tm, pm[j])
		}
		for k, p := range pairs {
			all.joints[k].Merge(st.joints[k], tm, pm[p[0]], pm[p[1]])
		}
	}, Check: func() error {
		held := all.tset.Bytes()
		for j := range all.tabs {
			held += all.psets[j].Bytes() + all.tabs[j].Bytes()
		}
		for _, jt := range all.joints {
			held += jt.Bytes()
		}
		return acct.Set(held)
	}}
	err = readChunks(e, r, order, func(st *chunkState, sub *table.Reader) error {
		for sub.Next() {
			tb, err := sub.Text(tc)
			if err != nil {
				return err
			}
			t, _ := st.tset.ID(tb)
			w, err := clusterWeight(sub, wc)
			if err != nil {
				return err
			}
			for j, pc := range pcs {
				pb, err := sub.Text(pc)
				if err != nil {
					return err
				}
				p, _ := st.psets[j].ID(pb)
				st.tabs[j].Add(t, p, w)
				st.ids[j] = p
			}
			for k, p := range pairs {
				st.joints[k].Add(t, st.ids[p[0]], st.ids[p[1]], w)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	tabs := make([]*cluster.Contingency, m)
	for j := range tabs {
		tabs[j] = &all.tabs[j]
	}
	ci, withCI, err := f.ci.Options()
	if err != nil {
		return nil, err
	}
	cip := cli.CIPtr(ci, withCI)
	joints := map[[2]int]*cluster.Joint{}
	for k, p := range pairs {
		joints[p] = all.joints[k]
	}
	out, err := cluster.NewModelsReport(tabs, names, opt, mo, cip, joints)
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, cli.OptionUsage(err)
		}
		if errors.Is(err, cluster.ErrEmpty) {
			return nil, fmt.Errorf("%s: every row has weight 0", r.Name())
		}
		return nil, fmt.Errorf("%s: %v", r.Name(), err)
	}
	for j, md := range out.Models {
		if rep, ok := md.Report.(*cluster.Report); ok {
			rep.AddContingency(tabs[j], all.tset.Names(), all.psets[j].Names(), f.ContingencyLimit())
		}
	}
	return out, nil
}

// clusterWeight reads a row's frequency weight from column wc (1 without a
// weight column); a weight that is not a whole number is a positioned error.
func clusterWeight(sub *table.Reader, wc int) (int64, error) {
	if wc < 0 {
		return 1, nil
	}
	v, err := sub.Weight(wc)
	if err != nil {
		return 0, err
	}
	w, err := cluster.Frequency(v)
	if err != nil {
		return 0, sub.Errorf(wc, table.BadValue(sub.Field(wc), err))
	}
	return w, nil
}
