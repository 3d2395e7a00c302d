package rank

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// TestDeLongAlternativeGolden checks the one-sided p-values of DeLong's
// paired test against pROC 1.18.0 roc.test(method="delong", paired=TRUE,
// alternative=…) in testdata/delong_alternative.json
// (tools/oracle/rank_delong_alternative.R), to 1e-9 relative (pROC's JSON
// has 15 significant digits).
func TestDeLongAlternativeGolden(t *testing.T) {
	type exp struct {
		Z      float64    `json:"z"`
		P      float64    `json:"p_value"`
		DiffCI [2]float64 `json:"diff_ci95"`
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Name     string         `json:"name"`
			Y        []int          `json:"y"`
			A        []float64      `json:"a"`
			B        []float64      `json:"b"`
			Expected map[string]exp `json:"expected"`
		} `json:"cases"`
	}
	readGolden(t, "testdata/delong_alternative.json", "pROC", 10, &doc)
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pos := labelsOf(c.Y)
			d, err := DeLongTest(pos, c.A, c.B)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := d.DiffCI(0.95)
			for name, alt := range map[string]hyptest.Alternative{"two.sided": hyptest.TwoSided, "greater": hyptest.Greater, "less": hyptest.Less} {
				e := c.Expected[name]
				checkNum(t, name+" z", d.Z, e.Z)
				checkNum(t, name+" p", d.PValue(alt), e.P)
				checkNum(t, name+" ci.lo", lo, e.DiffCI[0])
				checkNum(t, name+" ci.hi", hi, e.DiffCI[1])
			}
		})
	}
}

// TestDeLongUnpairedGolden checks DeLong's test of two independent samples
// against pROC 1.18.0 roc.test(method="delong", paired=FALSE,
// alternative=…) in testdata/delong_alternative.json ("unpaired";
// tools/oracle/rank_delong_alternative.R), to 1e-9 relative.
func TestDeLongUnpairedGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/delong_alternative.json")
	if err != nil {
		t.Fatal(err)
	}
	type exp struct {
		D  float64 `json:"d"`
		DF float64 `json:"df"`
		P  float64 `json:"p_value"`
	}
	var doc struct {
		Unpaired []struct {
			Name     string         `json:"name"`
			YA       []int          `json:"y_a"`
			A        []float64      `json:"a"`
			YB       []int          `json:"y_b"`
			B        []float64      `json:"b"`
			AUCA     float64        `json:"auc_a"`
			AUCB     float64        `json:"auc_b"`
			Expected map[string]exp `json:"expected"`
		} `json:"unpaired"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Unpaired) < 10 {
		t.Fatalf("golden file: %d unpaired cases", len(doc.Unpaired))
	}
	bools := func(y []int) []bool {
		out := make([]bool, len(y))
		for i, v := range y {
			out[i] = v == 1
		}
		return out
	}
	for _, c := range doc.Unpaired {
		t.Run(c.Name, func(t *testing.T) {
			d, err := DeLongUnpairedTest(bools(c.YA), c.A, bools(c.YB), c.B)
			if err != nil {
				t.Fatal(err)
			}
			checkNum(t, "auc_a", d.AUCA, c.AUCA)
			checkNum(t, "auc_b", d.AUCB, c.AUCB)
			for name, alt := range map[string]hyptest.Alternative{"two.sided": hyptest.TwoSided, "greater": hyptest.Greater, "less": hyptest.Less} {
				e := c.Expected[name]
				checkNum(t, name+" D", d.D, e.D)
				checkNum(t, name+" df", d.DF, e.DF)
				checkNum(t, name+" p", d.PValue(alt), e.P)
			}
		})
	}
}
