package rank

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// TestDeLongAlternativeGolden checks the one-sided p-values of DeLong's
// paired test against pROC 1.18.0 roc.test(method="delong", paired=TRUE,
// alternative=…) in testdata/delong_alternative.json
// (tools/oracle/rank_delong_alternative.R), to 1e-9 relative (pROC's JSON
// has 15 significant digits).
func TestDeLongAlternativeGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/delong_alternative.json")
	if err != nil {
		t.Fatal(err)
	}
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
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 10 || !strings.HasPrefix(doc.Source, "pROC") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	for _, c := range doc.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pos := make([]bool, len(c.Y))
			for j, y := range c.Y {
				pos[j] = y == 1
			}
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
