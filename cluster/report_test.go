package cluster_test

import (
	"errors"
	"testing"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/report"
)

func TestNewReport(t *testing.T) {
	var tab cluster.Contingency
	// scikit-learn 1.2 adjusted_rand_score([0, 0, 1, 2], [0, 0, 1, 1]) = 0.5714285714285715
	for i, c := range []int{0, 0, 1, 2} {
		tab.Add(c, []int{0, 0, 1, 1}[i], 1)
	}
	r, err := cluster.NewReport(&tab, nil, cluster.DefaultReportOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.ExternalReport == nil || r.InternalReport != nil || r.N != 4 {
		t.Fatalf("report %+v", r)
	}
	if d := r.AdjustedRandIndex - 0.5714285714285715; d > 1e-12 || d < -1e-12 {
		t.Errorf("ari = %v", r.AdjustedRandIndex)
	}
	opt := cluster.DefaultReportOptions()
	opt.Beta = 0
	var oe *report.OptionError
	if _, err := cluster.NewReport(&tab, nil, opt); !errors.As(err, &oe) || oe.Option != "beta" {
		t.Errorf("beta 0: %v", err)
	}
}
