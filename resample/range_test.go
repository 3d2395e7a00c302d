package resample

import (
	"testing"

	"github.com/evalkit-go/evalkit/learn"
)

// A measure's interval over splits never leaves its range: per-fold AUCs
// near 1 gave 0.9905–1.001 in the demo before.
func TestSummaryRange(t *testing.T) {
	m := Measure{Name: "roc_auc", Range: [2]float64{0, 1}}
	vals := []float64{0.9779, 0.9987, 0.9907, 1, 1, 0.9987, 0.9960, 1, 1, 0.9932}
	raw := Summarize("roc_auc", vals, 0.95)
	s := m.summary(vals, 0.95)
	if !(raw.Hi > 1) {
		t.Fatalf("the unclipped interval %v–%v does not pass 1: the test proves nothing", raw.Lo, raw.Hi)
	}
	if s.Hi != 1 || s.Lo != raw.Lo || s.Mean != raw.Mean {
		t.Errorf("clipped %v–%v (mean %v), want %v–1", s.Lo, s.Hi, s.Mean, raw.Lo)
	}
	for _, classes := range []int{0, 2, 3} {
		for _, d := range DefaultMeasures(learn.Data{Classes: classes}) {
			if d.Range == ([2]float64{}) {
				t.Errorf("default measure %s has no range", d.Name)
			}
		}
	}
}
