package task

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// errFeatureRange is the error of a feature value too large for squared
// distances.
var errFeatureRange = errors.New("beyond ±1e150, where squared distances overflow")

// Cluster is the clustering indices of one model or of several. The
// external indices come from the contingency table of the reference
// classes (True) against each model's clusters (Preds); for one model, the
// internal indices come from the feature columns (Features) and its
// clusters.
type Cluster struct {
	// True names the reference labels: "" for none (internal indices
	// only).
	True string
	// Preds names the models' cluster labels: one, or several (external
	// indices only: a leaderboard, and with Models.Compare or
	// Models.ComparePrimary the paired bootstrap over the joint table of
	// each compared pair).
	Preds    []string
	Weight   string   // frequency weights of the external indices, "" for none
	Features []string // one model's feature columns, for the internal indices
	Options  cluster.Options
	Models   board.Options // several models
	// MaxMatrix is the contingency table's limit, as
	// [cluster.Report.AddContingency] takes it.
	MaxMatrix int
	CI        *hyptest.CIOptions // the intervals, or nil
	Budget    *budget.Budget
	// Rows, if > 0, is an estimate of the number of rows
	// ([table.EstimateRows]): Read reserves room for the feature rows at
	// once when that fits the budget.
	Rows int
}

// ClusterState is the state of a chunk of rows, or of the whole input:
// the labels, numbered in order of first appearance, a contingency table
// per model over those numbers, a joint table per compared pair, and for
// the internal indices every row's features and cluster.
type ClusterState struct {
	True   *label.Set
	Preds  []*label.Set // one per model
	Tabs   []cluster.Contingency
	Joints []*cluster.Joint // one per pair of [Cluster.Pairs]
	X      []float64        // the features of each row, row after row
	Pred   []int            // each row's cluster (internal indices)
	// Lines are each row's [table.Reader.Line], kept for a precomputed
	// distance matrix (cluster.Precomputed), whose diagonal is checked
	// once every row is in.
	Lines []int
	Rows  int64 // rows read, weight 0 included
	ids   []int
	// first, when not nil, holds the line each label first occurs on:
	// first[0] the reference labels', first[1 + j] model j's (a slice's
	// state, merged into the state of every row in [Cluster.ReadSliced]).
	first [][]int
}

// external reports whether the reference labels are read.
func (c *Cluster) external() bool { return c.True != "" }

// internal reports whether the features are read.
func (c *Cluster) internal() bool { return len(c.Features) > 0 }

// Pairs returns the compared pairs of models (none for one model or
// without a measure compared: [cluster.ModelsOptions]), in the order of
// the state's Joints.
func (c *Cluster) Pairs() [][2]int {
	if len(c.Preds) < 2 || len(cluster.ModelsOptions(c.Models).Compare) == 0 {
		return nil
	}
	return c.Models.Pairs(c.Preds)
}

// Columns returns, for one model, the reference, cluster and weight
// columns and then the features; for several, the reference and weight
// columns and then the models'.
func (c *Cluster) Columns() []string {
	if len(c.Preds) == 1 {
		return append([]string{c.True, c.Preds[0], c.Weight}, c.Features...)
	}
	return append([]string{c.True, c.Weight}, c.Preds...)
}

// New returns an empty state.
func (c *Cluster) New() *ClusterState {
	m := len(c.Preds)
	st := &ClusterState{True: label.NewSet(nil), Preds: make([]*label.Set, m), Tabs: make([]cluster.Contingency, m), ids: make([]int, m)}
	for range c.Pairs() {
		st.Joints = append(st.Joints, cluster.NewJoint())
	}
	for j := range st.Preds {
		st.Preds[j] = label.NewSet(nil)
	}
	return st
}

// Fold adds the rows of r to st; cols are the indexes of
// [Cluster.Columns]. For one model a row's cells are read in the order
// cluster, reference, weight, features; for several, reference, weight,
// clusters. A weight that is not a whole number, or a feature beyond
// ±[cluster.MaxFeature], is a positioned error.
func (c *Cluster) Fold(st *ClusterState, r *table.Reader, cols []int) error {
	return c.fold(st, r, cols, nil)
}

// fold is Fold, adding each row to its slices' states in sc too (nil:
// none).
func (c *Cluster) fold(st *ClusterState, r *table.Reader, cols []int, sc *sliceChunk[*ClusterState]) error {
	for r.Next() {
		if err := c.addRow(st, r, cols); err != nil {
			return err
		}
		if sc != nil {
			for _, s := range sc.row(r) {
				if err := c.addRow(s, r, cols); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// addRow adds r's current row to st.
func (c *Cluster) addRow(st *ClusterState, r *table.Reader, cols []int) error {
	if len(c.Preds) == 1 {
		return c.addOne(st, r, cols)
	}
	tc, wc, pcs := cols[0], cols[1], cols[2:]
	pairs := c.Pairs()
	{
		tb, err := r.Text(tc)
		if err != nil {
			return err
		}
		t, _ := st.True.ID(tb)
		w, err := clusterWeight(r, wc)
		if err != nil {
			return err
		}
		for j, pc := range pcs {
			pb, err := r.Text(pc)
			if err != nil {
				return err
			}
			p, _ := st.Preds[j].ID(pb)
			st.Tabs[j].Add(t, p, w)
			st.ids[j] = p
		}
		for k, p := range pairs {
			st.Joints[k].Add(t, st.ids[p[0]], st.ids[p[1]], w)
		}
		st.Rows++
	}
	return nil
}

// addOne is addRow for one model.
func (c *Cluster) addOne(st *ClusterState, r *table.Reader, cols []int) error {
	tc, pc, wc, fc := cols[0], cols[1], cols[2], cols[3:]
	external, internal := c.external(), c.internal()
	precomputed := c.Options.Internal.Metric == cluster.Precomputed
	{
		pb, err := r.Text(pc)
		if err != nil {
			return err
		}
		p, _ := st.Preds[0].ID(pb)
		if st.first != nil && p == len(st.first[1]) {
			st.first[1] = append(st.first[1], r.Line())
		}
		if external {
			tb, err := r.Text(tc)
			if err != nil {
				return err
			}
			t, _ := st.True.ID(tb)
			if st.first != nil && t == len(st.first[0]) {
				st.first[0] = append(st.first[0], r.Line())
			}
			w, err := clusterWeight(r, wc)
			if err != nil {
				return err
			}
			st.Tabs[0].Add(t, p, w)
		}
		if internal {
			for _, c := range fc {
				v, err := r.Float(c)
				if err != nil {
					return err
				}
				if !(math.Abs(v) <= cluster.MaxFeature) {
					return r.Errorf(c, table.BadValue(r.Field(c), errFeatureRange))
				}
				if precomputed && !(v >= 0) {
					return r.Errorf(c, table.BadValue(r.Field(c), errNegativeDistance))
				}
				st.X = append(st.X, v)
			}
			st.Pred = append(st.Pred, p)
			if precomputed {
				st.Lines = append(st.Lines, r.Line())
			}
		}
		st.Rows++
	}
	return nil
}

// Read folds the rows of r, on every core, into one state. Each chunk of
// rows is read into a state of its own, with its own label numbering; the
// states are merged in chunk order, so the labels are numbered in order
// of first appearance in the input and the result is the same for any
// number of cores. The merged state is charged to Budget.
func (c *Cluster) Read(r *table.Reader) (*ClusterState, error) {
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	all := c.New()
	acct := c.account()
	if n, d := c.Rows, len(c.Features); c.internal() && n > 0 && int64(n)*int64(d+1)*8 <= c.Budget.Available() {
		// Room for every row at once: no growing and copying.
		all.X, all.Pred = make([]float64, 0, n*d), make([]int, 0, n)
	}
	order := &table.Ordered[*ClusterState]{Fresh: c.New, Merge: func(st *ClusterState) { c.merge(all, st) },
		Check: func() error { return acct.Set(all.bytes()) }}
	err = table.Fold(r, order, func(st *ClusterState, sub *table.Reader) error { return c.Fold(st, sub, cols) })
	if err != nil {
		return nil, err
	}
	return all, c.checkMatrix(all, r)
}

// errNegativeDistance is the problem of a negative entry of a
// precomputed distance matrix.
var errNegativeDistance = errors.New("a precomputed distance must be ≥ 0")

// checkMatrix checks, for a precomputed distance matrix (metric
// cluster.Precomputed), that st has as many rows as feature columns and
// that row i's entry in feature column i is 0 (within
// cluster.DiagonalTolerance, as scikit-learn checks): a positioned error
// wrapping cluster.ErrDiagonal names the first row that is not, in its
// column; a matrix that is not square is an error wrapping
// cluster.ErrDimension naming the input.
func (c *Cluster) checkMatrix(st *ClusterState, r *table.Reader) error {
	if !c.internal() || c.Options.Internal.Metric != cluster.Precomputed {
		return nil
	}
	n := len(c.Features)
	if len(st.Pred) != n {
		return fmt.Errorf("%s: %w: %d rows and %d task.Cluster.Features: a precomputed distance matrix has one feature column a row (cluster.InternalOptions.Metric precomputed)", r.Name(), cluster.ErrDimension, len(st.Pred), n)
	}
	for i := range n {
		if v := st.X[i*n+i]; v > cluster.DiagonalTolerance {
			return r.ErrorAt(st.Lines[i], c.Features[i], fmt.Errorf("%w: row %d's distance to itself is %v, not 0 (scikit-learn's tolerance is %.3g)", cluster.ErrDiagonal, i+1, v, cluster.DiagonalTolerance))
		}
	}
	return nil
}

// ReadSliced reads the rows of r once, on every core, into the state of
// every row and the state of each slice of s ([Sliced]): Read's state,
// and each slice's that of a file holding only its rows. Its errors are
// Read's, a slicing column r lacks (before the task's columns), the
// budget's (charged with the slices' states, as the slices of
// task.Slices.By) and ErrTooManySlices.
func (c *Cluster) ReadSliced(r *table.Reader, s *Slices) (*Sliced[*ClusterState], error) {
	f, err := newSliceFold[*ClusterState, *ClusterState](s, r)
	if err != nil {
		return nil, err
	}
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	f.newChunk, f.newGlobal = c.New, c.New
	f.merge = func(g, st *ClusterState) { c.merge(g, st) }
	f.bytes = (*ClusterState).bytes
	all := c.New()
	acct := c.account()
	if n, d := c.Rows, len(c.Features); c.internal() && n > 0 && int64(n)*int64(d+1)*8 <= c.Budget.Available() {
		all.X, all.Pred = make([]float64, 0, n*d), make([]int, 0, n)
	}
	// One model's contingency table of every row is the merge of the
	// first slicing's (which partition the rows; counts merge exactly),
	// its labels numbered by the line each first occurs on: each row is
	// added to its slices' states only. The features are kept in input
	// order, row by row, in the state of every row.
	merged := len(c.Preds) == 1 && !c.internal()
	if merged {
		f.newChunk = func() *ClusterState {
			st := c.New()
			st.first = make([][]int, 1+len(st.Preds))
			return st
		}
		f.newGlobal = f.newChunk
	}
	in, states, err := foldSliced(r, f, all, acct, func(st *ClusterState, sub *table.Reader, sc *sliceChunk[*ClusterState]) error {
		if merged {
			return c.foldSlices(sub, cols, sc)
		}
		return c.fold(st, sub, cols, sc)
	})
	if err != nil {
		return nil, err
	}
	if merged {
		var first []*ClusterState
		for i, st := range states {
			if in.Slices[i].Slicing == 0 {
				first = append(first, st)
			}
		}
		c.mergeFirst(all, first)
		if err := acct.Set(all.bytes()); err != nil {
			return nil, err
		}
	}
	if err := c.checkMatrix(all, r); err != nil {
		return nil, err
	}
	return &Sliced[*ClusterState]{In: in, All: all, States: states}, nil
}

// foldSlices adds the rows of r to their slices' states in sc only.
func (c *Cluster) foldSlices(r *table.Reader, cols []int, sc *sliceChunk[*ClusterState]) error {
	for r.Next() {
		for _, s := range sc.row(r) {
			if err := c.addRow(s, r, cols); err != nil {
				return err
			}
		}
	}
	return nil
}

// mergeFirst merges into all, empty, the states of slices that partition
// the rows, whose labels carry the line they first occur on: all's labels
// are numbered in order of first occurrence, as a read in input order
// numbers them.
func (c *Cluster) mergeFirst(all *ClusterState, states []*ClusterState) {
	sets := func(st *ClusterState) []*label.Set { return append([]*label.Set{st.True}, st.Preds...) }
	for k, set := range sets(all) {
		line := map[string]int{}
		for _, st := range states {
			for i, name := range sets(st)[k].Names() {
				if l, ok := line[name]; !ok || st.first[k][i] < l {
					line[name] = st.first[k][i]
				}
			}
		}
		names := make([]string, 0, len(line))
		for name := range line {
			names = append(names, name)
		}
		slices.SortFunc(names, func(a, b string) int { return line[a] - line[b] })
		for _, name := range names {
			set.ID([]byte(name))
		}
	}
	for _, st := range states {
		c.merge(all, st)
	}
}

// merge adds st, the state of the next chunk, to all.
func (c *Cluster) merge(all, st *ClusterState) {
	if all.first != nil {
		// A label new to all first occurs where it does in st, the
		// first of all's chunks to hold it.
		for k, set := range append([]*label.Set{st.True}, st.Preds...) {
			g := all.True
			if k > 0 {
				g = all.Preds[k-1]
			}
			for i, name := range set.Names() {
				if id, _ := g.ID([]byte(name)); id == len(all.first[k]) {
					all.first[k] = append(all.first[k], st.first[k][i])
				}
			}
		}
	}
	tm := remap(st.True, all.True)
	pm := make([][]int, len(st.Tabs))
	for j := range st.Tabs {
		pm[j] = remap(st.Preds[j], all.Preds[j])
		if c.external() {
			all.Tabs[j].MergeMapped(&st.Tabs[j], tm, pm[j])
		}
	}
	for k, p := range c.Pairs() {
		all.Joints[k].Merge(st.Joints[k], tm, pm[p[0]], pm[p[1]])
	}
	all.X = append(all.X, st.X...)
	all.Lines = append(all.Lines, st.Lines...)
	for _, p := range st.Pred {
		all.Pred = append(all.Pred, pm[0][p])
	}
	all.Rows += st.Rows
}

// remap returns the id in global of each label of local, adding those it
// lacks.
func remap(local, global *label.Set) []int {
	m := make([]int, local.Len())
	for i, name := range local.Names() {
		m[i], _ = global.ID([]byte(name))
	}
	return m
}

// bytes returns the memory the state holds.
func (st *ClusterState) bytes() int64 {
	held := st.True.Bytes()
	for j := range st.Tabs {
		held += st.Preds[j].Bytes() + st.Tabs[j].Bytes()
	}
	for _, jt := range st.Joints {
		held += jt.Bytes()
	}
	return held + int64(cap(st.X))*8 + int64(cap(st.Pred))*8 + int64(cap(st.Lines))*8
}

// Report returns the report of one model from the merged state st of the
// input called name: its external indices with the contingency table,
// its internal indices, and with CI their intervals. It renumbers st.Pred
// in the sorted order of the clusters' names. An input whose every row has
// weight 0, and any error of [cluster.NewReport], name the input.
func (c *Cluster) Report(st *ClusterState, name string) (*cluster.Report, error) {
	cmp := c.compare(st)
	opt := c.Options
	var tab *cluster.Contingency
	if c.external() {
		tab = &st.Tabs[0]
	}
	var in *cluster.InternalData
	if c.internal() {
		names, perm := st.Preds[0].Sorted()
		rank := make([]int, len(perm))
		for k, i := range perm {
			rank[i] = k
		}
		for i, p := range st.Pred {
			st.Pred[i] = rank[p]
		}
		in = &cluster.InternalData{X: st.X, Pred: st.Pred, Names: names}
		opt.Features = c.Features
	}
	out, err := cluster.NewReport(tab, in, opt)
	if errors.Is(err, cluster.ErrEmpty) && c.external() {
		return nil, fmt.Errorf("%s: every row has weight 0", name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	out.LabelComparison = cmp.String()
	if c.external() {
		out.AddContingency(tab, st.True.Names(), st.Preds[0].Names(), c.MaxMatrix)
	}
	if c.CI != nil {
		if err := out.AddIntervals(tab, opt, *c.CI); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ModelsReport returns the leaderboard and comparisons of several models
// from the merged state st of the input called name, each model's report
// with its contingency table. A *result.OptionError is returned as is;
// other errors name the input.
func (c *Cluster) ModelsReport(st *ClusterState, name string) (*board.Models, error) {
	cmp := c.compare(st)
	tabs := make([]*cluster.Contingency, len(st.Tabs))
	for j := range tabs {
		tabs[j] = &st.Tabs[j]
	}
	joints := map[[2]int]*cluster.Joint{}
	for k, p := range c.Pairs() {
		joints[p] = st.Joints[k]
	}
	out, err := cluster.NewModelsReport(tabs, c.Preds, c.Options, c.Models, c.CI, joints)
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, err
		}
		if errors.Is(err, cluster.ErrEmpty) {
			return nil, fmt.Errorf("%s: every row has weight 0", name)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	out.LabelComparison = cmp.String()
	for j, md := range out.Models {
		if rep, ok := md.Report.(*cluster.Report); ok {
			rep.AddContingency(tabs[j], st.True.Names(), st.Preds[j].Names(), c.MaxMatrix)
		}
	}
	return out, nil
}

// compare returns how the labels of st, reference and every model's
// clusters together, compare ([label.ComparisonOf]). Under
// [label.Numbers] it first makes the labels of one value one label
// spelled the canonical way ([label.Set.Classes]: the clusters "1" and
// "1.0" are the cluster "1"), merging their cells of the contingency
// and joint tables and renumbering each row's cluster. It is idempotent.
func (c *Cluster) compare(st *ClusterState) label.Comparison {
	cmp := label.ComparisonOf(append([]*label.Set{st.True}, st.Preds...)...)
	if cmp != label.Numbers {
		return cmp
	}
	tset, tm, tok := canonical(st.True)
	psets := make([]*label.Set, len(st.Preds))
	pms := make([][]int, len(st.Preds))
	same := tok
	for j, s := range st.Preds {
		var ok bool
		psets[j], pms[j], ok = canonical(s)
		same = same && ok
	}
	if same {
		return cmp
	}
	for j := range st.Tabs {
		var tab cluster.Contingency
		tab.MergeMapped(&st.Tabs[j], tm, pms[j])
		st.Tabs[j] = tab
	}
	for k, p := range c.Pairs() {
		a, b, jt := p[0], p[1], st.Joints[k]
		merged := cluster.NewJoint()
		merged.Merge(jt, tm, pms[a], pms[b])
		st.Joints[k] = merged
	}
	if len(pms) > 0 {
		for i, p := range st.Pred {
			st.Pred[i] = pms[0][p]
		}
	}
	st.True, st.Preds = tset, psets
	return cmp
}

// canonical returns the set of the classes of the labels of s, all
// numbers ([label.Set.Classes] under label.Numbers), numbered in order
// of the first appearance of a label of each, and each label's class;
// ok when that is s itself (every label spelled the canonical way, no
// two of one value).
func canonical(s *label.Set) (out *label.Set, class []int, ok bool) {
	names, byValue := s.Classes(label.Numbers)
	out = label.NewSet(nil)
	class = make([]int, s.Len())
	ok = true
	for i, n := range s.Names() {
		class[i], _ = out.ID([]byte(names[byValue[i]]))
		ok = ok && class[i] == i && n == names[byValue[i]]
	}
	return out, class, ok
}

// clusterWeight reads a row's frequency weight from column wc (1 without a
// weight column); a weight that is not a whole number is a positioned error.
func clusterWeight(r *table.Reader, wc int) (int64, error) {
	if wc < 0 {
		return 1, nil
	}
	v, err := r.Weight(wc)
	if err != nil {
		return 0, err
	}
	w, err := cluster.Frequency(v)
	if err != nil {
		return 0, r.Errorf(wc, table.BadValue(r.Field(wc), err))
	}
	return w, nil
}

// account is the budget's account of c's state: one model's (labels,
// contingency table and feature rows) or several models'.
func (c *Cluster) account() *budget.Account {
	if len(c.Preds) == 1 {
		return c.Budget.Account("the cluster state (labels, contingency table and feature rows)", "or use fewer task.Cluster.Features")
	}
	return c.Budget.Account("the cluster state of several models (labels and contingency tables)", "or check that task.Cluster.True and task.Cluster.Preds name label columns")
}
