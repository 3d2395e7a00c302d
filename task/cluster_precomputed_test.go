package task

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/table"
)

// TestClusterPrecomputedArrays: arrays (the Python path) and the CSV of
// the same precomputed distance matrix give the same silhouette
// (scikit-learn 1.2.1: 0.6678751803751803, tools/oracle/cluster_precomputed.py's
// cluster_dist.csv); a non-zero diagonal entry is an error naming its row
// and column on both paths.
func TestClusterPrecomputedArrays(t *testing.T) {
	d := [][]float64{
		{0, 1, 2, 11, 14, 11, 11, 11}, {1, 0, 3, 10, 13, 10, 10, 10}, {2, 3, 0, 9, 12, 9, 9, 9},
		{11, 10, 9, 0, 3, 2, 8, 6}, {14, 13, 12, 3, 0, 3, 7, 5}, {11, 10, 9, 2, 3, 0, 6, 4},
		{11, 10, 9, 8, 7, 6, 0, 2}, {11, 10, 9, 6, 5, 4, 2, 0},
	}
	lab := []string{"a", "a", "a", "b", "b", "b", "c", "c"}
	n := len(lab)
	features := make([]string, n)
	cols := make([][]float64, n)
	var csv strings.Builder
	csv.WriteString("cluster")
	for j := range n {
		features[j] = "d" + string(rune('0'+j))
		csv.WriteString("," + features[j])
		cols[j] = make([]float64, n)
		for i := range n {
			cols[j][i] = d[i][j]
		}
	}
	csv.WriteString("\n")
	pred := Labels{Names: []string{"a", "b", "c"}}
	for i, l := range lab {
		pred.Codes = append(pred.Codes, int64(l[0]-'a'))
		csv.WriteString(l)
		for _, v := range d[i] {
			csv.WriteString("," + string(formatValue(v)))
		}
		csv.WriteString("\n")
	}
	opt := cluster.DefaultOptions()
	opt.Internal.Metric = cluster.Precomputed
	c := Cluster{Preds: []string{"cluster"}, Features: features, Options: opt}
	st, err := c.ReadArrays("arrays", Labels{}, pred, nil, cols)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := c.Report(st, "arrays")
	if err != nil {
		t.Fatal(err)
	}
	r, err := table.NewReaderWith(strings.NewReader(csv.String()), "dist.csv", table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st2, err := c.Read(r)
	if err != nil {
		t.Fatal(err)
	}
	rep2, err := c.Report(st2, "dist.csv")
	if err != nil {
		t.Fatal(err)
	}
	const want = 0.6678751803751803 // scikit-learn 1.2.1 silhouette_score(metric="precomputed")
	if math.Abs(rep.Silhouette-want) > 1e-15 || rep2.Silhouette != rep.Silhouette {
		t.Errorf("silhouette: arrays %v, CSV %v, scikit-learn %v", rep.Silhouette, rep2.Silhouette, want)
	}
	cols[4][4] = 0.5
	if _, err := c.ReadArrays("arrays", Labels{}, pred, nil, cols); !errors.Is(err, cluster.ErrDiagonal) || !strings.Contains(err.Error(), "d4") {
		t.Errorf("diagonal 0.5: %v", err)
	}
}
