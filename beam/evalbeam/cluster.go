package evalbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/table"
)

// Cluster configures the external clustering indices: the columns and
// options of "evalkit cluster --true … --pred …" (one model, no features).
type Cluster struct {
	True, Pred, Weight string // column names; Weight "" for none
	Options            cluster.ReportOptions
	MaxMatrix          int    // the contingency table's limit, as [cluster.Report.AddContingency] takes it
	Name               string // how errors about the whole input name it
	Output             string // the JSON file written
}

// clusterState is the external state of some units: the library's
// contingency table over label ids, and for each reference and predicted
// label the place where it first appears in the input, which numbers the
// labels as the command line does (first appearance in the concatenated
// input). Merging keeps the earliest place of each label, so merges in
// any order give the same final table.
type clusterState struct {
	True, Pred labelPlaces
	Tab        *cluster.Contingency
	Rows       int64 // rows read, weight 0 included
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
	TrueNames, PredNames   []string
	TruePlaces, PredPlaces []uint64
	Tab                    []byte
	Rows                   int64
}

func encodeClusterState(s *clusterState) ([]byte, error) {
	tab, err := s.Tab.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(clusterWire{s.True.Names, s.Pred.Names, s.True.Places, s.Pred.Places, tab, s.Rows})
}

func decodeClusterState(b []byte) (*clusterState, error) {
	var w clusterWire
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, err
	}
	if len(w.TrueNames) != len(w.TruePlaces) || len(w.PredNames) != len(w.PredPlaces) {
		return nil, fmt.Errorf("%w: labels and places differ in number", cluster.ErrBadEncoding)
	}
	s := &clusterState{True: labelPlaces{Names: w.TrueNames, Places: w.TruePlaces}, Pred: labelPlaces{Names: w.PredNames, Places: w.PredPlaces}, Tab: new(cluster.Contingency), Rows: w.Rows}
	return s, s.Tab.UnmarshalBinary(w.Tab)
}

func init() {
	stateType := reflect.TypeOf((*clusterState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeClusterState, decodeClusterState)
	register.DoFn2x2[context.Context, Unit, *clusterState, error](&clusterReadFn{})
	register.Combiner1[*clusterState](&clusterCombineFn{})
	register.DoFn2x1[context.Context, *clusterState, error](&clusterWriteFn{})
}

// Pipeline adds the external clustering indices of units to s: each unit
// is read into a contingency table, the tables are merged by a CombineFn,
// and the report is written to c.Output.
func (c *Cluster) Pipeline(s beam.Scope, units []Unit) {
	combineUnits(s, "cluster", units, &clusterReadFn{C: *c}, &clusterCombineFn{}, &clusterWriteFn{C: *c})
}

type clusterReadFn struct{ C Cluster }

// ProcessElement reads one unit into a state, with the command line's
// checks and positioned errors.
func (f *clusterReadFn) ProcessElement(ctx context.Context, u Unit) (*clusterState, error) {
	st := &clusterState{Tab: new(cluster.Contingency)}
	base := uint64(u.Index) << 32
	err := readUnit(ctx, u, []string{f.C.True, f.C.Pred, f.C.Weight}, func(r *table.Reader, cols []int) error {
		tc, pc, wc := cols[0], cols[1], cols[2]
		for r.Next() {
			pb, err := r.Text(pc)
			if err != nil {
				return err
			}
			p := st.Pred.id(string(pb), base|uint64(len(st.Pred.Names)))
			tb, err := r.Text(tc)
			if err != nil {
				return err
			}
			t := st.True.id(string(tb), base|uint64(len(st.True.Names)))
			w := int64(1)
			if wc >= 0 {
				v, err := r.Weight(wc)
				if err != nil {
					return err
				}
				if w, err = cluster.Frequency(v); err != nil {
					return r.Errorf(wc, table.BadValue(r.Field(wc), err))
				}
			}
			st.Tab.Add(t, p, w)
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
	a.Tab.MergeMapped(b.Tab, a.True.merge(&b.True), a.Pred.merge(&b.Pred))
	a.Rows += b.Rows
	return a
}

type clusterWriteFn struct{ C Cluster }

// ProcessElement numbers the labels in order of first appearance, builds
// the report from the merged table as the command line does, and writes
// it.
func (f *clusterWriteFn) ProcessElement(ctx context.Context, s *clusterState) error {
	if s.Rows == 0 {
		return userError(noRows(f.C.Name))
	}
	var tab cluster.Contingency
	tab.MergeMapped(s.Tab, s.True.order(), s.Pred.order())
	rep, err := cluster.NewReport(&tab, nil, f.C.Options)
	if errors.Is(err, cluster.ErrEmpty) {
		return userError(fmt.Errorf("%s: every row has weight 0", f.C.Name))
	}
	if err != nil {
		return userError(fmt.Errorf("%s: %v", f.C.Name, err))
	}
	rep.AddContingency(&tab, s.True.inOrder(), s.Pred.inOrder(), f.C.MaxMatrix)
	return writeJSON(ctx, f.C.Output, rep)
}
