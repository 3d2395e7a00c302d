package hyptest

import (
	"errors"
	"fmt"
	"math"
)

// ROCPower is the power and sample size of a study of one AUC against
// chance (0.5), by Obuchowski's method, as pROC's power.roc.test(auc =,
// ncontrols =, ncases =, sig.level =, power =, kappa =): exactly one of
// AUC, Cases, SigLevel and Power is unknown (NaN), and [ROCPower.Solve]
// fills it in. Controls are Kappa × Cases.
type ROCPower struct {
	// AUC is the AUC to detect, in (0.5, 1).
	AUC float64 `json:"auc"`
	// Cases and Controls are the numbers of positives and negatives
	// (not rounded: pROC's are not); Kappa = Controls/Cases.
	Cases    float64 `json:"ncases"`
	Controls float64 `json:"ncontrols"`
	Kappa    float64 `json:"kappa"`
	// SigLevel is the significance level, Power the power, both in
	// (0, 1).
	SigLevel float64 `json:"sig_level"`
	Power    float64 `json:"power"`
	// OneSided says the test is one-sided (pROC's alternative
	// "one.sided"); two-sided splits SigLevel between the tails.
	OneSided bool `json:"one_sided"`
	// Solved names the quantity solved for: "auc", "ncases", "sig_level"
	// or "power".
	Solved string `json:"solved"`
}

// ErrNoRoot: no value of the unknown satisfies the power equation in its
// range.
var ErrNoRoot = errors.New("no solution in range")

// ObuchowskiVar is Obuchowski's (1994) variance function of an AUC θ with
// Kappa controls a case, as pROC's var.theta.obuchowski (its rounded
// constants included): with A = 1.414 Φ⁻¹(θ),
//
//	V(θ) = 0.0099 e^{−A²/2} ((5A² + 8) + (A² + 8)/κ)
//
// so that the AUC's variance is V(θ)/cases; V(0.5) = 0.0792 (1 + 1/κ).
func ObuchowskiVar(theta, kappa float64) float64 {
	a := normQuantile(theta) * 1.414
	return 0.0099 * math.Exp(-a*a/2) * ((5*a*a + 8) + (a*a+8)/kappa)
}

// Solve fills in the unknown (NaN) of AUC, Cases, SigLevel and Power from
// the power equation of Obuchowski and McClish (1997), δ = θ − ½,
// V₀ = 0.0792 (1 + 1/κ), V_A = [ObuchowskiVar](θ, κ), α the significance
// level (halved when two-sided):
//
//	cases = (z_{1−α} √V₀ + z_power √V_A)² / δ²
//
// Cases and Kappa, or Cases and Controls, or Controls and Kappa give the
// sample (Kappa alone with an unknown Cases); a Controls or Kappa of 0 (or
// NaN) is not given. The AUC is solved by
// bisection on (0.5, 1) to 1e-12 (pROC's uniroot stops at about 1e-4).
// It returns an error for a value out of range, for not exactly one
// unknown, and ErrNoRoot when no AUC reaches the power.
func (p ROCPower) Solve() (ROCPower, error) {
	if p.Controls == 0 {
		p.Controls = math.NaN()
	}
	if p.Kappa == 0 {
		p.Kappa = math.NaN()
	}
	switch {
	case !math.IsNaN(p.AUC) && !(p.AUC > 0.5 && p.AUC < 1):
		return p, fmt.Errorf("hyptest.ROCPower.AUC must be in (0.5, 1), got %v", p.AUC)
	case !math.IsNaN(p.SigLevel) && !(p.SigLevel > 0 && p.SigLevel < 1):
		return p, fmt.Errorf("hyptest.ROCPower.SigLevel must be in (0, 1), got %v", p.SigLevel)
	case !math.IsNaN(p.Power) && !(p.Power > 0 && p.Power < 1):
		return p, fmt.Errorf("hyptest.ROCPower.Power must be in (0, 1), got %v", p.Power)
	case !math.IsNaN(p.Cases) && !(p.Cases > 0) || math.IsInf(p.Cases, 0):
		return p, fmt.Errorf("hyptest.ROCPower.Cases must be finite and > 0, got %v", p.Cases)
	case !math.IsNaN(p.Controls) && !(p.Controls > 0) || math.IsInf(p.Controls, 0):
		return p, fmt.Errorf("hyptest.ROCPower.Controls must be finite and > 0, got %v", p.Controls)
	case !math.IsNaN(p.Kappa) && !(p.Kappa > 0) || math.IsInf(p.Kappa, 0):
		return p, fmt.Errorf("hyptest.ROCPower.Kappa must be finite and > 0, got %v", p.Kappa)
	}
	switch {
	case math.IsNaN(p.Cases) && !math.IsNaN(p.Controls) && !math.IsNaN(p.Kappa):
		p.Cases = p.Controls / p.Kappa
	case !math.IsNaN(p.Cases) && !math.IsNaN(p.Controls):
		p.Kappa = p.Controls / p.Cases
	case !math.IsNaN(p.Cases) && !math.IsNaN(p.Kappa):
		p.Controls = p.Kappa * p.Cases
	}
	if math.IsNaN(p.Kappa) {
		return p, errors.New("roc power: give two of hyptest.ROCPower.Cases, hyptest.ROCPower.Controls and hyptest.ROCPower.Kappa (or hyptest.ROCPower.Kappa with the cases unknown)")
	}
	unknown := 0
	for _, v := range []float64{p.AUC, p.Cases, p.SigLevel, p.Power} {
		if math.IsNaN(v) {
			unknown++
		}
	}
	if unknown != 1 {
		return p, fmt.Errorf("roc power: exactly one of hyptest.ROCPower.AUC, hyptest.ROCPower.Cases, hyptest.ROCPower.SigLevel and hyptest.ROCPower.Power must be unknown, got %d", unknown)
	}
	alpha := p.SigLevel
	if !p.OneSided {
		alpha /= 2
	}
	v0 := 0.0792 * (1 + 1/p.Kappa)
	switch {
	case math.IsNaN(p.Cases):
		va := ObuchowskiVar(p.AUC, p.Kappa)
		d := p.AUC - 0.5
		s := normQuantile(1-alpha)*math.Sqrt(v0) + normQuantile(p.Power)*math.Sqrt(va)
		p.Cases = s * s / (d * d)
		p.Controls = p.Kappa * p.Cases
		p.Solved = "ncases"
	case math.IsNaN(p.Power):
		va := ObuchowskiVar(p.AUC, p.Kappa)
		d := p.AUC - 0.5
		zb := (math.Sqrt(p.Cases*d*d) - normQuantile(1-alpha)*math.Sqrt(v0)) / math.Sqrt(va)
		p.Power = normCDF(zb)
		p.Solved = "power"
	case math.IsNaN(p.SigLevel):
		va := ObuchowskiVar(p.AUC, p.Kappa)
		d := p.AUC - 0.5
		za := (math.Sqrt(p.Cases*d*d) - normQuantile(p.Power)*math.Sqrt(va)) / math.Sqrt(v0)
		p.SigLevel = normSF(za)
		if !p.OneSided {
			p.SigLevel *= 2
		}
		p.Solved = "sig_level"
	default:
		za, zb := normQuantile(1-alpha), normQuantile(p.Power)
		f := func(x float64) float64 {
			s := za*math.Sqrt(v0) + zb*math.Sqrt(ObuchowskiVar(x, p.Kappa))
			return s*s/((x-0.5)*(x-0.5)) - p.Cases
		}
		lo, hi := 0.5, 1-1e-16
		if !(f(lo) > 0 && f(hi) < 0) && !(f(lo) < 0 && f(hi) > 0) {
			return p, fmt.Errorf("roc power: no AUC in (0.5, 1) reaches power %v with %v cases: %w", p.Power, p.Cases, ErrNoRoot)
		}
		neg := f(lo) < 0
		for range 200 {
			m := (lo + hi) / 2
			if (f(m) < 0) == neg {
				lo = m
			} else {
				hi = m
			}
			if hi-lo < 1e-13 {
				break
			}
		}
		p.AUC = (lo + hi) / 2
		p.Solved = "auc"
	}
	return p, nil
}
