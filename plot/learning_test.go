package plot

import (
	"bytes"
	"testing"
)

func TestLearningCurve(t *testing.T) {
	p, err := LearningCurve("t", "accuracy", []CurveSeries{
		{Name: "stump", Sizes: []float64{10, 20, 40}, Train: []float64{1, 0.95, 0.93}, Valid: []float64{0.85, 0.88, 0.9}},
		{Name: "tree", Sizes: []float64{10, 20, 40}, Train: []float64{1, 1, 1}, Valid: []float64{0.8, 0.86, 0.91}},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(p, "svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("stump (training)")) {
		t.Error("no SVG or legend")
	}
	if _, err := LearningCurve("t", "x", []CurveSeries{{Name: "bad", Sizes: []float64{1}, Train: []float64{1, 2}}}); err == nil {
		t.Error("accepted ragged series")
	}
}
