package main

import (
	"bytes"
	"encoding/json"
	"reflect"
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
			Models []map[string]any
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
			delete(m, "name")
			if !reflect.DeepEqual(one, m) {
				t.Errorf("%s: model %s differs from its single-model report:\n%v\n%v", strings.Join(c.multi, " "), name, m, one)
			}
		}
	}
}
