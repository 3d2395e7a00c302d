package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The malformed-input suite at scale (issue 14): each input ends in a
// correct answer or a clear error naming file, line and column, within the
// memory budget, never a crash. The files are generated here, not
// committed.
func TestScaleInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 100 MB file")
	}
	dir := t.TempDir()
	write := func(name string, fill func(b *bytes.Buffer)) string {
		var b bytes.Buffer
		fill(&b)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	runArgs := func(args ...string) (code int, stdout, stderr string) {
		var o, e bytes.Buffer
		code = exitCode(run(args, nil, &o, &e), &e)
		return code, o.String(), e.String()
	}
	const k = 100_000

	t.Run("1e5 distinct labels", func(t *testing.T) {
		p := write("ids.csv", func(b *bytes.Buffer) {
			b.WriteString("y_true,y_pred\n")
			for i := range k {
				fmt.Fprintf(b, "id%d,id%d\n", i, (i+i%3)%k)
			}
		})
		code, out, errs := runArgs("classify", "--format", "json", p)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r struct {
			Labels   []string     `json:"labels"`
			Cells    [][3]float64 `json:"confusion_cells"`
			Matrix   [][]float64  `json:"confusion_matrix"`
			Accuracy float64      `json:"accuracy"`
			Warnings []string     `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		// Rows with i%3 = 0 are correct: 33 334 of 10⁵.
		if len(r.Labels) != k || r.Matrix != nil || len(r.Cells) != k || r.Accuracy != 0.33334 {
			t.Errorf("labels %d, cells %d, matrix %v, accuracy %v", len(r.Labels), len(r.Cells), r.Matrix != nil, r.Accuracy)
		}
		if !strings.Contains(r.Warnings[0], "more than max-matrix 1000") {
			t.Errorf("warning %q", r.Warnings[0])
		}
		// A budget too small for the label set is a clear error.
		code, _, errs = runArgs("classify", "--memory", "1MiB", p)
		if code != 1 || !strings.Contains(errs, "the classify state (labels and confusion cells) would need") || !strings.Contains(errs, "--memory") {
			t.Errorf("small budget: exit %d: %s", code, errs)
		}
	})

	t.Run("1e5 distinct labels, multilabel", func(t *testing.T) {
		p := write("ml.csv", func(b *bytes.Buffer) {
			b.WriteString("y_true,y_pred\n")
			for i := range k {
				fmt.Fprintf(b, "a%d|b%d,a%d\n", i, i, i)
			}
		})
		code, out, errs := runArgs("classify", "--multilabel", "--format", "json", p)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r struct {
			PerClass []struct{} `json:"per_class"`
			Subset   float64    `json:"subset_accuracy"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.PerClass) != 2*k || r.Subset != 0 {
			t.Errorf("%d labels, subset accuracy %v", len(r.PerClass), r.Subset)
		}
		code, _, errs = runArgs("classify", "--multilabel", "--memory", "1MiB", p)
		if code != 1 || !strings.Contains(errs, "the multilabel state") {
			t.Errorf("small budget: exit %d: %s", code, errs)
		}
	})

	t.Run("1e5 header columns", func(t *testing.T) {
		p := write("wide.csv", func(b *bytes.Buffer) {
			for i := range k {
				fmt.Fprintf(b, "c%d,", i)
			}
			b.WriteString("y_true,y_pred\n")
			for range 3 {
				b.WriteString(strings.Repeat("0,", k))
				b.WriteString("a,a\n")
			}
		})
		code, out, errs := runArgs("classify", "--format", "json", p)
		if code != 0 || !strings.Contains(out, `"accuracy": 1`) {
			t.Errorf("exit %d: %s", code, errs)
		}
		code, _, errs = runArgs("classify", "--true", "c99999", "--pred", "nope", p)
		if code != 1 || !strings.Contains(errs, `wide.csv:1: no such column "nope"`) {
			t.Errorf("missing column: exit %d: %s", code, errs[:min(len(errs), 300)])
		}
	})

	t.Run("one 100 MB field", func(t *testing.T) {
		p := write("f.csv", func(b *bytes.Buffer) {
			b.WriteString("y_true,y_pred\na,a\nb,")
			b.Write(bytes.Repeat([]byte("x"), 100<<20))
			b.WriteString("\nc,c\n")
		})
		code, out, errs := runArgs("classify", p)
		if code != 1 || out != "" || !strings.Contains(errs, `f.csv:3: column "y_pred": field too long: more than 1048576 bytes (the --max-field limit`) {
			t.Errorf("exit %d: %.300s", code, errs)
		}
		p = write("n.csv", func(b *bytes.Buffer) {
			b.WriteString("y_true,y_pred\n1,1\n2,")
			b.Write(bytes.Repeat([]byte("9"), 10<<20))
			b.WriteString("\n")
		})
		code, _, errs = runArgs("regress", p)
		if code != 1 || !strings.Contains(errs, `n.csv:3: column "y_pred": field too long`) {
			t.Errorf("regress: exit %d: %.300s", code, errs)
		}
	})

	t.Run("JSON Lines nested 1e5 deep", func(t *testing.T) {
		p := write("deep.jsonl", func(b *bytes.Buffer) {
			b.WriteString("{\"y_true\":\"a\",\"y_pred\":\"a\"}\n{\"y_true\":")
			b.WriteString(strings.Repeat("[", k))
			b.WriteString(strings.Repeat("]", k))
			b.WriteString(",\"y_pred\":\"a\"}\n")
		})
		code, out, errs := runArgs("classify", p)
		if code != 1 || out != "" || !strings.Contains(errs, "deep.jsonl:2:") || !strings.Contains(errs, "invalid JSON") {
			t.Errorf("exit %d: %.300s", code, errs)
		}
		code, _, errs = runArgs("classify", "--multilabel", p)
		if code != 1 || !strings.Contains(errs, "deep.jsonl:2:") {
			t.Errorf("multilabel: exit %d: %.300s", code, errs)
		}
	})
}
