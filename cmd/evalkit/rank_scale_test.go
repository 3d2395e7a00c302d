package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// rankBigCSV writes n rows of random labels and distinct scores.
func rankBigCSV(t *testing.T, n int) string {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.WriteString("y_true,y_score\n")
	for range n {
		y := r.IntN(2)
		s := r.NormFloat64() + float64(y)
		b.WriteString(strconv.Itoa(y) + "," + strconv.FormatFloat(s, 'g', -1, 64) + "\n")
	}
	path := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func rankRunJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(append([]string{"rank", "--format", "json"}, args...), nil, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	var m map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRankCurvePoints: by default a curve of more than 10000 vertices is
// printed thinned to at most 10000 of its own, with curve_thinning_error
// and a warning, and every other key equal to the unthinned run's.
func TestRankCurvePoints(t *testing.T) {
	path := rankBigCSV(t, 30000)
	full := rankRunJSON(t, "--curve-points", "0", path)
	thin := rankRunJSON(t, path)
	few := rankRunJSON(t, "--curve-points", "100", path)
	for k, v := range full {
		switch k {
		case "roc_curve", "pr_curve", "det_curve", "warnings":
			continue
		}
		if d := rankDiff(k, thin[k], v); d != nil {
			t.Errorf("thinned run: %v", d)
		}
	}
	if _, ok := full["curve_thinning_error"]; ok {
		t.Errorf("--curve-points 0 reports a thinning")
	}
	for _, c := range []struct {
		m map[string]any
		n int
	}{{thin, 10000}, {few, 100}} {
		roc := c.m["roc_curve"].(map[string]any)
		pr := c.m["pr_curve"].(map[string]any)
		if l := len(roc["fpr"].([]any)); l > c.n || l < c.n/2 {
			t.Errorf("--curve-points %d: ROC curve of %d points", c.n, l)
		}
		if l := len(pr["recall"].([]any)); l > c.n || l != len(pr["thresholds"].([]any))+1 {
			t.Errorf("--curve-points %d: P-R curve of %d points", c.n, l)
		}
		det := c.m["det_curve"].(map[string]any)
		if l := len(det["fpr"].([]any)); l > c.n || l < c.n/2 || l != len(det["fnr"].([]any)) || l != len(det["thresholds"].([]any)) {
			t.Errorf("--curve-points %d: DET curve of %d points", c.n, l)
		}
		e := c.m["curve_thinning_error"].(map[string]any)
		re, pe, de := e["roc_curve"].(float64), e["pr_curve"].(float64), e["det_curve"].(float64)
		if !(re > 0 && re < 0.05 && pe > 0 && pe < 0.2 && de > 0 && de < 0.05) {
			t.Errorf("--curve-points %d: thinning error %v", c.n, e)
		}
		w := c.m["warnings"].([]any)
		if !strings.Contains(w[len(w)-1].(string), "thinned") {
			t.Errorf("--curve-points %d: warnings %v", c.n, w)
		}
	}
	if len(full["roc_curve"].(map[string]any)["fpr"].([]any)) <= 10000 {
		t.Fatalf("the test data has too few vertices")
	}
}

// TestRankCurvesOutErrors: --curves-out into a folder that does not exist
// is exit status 1 with nothing on stdout and no file left; with
// --classes it is a usage error.
func TestRankCurvesOutErrors(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "s.csv")
	os.WriteFile(data, []byte("y_true,y_score\n1,0.5\n0,0.2\n"), 0o644)
	var stdout, stderr bytes.Buffer
	err := run([]string{"rank", "--format", "json", "--curves-out", filepath.Join(dir, "no", "c.csv"), data}, nil, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 1 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "--curves-out") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
	err = run([]string{"rank", "--classes", "a,b", "--score", "a,b", "--curves-out", "x.csv", data}, nil, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 2 {
		t.Errorf("--classes with --curves-out: exit %d", code)
	}
}
