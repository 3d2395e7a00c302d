package evalbeam

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// Cluster configures the external clustering indices: the columns and
// options of "evalkit cluster --true … --pred …" (no features), for one
// model or several (--pred m1,m2,…: a leaderboard, and with --compare the
// paired bootstrap of the command line over the joint table of each
// compared pair).
type Cluster struct {
	True, Weight string   // column names; Weight "" for none
	Preds        []string // the models' columns: one, or several
	Options      cluster.Options
	Models       board.Options      // several models only
	MaxMatrix    int                // the contingency table's limit, as [cluster.Report.AddContingency] takes it
	CI           *hyptest.CIOptions // --ci, or nil
	Name         string             // how errors about the whole input name it
	Output       string             // the JSON file written
	Slices       *Slicing           // if set, each slice as well as every row (--by)
}

// clusterState is the external state of some units: for each model the
// library's contingency table over label ids, and for each reference and
// predicted label the place where it first appears in the input, which
// numbers the labels as the command line does (first appearance in the
// concatenated input). Merging keeps the earliest place of each label, so
// merges in any order give the same final tables. Joints (one per
// compared pair) do the same for the cells of the pair's joint table,
// whose order the paired bootstrap's draws follow.
type clusterState struct {
	True   labelPlaces
	Preds  []labelPlaces
	Tabs   []*cluster.Contingency
	Joints []jointPlaces
	Rows   int64 // rows read, weight 0 included
}

func newClusterState(models, pairs int) *clusterState {
	s := &clusterState{Preds: make([]labelPlaces, models), Tabs: make([]*cluster.Contingency, models), Joints: make([]jointPlaces, pairs)}
	for j := range s.Tabs {
		s.Tabs[j] = new(cluster.Contingency)
	}
	return s
}

// jointPlaces are the cells of a joint table (reference class, cluster of
// model A, cluster of model B, over the state's label ids), each with its
// count and the place of its first row (as labelPlaces numbers them).
type jointPlaces struct {
	Pair   [2]int // the models A and B
	Cells  [][3]int32
	Count  []int64
	Places []uint64
	index  map[[3]int32]int
}

// add counts n rows in cell c, first seen at place p.
func (j *jointPlaces) add(c [3]int32, n int64, p uint64) {
	if j.index == nil {
		j.index = make(map[[3]int32]int, len(j.Cells))
		for i, c := range j.Cells {
			j.index[c] = i
		}
	}
	i, ok := j.index[c]
	if !ok {
		i = len(j.Cells)
		j.index[c] = i
		j.Cells = append(j.Cells, c)
		j.Count = append(j.Count, 0)
		j.Places = append(j.Places, p)
	} else if p < j.Places[i] {
		j.Places[i] = p
	}
	j.Count[i] += n
}

// merge adds o's cells, its ids renumbered by the maps.
func (j *jointPlaces) merge(o *jointPlaces, classes, a, b []int) {
	for i, c := range o.Cells {
		j.add([3]int32{int32(classes[c[0]]), int32(a[c[1]]), int32(b[c[2]])}, o.Count[i], o.Places[i])
	}
}

// joint returns the library's joint table: the cells in order of first
// appearance, their ids renumbered by the maps, as the command line builds
// it from its chunks.
func (j *jointPlaces) joint(classes, a, b []int) *cluster.Joint {
	perm := make([]int, len(j.Cells))
	for i := range perm {
		perm[i] = i
	}
	slices.SortFunc(perm, func(x, y int) int { return cmp.Compare(j.Places[x], j.Places[y]) })
	out := cluster.NewJoint()
	for _, i := range perm {
		c := j.Cells[i]
		out.Add(classes[c[0]], a[c[1]], b[c[2]], j.Count[i])
	}
	return out
}

// labelPlaces are labels with the place of their first appearance: the
// unit index in the high 32 bits, the label's first-seen rank within that
// unit in the low ones.
type labelPlaces struct {
	Names  []string
	Places []uint64
	index  map[string]int
}

// id returns the id of name, adding it with place p or lowering its place
// to p.
func (l *labelPlaces) id(name string, p uint64) int {
	if l.index == nil {
		l.index = make(map[string]int, len(l.Names))
		for i, n := range l.Names {
			l.index[n] = i
		}
	}
	i, ok := l.index[name]
	if !ok {
		i = len(l.Names)
		l.index[name] = i
		l.Names = append(l.Names, name)
		l.Places = append(l.Places, p)
	} else if p < l.Places[i] {
		l.Places[i] = p
	}
	return i
}

// merge adds the labels of m and returns the id in l of each of m's.
func (l *labelPlaces) merge(m *labelPlaces) []int {
	ids := make([]int, len(m.Names))
	for i, n := range m.Names {
		ids[i] = l.id(n, m.Places[i])
	}
	return ids
}

// order returns, for each label id, its number in order of place.
func (l *labelPlaces) order() []int {
	perm := make([]int, len(l.Names))
	for i := range perm {
		perm[i] = i
	}
	slices.SortFunc(perm, func(a, b int) int {
		switch {
		case l.Places[a] < l.Places[b]:
			return -1
		case l.Places[a] > l.Places[b]:
			return 1
		}
		return 0
	})
	rank := make([]int, len(perm))
	for k, i := range perm {
		rank[i] = k
	}
	return rank
}

// inOrder returns the names in order of place: the name of each number
// of order.
func (l *labelPlaces) inOrder() []string {
	names := make([]string, len(l.Names))
	for i, k := range l.order() {
		names[k] = l.Names[i]
	}
	return names
}

// clusterWire is clusterState on the wire.
type clusterWire struct {
	TrueNames  []string
	TruePlaces []uint64
	PredNames  [][]string
	PredPlaces [][]uint64
	Tabs       [][]byte
	Joints     []jointPlaces
	Rows       int64
}

func encodeClusterState(s *clusterState) ([]byte, error) {
	w := clusterWire{TrueNames: s.True.Names, TruePlaces: s.True.Places, Joints: s.Joints, Rows: s.Rows}
	for j, t := range s.Tabs {
		b, err := t.MarshalBinary()
		if err != nil {
			return nil, err
		}
		w.Tabs = append(w.Tabs, b)
		w.PredNames = append(w.PredNames, s.Preds[j].Names)
		w.PredPlaces = append(w.PredPlaces, s.Preds[j].Places)
	}
	return json.Marshal(w)
}

func decodeClusterState(b []byte) (*clusterState, error) {
	var w clusterWire
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, err
	}
	bad := len(w.TrueNames) != len(w.TruePlaces) || len(w.PredNames) != len(w.Tabs) || len(w.PredPlaces) != len(w.Tabs)
	for j := range w.PredNames {
		bad = bad || len(w.PredNames[j]) != len(w.PredPlaces[j])
	}
	for _, jt := range w.Joints {
		bad = bad || len(jt.Count) != len(jt.Cells) || len(jt.Places) != len(jt.Cells)
	}
	if bad {
		return nil, fmt.Errorf("%w: labels, places and cells differ in number", cluster.ErrBadEncoding)
	}
	s := newClusterState(len(w.Tabs), 0)
	s.True = labelPlaces{Names: w.TrueNames, Places: w.TruePlaces}
	s.Joints, s.Rows = w.Joints, w.Rows
	for j := range w.Tabs {
		s.Preds[j] = labelPlaces{Names: w.PredNames[j], Places: w.PredPlaces[j]}
		if err := s.Tabs[j].UnmarshalBinary(w.Tabs[j]); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func init() {
	stateType := reflect.TypeOf((*clusterState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeClusterState, decodeClusterState)
	register.DoFn2x2[context.Context, Unit, *clusterState, error](&clusterReadFn{})
	register.Combiner1[*clusterState](&clusterCombineFn{})
	register.DoFn2x1[context.Context, *clusterState, error](&clusterWriteFn{})
	register.DoFn4x1[context.Context, Unit, func(string, *clusterState), func(string, int64), error](&clusterSliceReadFn{})
	register.Emitter2[string, *clusterState]()
	register.DoFn2x2[string, *clusterState, sliceOut, error](&clusterSliceFn{})
	register.Iter2[string, *clusterState]()
	register.DoFn3x0[[]byte, func(*string, **clusterState) bool, func(string, *clusterState)](&clusterRestFn{})
}

// task returns the task of c.
func (c *Cluster) task() *task.Cluster {
	return &task.Cluster{True: c.True, Preds: c.Preds, Weight: c.Weight, Options: c.Options, Models: c.Models, MaxMatrix: c.MaxMatrix, CI: c.CI}
}

// Pipeline adds the external clustering indices of units to s: each unit
// is read into contingency tables, the tables are merged by a CombineFn,
// and the report is written to c.Output.
func (c *Cluster) Pipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		slicedPipeline(s, "cluster", units, c.Slices, &clusterSliceReadFn{C: *c}, &clusterCombineFn{}, &clusterRestFn{C: *c}, &clusterSliceFn{C: *c}, c.Name, c.Output)
		return
	}
	combineUnits(s, "cluster", units, &clusterReadFn{C: *c}, &clusterCombineFn{}, &clusterWriteFn{C: *c})
}

type clusterReadFn struct{ C Cluster }

// ProcessElement reads one unit into a state (task.Cluster's fold), with
// the command line's checks and positioned errors, and places its labels
// and joint cells at the unit.
func (f *clusterReadFn) ProcessElement(ctx context.Context, u Unit) (*clusterState, error) {
	t := f.C.task()
	unit, err := foldUnit(ctx, u, t)
	if err != nil {
		return nil, err
	}
	return placed(unit, t.Pairs(), uint64(u.Index)<<32), nil
}

// placed returns the state of one unit's task state, each label and joint
// cell placed at base (the unit) and its rank of first appearance in the
// unit.
func placed(unit *task.ClusterState, pairs [][2]int, base uint64) *clusterState {
	st := newClusterState(len(unit.Tabs), len(pairs))
	st.True = places(unit.True.Names(), base)
	for j := range unit.Tabs {
		st.Preds[j] = places(unit.Preds[j].Names(), base)
		st.Tabs[j] = &unit.Tabs[j]
	}
	for k, p := range pairs {
		jt, from := &st.Joints[k], unit.Joints[k]
		jt.Pair = p
		for i, c := range from.Cells {
			jt.add(c, from.Count[i], base|uint64(i))
		}
	}
	st.Rows = unit.Rows
	return st
}

// places returns names, in order of first appearance in a unit, placed at
// base and their rank.
func places(names []string, base uint64) labelPlaces {
	l := labelPlaces{Names: names, Places: make([]uint64, len(names))}
	for i := range names {
		l.Places[i] = base | uint64(i)
	}
	return l
}

// clusterCombineFn merges states; its accumulator holds the library's
// contingency table.
type clusterCombineFn struct{}

func (f *clusterCombineFn) MergeAccumulators(a, b *clusterState) *clusterState {
	tm := a.True.merge(&b.True)
	pm := make([][]int, len(a.Tabs))
	for j := range a.Tabs {
		pm[j] = a.Preds[j].merge(&b.Preds[j])
		a.Tabs[j].MergeMapped(b.Tabs[j], tm, pm[j])
	}
	for k := range a.Joints {
		p := a.Joints[k].Pair
		a.Joints[k].merge(&b.Joints[k], tm, pm[p[0]], pm[p[1]])
	}
	a.Rows += b.Rows
	return a
}

type clusterWriteFn struct{ C Cluster }

// ProcessElement numbers the labels in order of first appearance, builds
// the report from the merged tables as the command line does
// (task.Cluster), and writes it.
func (f *clusterWriteFn) ProcessElement(ctx context.Context, s *clusterState) error {
	out, err := f.C.result(s)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, out)
}

// result is the report of the merged state s.
func (c *Cluster) result(s *clusterState) (any, error) {
	if s.Rows == 0 {
		return nil, userError(noRows(c.Name))
	}
	t := c.task()
	tm := s.True.order()
	st := &task.ClusterState{True: labelSet(s.True.inOrder()), Preds: make([]*label.Set, len(s.Tabs)), Tabs: make([]cluster.Contingency, len(s.Tabs)), Rows: s.Rows}
	pm := make([][]int, len(s.Tabs))
	for j := range s.Tabs {
		pm[j] = s.Preds[j].order()
		st.Preds[j] = labelSet(s.Preds[j].inOrder())
		st.Tabs[j].MergeMapped(s.Tabs[j], tm, pm[j])
	}
	for _, jt := range s.Joints {
		p := jt.Pair
		st.Joints = append(st.Joints, jt.joint(tm, pm[p[0]], pm[p[1]]))
	}
	var out any
	var err error
	if len(s.Tabs) == 1 {
		if err = c.Options.Check(); err == nil {
			out, err = t.Report(st, c.Name)
		}
	} else {
		out, err = t.ModelsReport(st, c.Name)
	}
	var oe *result.OptionError
	switch {
	case errors.As(err, &oe):
		return nil, reportError(cli.OptionUsage(err))
	case err != nil:
		return nil, userError(err)
	}
	return out, nil
}

type clusterSliceReadFn struct{ C Cluster }

// ProcessElement reads one unit into a state of all its rows and one of
// each slice's (see eachSliceIn), placed at the unit as clusterReadFn's.
// A slice's labels and joint cells are placed by the row of the unit
// they first appear in (not their rank among the slice's rows), so that
// the merged states of several slices (the rest of the rows of another)
// number them in order of first appearance among all their rows.
func (f *clusterSliceReadFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *clusterState), count func(string, int64)) error {
	t := f.C.task()
	pairs := t.Pairs()
	base := uint64(u.Index) << 32
	return eachSliceIn(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int, in *task.SlicedInput, i int) error {
		st := t.New()
		if err := t.Fold(st, r, cols); err != nil {
			return err
		}
		if i < 0 {
			emit(key, placed(st, pairs, base))
			return nil
		}
		first, err := f.C.firstRows(in.Reopen(i), in.RowsOf(i), pairs)
		if err != nil {
			return err
		}
		emit(key, placedAt(st, pairs, base, first))
		return nil
	}, count)
}

// firstRows are, for some rows of a unit, the index in the unit of the
// first of them that each reference label, each model's predicted label,
// and each cell of each compared pair's joint table (its three labels
// joined by zero bytes) appears in.
type firstRows struct {
	True   map[string]int32
	Preds  []map[string]int32
	Joints []map[string]int32
}

// firstRows reads the rows r reads, at the indexes rows in the unit, for
// the first row of each label and joint cell of pairs.
func (c *Cluster) firstRows(r *table.Reader, rows []int32, pairs [][2]int) (*firstRows, error) {
	cols, err := table.Columns(r, append([]string{c.True}, c.Preds...)...)
	if err != nil {
		return nil, err
	}
	out := &firstRows{True: map[string]int32{}, Preds: make([]map[string]int32, len(c.Preds)), Joints: make([]map[string]int32, len(pairs))}
	for j := range out.Preds {
		out.Preds[j] = map[string]int32{}
	}
	for k := range out.Joints {
		out.Joints[k] = map[string]int32{}
	}
	first := func(m map[string]int32, name string, row int32) {
		if _, ok := m[name]; !ok {
			m[name] = row
		}
	}
	names := make([]string, len(c.Preds))
	for n := 0; r.Next(); n++ {
		row := rows[n]
		tb, err := r.Text(cols[0])
		if err != nil {
			return nil, err
		}
		tn := string(tb)
		first(out.True, tn, row)
		for j := range c.Preds {
			pb, err := r.Text(cols[1+j])
			if err != nil {
				return nil, err
			}
			names[j] = string(pb)
			first(out.Preds[j], names[j], row)
		}
		for k, p := range pairs {
			first(out.Joints[k], tn+"\x00"+names[p[0]]+"\x00"+names[p[1]], row)
		}
	}
	return out, r.Err()
}

// placedAt is placed, each label and joint cell placed at base and the
// index of its first row in the unit (first).
func placedAt(unit *task.ClusterState, pairs [][2]int, base uint64, first *firstRows) *clusterState {
	at := func(names []string, rows map[string]int32) labelPlaces {
		l := labelPlaces{Names: names, Places: make([]uint64, len(names))}
		for i, n := range names {
			l.Places[i] = base | uint64(rows[n])
		}
		return l
	}
	st := newClusterState(len(unit.Tabs), len(pairs))
	st.True = at(unit.True.Names(), first.True)
	preds := make([][]string, len(unit.Tabs))
	for j := range unit.Tabs {
		preds[j] = unit.Preds[j].Names()
		st.Preds[j] = at(preds[j], first.Preds[j])
		st.Tabs[j] = &unit.Tabs[j]
	}
	trues := st.True.Names
	for k, p := range pairs {
		jt, from := &st.Joints[k], unit.Joints[k]
		jt.Pair = p
		for i, c := range from.Cells {
			row := first.Joints[k][trues[c[0]]+"\x00"+preds[p[0]][c[1]]+"\x00"+preds[p[1]][c[2]]]
			jt.add(c, from.Count[i], base|uint64(row))
		}
	}
	st.Rows = unit.Rows
	return st
}

type clusterSliceFn struct{ C Cluster }

// ProcessElement gives the result of one key's merged state.
func (f *clusterSliceFn) ProcessElement(key string, s *clusterState) (sliceOut, error) {
	out, err := f.C.result(s)
	return sliceResult(key, out, err)
}

// labelSet returns the set of names, numbered in order.
func labelSet(names []string) *label.Set {
	s := label.NewSet(nil)
	for _, n := range names {
		s.ID([]byte(n))
	}
	return s
}

type clusterRestFn struct{ C Cluster }

// ProcessElement emits the state of the rest of the rows of each slice
// (emitRests).
func (f *clusterRestFn) ProcessElement(_ []byte, states func(*string, **clusterState) bool, emit func(string, *clusterState)) {
	emitRests[*clusterState](&clusterMerger{Models: len(f.C.Preds), Pairs: f.C.task().Pairs()}, states, emit)
}

// clusterMerger is clusterCombineFn with the empty state of some models
// and compared pairs.
type clusterMerger struct {
	Models int
	Pairs  [][2]int
}

func (m *clusterMerger) CreateAccumulator() *clusterState {
	s := newClusterState(m.Models, len(m.Pairs))
	for k, p := range m.Pairs {
		s.Joints[k].Pair = p
	}
	return s
}

func (m *clusterMerger) MergeAccumulators(a, b *clusterState) *clusterState {
	return new(clusterCombineFn).MergeAccumulators(a, b)
}
