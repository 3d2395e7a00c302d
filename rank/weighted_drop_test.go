package rank

import (
	"encoding/json"
	"os"
	"testing"
)

// TestWeightedDropGolden checks the ROC curves of weighted cases where
// numpy's cumulative sums and exactly rounded ones disagree on whether a
// vertex is collinear (testdata/weighted_drop.json, scikit-learn 1.2.1 and
// numpy 1.24.2, written by tools/oracle/rank_weighted_drop.py): a table
// built from rows keeps exactly scikit-learn's vertices; a merged table,
// which has no rows to follow, applies the rule to its compensated sums and
// differs in some of them (which shows the cases tell the rules apart).
func TestWeightedDropGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/weighted_drop.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Cases []struct {
			Y       []bool            `json:"y"`
			Score   []float64         `json:"score"`
			Weight  []float64         `json:"weight"`
			ROC     map[string][]fnum `json:"roc_curve"`
			ROCFull map[string][]fnum `json:"roc_curve_full"`
			Exact   int               `json:"exact_rule_vertices"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) < 10 {
		t.Fatalf("only %d cases", len(g.Cases))
	}
	differ := 0
	for _, c := range g.Cases {
		tb, err := NewTable(c.Score, c.Y, c.Weight)
		if err != nil {
			t.Fatal(err)
		}
		roc, _ := tb.ROC(true)
		checkSlice(t, "roc.fpr", roc.FPR, c.ROC["fpr"])
		checkSlice(t, "roc.tpr", roc.TPR, c.ROC["tpr"])
		checkSlice(t, "roc.thresholds", roc.Thresholds, c.ROC["thresholds"])
		full, _ := tb.ROC(false)
		checkSlice(t, "rocfull.fpr", full.FPR, c.ROCFull["fpr"])
		m := Merge(tb, &Table{})
		if r, _ := m.ROC(true); len(r.FPR) != len(roc.FPR) {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("the compensated rule agrees with numpy's on every case")
	}
}
