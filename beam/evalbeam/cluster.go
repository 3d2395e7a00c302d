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
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// Cluster configures the external clustering indices: the columns and
// options of "evalkit cluster --true … --pred …" (no features), for one
// model or several (--pred m1,m2,…: a leaderboard, and with --compare the
// paired bootstrap of the command line over the joint table of each
// compared pair).
type Cluster struct {
	True, Weight string   // column names; Weight "" for none
	Preds        []string // the models' columns: one, or several
	Options      cluster.ReportOptions
	Models       board.Options      // several models only
	MaxMatrix    int                // the contingency table's limit, as [cluster.Report.AddContingency] takes it
	CI           *hyptest.CIOptions // --ci, or nil
	Name         string             // how errors about the whole input name it
	Output       string             // the JSON file written
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
}

// pairs returns the compared pairs of models (none without --compare).
func (c *Cluster) pairs() [][2]int {
	if len(c.Preds) < 2 || len(c.Models.Compare) == 0 {
		return nil
	}
	return c.Models.Pairs(c.Preds)
}

// Pipeline adds the external clustering indices of units to s: each unit
// is read into contingency tables, the tables are merged by a CombineFn,
// and the report is written to c.Output.
func (c *Cluster) Pipeline(s beam.Scope, units []Unit) {
	combineUnits(s, "cluster", units, &clusterReadFn{C: *c}, &clusterCombineFn{}, &clusterWriteFn{C: *c})
}

type clusterReadFn struct{ C Cluster }

// ProcessElement reads one unit into a state, with the command line's
// checks and positioned errors, in its order: for one model the
// prediction, the reference and the weight; for several the reference,
// the weight and the predictions.
func (f *clusterReadFn) ProcessElement(ctx context.Context, u Unit) (*clusterState, error) {
	m := len(f.C.Preds)
	pairs := f.C.pairs()
	st := newClusterState(m, len(pairs))
	for k, p := range pairs {
		st.Joints[k].Pair = p
	}
	base := uint64(u.Index) << 32
	names := append([]string{f.C.True, f.C.Weight}, f.C.Preds...)
	if m == 1 {
		names = []string{f.C.True, f.C.Preds[0], f.C.Weight}
	}
	err := readUnit(ctx, u, names, func(r *table.Reader, cols []int) error {
		tc, wc, pcs := cols[0], cols[1], cols[2:]
		if m == 1 {
			wc, pcs = cols[2], cols[1:2]
		}
		ids := make([]int, m)
		text := func(l *labelPlaces, c int) (int, error) {
			b, err := r.Text(c)
			if err != nil {
				return 0, err
			}
			return l.id(string(b), base|uint64(len(l.Names))), nil
		}
		weight := func() (int64, error) {
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
		var err error
		for r.Next() {
			var t int
			var w int64
			if m == 1 {
				if ids[0], err = text(&st.Preds[0], pcs[0]); err != nil {
					return err
				}
			}
			if t, err = text(&st.True, tc); err != nil {
				return err
			}
			if w, err = weight(); err != nil {
				return err
			}
			if m > 1 {
				for j, pc := range pcs {
					if ids[j], err = text(&st.Preds[j], pc); err != nil {
						return err
					}
				}
			}
			for j, p := range ids {
				st.Tabs[j].Add(t, p, w)
			}
			for k, p := range pairs {
				jt := &st.Joints[k]
				jt.add([3]int32{int32(t), int32(ids[p[0]]), int32(ids[p[1]])}, w, base|uint64(len(jt.Cells)))
			}
			st.Rows++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return st, nil
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
// the report from the merged tables as the command line does, and writes
// it.
func (f *clusterWriteFn) ProcessElement(ctx context.Context, s *clusterState) error {
	if s.Rows == 0 {
		return userError(noRows(f.C.Name))
	}
	tm := s.True.order()
	tabs := make([]*cluster.Contingency, len(s.Tabs))
	pm := make([][]int, len(s.Tabs))
	for j := range tabs {
		pm[j] = s.Preds[j].order()
		tabs[j] = new(cluster.Contingency)
		tabs[j].MergeMapped(s.Tabs[j], tm, pm[j])
	}
	var out any
	var err error
	if len(tabs) == 1 {
		var rep *cluster.Report
		if rep, err = cluster.NewReport(tabs[0], nil, f.C.Options); err == nil {
			rep.AddContingency(tabs[0], s.True.inOrder(), s.Preds[0].inOrder(), f.C.MaxMatrix)
			if f.C.CI != nil {
				if err := rep.AddIntervals(tabs[0], f.C.Options, *f.C.CI); err != nil {
					return userError(err) // as the command line reports it
				}
			}
		}
		out = rep
	} else {
		joints := map[[2]int]*cluster.Joint{}
		for _, jt := range s.Joints {
			p := jt.Pair
			joints[p] = jt.joint(tm, pm[p[0]], pm[p[1]])
		}
		var ms *board.Models
		if ms, err = cluster.NewModelsReport(tabs, f.C.Preds, f.C.Options, f.C.Models, f.C.CI, joints); err == nil {
			for j, md := range ms.Models {
				if rep, ok := md.Report.(*cluster.Report); ok {
					rep.AddContingency(tabs[j], s.True.inOrder(), s.Preds[j].inOrder(), f.C.MaxMatrix)
				}
			}
		}
		out = ms
	}
	var oe *result.OptionError
	switch {
	case errors.As(err, &oe):
		return reportError(cli.OptionUsage(err))
	case errors.Is(err, cluster.ErrEmpty):
		return userError(fmt.Errorf("%s: every row has weight 0", f.C.Name))
	case err != nil:
		return userError(fmt.Errorf("%s: %v", f.C.Name, err))
	}
	return writeJSON(ctx, f.C.Output, out)
}
