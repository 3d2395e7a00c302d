package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestRankMultilabelOracle runs each command of
// testdata/rank_multilabel.json (written with its input files by
// tools/oracle/rank_multilabel.py: scikit-learn 1.2.1's roc_auc_score,
// average_precision_score, label_ranking_average_precision_score,
// coverage_error, label_ranking_loss, dcg_score and ndcg_score) and
// compares every value of the JSON output with scikit-learn's to 1e-12
// relative, null where scikit-learn raises.
func TestRankMultilabelOracle(t *testing.T) {
	raw, err := os.ReadFile("testdata/rank_multilabel.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Source string `json:"source"`
		Runs   []struct {
			Args     []string            `json:"args"`
			Expected map[string]*float64 `json:"expected"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	t.Chdir("testdata/cli")
	worst, where := 0.0, ""
	for _, run := range g.Runs {
		t.Run(strings.Join(run.Args[1:], "_"), func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := runQuiet(run.Args, &out, &errb); err != nil {
				t.Fatalf("%v: %s", err, errb.String())
			}
			var doc map[string]any
			if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			for key, want := range run.Expected {
				v, ok := jsonPath(doc, key)
				if !ok {
					t.Errorf("%s: missing", key)
					continue
				}
				if want == nil {
					if v != nil {
						t.Errorf("%s = %v, want null", key, v)
					}
					continue
				}
				got, ok := v.(float64)
				if !ok {
					t.Errorf("%s = %v, want %v", key, v, *want)
					continue
				}
				d := math.Abs(got-*want) / math.Max(1, math.Abs(*want))
				if d > worst {
					worst, where = d, strings.Join(run.Args[1:], " ")+": "+key
				}
				if !(d <= 1e-12) {
					t.Errorf("%s = %.17g, want %.17g", key, got, *want)
				}
			}
		})
	}
	t.Logf("largest difference from %s: %.3g (%s)", g.Source, worst, where)
}

// runQuiet runs evalkit with empty standard input.
func runQuiet(args []string, stdout, stderr *bytes.Buffer) error {
	return run(args, strings.NewReader(""), stdout, stderr)
}

// jsonPath returns the value at a dotted path of a decoded JSON document
// (array elements by index: "multilabel.per_label.2.roc_auc").
func jsonPath(doc any, path string) (any, bool) {
	v := doc
	for _, p := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[p]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// TestRankMultilabelChunks: the multilabel report read in chunks of every
// size down to one row, and on any number of cores, is the same to the
// byte as one read (the chunks' states are merged in input order into
// the state of one read).
func TestRankMultilabelChunks(t *testing.T) {
	t.Chdir("testdata/cli")
	for _, args := range [][]string{
		{"rank", "--multilabel", "--true", "y_*", "--score", "s_*", "--weight", "w", "--format", "json", "multilabel.csv"},
		{"rank", "--multilabel", "--graded", "--true", "rel_*", "--score", "score_*", "--k", "2", "--format", "json", "multilabel_graded.csv"},
	} {
		want := rankOut(t, args...)
		for _, cs := range chunkSizes {
			withChunkSize(cs, func() {
				if got := rankOut(t, args...); !bytes.Equal(got, want) {
					t.Errorf("%s, chunk size %d: %s", args[len(args)-1], cs, sameJSON(got, want, 0))
				}
			})
		}
	}
}
