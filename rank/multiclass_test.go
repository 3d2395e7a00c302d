package rank

import (
	"math"
	"testing"
)

// TestMulticlassGolden compares the multiclass measures with scikit-learn
// 1.2.1 (testdata/multiclass.json.gz, tools/oracle/rank_multiclass.py) to
// 1e-9 relative.
func TestMulticlassGolden(t *testing.T) {
	var g struct {
		Cases []struct {
			Name     string      `json:"name"`
			Y        []int       `json:"y"`
			P        [][]float64 `json:"p"`
			Weight   []float64   `json:"weight"`
			Expected struct {
				OvRMacro    float64   `json:"ovr_macro"`
				OvRWeighted float64   `json:"ovr_weighted"`
				OvRMicro    float64   `json:"ovr_micro"`
				OvOMacro    *float64  `json:"ovo_macro"`
				OvOWeighted *float64  `json:"ovo_weighted"`
				PerClass    []float64 `json:"ovr_per_class"`
				LogLoss     float64   `json:"log_loss"`
				HingeLoss   float64   `json:"hinge_loss"`
				TopK        []float64 `json:"top_k"`
			} `json:"expected"`
		} `json:"cases"`
	}
	loadGz(t, "testdata/multiclass.json.gz", &g)
	if len(g.Cases) < 50 {
		t.Fatalf("only %d cases", len(g.Cases))
	}
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			k := len(c.P[0])
			b := NewMultiBuilder(k)
			for i, y := range c.Y {
				w := 1.0
				if c.Weight != nil {
					w = c.Weight[i]
				}
				if err := b.Add(y, c.P[i], w); err != nil {
					t.Fatalf("row %d: %v", i, err)
				}
			}
			m := b.Result()
			r, err := m.AUC()
			if err != nil {
				t.Fatal(err)
			}
			e := c.Expected
			checkNum(t, "ovr_macro", r.OvRMacro, e.OvRMacro)
			checkNum(t, "ovr_weighted", r.OvRWeighted, e.OvRWeighted)
			checkNum(t, "ovr_micro", r.OvRMicro, e.OvRMicro)
			for j := range e.PerClass {
				checkNum(t, "ovr_per_class", r.PerClass[j], e.PerClass[j])
			}
			if e.OvOMacro != nil {
				checkNum(t, "ovo_macro", r.OvOMacro, *e.OvOMacro)
				checkNum(t, "ovo_weighted", r.OvOWeighted, *e.OvOWeighted)
			}
			ll, _ := m.LogLoss()
			checkNum(t, "log_loss", ll, e.LogLoss)
			hl, err := m.HingeLoss()
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "hinge_loss", hl, e.HingeLoss)
			for kk := 1; kk < k; kk++ {
				got, _ := m.TopK(kk)
				checkNum(t, "top_k", got, e.TopK[kk-1])
			}
			if got, _ := m.TopK(k); math.Abs(got-1) > 1e-12 {
				t.Errorf("top-%d accuracy = %v, want 1", k, got)
			}
		})
	}
}

// Merging the statistics of two halves gives the one-shot measures.
func TestMulticlassMerge(t *testing.T) {
	var g struct {
		Cases []struct {
			Y      []int       `json:"y"`
			P      [][]float64 `json:"p"`
			Weight []float64   `json:"weight"`
		} `json:"cases"`
	}
	loadGz(t, "testdata/multiclass.json.gz", &g)
	for ci, c := range g.Cases {
		k := len(c.P[0])
		all, a, b := NewMultiBuilder(k), NewMultiBuilder(k), NewMultiBuilder(k)
		for i, y := range c.Y {
			w := 1.0
			if c.Weight != nil {
				w = c.Weight[i]
			}
			all.Add(y, c.P[i], w)
			if i%3 == 0 {
				a.Add(y, c.P[i], w)
			} else {
				b.Add(y, c.P[i], w)
			}
		}
		one, merged := all.Result(), MergeMulticlass(a.Result(), b.Result())
		r1, err1 := one.AUC()
		r2, err2 := merged.AUC()
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("case %d: errors %v, %v", ci, err1, err2)
		}
		if err1 != nil {
			continue
		}
		l1, _ := one.LogLoss()
		l2, _ := merged.LogLoss()
		for _, p := range [][2]float64{{r1.OvRMacro, r2.OvRMacro}, {r1.OvOWeighted, r2.OvOWeighted}, {l1, l2}} {
			if !within(p[1], p[0]) {
				t.Errorf("case %d: merged %v, one-shot %v", ci, p[1], p[0])
			}
		}
	}
}
