package classify

import (
	"strings"
	"testing"
)

// Labels that are all numbers compare as numbers in Evaluate: "1", "1.0"
// and " 1" are one class, named "1" (scikit-learn on the floats: accuracy
// 5/6, tools/oracle/label_spellings.py "spellings"); with a label that is
// not a number they compare as spelled.
func TestEvaluateSpellings(t *testing.T) {
	yt := []string{"1", "0", " 1", "1.0", "0", "0.0"}
	yp := []string{"1.0", "0.0", "1", " 1", "1.0", "0"}
	r, err := Evaluate(yt, yp, nil, Options{PosLabel: "1.0"})
	if err != nil {
		t.Fatal(err)
	}
	if r.LabelComparison != "numeric" || strings.Join(r.Labels, ",") != "0,1" || r.Accuracy != 5.0/6 || r.Binary.Label != "1" {
		t.Errorf("numeric: %q %q accuracy %v binary %q", r.LabelComparison, r.Labels, r.Accuracy, r.Binary.Label)
	}
	r, err = Evaluate(append(yt, "x"), append(yp, "x"), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.LabelComparison != "string" || len(r.Labels) != 6 || r.Accuracy != 1.0/7 {
		t.Errorf("string: %q %q accuracy %v", r.LabelComparison, r.Labels, r.Accuracy)
	}
}

// Multilabel sets compare their labels as spelled, with a warning when
// two are one number; a fixed list of numbers matches them by value.
func TestMultilabelSpellings(t *testing.T) {
	rows := [][2][]string{{{"1", "2"}, {"1.0", "2"}}, {{"2"}, {"2.0"}}}
	for _, fixed := range [][]string{nil, {"1", "2"}} {
		m := NewMultilabel(fixed, 1)
		for _, r := range rows {
			var a, b [][]byte
			for _, l := range r[0] {
				a = append(a, []byte(l))
			}
			for _, l := range r[1] {
				b = append(b, []byte(l))
			}
			if bad, ok := m.Add(a, b, 1); !ok {
				t.Fatalf("label %q", bad)
			}
		}
		rep, err := m.Report(ZeroDivZero)
		if err != nil {
			t.Fatal(err)
		}
		warned := strings.Contains(strings.Join(rep.Warnings, "\n"), "are one number")
		switch {
		case fixed == nil && (rep.LabelComparison != "string" || !warned || rep.SubsetAccuracy != 0):
			t.Errorf("open: %q, warned %v, subset accuracy %v", rep.LabelComparison, warned, rep.SubsetAccuracy)
		case fixed != nil && (rep.LabelComparison != "numeric" || warned || rep.SubsetAccuracy != 1):
			t.Errorf("fixed: %q, warned %v, subset accuracy %v", rep.LabelComparison, warned, rep.SubsetAccuracy)
		}
	}
}
