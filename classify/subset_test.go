package classify

import (
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// pets are the rows of cmd/evalkit/testdata/cli/pets.csv.
var petsTrue = []string{"cat", "cat", "cat", "dog", "dog", "bird", "bird"}
var petsPred = []string{"cat", "dog", "cat", "dog", "dog", "dog", "bird"}

// Over listed labels that leave out "bird", the micro precision and recall
// pool the listed labels only: 4 of the 6 rows predicted dog or cat are
// right, 4 of the 5 rows of true dog or cat; their Wilson intervals are of
// those counts (statsmodels 0.13.5 proportion_confint(4, 6, method="wilson")
// = (0.29999331513839184, 0.9032285888942195)), while accuracy stays
// over all 7 rows. The bootstrap resamples the whole matrix.
func TestSubsetIntervals(t *testing.T) {
	opt := Options{Labels: []string{"dog", "cat"}}
	tl := NewTally(opt.Labels)
	for i := range petsTrue {
		tl.Add([]byte(petsTrue[i]), []byte(petsPred[i]), -1)
	}
	labels, c := tl.Sorted()
	if strings.Join(labels, ",") != "dog,cat,bird" {
		t.Fatalf("tally classes %q", labels)
	}
	r, err := NewReport(labels, c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(c, opt, hyptest.CIOptions{Bootstrap: 200, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	if r.Micro.Precision != 4.0/6 || r.Micro.Recall != 4.0/5 || r.Accuracy != 5.0/7 {
		t.Errorf("micro P %v R %v accuracy %v", r.Micro.Precision, r.Micro.Recall, r.Accuracy)
	}
	for key, q := range map[string][2]float64{"micro.precision": {4, 6}, "micro.recall": {4, 5}, "accuracy": {5, 7}} {
		want, _ := hyptest.ProportionCI(q[0], q[1], 0.95, hyptest.CIWilson)
		if got := r.Intervals[key]; got != want {
			t.Errorf("%s: interval %+v, want %+v", key, got, want)
		}
	}
	if iv, ok := r.Intervals["per_class.1.f1"]; !ok || !(iv.Low <= r.PerClass[1].F1 && r.PerClass[1].F1 <= iv.High) {
		t.Errorf("per_class.1.f1 %v: interval %+v, %v", r.PerClass[1].F1, iv, ok)
	}
	if d := r.LabelSubset; d == nil || d.Rows != 2 || d.Support != 5 || strings.Join(d.Others, ",") != "bird" {
		t.Errorf("label_subset %+v", d)
	}
}

// A list naming every label of the data, absent ones too, adds nothing:
// no label_subset, no warning beyond the absent label's.
func TestSubsetEveryLabel(t *testing.T) {
	r, err := Evaluate(petsTrue, petsPred, nil, Options{Labels: []string{"dog", "fish", "bird", "cat"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.LabelSubset != nil || len(r.Warnings) != 1 || len(r.ConfusionMatrix) != 4 || r.PerClass[1].Support != 0 {
		t.Errorf("label_subset %+v, warnings %q, matrix %v", r.LabelSubset, r.Warnings, r.ConfusionMatrix)
	}
	if _, err := Evaluate(petsTrue, petsPred, nil, Options{Labels: []string{"dog"}, Cost: [][]float64{{0}}}); err == nil || !strings.Contains(err.Error(), "needs every label") {
		t.Errorf("cost over a subset: %v", err)
	}
}
