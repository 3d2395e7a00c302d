package rank

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestUnivariateGolden checks NewUnivariateReport against pROC 1.18.0
// multiclass.roc(response, predictor, levels = classes) with one predictor
// (testdata/proc_multiclass.json, written by
// tools/oracle/rank_proc_multiclass.R, including pROC's own aSAH gos6 /
// s100b case, whose mean AUC pROC's tests give as 0.654): each pair's
// classes and direction exactly, its AUC and the mean to 1e-12, and
// reports the largest difference.
func TestUnivariateGolden(t *testing.T) {
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Name    string    `json:"name"`
			Y       []string  `json:"y"`
			S       []float64 `json:"s"`
			Classes []string  `json:"classes"`
			Pairs   []struct {
				Control, Case, Direction, AUC string
			} `json:"pairs"`
			AUC string `json:"auc"`
		} `json:"cases"`
	}
	readGolden(t, "testdata/proc_multiclass.json", "pROC", 20, &doc)
	var worst float64
	greater := 0
	for _, c := range doc.Cases {
		cls := make([]int, len(c.Y))
		for i, y := range c.Y {
			cls[i] = slices.Index(c.Classes, y)
		}
		rep, err := NewUnivariateReport(c.S, cls, c.Classes)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if len(rep.Pairs) != len(c.Pairs) {
			t.Fatalf("%s: %d pairs, want %d", c.Name, len(rep.Pairs), len(c.Pairs))
		}
		for i, p := range c.Pairs {
			g := rep.Pairs[i]
			if g.Control != p.Control || g.Case != p.Case || g.Direction != p.Direction {
				t.Errorf("%s pair %d: %s %s %s, want %s %s %s", c.Name, i, g.Control, g.Case, g.Direction, p.Control, p.Case, p.Direction)
			}
			if p.Direction == ">" {
				greater++
			}
			w := rnum(t, p.AUC)
			if d := math.Abs(g.ROCAUC - w); !(d <= 1e-12) {
				t.Errorf("%s pair %d AUC = %.17g, want %.17g", c.Name, i, g.ROCAUC, w)
			} else {
				worst = max(worst, d)
			}
		}
		w := rnum(t, c.AUC)
		if d := math.Abs(rep.ROCAUC - w); !(d <= 1e-12) {
			t.Errorf("%s AUC = %.17g, want %.17g", c.Name, rep.ROCAUC, w)
		} else {
			worst = max(worst, d)
		}
	}
	if greater == 0 {
		t.Error("no pair of direction > in the golden file")
	}
	t.Logf("largest difference from pROC: %.3g (%d pairs of direction >)", worst, greater)
}

// TestUnivariateErrors checks the data errors and the symmetry
// AUC_>(s) = AUC_<(−s) of each pair (when no two medians tie).
func TestUnivariateErrors(t *testing.T) {
	if _, err := NewUnivariateReport([]float64{1, 2, 3}, []int{0, 0, 2}, []string{"a", "b", "c"}); !errors.Is(err, ErrOneClass) || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("missing class: %v", err)
	}
	if _, err := NewUnivariateReport([]float64{1, math.NaN()}, []int{0, 1}, []string{"a", "b"}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := NewUnivariateReport([]float64{1, 2}, []int{0, 2}, []string{"a", "b"}); !errors.Is(err, ErrBadClass) {
		t.Errorf("class 2 of 2: %v", err)
	}
	s := []float64{0.1, 0.5, 0.6, 0.9, 0.3, 0.7, 0.2, 0.5} // no two medians tie
	c := []int{0, 1, 2, 2, 0, 1, 1, 2}
	neg := make([]float64, len(s))
	for i := range s {
		neg[i] = -s[i]
	}
	a, _ := NewUnivariateReport(s, c, []string{"a", "b", "c"})
	b, _ := NewUnivariateReport(neg, c, []string{"a", "b", "c"})
	for i := range a.Pairs {
		if a.Pairs[i].Direction == b.Pairs[i].Direction || math.Abs(a.Pairs[i].ROCAUC-b.Pairs[i].ROCAUC) > 1e-15 {
			t.Errorf("pair %d: %+v and, of −s, %+v", i, a.Pairs[i], b.Pairs[i])
		}
	}
}
