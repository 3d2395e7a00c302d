package evalbeam

import (
	"bytes"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
)

// final returns the encoding of the table numbered in order of first
// appearance, as clusterWriteFn builds it.
func final(t *testing.T, s *clusterState) []byte {
	var tab cluster.Contingency
	tab.MergeMapped(s.Tab, s.True.order(), s.Pred.order())
	b, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Units' states merged in any order, after a trip through the coder, give
// the table of the concatenated rows numbered by first appearance.
func TestClusterStateMergeOrder(t *testing.T) {
	units := [][][2]string{
		{{"b", "2"}, {"a", "1"}, {"b", "1"}},
		{{"c", "3"}, {"a", "2"}},
		{{"a", "9"}, {"d", "1"}, {"c", "3"}},
	}
	state := func(u int) *clusterState {
		st := &clusterState{Tab: new(cluster.Contingency)}
		base := uint64(u) << 32
		for _, r := range units[u] {
			p := st.Pred.id(r[1], base|uint64(len(st.Pred.Names)))
			tr := st.True.id(r[0], base|uint64(len(st.True.Names)))
			st.Tab.Add(tr, p, 1)
			st.Rows++
		}
		b, err := encodeClusterState(st)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeClusterState(b)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// The command line's table: labels numbered by first appearance in
	// the concatenation (true b a c d, predicted 2 1 3 9).
	var want cluster.Contingency
	ti := map[string]int{"b": 0, "a": 1, "c": 2, "d": 3}
	pi := map[string]int{"2": 0, "1": 1, "3": 2, "9": 3}
	for _, u := range units {
		for _, r := range u {
			want.Add(ti[r[0]], pi[r[1]], 1)
		}
	}
	wb, _ := want.MarshalBinary()
	var f clusterCombineFn
	for _, order := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		a := f.MergeAccumulators(state(order[0]), f.MergeAccumulators(state(order[1]), state(order[2])))
		if got := final(t, a); !bytes.Equal(got, wb) {
			t.Errorf("order %v: table %v, want %v", order, got, wb)
		}
		if a.Rows != 8 {
			t.Errorf("order %v: %d rows", order, a.Rows)
		}
	}
}
