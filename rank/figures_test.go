package rank

import (
	"math"
	"testing"
)

func TestHistogram(t *testing.T) {
	var b Builder
	// scores 0, 0.5, 1 positives; 0, 0.2 negatives: 2 bins over [0, 1].
	for _, s := range []float64{0, 0.5, 1} {
		b.Add(s, true, 1)
	}
	for _, s := range []float64{0, 0.2} {
		b.Add(s, false, 1)
	}
	h, err := b.Table().Histogram(2)
	if err != nil {
		t.Fatal(err)
	}
	// Hand count: bin [0, 0.5) holds positive 0 and negatives 0, 0.2;
	// [0.5, 1] holds positives 0.5 and 1.
	want := ScoreHistogram{Edges: []float64{0, 0.5, 1}, Pos: []float64{1.0 / 3, 2.0 / 3}, Neg: []float64{1, 0}}
	for i := range want.Edges {
		if h.Edges[i] != want.Edges[i] {
			t.Errorf("edges %v, want %v", h.Edges, want.Edges)
		}
	}
	for i := range want.Pos {
		if math.Abs(h.Pos[i]-want.Pos[i]) > 1e-15 || h.Neg[i] != want.Neg[i] {
			t.Errorf("pos %v neg %v, want %v %v", h.Pos, h.Neg, want.Pos, want.Neg)
		}
	}
}

func TestPRF1AndDETThin(t *testing.T) {
	c := PRCurve{Precision: []float64{0.5, 1, 0}, Recall: []float64{1, 0.5, 0}}
	f := c.F1()
	// 2·0.5·1/1.5 = 2/3; 2·1·0.5/1.5 = 2/3; P + R = 0 gives 0.
	if math.Abs(f[0]-2.0/3) > 1e-15 || math.Abs(f[1]-2.0/3) > 1e-15 || f[2] != 0 {
		t.Errorf("F1 %v", f)
	}
	var b Builder
	for i := range 5000 {
		b.Add(float64(i%997)/997+float64(i%2)*0.3, i%2 == 1, 1)
	}
	det, err := b.Table().DET()
	if err != nil {
		t.Fatal(err)
	}
	th, e := det.Thin(100)
	if len(th.FPR) > 100 || th.FPR[0] != det.FPR[0] || th.FNR[len(th.FNR)-1] != det.FNR[len(det.FNR)-1] || !(e > 0) {
		t.Errorf("thinned DET: %d vertices of %d, error %v", len(th.FPR), len(det.FPR), e)
	}
	if same, e := th.Thin(100); len(same.FPR) != len(th.FPR) || e != 0 {
		t.Error("a curve within the budget changed")
	}
}
