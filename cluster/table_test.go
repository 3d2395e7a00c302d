package cluster_test

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
)

// AddContingency gives the table in label order (numeric labels by value),
// in full up to the limit and as the same counts in non-zero cells past it.
// The counts of small.csv (cmd/evalkit/testdata/cli) are scikit-learn
// 1.2.1's contingency_matrix(y_true, y_pred): [[0 0 1] [2 0 0] [1 2 0]]
// for classes bird, cat, dog and clusters x, y, z.
func TestAddContingency(t *testing.T) {
	classes := []string{"cat", "dog", "bird"} // first-seen order, as read
	clusters := []string{"x", "y", "z"}
	rows := [][2]int{{0, 0}, {0, 0}, {1, 1}, {1, 1}, {1, 0}, {2, 2}}
	var tab cluster.Contingency
	for _, r := range rows {
		tab.Add(r[0], r[1], 1)
	}
	rep, err := cluster.NewReport(&tab, nil, cluster.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	rep.AddContingency(&tab, classes, clusters, 0)
	want := &cluster.ContingencyTable{Classes: []string{"bird", "cat", "dog"}, Clusters: clusters,
		Matrix: [][]int64{{0, 0, 1}, {2, 0, 0}, {1, 2, 0}}}
	if got := rep.Contingency; !reflect.DeepEqual(got, want) {
		t.Errorf("contingency %+v, want %+v", got, want)
	}

	// Random tables: numeric labels sort by value; the cells past the
	// limit are the matrix's non-zero entries in row-major order.
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		k, c := 1+r.IntN(12), 1+r.IntN(12)
		var names, cnames []string
		for i := 0; i < k; i++ {
			names = append(names, strconv.Itoa(r.IntN(1000)*100+i))
		}
		for j := 0; j < c; j++ {
			cnames = append(cnames, strconv.Itoa(-r.IntN(50)*100-j))
		}
		var tab cluster.Contingency
		for n := 0; n < 200; n++ {
			tab.Add(r.IntN(k), r.IntN(c), int64(r.IntN(3)))
		}
		tab.Add(0, 0, 1)
		full, _ := cluster.NewReport(&tab, nil, cluster.DefaultOptions())
		full.AddContingency(&tab, names, cnames, 0)
		sparse, _ := cluster.NewReport(&tab, nil, cluster.DefaultOptions())
		sparse.AddContingency(&tab, names, cnames, 1)
		m := full.Contingency
		for i := 1; i < len(m.Classes); i++ {
			a, _ := strconv.Atoi(m.Classes[i-1])
			b, _ := strconv.Atoi(m.Classes[i])
			if a >= b {
				t.Fatalf("classes not in numeric order: %v", m.Classes)
			}
		}
		var cells [][3]int64
		for i := range m.Matrix {
			for j, v := range m.Matrix[i] {
				ci, cj := indexOf(names, m.Classes[i]), indexOf(cnames, m.Clusters[j])
				if v != tab.Count(ci, cj) {
					t.Fatalf("matrix[%d][%d] = %d, want %d", i, j, v, tab.Count(ci, cj))
				}
				if v != 0 {
					cells = append(cells, [3]int64{int64(i), int64(j), v})
				}
			}
		}
		if s := sparse.Contingency; s.Matrix != nil || !reflect.DeepEqual(s.Cells, cells) || len(sparse.Warnings) != len(full.Warnings)+1 {
			t.Fatalf("sparse %+v, want cells %v and a warning", s, cells)
		}
	}
}

func indexOf(names []string, n string) int {
	for i, x := range names {
		if x == n {
			return i
		}
	}
	return -1
}
