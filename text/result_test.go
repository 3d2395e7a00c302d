package text_test

import (
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/text"
)

func TestWERResultJSON(t *testing.T) {
	total, _ := text.WERStatsOf([]string{"a b c"}, []string{"a x c"}, false, false)
	for _, cer := range []bool{false, true} {
		b, err := result.JSON(text.WERResult{CER: cer, WERScore: total.Result()}, "")
		if err != nil {
			t.Fatal(err)
		}
		key := `"wer":`
		if cer {
			key = `"cer":`
		}
		if !strings.Contains(string(b), key) {
			t.Errorf("cer=%v: %s lacks %s", cer, b, key)
		}
	}
}

func TestMetricConfidence(t *testing.T) {
	b, _ := text.NewBLEU(text.BLEUOptions{})
	stats, err := b.Corpus([]string{"the cat sat", "a dog ran off"}, [][]string{{"the cat sat", "the dog ran"}})
	if err != nil {
		t.Fatal(err)
	}
	m := text.Metric[text.BLEUStats]{Name: "BLEU", Add: (*text.BLEUStats).Add,
		Score:              func(s text.BLEUStats) float64 { return b.Score(s).Score },
		Signature:          b.Signature(1),
		BootstrapSignature: func(n int, seed uint64) string { return text.BLEUOptions{}.BootstrapSignature(1, n, seed) }}
	var packed text.Packed[text.BLEUStats]
	if err := packed.Append(stats...); err != nil {
		t.Fatal(err)
	}
	mean, ci, sig, err := m.Confidence(&packed, 0, 1)
	if err != nil || mean != nil || ci != nil || sig != b.Signature(1) {
		t.Errorf("n = 0: %v %v %q %v", mean, ci, sig, err)
	}
	mean, ci, sig, err = m.Confidence(&packed, 100, 1)
	if err != nil || mean == nil || ci == nil || sig == b.Signature(1) {
		t.Errorf("n = 100: %v %v %q %v", mean, ci, sig, err)
	}
}

// Metric.Interval is the percentile interval of sacreBLEU's resamples: the
// same bits for the same seed, containing the corpus score here, and
// narrower at a lower level.
func TestMetricInterval(t *testing.T) {
	var stats text.Packed[text.TERStats]
	for i := range 200 {
		if err := stats.Append(text.TERStats{Sentences: 1, Edits: int64(i % 7), RefWords: 10, NRefs: 1}); err != nil {
			t.Fatal(err)
		}
	}
	m := text.Metric[text.TERStats]{Add: text.AddTER,
		Score: func(s text.TERStats) float64 { return float64(s.Edits) / float64(s.RefWords) }}
	a, err := m.Interval(&stats, hyptest.CIOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := m.Interval(&stats, hyptest.CIOptions{Seed: 3})
	c, _ := m.Interval(&stats, hyptest.CIOptions{Seed: 3, Level: 0.5})
	if a != b || !(a.Low < 0.3 && 0.3 < a.High) || !(c.High-c.Low < a.High-a.Low) || a.Method != hyptest.CIPercentile {
		t.Errorf("95%%: %+v, again %+v, 50%%: %+v", a, b, c)
	}
}
