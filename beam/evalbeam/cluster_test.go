package evalbeam

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
)

// final returns the encoding of the table numbered in order of first
// appearance, as clusterWriteFn builds it.
func final(t *testing.T, s *clusterState) []byte {
	var tab cluster.Contingency
	tab.MergeMapped(s.Tabs[0], s.True.order(), s.Preds[0].order())
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
		st := newClusterState(1, 0)
		base := uint64(u) << 32
		for _, r := range units[u] {
			p := st.Preds[0].id(r[1], base|uint64(len(st.Preds[0].Names)))
			tr := st.True.id(r[0], base|uint64(len(st.True.Names)))
			st.Tabs[0].Add(tr, p, 1)
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

// The joint table of two models, from units' states merged in any order
// after a trip through the coder, has the cells of the concatenated rows
// in order of first appearance, as the command line builds it.
func TestClusterJointMergeOrder(t *testing.T) {
	units := [][][3]string{
		{{"b", "2", "x"}, {"a", "1", "y"}, {"b", "2", "x"}},
		{{"c", "3", "x"}, {"a", "1", "y"}, {"b", "1", "z"}},
		{{"a", "9", "x"}, {"b", "2", "x"}, {"d", "1", "w"}},
	}
	state := func(u int) *clusterState {
		st := newClusterState(2, 1)
		st.Joints[0].Pair = [2]int{0, 1}
		base := uint64(u) << 32
		for _, r := range units[u] {
			tr := st.True.id(r[0], base|uint64(len(st.True.Names)))
			a := st.Preds[0].id(r[1], base|uint64(len(st.Preds[0].Names)))
			b := st.Preds[1].id(r[2], base|uint64(len(st.Preds[1].Names)))
			st.Tabs[0].Add(tr, a, 1)
			st.Tabs[1].Add(tr, b, 1)
			jt := &st.Joints[0]
			jt.add([3]int32{int32(tr), int32(a), int32(b)}, 1, base|uint64(len(jt.Cells)))
			st.Rows++
		}
		enc, err := encodeClusterState(st)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeClusterState(enc)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// The command line's joint table: labels and cells numbered by first
	// appearance in the concatenation.
	want := cluster.NewJoint()
	ids := [3]map[string]int{{}, {}, {}}
	for _, u := range units {
		for _, r := range u {
			var k [3]int
			for i, v := range r {
				if _, ok := ids[i][v]; !ok {
					ids[i][v] = len(ids[i])
				}
				k[i] = ids[i][v]
			}
			want.Add(k[0], k[1], k[2], 1)
		}
	}
	var f clusterCombineFn
	for _, order := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		a := f.MergeAccumulators(state(order[0]), f.MergeAccumulators(state(order[1]), state(order[2])))
		got := a.Joints[0].joint(a.True.order(), a.Preds[0].order(), a.Preds[1].order())
		if !reflect.DeepEqual(got.Cells, want.Cells) || !reflect.DeepEqual(got.Count, want.Count) {
			t.Errorf("order %v: joint cells %v %v, want %v %v", order, got.Cells, got.Count, want.Cells, want.Count)
		}
	}
}
