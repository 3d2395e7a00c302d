package rank_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
)

// With FigurePoints, the report's figures are the full curves thinned
// (ROC and P-R straight from the table, with the table's block size bound;
// DET by its own Thin), with the full length and the error recorded; the
// printed curves and every measure are unchanged.
func TestFigurePoints(t *testing.T) {
	var b rank.Builder
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		pos := r.IntN(2) == 1
		s := r.Float64()*0.6 + 0.3*float64(map[bool]int{true: 1}[pos])
		if err := b.Add(s, pos, 1); err != nil {
			t.Fatal(err)
		}
	}
	tab := b.Table()
	full := rank.DefaultOptions()
	full.Figures = true
	all, err := rank.NewReport(tab, full)
	if err != nil {
		t.Fatal(err)
	}
	thin := full
	thin.FigurePoints = 100
	got, err := rank.NewReport(tab, thin)
	if err != nil {
		t.Fatal(err)
	}
	roc, _ := tab.ROC(true)
	pr, _ := tab.PR()
	det, _ := tab.DET()
	wantROC, eROC := rank.ThinFigureROC(tab, roc, 100)
	wantPR, ePR := rank.ThinFigurePR(tab, pr, 100)
	wantDET, eDET := det.Thin(100)
	f := got.Figures
	if !reflect.DeepEqual(f.ROC, wantROC) || f.ROCThinning != (rank.Thinning{Full: len(roc.FPR), Error: eROC}) {
		t.Errorf("ROC: %d vertices, thinning %+v; want %d, {%d %v}", len(f.ROC.FPR), f.ROCThinning, len(wantROC.FPR), len(roc.FPR), eROC)
	}
	if !reflect.DeepEqual(f.PR, wantPR) || f.PRThinning != (rank.Thinning{Full: len(pr.Recall), Error: ePR}) {
		t.Errorf("PR: thinning %+v, want {%d %v}", f.PRThinning, len(pr.Recall), ePR)
	}
	if !reflect.DeepEqual(f.DET, wantDET) || f.DETThinning != (rank.Thinning{Full: len(det.FPR), Error: eDET}) {
		t.Errorf("DET: thinning %+v, want {%d %v}", f.DETThinning, len(det.FPR), eDET)
	}
	if !reflect.DeepEqual(all.Figures.ROC, roc) || all.Figures.ROCThinning != (rank.Thinning{Full: len(roc.FPR)}) {
		t.Errorf("FigurePoints 0 must keep the full ROC curve")
	}
	got.Figures, all.Figures = nil, nil
	if !reflect.DeepEqual(got, all) {
		t.Errorf("FigurePoints changed the report")
	}
}
