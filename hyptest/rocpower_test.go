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
	if _, err := (ROCPower{AUC: 0.55, Cases: 5, Kappa: 1, SigLevel: nan, Power: 0.99}).Solve(); !errors.Is(err, ErrNoRoot) {
		t.Errorf("a two-sided level above 1: %v", err)
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

// TestROCDiffPowerBinormalGolden checks ROCDiffPower.SolveBinormal against
// pROC 1.18.0 power.roc.test(parslist) (testdata/proc_roc_power_binormal.json,
// written by tools/oracle/compare_roc_power.R): pROC's own test values
// (tests/testthat/test-power.roc.test.R, "power.roc.test works with
// binormal parameters": ncases 107.0238, sig.level 0.05004012, power
// 0.7999286) and a grid of full and partial AUCs, correlations, kappas,
// levels and both alternatives, each unknown solved from pROC's other
// values, to 1e-12 relative (for a level below 1e-4, 1e-16 absolute:
// pROC's 1 − pnorm(z) is no more accurate there). Where pROC's answer is out of range (a
// two-sided level above 1, or a power any sample reaches, which pROC
// squares away) Solve must return ErrNoRoot instead.
func TestROCDiffPowerBinormalGolden(t *testing.T) {
	b, err := os.ReadFile("testdata/proc_roc_power_binormal.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Solve, Alternative            string
			Kappa                         float64
			A1, B1, A2, B2, Rn, Ra, Delta string
			FPR                           []string
			NCases                        string `json:"ncases"`
			NControls                     string `json:"ncontrols"`
			SigLevel                      string `json:"sig_level"`
			Power                         string `json:"power"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 500 || !strings.HasPrefix(doc.Source, "pROC") {
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
	refused := 0
	for i, c := range doc.Cases {
		bp := BinormalPair{A1: num(c.A1), B1: num(c.B1), A2: num(c.A2), B2: num(c.B2), RCases: num(c.Ra), RControls: num(c.Rn)}
		if c.FPR != nil {
			bp.FPR = &[2]float64{num(c.FPR[0]), num(c.FPR[1])}
		}
		p := ROCDiffPower{Delta: num(c.Delta), Cases: num(c.NCases), Kappa: c.Kappa, SigLevel: num(c.SigLevel), Power: num(c.Power), OneSided: c.Alternative == "one.sided"}
		var want float64
		switch c.Solve {
		case "ncases":
			want, p.Cases = p.Cases, math.NaN()
		case "power":
			want, p.Power = p.Power, math.NaN()
			p.Kappa, p.Controls = 0, num(c.NControls)
		case "sig_level":
			want, p.SigLevel = p.SigLevel, math.NaN()
			p.Kappa, p.Controls = 0, num(c.NControls)
		}
		got, err := p.SolveBinormal(bp)
		if c.Solve == "sig_level" && !(want < 1) || c.Solve == "ncases" && !pROCSquareOK(bp, p, c.Alternative) {
			if !errors.Is(err, ErrNoRoot) {
				t.Errorf("case %d %+v: pROC's %v is out of range, got %v (%v)", i, c, want, got, err)
			}
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("case %d %+v: %v", i, c, err)
		}
		v := map[string]float64{"ncases": got.Cases, "power": got.Power, "sig_level": got.SigLevel}[c.Solve]
		// pROC's level is 1 − pnorm(z), which keeps only absolute
		// accuracy (about 1e-16); evalkit's upper tail keeps relative.
		d := math.Abs(v-want) / math.Max(1e-300, math.Abs(want))
		if c.Solve == "sig_level" {
			d = math.Abs(v-want) / math.Max(1e-4, math.Abs(want))
		}
		if !(d <= 1e-12) || got.Solved != c.Solve {
			t.Errorf("case %d %+v: %s = %.17g (%s), want %.17g", i, c, c.Solve, v, got.Solved, want)
		}
		if c.Solve == "ncases" && math.Abs(got.Controls-num(c.NControls)) > 1e-12*num(c.NControls) {
			t.Errorf("case %d: ncontrols %v", i, got.Controls)
		}
		worst[c.Solve] = math.Max(worst[c.Solve], d)
	}
	t.Logf("%d cases, %d refused (out of range in pROC); largest relative differences from pROC: %v", len(doc.Cases), refused, worst)
}

// pROCSquareOK reports whether z_{1−α} √V₀ + z_power √V_A > 0 for the
// case p (with its cases unknown), that is whether pROC's squared
// sample size is a solution.
func pROCSquareOK(b BinormalPair, p ROCDiffPower, alt string) bool {
	v1, v2, c := b.Moments(p.Kappa)
	alpha := p.SigLevel
	if alt != "one.sided" {
		alpha /= 2
	}
	return normQuantile(1-alpha)*math.Sqrt(2*v1-2*c)+normQuantile(p.Power)*math.Sqrt(v1+v2-2*c) > 0
}

// TestROCDiffPowerErrors checks the option errors, the cases with no
// solution in range, and that Solve's three unknowns are one equation
// (each solved back from the others to 1e-12).
func TestROCDiffPowerErrors(t *testing.T) {
	nan := math.NaN()
	ok := ROCDiffPower{Delta: 0.1, Var1: 0.1, Var2: 0.08, Cov: 0.03, Cases: nan, Kappa: 2, SigLevel: 0.05, Power: 0.8}
	for _, c := range []struct {
		name string
		edit func(p *ROCDiffPower)
		is   error
	}{
		{"level out of range", func(p *ROCDiffPower) { p.SigLevel = 1 }, nil},
		{"power out of range", func(p *ROCDiffPower) { p.Power = 0 }, nil},
		{"two unknowns", func(p *ROCDiffPower) { p.Power = nan }, nil},
		{"no unknown", func(p *ROCDiffPower) { p.Cases = 10 }, nil},
		{"NaN delta", func(p *ROCDiffPower) { p.Delta = nan }, nil},
		{"null variance not positive", func(p *ROCDiffPower) { p.Cov = 0.1 }, nil},
		{"variance not positive", func(p *ROCDiffPower) { p.Var1, p.Var2, p.Cov = 0.1, 0.1, 0.1-1e-18 }, nil},
		{"zero difference", func(p *ROCDiffPower) { p.Delta = 0 }, ErrNoRoot},
		{"any sample", func(p *ROCDiffPower) { p.Power = 0.01 }, ErrNoRoot},
		{"level above 1", func(p *ROCDiffPower) { p.Cases, p.SigLevel, p.Power = 1, nan, 0.99 }, ErrNoRoot},
	} {
		p := ok
		c.edit(&p)
		_, err := p.Solve()
		if err == nil || c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	n, err := ok.Solve()
	if err != nil {
		t.Fatal(err)
	}
	pw := n
	pw.Power, pw.Kappa = nan, 0
	if pw, err = pw.Solve(); err != nil || math.Abs(pw.Power-0.8) > 1e-12 {
		t.Errorf("power back: %v (%v)", pw.Power, err)
	}
	sl := n
	sl.SigLevel, sl.Kappa = nan, 0
	if sl, err = sl.Solve(); err != nil || math.Abs(sl.SigLevel-0.05) > 1e-12 {
		t.Errorf("level back: %v (%v)", sl.SigLevel, err)
	}
	b := BinormalPair{A1: 1, B1: 1, A2: 0.5, B2: 1, RCases: 0.5, RControls: 0.5, FPR: &[2]float64{0, 0.2}}
	if _, err := (ROCDiffPower{Delta: nan, Cases: nan, Kappa: 1, SigLevel: 0.05, Power: 0.8}).SolveBinormal(b); err == nil {
		t.Error("partial AUC without Delta: no error")
	}
	for _, bad := range []BinormalPair{{A1: nan, B1: 1, B2: 1}, {B1: 0, B2: 1}, {B1: 1, B2: 1, RCases: 1.5}, {B1: 1, B2: 1, FPR: &[2]float64{0.3, 0.2}}} {
		if err := bad.Check(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	// The full AUC's f and g are the partial ones over [0, 1].
	full := BinormalPair{A1: 1.2, B1: 0.8, A2: 0.7, B2: 1.3, RCases: 0.4, RControls: 0.6}
	part := full
	part.FPR = &[2]float64{0, 1}
	v1, v2, c := full.Moments(1.5)
	w1, w2, d := part.Moments(1.5)
	if math.Abs(v1-w1) > 1e-15 || math.Abs(v2-w2) > 1e-15 || math.Abs(c-d) > 1e-15 {
		t.Errorf("full %v %v %v, partial over [0, 1] %v %v %v", v1, v2, c, w1, w2, d)
	}
}

// FuzzROCDiffPower checks that SolveBinormal never panics and never
// returns a NaN or an infinity: it solves, or returns an error.
func FuzzROCDiffPower(f *testing.F) {
	f.Add(2.6, 1.0, 1.9, 1.0, 0.6, 0.6, 0.037, 0.0, 0.2, 107.0, 1.0, 0.05, 0.8, uint8(0))
	f.Add(1.0, 0.5, 0.2, 2.0, -0.3, 0.9, 0.1, 0.1, 0.1, 30.0, 2.0, 0.01, 0.9, uint8(1))
	f.Fuzz(func(t *testing.T, a1, b1, a2, b2, ra, rn, delta, lo, hi, cases, kappa, sig, power float64, mode uint8) {
		b := BinormalPair{A1: a1, B1: b1, A2: a2, B2: b2, RCases: ra, RControls: rn}
		if mode&4 != 0 {
			b.FPR = &[2]float64{lo, hi}
		}
		p := ROCDiffPower{Delta: delta, Cases: cases, Kappa: kappa, SigLevel: sig, Power: power, OneSided: mode&8 != 0}
		switch mode % 3 {
		case 0:
			p.Cases = math.NaN()
		case 1:
			p.Power = math.NaN()
		default:
			p.SigLevel = math.NaN()
		}
		got, err := p.SolveBinormal(b)
		if err != nil {
			return
		}
		for _, v := range []float64{got.Cases, got.Controls, got.Kappa, got.SigLevel, got.Power, got.Var1, got.Var2, got.Cov} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%+v %+v: NaN or ±Inf in %+v", p, b, got)
			}
		}
	})
}
