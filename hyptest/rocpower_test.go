package hyptest

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestROCPowerGolden checks ROCPower.Solve against pROC 1.18.0
// power.roc.test (Obuchowski's method; testdata/proc_roc_power.json,
// written by tools/oracle/hyptest_roc_power.R): solving each unknown in
// turn (ncases, power, sig.level, auc) from pROC's other values, to
// 1e-12 relative in closed form and to 2e-4 for the AUC (pROC's uniroot
// stops at a tolerance of about 1.2e-4; evalkit's bisection at 1e-13). It
// reports the largest differences.
func TestROCPowerGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/proc_roc_power.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Solve       string  `json:"solve"`
			Alternative string  `json:"alternative"`
			Kappa       float64 `json:"kappa"`
			AUC         string  `json:"auc"`
			NCases      string  `json:"ncases"`
			NControls   string  `json:"ncontrols"`
			SigLevel    string  `json:"sig_level"`
			Power       string  `json:"power"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 100 || !strings.HasPrefix(doc.Source, "pROC") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	worst := map[string]float64{}
	for _, c := range doc.Cases {
		p := ROCPower{AUC: num(c.AUC), Cases: num(c.NCases), Kappa: c.Kappa, SigLevel: num(c.SigLevel), Power: num(c.Power), OneSided: c.Alternative == "one.sided"}
		var want float64
		switch c.Solve {
		case "ncases":
			want, p.Cases = p.Cases, math.NaN()
		case "power":
			want, p.Power = p.Power, math.NaN()
		case "sig_level":
			want, p.SigLevel = p.SigLevel, math.NaN()
		case "auc":
			want, p.AUC = p.AUC, math.NaN()
		}
		got, err := p.Solve()
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		v := map[string]float64{"ncases": got.Cases, "power": got.Power, "sig_level": got.SigLevel, "auc": got.AUC}[c.Solve]
		tol := 1e-12 * math.Max(1, math.Abs(want))
		if c.Solve == "auc" {
			tol = 2e-4
		}
		d := math.Abs(v - want)
		if !(d <= tol) || got.Solved != c.Solve {
			t.Errorf("%+v: %s = %.17g (%s), want %.17g", c, c.Solve, v, got.Solved, want)
		}
		if c.Solve == "ncases" && math.Abs(got.Controls-num(c.NControls)) > 1e-12*num(c.NControls) {
			t.Errorf("%+v: ncontrols %v", c, got.Controls)
		}
		worst[c.Solve] = math.Max(worst[c.Solve], d/math.Max(1, math.Abs(want)))
	}
	t.Logf("largest differences from pROC (relative): %v", worst)
}

// TestROCPowerErrors checks the option errors and that the AUC is the
// root of the equation to 1e-10 (round trip: solving the cases back).
func TestROCPowerErrors(t *testing.T) {
	nan := math.NaN()
	for _, p := range []ROCPower{
		{AUC: 0.4, Cases: 10, Kappa: 1, SigLevel: 0.05, Power: nan},
		{AUC: 0.7, Cases: nan, Kappa: 1, SigLevel: 0.05, Power: 1.5},
		{AUC: 0.7, Cases: nan, Kappa: 1, SigLevel: nan, Power: 0.8},
		{AUC: 0.7, Cases: 10, Controls: nan, Kappa: nan, SigLevel: 0.05, Power: nan},
	} {
		if _, err := p.Solve(); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
	if _, err := (ROCPower{AUC: nan, Cases: 1, Kappa: 1, SigLevel: 0.05, Power: 0.99}).Solve(); !errors.Is(err, ErrNoRoot) {
		t.Errorf("1 case at power 0.99: %v", err)
	}
	p, err := ROCPower{AUC: nan, Cases: 50, Kappa: 2, SigLevel: 0.05, Power: 0.8}.Solve()
	if err != nil {
		t.Fatal(err)
	}
	q, err := ROCPower{AUC: p.AUC, Cases: nan, Kappa: 2, SigLevel: 0.05, Power: 0.8}.Solve()
	if err != nil || math.Abs(q.Cases-50) > 1e-8 {
		t.Errorf("round trip: %v cases (%v)", q.Cases, err)
	}
	if v := ObuchowskiVar(0.5, 1); math.Abs(v-0.0792*2) > 1e-15 {
		t.Errorf("V(0.5, 1) = %v, want 0.1584", v)
	}
}
