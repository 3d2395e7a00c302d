package report

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/task"
)

// TestROCDiffPowerLayouts checks that the two-AUC power layouts show the
// binormal model, the variances, the warnings and the solved quantity in
// text, Markdown and HTML.
func TestROCDiffPowerLayouts(t *testing.T) {
	nan := math.NaN()
	b := hyptest.BinormalPair{A1: 2.6, B1: 1, A2: 1.9, B2: 1, RCases: 0.6, RControls: 0.6, FPR: &[2]float64{0, 0.2}}
	p, err := hyptest.ROCDiffPower{Delta: 0.037, Cases: nan, Kappa: 1, SigLevel: 0.05, Power: 0.8}.SolveBinormal(b)
	if err != nil {
		t.Fatal(err)
	}
	data := &task.ROCPowerResult{N: 113, Positives: 41, Negatives: 72, ROCDiffPower: p, Warnings: []string{"a warning"}}
	data.Method, data.Binormal = "delong", nil
	for _, c := range []struct {
		doc  *Doc
		want []string
	}{
		{ROCDiffPower(&p), []string{"binormal A, B of curve 1", "2.600, 1.000", "partial AUCs over FPR", "0 to 0.2000", "107.0  (solved)"}},
		{ROCPowerData(data), []string{"DeLong variances from n = 113: 41 positive", "per-case variances 1, 2, covariance", "a warning"}},
	} {
		for name, w := range map[string]func(*Doc, *bytes.Buffer) error{
			"text":     func(d *Doc, b *bytes.Buffer) error { return d.Text(b) },
			"markdown": func(d *Doc, b *bytes.Buffer) error { return d.Markdown(b) },
			"html":     func(d *Doc, b *bytes.Buffer) error { return d.HTML(b) },
		} {
			var buf bytes.Buffer
			if err := w(c.doc, &buf); err != nil {
				t.Fatal(err)
			}
			for _, s := range c.want {
				if !strings.Contains(buf.String(), s) {
					t.Errorf("%s: %q missing from\n%s", name, s, buf.String())
				}
			}
		}
	}
}
