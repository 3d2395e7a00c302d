package board

import (
	"slices"
	"testing"
)

type auc struct{ ROCAUC float64 }

func (a auc) MarshalJSON() ([]byte, error) {
	return []byte(`{"roc_auc":` + sig4(a.ROCAUC) + `}`), nil
}

// The example: rf first, not significantly better than gb, both
// better than lr.
func TestDecide(t *testing.T) {
	m := &Models{Primary: "roc_auc", Models: []Model{{"lr", auc{0.90}}, {"rf", auc{0.9931}}, {"gb", auc{0.99}}}}
	m.Comparisons = []Comparison{
		{A: "lr", B: "rf", Measure: "roc_auc", Diff: -0.0931, Test: "delong", PValue: 0.0001},
		{A: "lr", B: "gb", Measure: "roc_auc", Diff: -0.09, Test: "delong", PValue: 0.0002},
		{A: "rf", B: "gb", Measure: "roc_auc", Diff: 0.0031, Test: "delong", PValue: 0.41},
	}
	m.Adjusted("holm")
	m.Decide(0.95)
	v := m.Verdict
	if v == nil || v.Best != "rf" || !slices.Equal(v.TiedWithBest, []string{"gb"}) || len(v.NotCompared) != 0 {
		t.Fatalf("verdict %+v", v)
	}
	if len(v.Significant) != 2 || v.Significant[0].Better != "rf" || v.Significant[0].Worse != "lr" || v.Significant[1].Better != "gb" {
		t.Errorf("significant %+v", v.Significant)
	}
	want := "rf ranks first by roc_auc (0.9931); it is not significantly better than gb (Holm p = 0.41); it is significantly better than lr (Holm p < 0.001); gb beats lr (Holm p < 0.001)."
	if v.Sentence != want {
		t.Errorf("sentence\n%s\nwant\n%s", v.Sentence, want)
	}
	// Lower is better: the sign of the difference turns.
	m = &Models{Primary: "mse", LowerIsBetter: true, Models: []Model{{"a", mse{2}}, {"b", mse{1}}}}
	m.Comparisons = []Comparison{{A: "a", B: "b", Measure: "mse", Diff: 1, Test: "paired-bootstrap", PValue: 0.01}}
	m.Adjusted("none")
	m.Decide(0.95)
	if v := m.Verdict; v.Best != "b" || len(v.Significant) != 1 || v.Significant[0].Better != "b" || v.Significant[0].Diff != -1 {
		t.Errorf("mse verdict %+v", v)
	}
	if want := "b ranks first by mse (1); it is significantly better than a (p = 0.01)."; m.Verdict.Sentence != want {
		t.Errorf("sentence %q, want %q", m.Verdict.Sentence, want)
	}
}

type mse struct{ MSE float64 }

func (a mse) MarshalJSON() ([]byte, error) { return []byte(`{"mse":` + sig4(a.MSE) + `}`), nil }

// IntervalSummary states the keys that have an interval, in order, to four
// significant digits.
func TestIntervalSummary(t *testing.T) {
	rep := map[string]any{"accuracy": 0.8625, "macro": map[string]any{"f1": 0.85123}, "kappa": 0.5,
		"intervals": map[string]any{"accuracy": map[string]float64{"low": 0.76981, "high": 0.92131}, "macro.f1": map[string]float64{"low": 0.75712, "high": 0.92211}}}
	got := IntervalSummary(rep, []string{"accuracy", "kappa", "macro.f1"}, 0.9)
	want := "accuracy 0.8625 [0.7698, 0.9213] and macro.f1 0.8512 [0.7571, 0.9221] (90% confidence intervals)."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := IntervalSummary(rep, []string{"kappa"}, 0.95); got != "" {
		t.Errorf("no interval: got %q", got)
	}
}
