package classify_test

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/result"
)

// TestModelsOracle checks several models against statsmodels 0.13 and
// scikit-learn 1.2 (tools/oracle/classify_models.py): each model's
// accuracy, McNemar's exact test of every pair and the Holm and Bonferroni
// adjustments of its p-values (multipletests). The joint state read in two
// halves and merged gives the same result.
func TestModelsOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/models.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Y        []string
			Preds    [][]string
			Accuracy []float64
			Pairs    []struct {
				A, B      int
				Statistic float64
				PValue    float64 `json:"p_value"`
			}
			Holm, Bonferroni []float64
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	for ci, c := range f.Cases {
		m := len(c.Preds)
		names := make([]string, m)
		for j := range names {
			names[j] = "m" + strconv.Itoa(j+1)
		}
		whole := classify.NewModels(m, nil)
		first, second := classify.NewModels(m, nil), classify.NewModels(m, nil)
		for i, y := range c.Y {
			preds := make([][]byte, m)
			for j := range preds {
				preds[j] = []byte(c.Preds[j][i])
			}
			whole.Add([]byte(y), preds, -1)
			half := first
			if i >= len(c.Y)/2 {
				half = second
			}
			half.Add([]byte(y), preds, -1)
		}
		first.Merge(second)
		for _, adj := range []string{"holm", "bonferroni"} {
			var jsons [2][]byte
			for k, st := range []*classify.Models{whole, first} {
				out, err := classify.NewModelsReport(st, names, classify.Options{}, board.Options{Adjust: adj}, nil)
				if err != nil {
					t.Fatal(err)
				}
				jsons[k], _ = result.JSON(out, "")
				want := c.Holm
				if adj == "bonferroni" {
					want = c.Bonferroni
				}
				for j, md := range out.Models {
					if got := md.Report.(*classify.Report).Accuracy; math.Abs(got-c.Accuracy[j]) > 1e-12 {
						t.Errorf("case %d %s: accuracy %v, want %v (scikit-learn)", ci, md.Name, got, c.Accuracy[j])
					}
				}
				for i, p := range c.Pairs {
					g := out.Comparisons[i]
					if g.A != names[p.A] || g.B != names[p.B] || g.Test != "mcnemar-exact" || g.Measure != "accuracy" {
						t.Fatalf("case %d: comparison %d is %+v", ci, i, g)
					}
					if g.Statistic != p.Statistic {
						t.Errorf("case %d %s−%s: statistic %v, want %v (statsmodels)", ci, g.A, g.B, g.Statistic, p.Statistic)
					}
					for _, x := range [][2]float64{{g.PValue, p.PValue}, {g.PAdjusted, want[i]}} {
						if math.Abs(x[0]-x[1]) > 1e-12*math.Max(1, x[1]) {
							t.Errorf("case %d %s−%s (%s): p %v, want %v (statsmodels)", ci, g.A, g.B, adj, x[0], x[1])
						}
					}
					if d := c.Accuracy[p.A] - c.Accuracy[p.B]; math.Abs(g.Diff-d) > 1e-12 || !(g.CI[0] <= d && d <= g.CI[1]) {
						t.Errorf("case %d %s−%s: diff %v ci %v, want diff %v inside", ci, g.A, g.B, g.Diff, g.CI, d)
					}
				}
			}
			if string(jsons[0]) != string(jsons[1]) {
				t.Errorf("case %d: merged halves differ from one pass", ci)
			}
		}
	}
}

// TestModelsCompare checks a paired bootstrap of macro F1: its diff is the
// difference of the models' reports, the same seed gives the same bits, and
// an unknown measure or baseline is an option error.
func TestModelsCompare(t *testing.T) {
	y := []string{"a", "a", "b", "b", "c", "c", "a", "b", "c", "a", "b", "c"}
	p1 := []string{"a", "b", "b", "b", "c", "a", "a", "b", "c", "a", "c", "c"}
	p2 := []string{"a", "a", "a", "b", "c", "c", "b", "b", "a", "a", "b", "b"}
	st := classify.NewModels(2, nil)
	for i := range y {
		st.Add([]byte(y[i]), [][]byte{[]byte(p1[i]), []byte(p2[i])}, -1)
	}
	mo := board.Options{Compare: []string{"macro.f1"}, Bootstrap: 300, Seed: 9}
	out, err := classify.NewModelsReport(st, []string{"p1", "p2"}, classify.Options{}, mo, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := classify.NewModelsReport(st, []string{"p1", "p2"}, classify.Options{}, mo, nil)
	c := out.Comparisons[1]
	d := out.Models[0].Report.(*classify.Report).Macro.F1 - out.Models[1].Report.(*classify.Report).Macro.F1
	if c.Test != "paired-bootstrap" || math.Abs(c.Diff-d) > 1e-12 || c.CI == nil || !(c.PValue > 0 && c.PValue <= 1) {
		t.Errorf("paired bootstrap %+v, want diff %v", c, d)
	}
	if *c.CI != *again.Comparisons[1].CI || c.PValue != again.Comparisons[1].PValue {
		t.Error("same seed, different bootstrap")
	}
	for _, bad := range []board.Options{{Compare: []string{"nope"}}, {Baseline: "p3"}, {Primary: "nope"}, {Adjust: "sidak"}} {
		var oe *result.OptionError
		if _, err := classify.NewModelsReport(st, []string{"p1", "p2"}, classify.Options{}, bad, nil); err == nil {
			t.Errorf("%+v: no error", bad)
		} else if _, ok := err.(*result.OptionError); !ok {
			_ = oe
			t.Errorf("%+v: %v is not an option error", bad, err)
		}
	}
}

// TestModelsWide checks the joint state past one byte per label id (300
// labels, first seen mid-stream) and past 7 models: each model's accuracy
// is its share of right predictions, and merged parts equal one pass.
func TestModelsWide(t *testing.T) {
	for _, m := range []int{2, 9} {
		whole, a, b := classify.NewModels(m, nil), classify.NewModels(m, nil), classify.NewModels(m, nil)
		right := make([]int, m)
		n := 900
		for i := range n {
			y := []byte(strconv.Itoa(i % 300))
			preds := make([][]byte, m)
			for j := range preds {
				if (i+j)%3 == 0 {
					preds[j] = y
					right[j]++
				} else {
					preds[j] = []byte(strconv.Itoa((i + j + 1) % 300))
				}
			}
			whole.Add(y, preds, -1)
			part := a
			if i%2 == 1 {
				part = b
			}
			part.Add(y, preds, -1)
		}
		a.Merge(b)
		names := make([]string, m)
		for j := range names {
			names[j] = "m" + strconv.Itoa(j)
		}
		var js [2][]byte
		for k, st := range []*classify.Models{whole, a} {
			out, err := classify.NewModelsReport(st, names, classify.Options{}, board.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for j, md := range out.Models {
				if got, want := md.Report.(*classify.Report).Accuracy, float64(right[j])/float64(n); math.Abs(got-want) > 1e-12 {
					t.Errorf("m = %d, model %d: accuracy %v, want %v", m, j, got, want)
				}
			}
			js[k], _ = result.JSON(out, "")
		}
		if string(js[0]) != string(js[1]) {
			t.Errorf("m = %d: merged parts differ from one pass", m)
		}
	}
}
