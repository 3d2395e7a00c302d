package cluster

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/label"
)

// DefaultMaxMatrix is the most classes or clusters whose contingency table
// a report gives in full (ContingencyTable.Matrix); a larger table is
// given as its non-zero cells (ContingencyTable.Cells), as classify's
// confusion matrix above its max-matrix.
const DefaultMaxMatrix = 1000

// ContingencyTable is the contingency table of a report, its rows the
// reference classes and its columns the clusters, each in label order
// ([label.Sort]): the counts n_ij in full (Matrix, rows × columns), or, past
// the size limit, the non-zero cells as [class index, cluster index,
// count] in row-major order (Cells).
type ContingencyTable struct {
	Classes  []string   `json:"classes"`
	Clusters []string   `json:"clusters"`
	Matrix   [][]int64  `json:"matrix,omitempty"`
	Cells    [][3]int64 `json:"cells,omitempty"`
}

// AddContingency puts tab, whose row i is reference class classes[i] and
// column j cluster clusters[j], in the report's external indices as its
// contingency table, in label order: in full when neither side has more
// than maxMatrix labels (0: DefaultMaxMatrix; negative: no limit), else as
// its non-zero cells with a warning. It does nothing to a report without external
// indices. It panics if tab has a class or cluster with no name.
func (r *Report) AddContingency(tab *Contingency, classes, clusters []string, maxMatrix int) {
	x := r.ExternalReport
	if x == nil {
		return
	}
	if tab.rows > len(classes) || tab.cols > len(clusters) {
		panic(fmt.Sprintf("cluster: a %d × %d table with %d class and %d cluster names", tab.rows, tab.cols, len(classes), len(clusters)))
	}
	if maxMatrix == 0 {
		maxMatrix = DefaultMaxMatrix
	}
	cn, cp := sortedPlaces(classes)
	kn, kp := sortedPlaces(clusters)
	ct := &ContingencyTable{Classes: cn, Clusters: kn}
	if maxMatrix < 0 || (len(cn) <= maxMatrix && len(kn) <= maxMatrix) {
		ct.Matrix = make([][]int64, len(cn))
		for i := range ct.Matrix {
			ct.Matrix[i] = make([]int64, len(kn))
		}
		tab.each(func(i, j int, v int64) { ct.Matrix[cp[i]][kp[j]] += v })
	} else {
		tab.each(func(i, j int, v int64) {
			if v != 0 {
				ct.Cells = append(ct.Cells, [3]int64{int64(cp[i]), int64(kp[j]), v})
			}
		})
		sortCells(ct.Cells)
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d classes and %d clusters: more than max-matrix %d, so the contingency table is given as contingency.cells, its %d non-zero cells as [class, cluster, count], indices into contingency.classes and contingency.clusters",
			len(cn), len(kn), maxMatrix, len(ct.Cells)))
	}
	x.Contingency = ct
}

// sortedPlaces returns names in label order and, for each name's index in
// names, its place in that order.
func sortedPlaces(names []string) ([]string, []int) {
	sorted := append([]string(nil), names...)
	label.Sort(sorted)
	at := make(map[string]int, len(sorted))
	for k, n := range sorted {
		at[n] = k
	}
	place := make([]int, len(names))
	for i, n := range names {
		place[i] = at[n]
	}
	return sorted, place
}

// sortCells sorts cells in row-major order: by class, then cluster.
func sortCells(c [][3]int64) {
	slices.SortFunc(c, func(a, b [3]int64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
}

// Largest returns the indices into Cells of the n largest cells, largest
// first, ties in row-major order (none when the table is in full).
func (ct *ContingencyTable) Largest(n int) []int {
	idx := make([]int, len(ct.Cells))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ct.Cells[b][2], ct.Cells[a][2]) })
	return idx[:min(n, len(idx))]
}
