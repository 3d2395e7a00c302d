package rank

import (
	"math"
	"testing"
)

type delongCase struct {
	Name   string     `json:"name"`
	Y      []int      `json:"y"`
	A      []float64  `json:"a"`
	B      []float64  `json:"b"`
	AUCA   float64    `json:"auc_a"`
	AUCB   float64    `json:"auc_b"`
	VarA   float64    `json:"var_a"`
	VarB   float64    `json:"var_b"`
	CI95   [2]float64 `json:"ci95"`
	CI90   [2]float64 `json:"ci90"`
	Z      float64    `json:"z"`
	PValue float64    `json:"p_value"`
	DiffCI [2]float64 `json:"diff_ci95"`
}

// TestDeLongGolden compares DeLongVar, AUCCI and DeLongTest with pROC
// 1.18.0 (testdata/delong.json.gz, tools/oracle/rank_delong.R): variance,
// CI and statistic to 1e-9 relative, p-value to 1e-7 absolute. The oracle
// prints 15 significant digits, which bounds the agreement at ~1e-14.
func TestDeLongGolden(t *testing.T) {
	var g struct {
		Source string       `json:"source"`
		Cases  []delongCase `json:"cases"`
	}
	loadGz(t, "testdata/delong.json.gz", &g)
	if len(g.Cases) < 50 {
		t.Fatalf("only %d cases", len(g.Cases))
	}
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pos := labelsOf(c.Y)
			ta, err := NewTable(c.A, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			v, err := ta.DeLongVar()
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "var_a", v, c.VarA)
			for _, ci := range []struct {
				conf float64
				want [2]float64
			}{{0.95, c.CI95}, {0.9, c.CI90}} {
				auc, lo, hi, err := ta.AUCCI(ci.conf)
				if err != nil {
					t.Fatal(err)
				}
				checkNum(t, "auc", auc, c.AUCA)
				checkNum(t, "ci.lo", lo, ci.want[0])
				checkNum(t, "ci.hi", hi, ci.want[1])
			}
			r, err := DeLongTest(pos, c.A, c.B)
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "auc_a", r.AUCA, c.AUCA)
			checkNum(t, "auc_b", r.AUCB, c.AUCB)
			checkNum(t, "var_a", r.VarA, c.VarA)
			checkNum(t, "var_b", r.VarB, c.VarB)
			checkNum(t, "z", r.Z, c.Z)
			lo, hi := r.DiffCI(0.95)
			checkNum(t, "diff_ci.lo", lo, c.DiffCI[0])
			checkNum(t, "diff_ci.hi", hi, c.DiffCI[1])
			if math.Abs(r.P-c.PValue) > 1e-7 {
				t.Errorf("p = %v, want %v", r.P, c.PValue)
			}
		})
	}
}
