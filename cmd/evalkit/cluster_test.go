package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/label"
)

// The oracle cases are shared with package cluster: expected numbers from
// scikit-learn 1.2.1 / scipy and direct formulas (tools/oracle/cluster.py).
type clusterCase struct {
	Name     string                     `json:"name"`
	Kind     string                     `json:"kind"`
	True     []string                   `json:"true"`
	Pred     []string                   `json:"pred"`
	Weights  []int64                    `json:"weights"`
	Beta     float64                    `json:"beta"`
	Metric   string                     `json:"metric"`
	Dim      int                        `json:"dim"`
	Features [][]float64                `json:"features"`
	Labels   []string                   `json:"labels"`
	Expected map[string]json.RawMessage `json:"expected"`
}

func clusterClose(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= 1e-9*math.Max(math.Abs(want), 1)
}

// num reads a JSON number or null (NaN).
func clusterNum(t *testing.T, raw json.RawMessage) float64 {
	t.Helper()
	if raw == nil || string(raw) == "null" {
		return math.NaN()
	}
	v, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		t.Fatalf("not a number: %s", raw)
	}
	return v
}

func clusterWriteCSV(t *testing.T, path string, rows [][]string) {
	t.Helper()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestClusterOracleCLI(t *testing.T) {
	b, err := os.ReadFile("../../cluster/testdata/oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []clusterCase }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, c := range f.Cases {
		t.Run(c.Kind+"/"+c.Name, func(t *testing.T) {
			path := filepath.Join(dir, strconv.Itoa(i)+".csv")
			var args []string
			var rows [][]string
			if c.Kind == "external" {
				rows = append(rows, []string{"y_true", "y_pred"})
				if c.Weights != nil {
					rows[0] = append(rows[0], "w")
					args = append(args, "--weight", "w")
				}
				for r := range c.True {
					row := []string{c.True[r], c.Pred[r]}
					if c.Weights != nil {
						row = append(row, strconv.FormatInt(c.Weights[r], 10))
					}
					rows = append(rows, row)
				}
				args = append(args, "--beta", strconv.FormatFloat(c.Beta, 'g', -1, 64))
			} else {
				head := []string{"cluster"}
				var cols []string
				for d := range c.Dim {
					cols = append(cols, "f"+strconv.Itoa(d))
				}
				rows = append(rows, append(head, cols...))
				for r, feat := range c.Features {
					row := []string{c.Labels[r]}
					for _, v := range feat {
						row = append(row, strconv.FormatFloat(v, 'g', -1, 64))
					}
					rows = append(rows, row)
				}
				args = append(args, "--pred", "cluster", "--features", strings.Join(cols, ","), "--metric", c.Metric, "--pairwise-limit", "0")
			}
			clusterWriteCSV(t, path, rows)
			var stdout, stderr bytes.Buffer
			err := run(append([]string{"cluster", path, "--format", "json"}, args...), nil, &stdout, &stderr)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if c.Kind == "external" {
				clusterCompareExternal(t, got, c.Expected)
			} else {
				clusterCompareInternal(t, got, c.Expected)
			}
		})
	}
}

func clusterCompareExternal(t *testing.T, got, want map[string]json.RawMessage) {
	for _, k := range []string{"a", "b", "c", "d", "n", "n_classes", "n_clusters"} {
		if string(got[k]) != string(want[k]) {
			t.Errorf("%s = %s, want %s", k, got[k], want[k])
		}
	}
	for _, k := range []string{"jaccard", "fowlkes_mallows", "rand_index", "adjusted_rand_index", "mutual_info", "homogeneity", "completeness", "v_measure", "purity", "entropy_true", "entropy_pred", "expected_mutual_info"} {
		if g, w := clusterNum(t, got[k]), clusterNum(t, want[k]); !clusterClose(g, w) {
			t.Errorf("%s = %.17g, want %.17g", k, g, w)
		}
	}
	for _, k := range []string{"nmi", "ami"} {
		var g, w map[string]json.RawMessage
		json.Unmarshal(got[k+"_averages"], &g)
		json.Unmarshal(want[k], &w)
		for _, a := range []string{"min", "geometric", "arithmetic", "max"} {
			if gv, wv := clusterNum(t, g[a]), clusterNum(t, w[a]); !clusterClose(gv, wv) {
				t.Errorf("%s_averages.%s = %.17g, want %.17g", k, a, gv, wv)
			}
		}
		if gv, wv := clusterNum(t, got[k]), clusterNum(t, w["arithmetic"]); !clusterClose(gv, wv) {
			t.Errorf("%s = %.17g, want %.17g", k, gv, wv)
		}
	}
}

func clusterCompareInternal(t *testing.T, got, want map[string]json.RawMessage) {
	for _, k := range []string{"silhouette", "dunn", "calinski_harabasz", "davies_bouldin", "davies_bouldin_avgpair"} {
		if g, w := clusterNum(t, got[k]), clusterNum(t, want[k]); !clusterClose(g, w) {
			t.Errorf("%s = %.17g, want %.17g", k, g, w)
		}
	}
	var gc, wc []map[string]json.RawMessage
	json.Unmarshal(got["clusters"], &gc)
	json.Unmarshal(want["clusters"], &wc)
	if len(gc) != len(wc) {
		t.Fatalf("%d clusters, want %d", len(gc), len(wc))
	}
	for i := range wc {
		var gl, wl string
		json.Unmarshal(gc[i]["label"], &gl)
		json.Unmarshal(wc[i]["label"], &wl)
		// Cluster labels that are all numbers print the canonical way
		// (scikit-learn's float labels 0.0, 1.0 are evalkit's 0, 1).
		if gl != wl && !label.Equal(gl, wl, label.Numbers) || string(gc[i]["size"]) != string(wc[i]["size"]) {
			t.Errorf("cluster %d: label %s size %s, want %s %s", i, gc[i]["label"], gc[i]["size"], wc[i]["label"], wc[i]["size"])
		}
		for _, k := range []string{"scatter", "avg", "diam", "silhouette"} {
			if g, w := clusterNum(t, gc[i][k]), clusterNum(t, wc[i][k]); !clusterClose(g, w) {
				t.Errorf("cluster %s: %s = %.17g, want %.17g", wc[i]["label"], k, g, w)
			}
		}
		for _, k := range []string{"d_min", "d_cen", "centroid"} {
			var g, w []json.RawMessage
			json.Unmarshal(gc[i][k], &g)
			json.Unmarshal(wc[i][k], &w)
			if len(g) != len(w) {
				t.Fatalf("cluster %s: %d %s, want %d", wc[i]["label"], len(g), k, len(w))
			}
			for e := range w {
				if gv, wv := clusterNum(t, g[e]), clusterNum(t, w[e]); !clusterClose(gv, wv) {
					t.Errorf("cluster %s: %s[%d] = %.17g, want %.17g", wc[i]["label"], k, e, gv, wv)
				}
			}
		}
	}
}

// FuzzClusterCLI: any input file gives a result or a data error (exit 1),
// never a panic or a usage error.
func FuzzClusterCLI(f *testing.F) {
	f.Add([]byte("y_true,y_pred,f1,w\na,x,1,1\nb,y,2,2\nb,x,3,0\n"))
	f.Add([]byte("y_true,y_pred,f1,w\na,x,nan,1\n"))
	f.Add([]byte("y_true,y_pred,f1,w\na,x,1,-1\n"))
	f.Add([]byte("y_true,y_pred,f1,w\n\"a,\"\"b\",x,1e308,3\n"))
	f.Add([]byte("{\"y_true\":\"a\",\"y_pred\":1,\"f1\":2,\"w\":1}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, args := range [][]string{
			{"cluster", "--weight", "w", "--format", "json"},
			{"cluster", "--true", "y_true", "--features", "f1", "--format", "text"},
		} {
			var stdout, stderr bytes.Buffer
			err := run(args, bytes.NewReader(data), &stdout, &stderr)
			if code := exitCode(err, &stderr); code == 2 {
				t.Fatalf("usage error for data: %v", err)
			}
			if err != nil && stdout.Len() > 0 {
				t.Fatalf("output written before an error: %v", err)
			}
		}
	})
}
