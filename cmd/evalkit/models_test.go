package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestModelsEqualSingle proves that each model of a several-model run gets
// exactly the report a run on that model alone prints (without its
// signature, which the several-model result carries once).
func TestModelsEqualSingle(t *testing.T) {
	d := "testdata/cli/"
	for _, c := range []struct {
		multi  []string
		single func(model string) []string
	}{
		{[]string{"classify", "--pred", "m1,m2,m3", d + "models3.csv"},
			func(m string) []string { return []string{"classify", "--pred", m, d + "models3.csv"} }},
		{[]string{"classify", "--pred", "good,const", d + "models_oneclass.csv"},
			func(m string) []string { return []string{"classify", "--pred", m, d + "models_oneclass.csv"} }},
		{[]string{"rank", "--score", "m1,m2,m3", d + "scores3.csv"},
			func(m string) []string { return []string{"rank", "--score", m, "--pos-label", "1", d + "scores3.csv"} }},
		{[]string{"regress", "--pred", "y_pred,y_true", d + "sales.csv"},
			func(m string) []string { return []string{"regress", "--pred", m, d + "sales.csv"} }},
		{[]string{"cluster", "--pred", "m1,m2,m3", d + "models3.csv"},
			func(m string) []string { return []string{"cluster", "--pred", m, d + "models3.csv"} }},
		// With intervals: the same seed gives each model the same bits.
		{[]string{"classify", "--pred", "m1,m2", "--ci", "--bootstrap", "100", d + "models3.csv"},
			func(m string) []string {
				return []string{"classify", "--pred", m, "--ci", "--bootstrap", "100", d + "models3.csv"}
			}},
		{[]string{"rank", "--score", "m1,m2", "--ci", "--bootstrap", "100", d + "scores3.csv"},
			func(m string) []string {
				return []string{"rank", "--score", m, "--pos-label", "1", "--ci", "--bootstrap", "100", d + "scores3.csv"}
			}},
		{[]string{"regress", "--pred", "y_pred,y_true", "--ci", "--bootstrap", "100", d + "sales.csv"},
			func(m string) []string {
				return []string{"regress", "--pred", m, "--ci", "--bootstrap", "100", d + "sales.csv"}
			}},
		{[]string{"cluster", "--pred", "m1,m2", "--ci", "--bootstrap", "100", d + "models3.csv"},
			func(m string) []string {
				return []string{"cluster", "--pred", m, "--ci", "--bootstrap", "100", d + "models3.csv"}
			}},
	} {
		var out, errb bytes.Buffer
		if err := run(append(c.multi, "--format", "json"), nil, &out, &errb); err != nil {
			t.Fatalf("%v: %v", c.multi, err)
		}
		var multi struct {
			LabelComparison string `json:"label_comparison"`
			Models          []map[string]any
		}
		if err := json.Unmarshal(out.Bytes(), &multi); err != nil {
			t.Fatal(err)
		}
		for _, m := range multi.Models {
			name := m["name"].(string)
			out.Reset()
			if err := run(append(c.single(name), "--format", "json"), nil, &out, &errb); err != nil {
				t.Fatalf("%v: %v", c.single(name), err)
			}
			var one map[string]any
			json.Unmarshal(out.Bytes(), &one)
			delete(one, "signature")
			// A one-model run states its headline numbers in a summary;
			// several models state theirs in the verdict.
			delete(one, "summary")
			delete(m, "name")
			// How the labels compared is said once, for every model.
			if lc, ok := one["label_comparison"]; ok && lc != multi.LabelComparison {
				t.Errorf("%s: model %s: label_comparison %v, the models' %q", strings.Join(c.multi, " "), name, lc, multi.LabelComparison)
			}
			delete(one, "label_comparison")
			if !reflect.DeepEqual(one, m) {
				t.Errorf("%s: model %s differs from its single-model report:\n%v\n%v", strings.Join(c.multi, " "), name, m, one)
			}
		}
	}
}

// TestModelsCLIOracle runs the command line on the first oracle case of
// classify (statsmodels 0.13.5: models3.csv) and rank (pROC 1.18.0:
// scores3.csv) and checks its comparisons against the oracle's numbers
// (tools/oracle/classify_models.py, tools/oracle/rank_models.R).
func TestModelsCLIOracle(t *testing.T) {
	type pair struct {
		A, B      int
		Statistic float64
		PValue    float64 `json:"p_value"`
		CI        []float64
	}
	type oracle struct {
		Cases []struct {
			Pairs []pair
			Holm  []float64
			Chi2  float64
		}
	}
	read := func(path string) oracle {
		var o oracle
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Errorf("%s = %.17g, want %.17g", what, got, want)
		}
	}
	for _, c := range []struct {
		args   []string
		oracle string
	}{
		{[]string{"classify", "--pred", "m1,m2,m3", "testdata/cli/models3.csv"}, "../../classify/testdata/models.json"},
		{[]string{"rank", "--score", "m1,m2,m3", "--curves=false", "testdata/cli/scores3.csv"}, "../../rank/testdata/models.json"},
	} {
		o := read(c.oracle).Cases[0]
		var out, errb bytes.Buffer
		if err := run(append(c.args, "--format", "json"), nil, &out, &errb); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		var got struct {
			Comparisons []struct {
				Statistic, PValue, PAdjusted float64
				CI                           []float64
			}
			AUCEquality *struct{ Statistic float64 } `json:"auc_equality"`
		}
		if err := json.Unmarshal(bytes.ReplaceAll(bytes.ReplaceAll(out.Bytes(), []byte(`"p_value"`), []byte(`"PValue"`)), []byte(`"p_adjusted"`), []byte(`"PAdjusted"`)), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Comparisons) != len(o.Pairs) || len(o.Pairs) == 0 {
			t.Fatalf("%v: %d comparisons, oracle %d", c.args, len(got.Comparisons), len(o.Pairs))
		}
		if (c.args[0] == "rank") != (got.AUCEquality != nil) {
			t.Errorf("%v: auc_equality %v", c.args, got.AUCEquality)
		}
		for i, p := range o.Pairs {
			g := got.Comparisons[i]
			what := strings.Join(c.args[:3], " ") + " pair " + strconv.Itoa(i)
			near(what+" statistic", g.Statistic, p.Statistic)
			near(what+" p", g.PValue, p.PValue)
			near(what+" holm", g.PAdjusted, o.Holm[i])
			if p.CI != nil {
				near(what+" ci low", g.CI[0], p.CI[0])
				near(what+" ci high", g.CI[1], p.CI[1])
			}
		}
		if got.AUCEquality != nil {
			near("χ²", got.AUCEquality.Statistic, o.Chi2)
		}
	}
}
