package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/cli"
)

// runGated runs evalkit with args, which must end in the gates failing
// (exit status 3) exactly when fail is set, and returns its stdout.
func runGated(t *testing.T, fail bool, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(args, strings.NewReader(""), &out, &errb)
	var ge *cli.GateError
	if fail && !errors.As(err, &ge) || !fail && err != nil {
		t.Fatalf("evalkit %s: got %v, want a failed gate %v: %s", strings.Join(args, " "), err, fail, errb.String())
	}
	return out.Bytes()
}

// TestReportBrowserGates opens reports with --gate in headless Chromium:
// the gate table stands at the top of the page, before the contents and
// the sections, says "✓ passed" or "✗ failed" in words (not colour
// alone) for every gate and value, and its numbers are the "gates" of the
// JSON output (checkPage). EVALKIT_SHOTS=dir keeps the screenshots.
func TestReportBrowserGates(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	rmodels := csvFile(t, dir, "gmodels.csv", "y_true,old,new", 1500, func(i int) string {
		y := i % 2
		a := (float64(i%997)/997 + float64(y)*0.5) / 1.5
		b := (float64(i%983)/983 + float64(y)*0.55) / 1.55
		return fmt.Sprintf("%d,%.5f,%.5f", y, a, b)
	})
	pets := csvFile(t, dir, "gpets.csv", "y_true,y_pred", 9, func(i int) string {
		return []string{"cat,cat", "cat,dog", "cat,cat", "dog,dog", "dog,dog", "bird,dog", "bird,bird", "cat,cat", "dog,cat"}[i]
	})
	for _, c := range []struct {
		name     string
		twin     []string // the task and the flags the report adds
		flags    []string
		fail     bool
		sections []string
		verdicts []string // the verdict cells, in order
	}{
		{name: "gates-rank-models", twin: []string{"rank", "--ci"},
			flags: []string{"--score", "old,new", "--bootstrap", "100",
				"--gate", "models.new.roc_auc >= models.old.roc_auc - 0.01", "--gate", "models.*.roc_auc > 0.99", rmodels},
			fail: true, sections: []string{"models"}, verdicts: []string{"✓ passed", "✗ failed", "✗ failed", "✗ failed"}},
		{name: "gates-classify", twin: []string{"classify", "--ci"},
			flags:    []string{"--gate", "accuracy >= 0.05", "--gate", "per_class.*.recall >= 0", pets},
			sections: []string{"measures"}, verdicts: []string{"✓ passed", "✓ passed", "✓ passed", "✓ passed", "✓ passed"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), c.name+".html")
			runGated(t, c.fail, append([]string{"report", "-o", file}, c.flags...)...)
			twin := append([]string{c.twin[0], "--format", "json"}, c.twin[1:]...)
			js := runGated(t, c.fail, append(twin, c.flags...)...)
			if !bytes.Contains(js, []byte(`"gates": [`)) {
				t.Fatalf("the JSON has no gates:\n%s", js)
			}
			checkPage(t, file, js, c.sections, 0)
			openReport(t, file, func(ctx context.Context, bp *browserPage) {
				// first of the page's blocks: in the header, before the
				// contents and every section
				order := eval[[]bool](t, ctx, `(() => {
					const g = document.querySelector('table.gates');
					if (!g) return [false, false, false];
					const before = el => !el || (g.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
					return [g.closest('header') !== null, before(document.querySelector('nav')), before(document.querySelector('main section'))];
				})()`)
				if !order[0] || !order[1] || !order[2] {
					t.Errorf("the gate table is not at the top (in the header, before the contents and the sections): %v", order)
				}
				got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('table.gates tbody tr > td:nth-child(2)')).map(td => td.textContent)`)
				if strings.Join(got, "|") != strings.Join(c.verdicts, "|") {
					t.Errorf("verdicts %q, want %q", got, c.verdicts)
				}
				caption := eval[string](t, ctx, `document.querySelector('table.gates caption').textContent`)
				want := "Gates: all 2 passed"
				if c.fail {
					want = "Gates: 1 of 2 failed"
				}
				if caption != want {
					t.Errorf("caption %q, want %q", caption, want)
				}
				// the reasons wrap: the table fits the 375 px page
				w := eval[[]float64](t, ctx, `[document.documentElement.scrollWidth, window.innerWidth]`)
				if w[0] > w[1] {
					t.Errorf("at 375 px the page is %v px wide", w)
				}
			})
		})
	}
}
