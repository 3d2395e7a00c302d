package rank

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/result"
)

// procGolden is testdata/proc_pauc_coords.json, written by
// tools/oracle/rank_proc_pauc_coords.R from pROC 1.18.0 (numbers as
// strings of 17 significant digits; "NA" is R's NA).
type procGolden struct {
	Source string `json:"source"`
	Cases  []struct {
		Name string    `json:"name"`
		Y    []int     `json:"y"`
		S    []float64 `json:"s"`
		AUC  string    `json:"auc"`
		PAUC []struct {
			Range     [2]float64 `json:"range"`
			Focus     string     `json:"focus"`
			Corrected bool       `json:"corrected"`
			Value     string     `json:"value"`
		} `json:"pauc"`
		AtSpecificity     []string            `json:"at_specificity"`
		CoordsSpecificity map[string][]string `json:"coords_specificity"`
		AtSensitivity     []string            `json:"at_sensitivity"`
		CoordsSensitivity map[string][]string `json:"coords_sensitivity"`
	} `json:"cases"`
}

// rnum parses a number as R prints it: "NA" is NaN.
func rnum(t *testing.T, s string) float64 {
	t.Helper()
	if s == "NA" {
		return math.NaN()
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func rnums(t *testing.T, s []string) []float64 {
	v := make([]float64, len(s))
	for i := range s {
		v[i] = rnum(t, s[i])
	}
	return v
}

func readProcGolden(t *testing.T) procGolden {
	var doc procGolden
	readGolden(t, "testdata/proc_pauc_coords.json", "pROC", 10, &doc)
	return doc
}

// readGolden reads the golden file path into doc, whose JSON is an object
// {"source": …, "cases": […]}, and fails the test unless it has at least
// min cases from a source that starts with source.
func readGolden(t *testing.T, path, source string, min int, doc any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Source string            `json:"source"`
		Cases  []json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		t.Fatal(err)
	}
	if len(head.Cases) < min || !strings.HasPrefix(head.Source, source) {
		t.Fatalf("%s: %d cases from %q", path, len(head.Cases), head.Source)
	}
	if err := json.Unmarshal(b, doc); err != nil {
		t.Fatal(err)
	}
}

// labelsOf is the positives of 0/1 labels.
func labelsOf(y []int) []bool {
	pos := make([]bool, len(y))
	for j, v := range y {
		pos[j] = v == 1
	}
	return pos
}

// goldenTable is the unweighted score table of 0/1 labels y and scores s.
func goldenTable(t *testing.T, y []int, s []float64) *Table {
	t.Helper()
	tb, err := NewTable(s, labelsOf(y), nil)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// sameNum is [within] with NaN equal to NaN and ±∞ to itself.
func sameNum(got, want float64) bool {
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return math.IsNaN(got) && math.IsNaN(want) || got == want
	}
	return within(got, want)
}

// TestPartialAUCRangeGolden checks Table.PartialAUCRange against pROC
// 1.18.0 auc(roc, partial.auc=, partial.auc.focus=, partial.auc.correct=)
// for every range, focus and correction of the golden file (NA: ok
// false), to 1e-9 relative, and reports the largest difference.
func TestPartialAUCRangeGolden(t *testing.T) {
	doc := readProcGolden(t)
	var worst float64
	nas := 0
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		for _, p := range c.PAUC {
			lo, hi := min(p.Range[0], p.Range[1]), max(p.Range[0], p.Range[1])
			v, ok, err := tb.PartialAUCRange(lo, hi, p.Focus, p.Corrected)
			if err != nil {
				t.Fatal(err)
			}
			want := rnum(t, p.Value)
			if math.IsNaN(want) {
				nas++
				if ok || !math.IsNaN(v) {
					t.Errorf("%s %v %s corrected=%v = %v (ok %v), want NA", c.Name, p.Range, p.Focus, p.Corrected, v, ok)
				}
				continue
			}
			if !ok || !within(v, want) {
				t.Errorf("%s %v %s corrected=%v = %.17g (ok %v), want %.17g", c.Name, p.Range, p.Focus, p.Corrected, v, ok, want)
			}
			worst = max(worst, math.Abs(v-want))
		}
	}
	if nas == 0 {
		t.Error("no NA case in the golden file")
	}
	t.Logf("largest difference from pROC: %.3g (%d NA cases)", worst, nas)
}

// TestCoordsAtGolden checks Table.CoordsAt against pROC 1.18.0
// coords(roc, x, input="specificity"|"sensitivity", ret=c("threshold",
// "specificity", "sensitivity")): the other rate to 1e-9 relative, the
// threshold exactly (NA: interpolated, NaN).
func TestCoordsAtGolden(t *testing.T) {
	doc := readProcGolden(t)
	var worst float64
	interp := 0
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		sp, se := rnums(t, c.AtSpecificity), rnums(t, c.AtSensitivity)
		got, err := tb.CoordsAt(sp, se)
		if err != nil {
			t.Fatal(err)
		}
		check := func(g CoordAt, exp map[string][]string, i int) {
			thr := rnum(t, exp["threshold"][i])
			wsp, wse := rnum(t, exp["specificity"][i]), rnum(t, exp["sensitivity"][i])
			if !sameNum(float64(g.Threshold), thr) || g.Interpolated != math.IsNaN(thr) {
				t.Errorf("%s %s %v: threshold %v (interpolated %v), want %v", c.Name, g.Input, g, float64(g.Threshold), g.Interpolated, thr)
			}
			if !within(g.Specificity, wsp) || !within(g.Sensitivity, wse) {
				t.Errorf("%s %s: (sp %.17g, se %.17g), want (%.17g, %.17g)", c.Name, g.Input, g.Specificity, g.Sensitivity, wsp, wse)
			}
			worst = max(worst, math.Abs(g.Specificity-wsp), math.Abs(g.Sensitivity-wse))
			if g.Interpolated {
				interp++
			}
		}
		for i := range sp {
			check(got[i], c.CoordsSpecificity, i)
		}
		for i := range se {
			check(got[len(sp)+i], c.CoordsSensitivity, i)
		}
	}
	if interp == 0 {
		t.Error("no interpolated case in the golden file")
	}
	t.Logf("largest difference from pROC: %.3g (%d interpolated points)", worst, interp)
}

// TestPartialAUCRangePROCSuite checks Table.PartialAUCRange against the
// values written in pROC's own tests (tests/testthat/test-auc.R: aSAH's
// wfns and ndka, every focus and correction; NaN is pROC's NA), on the
// aSAH columns of the golden file.
func TestPartialAUCRangePROCSuite(t *testing.T) {
	doc := readProcGolden(t)
	tables := map[string]*Table{}
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		tables[c.Name] = tb
	}
	nan := math.NaN()
	for _, c := range []struct {
		data    string
		lo, hi  float64
		focus   string
		correct bool
		want    float64
	}{
		{"aSAH_wfns", 0.9, 1, "specificity", false, 0.0334417344173442},
		{"aSAH_wfns", 0.8, 0.9, "specificity", false, 0.0598373983739837},
		{"aSAH_wfns", 0, 0.5, "specificity", false, 0.488134475939354},
		{"aSAH_wfns", 0, 1, "specificity", false, 0.823678861788618},
		{"aSAH_ndka", 0.9, 1, "specificity", false, 0.0107046070460705},
		{"aSAH_ndka", 0.8, 0.9, "specificity", false, 0.0277777777777778},
		{"aSAH_ndka", 0, 0.5, "specificity", false, 0.416836043360434},
		{"aSAH_ndka", 0, 1, "specificity", false, 0.611957994579946},
		{"aSAH_wfns", 0.9, 1, "sensitivity", false, 0.0400999322493225},
		{"aSAH_wfns", 0.8, 0.9, "sensitivity", false, 0.0609953703703703},
		{"aSAH_wfns", 0, 0.5, "sensitivity", false, 0.483358739837398},
		{"aSAH_ndka", 0.9, 1, "sensitivity", false, 0.0037940379403794},
		{"aSAH_ndka", 0.8, 0.9, "sensitivity", false, 0.0242547425474255},
		{"aSAH_ndka", 0, 0.5, "sensitivity", false, 0.428523035230352},
		{"aSAH_ndka", 0, 1, "sensitivity", false, 0.611957994579946},
		{"aSAH_wfns", 0.9, 1, "specificity", true, 0.649693339038653},
		{"aSAH_wfns", 0.8, 0.9, "specificity", true, 0.763749402199904},
		{"aSAH_wfns", 0, 0.5, "specificity", true, 0.952537903757416},
		{"aSAH_ndka", 0.9, 1, "specificity", true, 0.530024247610897},
		{"aSAH_ndka", 0.8, 0.9, "specificity", true, 0.575163398692811},
		{"aSAH_ndka", 0, 0.5, "specificity", true, 0.667344173441734},
		{"aSAH_ndka", 0, 1, "specificity", true, 0.611957994579946},
		{"aSAH_wfns", 0.9, 1, "sensitivity", true, 0.68473648552275},
		{"aSAH_wfns", 0.8, 0.9, "sensitivity", true, 0.770561002178649},
		{"aSAH_wfns", 0, 0.5, "sensitivity", true, 0.933434959349593},
		{"aSAH_wfns", 0, 1, "sensitivity", true, 0.823678861788618},
		{"aSAH_ndka", 0.9, 1, "sensitivity", true, nan},
		{"aSAH_ndka", 0.8, 0.9, "sensitivity", true, 0.554439662043679},
		{"aSAH_ndka", 0, 0.5, "sensitivity", true, 0.714092140921409},
	} {
		v, ok, err := tables[c.data].PartialAUCRange(c.lo, c.hi, c.focus, c.correct)
		if err != nil {
			t.Fatal(err)
		}
		if math.IsNaN(c.want) != !ok || !sameNum(v, c.want) {
			t.Errorf("%s [%v, %v] %s corrected=%v = %.17g (ok %v), want %.15g", c.data, c.lo, c.hi, c.focus, c.correct, v, ok, c.want)
		}
	}
}

// TestPartialAUCRangeMaxFPR checks that scikit-learn's max_fpr partial AUC
// is pROC's corrected one over specificities [1 − x, 1] wherever pROC's is
// defined, on the golden file's data.
func TestPartialAUCRangeMaxFPR(t *testing.T) {
	doc := readProcGolden(t)
	for _, c := range doc.Cases {
		tb := goldenTable(t, c.Y, c.S)
		for _, x := range []float64{0.05, 0.1, 0.3, 0.5} {
			sk, err := tb.PartialAUC(x)
			if err != nil {
				t.Fatal(err)
			}
			v, ok, err := tb.PartialAUCRange(1-x, 1, "specificity", true)
			if err != nil {
				t.Fatal(err)
			}
			if ok != (sk >= 0.5-1e-12) && !within(sk, 0.5) {
				t.Errorf("%s x=%v: ok %v, scikit-learn %v", c.Name, x, ok, sk)
			}
			if ok && !within(v, sk) {
				t.Errorf("%s x=%v: %.17g, scikit-learn's %.17g", c.Name, x, v, sk)
			}
		}
	}
}

// TestPROCOptionsCheck checks the option errors of the partial AUC range
// and the coordinates.
func TestPROCOptionsCheck(t *testing.T) {
	for _, c := range []struct {
		mod    func(*Options)
		option string
	}{
		{func(o *Options) { o.PAUCRange = [2]float64{0.8, 0.8} }, "rank.Options.PAUCRange"},
		{func(o *Options) { o.PAUCRange = [2]float64{-0.1, 0.8} }, "rank.Options.PAUCRange"},
		{func(o *Options) { o.PAUCRange = [2]float64{0.8, 1.2} }, "rank.Options.PAUCRange"},
		{func(o *Options) { o.PAUCRange = [2]float64{0.8, 1}; o.PAUCFocus = "se" }, "rank.Options.PAUCFocus"},
		{func(o *Options) { o.PAUCFocus = "sensitivity" }, "rank.Options.PAUCFocus"},
		{func(o *Options) { o.PAUCCorrect = true }, "rank.Options.PAUCCorrect"},
		{func(o *Options) { o.AtSpecificity = []float64{0.5, math.NaN()} }, "rank.Options.AtSpecificity"},
		{func(o *Options) { o.AtSensitivity = []float64{1.5} }, "rank.Options.AtSensitivity"},
	} {
		o := DefaultOptions()
		c.mod(&o)
		err := o.Check()
		if err == nil || !strings.Contains(err.Error(), c.option) {
			t.Errorf("%+v: %v, want an error naming %s", o, err, c.option)
		}
	}
	o := DefaultOptions()
	o.PAUCRange, o.PAUCFocus, o.PAUCCorrect = [2]float64{1, 0.8}, "sensitivity", true
	o.AtSpecificity, o.AtSensitivity = []float64{0, 1}, []float64{0.5}
	if err := o.Check(); err != nil {
		t.Error(err)
	}
}

// TestPROCSpilled checks that a spilled table's report refuses the
// partial AUC range and the coordinates with an option error, and that a
// table still in memory gives them.
func TestPROCSpilled(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	score, pos := make([]float64, n), make([]bool, n)
	for i := range score {
		pos[i] = r.IntN(2) == 1
		score[i] = math.Round(r.NormFloat64()*100) / 100
		if pos[i] {
			score[i]++
		}
	}
	for _, c := range []struct {
		mod    func(*Options)
		option string
	}{
		{func(o *Options) { o.PAUCRange = [2]float64{0.8, 1} }, "rank.Options.PAUCRange"},
		{func(o *Options) { o.AtSpecificity = []float64{0.9} }, "rank.Options.AtSpecificity"},
		{func(o *Options) { o.AtSensitivity = []float64{0.9} }, "rank.Options.AtSensitivity"},
	} {
		opt := DefaultOptions()
		c.mod(&opt)
		s, _ := feedSpill(t, r, score, pos, nil, 100, 4)
		_, err := s.Report(opt, nil)
		var oe *result.OptionError
		if !errors.As(err, &oe) || oe.Option != c.option {
			t.Errorf("spilled: %v, want an option error naming %s", err, c.option)
		}
		s, _ = feedSpill(t, r, score, pos, nil, 10*n, 4)
		rep, err := s.Report(opt, nil)
		if err != nil || (rep.PartialAUCRange == nil && rep.CoordsAt == nil) {
			t.Errorf("in memory: %v, %+v", err, rep)
		}
	}
}
