package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestRankMulticlassModelsEqualsOwnRuns: in a run of several multiclass
// models, each model's report is the one a run of that model alone
// prints (its JSON but the signature and label comparison, which the
// several-model result carries once), with and without --ci and
// weights, on any chunking of the input.
func TestRankMulticlassModelsEqualsOwnRuns(t *testing.T) {
	const data = "testdata/cli/rank_multi_models.csv"
	models := map[string]string{"lr": "lr_p_cat,lr_p_dog,lr_p_eel", "nb": "nb_p_*", "rf": "rf_p_*"}
	for _, extra := range [][]string{nil, {"--ci"}, {"--k", "1", "--renormalize"}} {
		for _, cs := range []int{0, 997} {
			restore := setChunkSize(cs)
			args := append([]string{"rank", "--true", "label", "--classes", "cat,dog,eel", "--score", "lr=" + models["lr"], "--score", "nb=" + models["nb"], "--score", "rf=" + models["rf"], data}, extra...)
			out, stderr, code := runCLI(args, "")
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			var several struct {
				Models  []map[string]json.RawMessage `json:"models"`
				Verdict *struct {
					Best string `json:"best"`
				} `json:"verdict"`
			}
			if err := json.Unmarshal([]byte(out), &several); err != nil {
				t.Fatal(err)
			}
			if len(several.Models) != 3 || several.Verdict == nil || several.Verdict.Best != "rf" {
				t.Fatalf("%v: %d models, verdict %+v", extra, len(several.Models), several.Verdict)
			}
			for _, m := range several.Models {
				var name string
				json.Unmarshal(m["name"], &name)
				one := append([]string{"rank", "--true", "label", "--classes", "cat,dog,eel", "--score", models[name], data}, extra...)
				out, stderr, code := runCLI(one, "")
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", one, code, stderr)
				}
				var alone map[string]json.RawMessage
				if err := json.Unmarshal([]byte(out), &alone); err != nil {
					t.Fatal(err)
				}
				delete(alone, "signature")
				delete(alone, "label_comparison")
				delete(m, "name")
				compact := func(raw map[string]json.RawMessage) map[string]string {
					out := map[string]string{}
					for k, v := range raw {
						var b bytes.Buffer
						json.Compact(&b, v)
						out[k] = b.String()
					}
					return out
				}
				a, b := compact(alone), compact(m)
				if !reflect.DeepEqual(a, b) {
					for k := range b {
						if a[k] != b[k] {
							t.Errorf("%v chunks %d, model %s, %s: %.200s alone, %.200s among several", extra, cs, name, k, a[k], b[k])
						}
					}
				}
			}
			restore()
		}
	}
}
