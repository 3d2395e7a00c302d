package rank_test

import (
	"errors"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
)

func TestNewReport(t *testing.T) {
	var b rank.Builder
	// The scikit-learn roc_curve docstring example.
	for i, s := range []float64{0.1, 0.4, 0.35, 0.8} {
		if err := b.Add(s, i >= 2, 1); err != nil {
			t.Fatal(err)
		}
	}
	tab := b.Table()
	rep, err := rank.NewReport(tab, rank.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if rep.ROCAUC != 0.75 { // scikit-learn 1.2 roc_auc_score([0,0,1,1],[0.1,0.4,0.35,0.8])
		t.Errorf("roc_auc = %v, want 0.75", rep.ROCAUC)
	}
	ap, _ := tab.AveragePrecision()
	if rep.AveragePrecision != ap || rep.ROCCurve == nil || rep.Figures != nil {
		t.Errorf("report %+v", rep)
	}
	opt := rank.DefaultOptions()
	opt.Conf = 1
	var oe *result.OptionError
	if _, err := rank.NewReport(tab, opt); !errors.As(err, &oe) || oe.Option != "rank.Options.Conf" {
		t.Errorf("conf 1: err %v, want an OptionError for conf", err)
	}
	var one rank.Builder
	one.Add(0.5, true, 1)
	if _, err := rank.NewReport(one.Table(), rank.DefaultOptions()); !errors.Is(err, rank.ErrOneClass) {
		t.Errorf("one class: err %v, want ErrOneClass", err)
	}
}
