package cluster_test

import (
	"errors"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/result"
)

func TestNewReport(t *testing.T) {
	var tab cluster.Contingency
	// scikit-learn 1.2 adjusted_rand_score([0, 0, 1, 2], [0, 0, 1, 1]) = 0.5714285714285715
	for i, c := range []int{0, 0, 1, 2} {
		tab.Add(c, []int{0, 0, 1, 1}[i], 1)
	}
	r, err := cluster.NewReport(&tab, nil, cluster.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.ExternalReport == nil || r.InternalReport != nil || r.N != 4 {
		t.Fatalf("report %+v", r)
	}
	if d := r.AdjustedRandIndex - 0.5714285714285715; d > 1e-12 || d < -1e-12 {
		t.Errorf("ari = %v", r.AdjustedRandIndex)
	}
	opt := cluster.DefaultOptions()
	opt.Beta = 0
	var oe *result.OptionError
	if _, err := cluster.NewReport(&tab, nil, opt); !errors.As(err, &oe) || oe.Option != "cluster.Options.Beta" {
		t.Errorf("beta 0: %v", err)
	}
}

// TestModelsCompare checks the paired bootstrap of two clusterings' ARI:
// its diff is the difference of their reports and the same seed gives the
// same bits.
func TestModelsCompare(t *testing.T) {
	truth := []int{0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 1, 2}
	a := []int{0, 0, 1, 1, 1, 1, 2, 2, 0, 0, 1, 2}
	b := []int{0, 1, 1, 0, 1, 2, 2, 0, 2, 1, 1, 2}
	var ta, tb cluster.Contingency
	j := cluster.NewJoint()
	for i := range truth {
		ta.Add(truth[i], a[i], 1)
		tb.Add(truth[i], b[i], 1)
		j.Add(truth[i], a[i], b[i], 1)
	}
	mo := board.Options{Compare: []string{"adjusted_rand_index"}, Bootstrap: 300, Seed: 5}
	joints := map[[2]int]*cluster.Joint{{0, 1}: j}
	out, err := cluster.NewModelsReport([]*cluster.Contingency{&ta, &tb}, []string{"a", "b"}, cluster.DefaultOptions(), mo, nil, joints)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := cluster.NewModelsReport([]*cluster.Contingency{&ta, &tb}, []string{"a", "b"}, cluster.DefaultOptions(), mo, nil, joints)
	c := out.Comparisons[0]
	d := out.Models[0].Report.(*cluster.Report).AdjustedRandIndex - out.Models[1].Report.(*cluster.Report).AdjustedRandIndex
	if c.Test != "paired-bootstrap" || c.Diff != d || c.CI == nil || !(c.PValue > 0 && c.PValue <= 1) {
		t.Errorf("comparison %+v, want diff %v", c, d)
	}
	if *c.CI != *again.Comparisons[0].CI || c.PValue != again.Comparisons[0].PValue {
		t.Error("same seed, different bootstrap")
	}
	if _, err := cluster.NewModelsReport([]*cluster.Contingency{&ta, &tb}, []string{"a", "b"}, cluster.DefaultOptions(), board.Options{Compare: []string{"silhouette"}}, nil, joints); err == nil {
		t.Error("--compare silhouette: no error")
	}
}
