package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func rankLoadGz(t *testing.T, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(z).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// rankDiff compares a JSON value from the CLI with the oracle's, numbers
// to 1e-9 relative (absolute below 1), and returns the differences.
func rankDiff(path string, got, want any) []string {
	switch w := want.(type) {
	case nil:
		if got != nil {
			return []string{fmt.Sprintf("%s = %v, want null", path, got)}
		}
	case float64:
		g, ok := got.(float64)
		if !ok || math.Abs(g-w) > 1e-9*math.Max(1, math.Abs(w)) {
			return []string{fmt.Sprintf("%s = %v, want %v", path, got, w)}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: got %d values, want %d", path, len(g), len(w))}
		}
		for i := range w {
			if d := rankDiff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != nil {
				return d
			}
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{path + ": not an object"}
		}
		var out []string
		for k, v := range w {
			out = append(out, rankDiff(path+"."+k, g[k], v)...)
		}
		return out
	}
	return nil
}

func rankWriteCSV(t *testing.T, path string, header []string, cols [][]string) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(strings.Join(header, ",") + "\n")
	for i := range cols[0] {
		for j := range cols {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(cols[j][i])
		}
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func rankFloats(v []float64) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return out
}

// TestRankCLIOracle runs every binary case of
// rank/testdata/binary.json.gz (scikit-learn 1.2.1 and numpy,
// tools/oracle/rank_binary.py) through "evalkit rank" and compares every
// key the oracle has with the JSON output, to 1e-9.
func TestRankCLIOracle(t *testing.T) {
	var g struct {
		Cases []struct {
			Name     string         `json:"name"`
			Labels   []string       `json:"labels"`
			PosLabel *string        `json:"pos_label"`
			Score    []float64      `json:"score"`
			Weight   []float64      `json:"weight"`
			Expected map[string]any `json:"expected"`
		} `json:"cases"`
	}
	rankLoadGz(t, "../../rank/testdata/binary.json.gz", &g)
	dir := t.TempDir()
	keys := []string{"n", "positives", "negatives", "roc_auc", "rank_loss", "average_precision",
		"pr_auc_trapezoid", "bep", "log_loss", "brier", "roc_curve", "pr_curve"}
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			path := filepath.Join(dir, c.Name+".csv")
			header := []string{"y_true", "y_score"}
			cols := [][]string{c.Labels, rankFloats(c.Score)}
			args := []string{"rank", "--format", "json", "--max-fpr", "0.3", path}
			if c.Weight != nil {
				header = append(header, "w")
				cols = append(cols, rankFloats(c.Weight))
				args = append(args, "--weight", "w")
			}
			if c.PosLabel != nil {
				args = append(args, "--pos-label", *c.PosLabel)
			}
			curvesOut := filepath.Join(dir, c.Name+".curves.csv")
			args = append(args, "--curves-out", curvesOut)
			rankWriteCSV(t, path, header, cols)
			var stdout, stderr bytes.Buffer
			if err := run(args, nil, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			var got map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			rankCheckCurvesOut(t, curvesOut, c.Expected)
			// The same with the score table's rows spilled to disk:
			// --memory 48 bytes a row holds 6/7 of the rows (56 bytes
			// each) and leaves room for a table of every row distinct
			// (40 bytes each): the same bytes.
			var spilled bytes.Buffer
			mem := strconv.Itoa(48 * len(c.Score))
			if err := run(append(args, "--memory", mem), nil, &spilled, &stderr); err != nil {
				t.Fatalf("run --memory %s: %v\n%s", mem, err, stderr.String())
			}
			if !bytes.Equal(spilled.Bytes(), stdout.Bytes()) {
				t.Errorf("--memory %s changes the output", mem)
			}
			for _, k := range keys {
				want, ok := c.Expected[k]
				if !ok {
					continue
				}
				for _, d := range rankDiff(k, got[k], want) {
					t.Error(d)
				}
			}
			e := c.Expected
			if pa, ok := e["partial_auc"].(map[string]any); ok {
				for _, d := range rankDiff("partial_auc", got["partial_auc"], pa["0.3"]) {
					t.Error(d)
				}
			}
			if cal, ok := e["calibration_uniform_10"].(map[string]any); ok {
				gc, _ := got["calibration"].(map[string]any)
				for _, d := range rankDiff("calibration", gc, cal) {
					t.Error(d)
				}
				for _, d := range rankDiff("calibration.ece", gc["ece"], e["ece_10"]) {
					t.Error(d)
				}
			}
			if th, ok := e["thresholds"].(map[string]any); ok {
				for _, k := range [][2]string{{"youden", "youden"}, {"max_f1", "fbeta1"}} {
					want := th[k[1]].(map[string]any)
					gv, _ := got[k[0]].(map[string]any)
					for _, f := range []string{"threshold", "value"} {
						for _, d := range rankDiff(k[0]+"."+f, gv[f], want[f]) {
							t.Error(d)
						}
					}
				}
			}
			outside := false
			for _, s := range c.Score {
				outside = outside || s < 0 || s > 1
			}
			if outside && got["log_loss"] != nil {
				t.Errorf("log_loss printed for scores outside [0, 1]")
			}
		})
	}
}

// rankCheckCurvesOut compares the rows of a --curves-out file with the
// oracle's full ROC curve (after its point (0, 0)) and P-R curve (before
// its final point, in reverse), to 1e-9.
func rankCheckCurvesOut(t *testing.T, path string, e map[string]any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if lines[0] != "threshold,tp,fp,tpr,fpr,precision,recall" {
		t.Fatalf("--curves-out header %q", lines[0])
	}
	rows := lines[1:]
	col := func(j int, rev bool) []any {
		out := make([]any, len(rows))
		for i, r := range rows {
			v, err := strconv.ParseFloat(strings.Split(r, ",")[j], 64)
			if err != nil {
				t.Fatalf("--curves-out row %d: %v", i, err)
			}
			if rev {
				out[len(rows)-1-i] = v
			} else {
				out[i] = v
			}
		}
		return out
	}
	pr := e["pr_curve"].(map[string]any)
	trim := func(a any, from, to int) []any { v := a.([]any); return v[from : len(v)-to] }
	for _, d := range rankDiff("curves_out.precision", col(5, true), trim(pr["precision"], 0, 1)) {
		t.Error(d)
	}
	for _, d := range rankDiff("curves_out.recall", col(6, true), trim(pr["recall"], 0, 1)) {
		t.Error(d)
	}
	for _, d := range rankDiff("curves_out.threshold", col(0, true), pr["thresholds"]) {
		t.Error(d)
	}
	if full, ok := e["roc_curve_full"].(map[string]any); ok {
		for _, d := range rankDiff("curves_out.fpr", col(4, false), trim(full["fpr"], 1, 0)) {
			t.Error(d)
		}
		for _, d := range rankDiff("curves_out.tpr", col(3, false), trim(full["tpr"], 1, 0)) {
			t.Error(d)
		}
	}
}

// TestRankCLIMulticlassOracle runs the cases of
// rank/testdata/multiclass.json.gz (scikit-learn 1.2.1,
// tools/oracle/rank_multiclass.py) through "evalkit rank --classes".
func TestRankCLIMulticlassOracle(t *testing.T) {
	var g struct {
		Cases []struct {
			Name     string         `json:"name"`
			Classes  []string       `json:"classes"`
			Y        []int          `json:"y"`
			P        [][]float64    `json:"p"`
			Weight   []float64      `json:"weight"`
			Expected map[string]any `json:"expected"`
		} `json:"cases"`
	}
	rankLoadGz(t, "../../rank/testdata/multiclass.json.gz", &g)
	dir := t.TempDir()
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			k := len(c.Classes)
			header := []string{"label"}
			ys := make([]string, len(c.Y))
			for i, y := range c.Y {
				ys[i] = c.Classes[y]
			}
			cols := [][]string{ys}
			var pcols []string
			for j := 0; j < k; j++ {
				header = append(header, "p_"+c.Classes[j])
				pcols = append(pcols, "p_"+c.Classes[j])
				col := make([]float64, len(c.P))
				for i := range c.P {
					col[i] = c.P[i][j]
				}
				cols = append(cols, rankFloats(col))
			}
			args := []string{"rank", "--format", "json", "--true", "label", "--score", strings.Join(pcols, ","),
				"--classes", strings.Join(c.Classes, ","), "--k", "2"}
			if c.Weight != nil {
				header = append(header, "w")
				cols = append(cols, rankFloats(c.Weight))
				args = append(args, "--weight", "w")
			}
			path := filepath.Join(dir, c.Name+".csv")
			rankWriteCSV(t, path, header, cols)
			args = append(args, path)
			var stdout, stderr bytes.Buffer
			if err := run(args, nil, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			var got map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			e := c.Expected
			pairs := [][2]string{{"roc_auc_ovr_macro", "ovr_macro"}, {"roc_auc_ovr_weighted", "ovr_weighted"},
				{"roc_auc_ovo_macro", "ovo_macro"}, {"roc_auc_ovo_weighted", "ovo_weighted"}, {"log_loss", "log_loss"}}
			for _, p := range pairs {
				if want, ok := e[p[1]]; ok {
					for _, d := range rankDiff(p[0], got[p[0]], want) {
						t.Error(d)
					}
				}
			}
			for _, d := range rankDiff("top_k_accuracy", got["top_k_accuracy"], e["top_k"].([]any)[1]) {
				t.Error(d)
			}
		})
	}
}

// FuzzRankCLI feeds arbitrary tables to "evalkit rank" (binary, weighted,
// binned and multiclass): no panic, and either an error or valid JSON.
func FuzzRankCLI(f *testing.F) {
	f.Add("y_true,y_score,w\n0,0.1,1\n1,0.9,2\n0,0.9,0\n1,NaN,1\n", uint8(0))
	f.Add("y_true,y_score,w\n-1,3,1\n1,-2,1\n1,1e308,0.5\n", uint8(1))
	f.Add("y_true,y_score\n1,0.5\n0,0.5\n", uint8(2))
	f.Add("y_true,a,b,c\na,0.2,0.3,0.5\nb,0.1,0.8,0.1\nc,0.3,0.3,0.4\n", uint8(3))
	f.Fuzz(func(t *testing.T, data string, mode uint8) {
		args := []string{"rank", "--format", "json"}
		switch mode % 4 {
		case 1:
			args = append(args, "--weight", "w")
		case 2:
			args = append(args, "--bins", "7", "--bin-range", "-1,2")
		case 3:
			args = append(args, "--score", "a,b,c", "--classes", "a,b,c")
		}
		var stdout, stderr bytes.Buffer
		err := run(args, strings.NewReader(data), &stdout, &stderr)
		if err == nil && !json.Valid(stdout.Bytes()) {
			t.Fatalf("invalid JSON: %s", stdout.String())
		}
		if err != nil && stdout.Len() != 0 {
			t.Fatalf("output written before the error %v", err)
		}
	})
}

// --plot writes the four figures as SVG and PNG.
func TestRankPlot(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := run([]string{"rank", "--format", "json", "--pos-label", "spam", "--plot", dir, "testdata/cli/scores.csv"}, nil, &stdout, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for _, name := range []string{"roc", "pr", "det", "calibration"} {
		for _, ext := range []string{".svg", ".png"} {
			st, err := os.Stat(filepath.Join(dir, name+ext))
			if err != nil || st.Size() < 1000 {
				t.Errorf("%s%s: %v", name, ext, err)
			}
		}
		b, _ := os.ReadFile(filepath.Join(dir, name+".svg"))
		if name == "roc" && !bytes.Contains(b, []byte(">scores AUC 0.7000</text>")) {
			t.Errorf("roc.svg has no \"scores AUC 0.7000\" legend")
		}
	}
}

// TestRankCLIDeLong runs the cases of rank/testdata/delong.json.gz (pROC
// 1.18.0, tools/oracle/rank_delong.R) through "evalkit rank" and compares
// auc_variance_delong and auc_ci_delong (95%) to 1e-9.
func TestRankCLIDeLong(t *testing.T) {
	var g struct {
		Cases []struct {
			Name string    `json:"name"`
			Y    []int     `json:"y"`
			A    []float64 `json:"a"`
			AUC  float64   `json:"auc_a"`
			Var  float64   `json:"var_a"`
			CI   []any     `json:"ci95"`
		} `json:"cases"`
	}
	rankLoadGz(t, "../../rank/testdata/delong.json.gz", &g)
	dir := t.TempDir()
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			ys := make([]string, len(c.Y))
			for i, y := range c.Y {
				ys[i] = strconv.Itoa(y)
			}
			path := filepath.Join(dir, c.Name+".csv")
			rankWriteCSV(t, path, []string{"y_true", "y_score"}, [][]string{ys, rankFloats(c.A)})
			var stdout, stderr bytes.Buffer
			if err := run([]string{"rank", "--format", "json", "--curves=false", path}, nil, &stdout, &stderr); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			var got map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			for _, d := range rankDiff("roc_auc", got["roc_auc"], c.AUC) {
				t.Error(d)
			}
			for _, d := range rankDiff("auc_variance_delong", got["auc_variance_delong"], c.Var) {
				t.Error(d)
			}
			for _, d := range rankDiff("auc_ci_delong", got["auc_ci_delong"], c.CI) {
				t.Error(d)
			}
		})
	}
}
