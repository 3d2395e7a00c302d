package text

import (
	"slices"
	"testing"
)

// The verdict of several systems: the best by score (the lowest for TER),
// and with a paired test only the comparisons with the baseline, Holm
// adjusted over the systems.
func TestSystemsVerdict(t *testing.T) {
	p := func(v float64) *float64 { return &v }
	rows := []SystemRow{{System: "base", Score: 30}, {System: "a", Score: 32, PValue: p(0.01)}, {System: "b", Score: 20, PValue: p(0.04)}}
	bleu := Metric[BLEUStats]{Name: "BLEU"}
	v := bleu.verdict(rows, "bs", nil)
	if v.Best != "a" || !slices.Equal(v.NotCompared, []string{"b"}) || len(v.TiedWithBest) != 0 {
		t.Fatalf("BLEU verdict %+v", v)
	}
	// Holm over two p-values: 0.01·2 = 0.02, max(0.04, 0.02) = 0.04; both
	// below 0.05.
	if len(v.Significant) != 2 || v.Significant[0].Better != "a" || v.Significant[0].PAdjusted != 0.02 ||
		v.Significant[1].Better != "base" || v.Significant[1].Worse != "b" || v.Significant[1].PAdjusted != 0.04 {
		t.Fatalf("BLEU significant %+v", v.Significant)
	}
	ter := Metric[TERStats]{Name: "TER", LowerIsBetter: true}
	v = ter.verdict(rows, "bs", nil)
	if v.Best != "b" || v.Significant[0].Better != "base" || v.Significant[0].Worse != "a" {
		t.Fatalf("TER verdict %+v", v)
	}
	v = bleu.verdict(rows, "", nil)
	if v.Best != "a" || len(v.Significant) != 0 || len(v.NotCompared) != 2 ||
		v.Sentence != "a ranks first by BLEU (32); no paired test compared it with the other systems on BLEU." {
		t.Fatalf("verdict without a test %+v", v)
	}
}
