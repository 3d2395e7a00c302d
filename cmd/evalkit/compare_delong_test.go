package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/internal/golden"
)

// The 87 DeLong cases of rank/testdata/delong.json.gz (R's pROC 1.18:
// roc.test(method="delong", paired=TRUE), tools/oracle/rank_delong.R), run
// through `evalkit compare delong`: AUCs and z to 1e-9, the p-value to 1e-7.
func TestCompareDeLongOracle(t *testing.T) {
	f, err := os.Open("../../rank/testdata/delong.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name   string    `json:"name"`
			Y      []int     `json:"y"`
			A      []float64 `json:"a"`
			B      []float64 `json:"b"`
			AUCA   float64   `json:"auc_a"`
			AUCB   float64   `json:"auc_b"`
			Z      *float64  `json:"z"`
			P      *float64  `json:"p_value"`
			DiffCI []float64 `json:"diff_ci95"`
		} `json:"cases"`
	}
	if err := json.NewDecoder(gz).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 80 {
		t.Fatalf("%d cases", len(doc.Cases))
	}
	dir := t.TempDir()
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var b bytes.Buffer
			b.WriteString("y,a,b\n")
			for i := range c.Y {
				fmt.Fprintf(&b, "%d,%s,%s\n", c.Y[i], strconv.FormatFloat(c.A[i], 'g', -1, 64), strconv.FormatFloat(c.B[i], 'g', -1, 64))
			}
			path := filepath.Join(dir, c.Name+".csv")
			os.WriteFile(path, b.Bytes(), 0o644)
			var stdout, stderr bytes.Buffer
			if err := run([]string{"compare", "delong", "--format", "json", "--true", "y", "--score-a", "a", "--score-b", "b", path}, nil, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v", err)
			}
			want := map[string]any{"auc_a": c.AUCA, "auc_b": c.AUCB}
			if c.Z != nil {
				want["statistic"] = *c.Z
			}
			if len(c.DiffCI) == 2 {
				want["diff_ci"] = c.DiffCI
			}
			wb, _ := json.Marshal(want)
			diffs, err := golden.Diff(stdout.Bytes(), wb, 1e-9, 1e-12)
			if err != nil {
				t.Fatal(err)
			}
			if c.P != nil {
				pb, _ := json.Marshal(map[string]any{"p_value": *c.P})
				more, _ := golden.Diff(stdout.Bytes(), pb, 1e-7, 1e-12)
				diffs = append(diffs, more...)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}
