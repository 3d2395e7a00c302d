package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/internal/golden"
)

// The golden cases of classify/testdata/sklearn_cases.json (scikit-learn
// 1.2.1, tools/oracle/classify_cases.py), run through the command line.
func TestClassifyCLIOracle(t *testing.T) {
	b, err := os.ReadFile("../../classify/testdata/sklearn_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name         string          `json:"name"`
			YTrue        []string        `json:"y_true"`
			YPred        []string        `json:"y_pred"`
			Weights      []float64       `json:"weights"`
			Labels       []string        `json:"labels"`
			Beta         float64         `json:"beta"`
			ZeroDivision string          `json:"zero_division"`
			PosLabel     *string         `json:"pos_label"`
			Expected     json.RawMessage `json:"expected"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			// Alternate the formats so that every reader path is exercised.
			ext := []string{".csv", ".tsv", ".jsonl"}[i%3]
			path := filepath.Join(dir, c.Name+ext)
			writeTable(t, path, c.YTrue, c.YPred, c.Weights)
			args := []string{"classify", "--format", "json", "--beta", strconv.FormatFloat(c.Beta, 'g', -1, 64),
				"--zero-division", c.ZeroDivision}
			if c.Weights != nil {
				args = append(args, "--weight", "w")
			}
			if c.Labels != nil {
				args = append(args, "--labels", strings.Join(c.Labels, ","))
			}
			if c.PosLabel != nil {
				args = append(args, "--pos-label", *c.PosLabel)
			}
			args = append(args, path)
			var stdout, stderr bytes.Buffer
			if err := run(args, nil, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			diffs, err := golden.Diff(stdout.Bytes(), c.Expected, 1e-9, 1e-12)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// writeTable writes y_true, y_pred and optionally w columns as CSV, TSV or
// JSON Lines by the path's extension.
func writeTable(t *testing.T, path string, yt, yp []string, w []float64) {
	t.Helper()
	var b bytes.Buffer
	switch filepath.Ext(path) {
	case ".jsonl":
		for i := range yt {
			row := map[string]any{"y_true": yt[i], "y_pred": yp[i]}
			if w != nil {
				row["w"] = w[i]
			}
			line, _ := json.Marshal(row)
			b.Write(line)
			b.WriteByte('\n')
		}
	default:
		cw := csv.NewWriter(&b)
		if filepath.Ext(path) == ".tsv" {
			cw.Comma = '\t'
		}
		head := []string{"y_true", "y_pred"}
		if w != nil {
			head = append(head, "w")
		}
		cw.Write(head)
		for i := range yt {
			rec := []string{yt[i], yp[i]}
			if w != nil {
				rec = append(rec, strconv.FormatFloat(w[i], 'g', -1, 64))
			}
			cw.Write(rec)
		}
		cw.Flush()
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The multilabel golden cases (scikit-learn 1.2.1,
// tools/oracle/classify_multilabel.py) through the command line: CSV cells
// joined with "|" and JSON Lines arrays.
func TestClassifyMultilabelCLIOracle(t *testing.T) {
	b, err := os.ReadFile("../../classify/testdata/sklearn_multilabel.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name         string          `json:"name"`
			YTrue        [][]string      `json:"y_true"`
			YPred        [][]string      `json:"y_pred"`
			Weights      []float64       `json:"weights"`
			Labels       []string        `json:"labels"`
			Beta         float64         `json:"beta"`
			ZeroDivision string          `json:"zero_division"`
			Expected     json.RawMessage `json:"expected"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var buf bytes.Buffer
			path := filepath.Join(dir, c.Name+".csv")
			if i%2 == 1 {
				path = filepath.Join(dir, c.Name+".jsonl")
				for r := range c.YTrue {
					row := map[string]any{"y_true": c.YTrue[r], "y_pred": c.YPred[r]}
					if c.Weights != nil {
						row["w"] = c.Weights[r]
					}
					line, _ := json.Marshal(row)
					buf.Write(append(line, '\n'))
				}
			} else {
				cw := csv.NewWriter(&buf)
				cw.Write([]string{"y_true", "y_pred", "w"})
				for r := range c.YTrue {
					w := "1"
					if c.Weights != nil {
						w = strconv.FormatFloat(c.Weights[r], 'g', -1, 64)
					}
					cw.Write([]string{strings.Join(c.YTrue[r], "|"), strings.Join(c.YPred[r], "|"), w})
				}
				cw.Flush()
			}
			os.WriteFile(path, buf.Bytes(), 0o644)
			args := []string{"classify", "--multilabel", "--format", "json", "--beta", strconv.FormatFloat(c.Beta, 'g', -1, 64),
				"--zero-division", c.ZeroDivision, path}
			if c.Weights != nil {
				args = append(args, "--weight", "w")
			}
			if c.Labels != nil {
				args = append(args, "--labels", strings.Join(c.Labels, ","))
			}
			var stdout, stderr bytes.Buffer
			if err := run(args, nil, &stdout, &stderr); err != nil {
				t.Fatalf("run: %v", err)
			}
			diffs, err := golden.Diff(stdout.Bytes(), c.Expected, 1e-9, 1e-12)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
}

// The cross-label moments of the multilabel intervals (9 sums per pair of
// labels, 250 labels: about 4.5 MB) are charged to --memory with the rest
// of the state; within the budget, the macro average gets its interval.
func TestMultilabelCrossMemory(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("y_true,y_pred\n")
	for i := range 250 {
		pred := "l" + strconv.Itoa(i)
		if i%3 == 0 {
			pred = ""
		}
		b.WriteString("l" + strconv.Itoa(i) + "|l" + strconv.Itoa((i+1)%250) + "," + pred + "\n")
	}
	p := filepath.Join(t.TempDir(), "ml.csv")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	runArgs := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := exitCode(run(args, nil, &o, &e), &e)
		return code, o.String(), e.String()
	}
	code, _, errs := runArgs("classify", "--multilabel", "--ci", "--memory", "3MiB", p)
	if code != 1 || !strings.Contains(errs, "the multilabel state") {
		t.Errorf("3 MiB: exit %d: %s", code, errs)
	}
	code, out, errs := runArgs("classify", "--multilabel", "--ci", "--format", "json", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Intervals map[string]struct{ Method string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Intervals["macro.recall"].Method != "delta-logit" {
		t.Errorf("macro.recall: %+v", r.Intervals["macro.recall"])
	}
}
