package rank_test

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/rank"
)

// TestModelsOracle checks the comparisons of several score columns against
// pROC 1.18 (tools/oracle/rank_models.R): DeLong's paired test of every
// pair (statistic, p-value, interval), the Holm and Bonferroni adjustments
// (R's p.adjust) and DeLong's χ² test that all AUCs are equal, from pROC's
// var() and cov().
func TestModelsOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/models.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Y      []int
			Scores [][]float64
			AUC    []float64
			Pairs  []struct {
				A, B      int
				Statistic float64
				PValue    float64 `json:"p_value"`
				CI        []float64
			}
			Holm, Bonferroni []float64
			Chi2             float64
			DF               int
			Chi2P            float64 `json:"chi2_p"`
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	near := func(what string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol*math.Max(1, math.Abs(want)) {
			t.Errorf("%s = %.17g, want %.17g (pROC)", what, got, want)
		}
	}
	for ci, c := range f.Cases {
		pos := make([]bool, len(c.Y))
		for i, y := range c.Y {
			pos[i] = y == 1
		}
		names := make([]string, len(c.Scores))
		for j := range names {
			names[j] = "m" + strconv.Itoa(j+1)
		}
		for _, adj := range []string{"holm", "bonferroni"} {
			out, err := rank.NewModelsReport(pos, c.Scores, nil, names, rank.DefaultOptions(), board.Options{Adjust: adj}, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := c.Holm
			if adj == "bonferroni" {
				want = c.Bonferroni
			}
			if len(out.Comparisons) != len(c.Pairs) {
				t.Fatalf("case %d: %d comparisons, want %d", ci, len(out.Comparisons), len(c.Pairs))
			}
			for i, p := range c.Pairs {
				g := out.Comparisons[i]
				if g.A != names[p.A] || g.B != names[p.B] || g.Test != "delong" {
					t.Fatalf("case %d: comparison %d is %s/%s/%s", ci, i, g.A, g.B, g.Test)
				}
				what := "case " + strconv.Itoa(ci) + " " + g.A + "−" + g.B
				near(what+" diff", g.Diff, c.AUC[p.A]-c.AUC[p.B], 1e-12)
				near(what+" statistic", g.Statistic, p.Statistic, 1e-9)
				near(what+" p", g.PValue, p.PValue, 1e-9)
				near(what+" ci low", g.CI[0], p.CI[0], 1e-9)
				near(what+" ci high", g.CI[1], p.CI[1], 1e-9)
				near(what+" p "+adj, g.PAdjusted, want[i], 1e-9)
			}
			e := out.AUCEquality
			if e == nil {
				t.Fatalf("case %d: no auc_equality", ci)
			}
			near("χ²", e.Statistic, c.Chi2, 1e-9)
			near("χ² p", e.PValue, c.Chi2P, 1e-9)
			if e.DF != c.DF {
				t.Errorf("df = %d, want %d", e.DF, c.DF)
			}
		}
	}
}

// TestModelsBaseline checks that --baseline compares each model with the
// baseline (a = the model, b = the baseline) and that the paired bootstrap
// of a measure is reproducible from its seed and reports a − b.
func TestModelsBaseline(t *testing.T) {
	pos := []bool{true, true, true, false, false, false, true, false, true, false}
	s := [][]float64{
		{0.9, 0.8, 0.3, 0.2, 0.5, 0.1, 0.7, 0.4, 0.65, 0.3},
		{0.6, 0.9, 0.5, 0.4, 0.3, 0.2, 0.8, 0.7, 0.45, 0.1},
		{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
	}
	mo := board.Options{Baseline: "c", Compare: []string{"average_precision"}, Bootstrap: 200, Seed: 3}
	out, err := rank.NewModelsReport(pos, s, nil, []string{"a", "b", "c"}, rank.DefaultOptions(), mo, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := rank.NewModelsReport(pos, s, nil, []string{"a", "b", "c"}, rank.DefaultOptions(), mo, nil)
	if len(out.Comparisons) != 4 {
		t.Fatalf("%d comparisons, want 4", len(out.Comparisons))
	}
	for i, c := range out.Comparisons {
		if c.B != "c" || c.A == "c" {
			t.Errorf("comparison %d: %s vs %s, want each model vs c", i, c.A, c.B)
		}
		if c.Test == "paired-bootstrap" {
			ra := out.Models[map[string]int{"a": 0, "b": 1}[c.A]].Report.(*rank.Report)
			rc := out.Models[2].Report.(*rank.Report)
			if d := ra.AveragePrecision - rc.AveragePrecision; math.Abs(c.Diff-d) > 1e-12 {
				t.Errorf("%s: diff %v, want %v", c.A, c.Diff, d)
			}
			if !(c.PValue > 0 && c.PValue <= 1) || c.CI == nil || !(c.CI[0] <= c.Diff+1e-12 && c.Diff-1e-12 <= c.CI[1]+0.5) {
				t.Errorf("%s: %+v", c.A, c)
			}
			if *c.CI != *again.Comparisons[i].CI || c.PValue != again.Comparisons[i].PValue {
				t.Errorf("same seed, different bootstrap")
			}
		}
	}
	if _, err := rank.NewModelsReport(pos, s, nil, []string{"a", "b", "c"}, rank.DefaultOptions(), board.Options{Baseline: "z"}, nil); err == nil {
		t.Error("baseline z: no error")
	}
}
