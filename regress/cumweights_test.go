package regress

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestFloatCumWeights: on the weighted cases of testdata/cumweights.json
// (tools/oracle/regress_cumweights.py: decimal weights, where a cumulative
// weight lies within rounding of the target), StateOptions.FloatCumWeights
// gives scikit-learn 1.2.1's median_absolute_error to the bit and its
// d2_absolute_error_score and d2_pinball_score to 1e-12, and the exact
// cumulative weights give the percentiles the script computes in exact
// rational arithmetic, which differ.
func TestFloatCumWeights(t *testing.T) {
	b, err := os.ReadFile("testdata/cumweights.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		YTrue   []float64          `json:"y_true"`
		YPred   []float64          `json:"y_pred"`
		Weights []float64          `json:"weights"`
		Alpha   float64            `json:"alpha"`
		Sklearn map[string]float64 `json:"sklearn"`
		Exact   map[string]float64 `json:"exact"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases", len(cases))
	}
	for i, c := range cases {
		sk, ex := c.Sklearn, c.Exact
		s := New(StateOptions{KeepValues: true, FloatCumWeights: true, Alpha: c.Alpha})
		for j := range c.YTrue {
			if err := s.AddWeighted(c.YTrue[j], c.YPred[j], c.Weights[j]); err != nil {
				t.Fatal(err)
			}
		}
		medae, err := s.MedAE()
		if err != nil || medae != sk["medae"] {
			t.Errorf("case %d: MedAE %v (%v), scikit-learn %v", i, medae, err, sk["medae"])
		}
		for _, m := range []struct {
			name string
			f    func() (float64, error)
		}{{"d2_absolute_error", s.D2AbsoluteError}, {"d2_pinball", s.D2Pinball}} {
			v, err := m.f()
			if want := sk[m.name]; err != nil || math.Abs(v-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Errorf("case %d: %s %v (%v), scikit-learn %v", i, m.name, v, err, want)
			}
		}
		ad := make([]float64, len(c.YTrue))
		for j := range ad {
			ad[j] = math.Abs(c.YTrue[j] - c.YPred[j])
		}
		for _, q := range []struct {
			name string
			a    []float64
			q    float64
		}{{"medae", ad, 50}, {"q_abs", c.YTrue, 50}, {"q_pinball", c.YTrue, c.Alpha * 100}} {
			if v := weightedPercentile(q.a, c.Weights, q.q); v != ex[q.name] {
				t.Errorf("case %d: exact %s %v, want %v", i, q.name, v, ex[q.name])
			}
		}
		if medae == ex["medae"] {
			t.Errorf("case %d: the two rules agree on the median (%v): the case shows nothing", i, medae)
		}
	}
}
