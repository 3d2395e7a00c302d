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
	switch {
	case !math.IsNaN(p.AUC) && !(p.AUC > 0.5 && p.AUC < 1):
		return p, fmt.Errorf("hyptest.ROCPower.AUC must be in (0.5, 1), got %v", p.AUC)
	case !math.IsNaN(p.SigLevel) && !(p.SigLevel > 0 && p.SigLevel < 1):
		return p, fmt.Errorf("hyptest.ROCPower.SigLevel must be in (0, 1), got %v", p.SigLevel)
	case !math.IsNaN(p.Power) && !(p.Power > 0 && p.Power < 1):
		return p, fmt.Errorf("hyptest.ROCPower.Power must be in (0, 1), got %v", p.Power)
	}
	if err := resolveSample(rocPowerSample, &p.Cases, &p.Controls, &p.Kappa); err != nil {
		return p, err
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
		if !(p.SigLevel < 1) {
			return p, fmt.Errorf("roc power: no significance level below 1 reaches power %v with %v cases: %w", p.Power, p.Cases, ErrNoRoot)
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

// sampleNames are the names of a power study's Cases, Controls and Kappa
// in the messages of [resolveSample].
type sampleNames struct{ cases, controls, kappa string }

var (
	rocPowerSample     = sampleNames{"hyptest.ROCPower.Cases", "hyptest.ROCPower.Controls", "hyptest.ROCPower.Kappa"}
	rocDiffPowerSample = sampleNames{"hyptest.ROCDiffPower.Cases", "hyptest.ROCDiffPower.Controls", "hyptest.ROCDiffPower.Kappa"}
)

// resolveSample checks the sample of a power study (its fields named by
// n) and fills in the one of cases, controls and kappa = controls/cases
// that two others give. A controls or kappa of 0 is not given (NaN). It
// returns an error for a value out of range and when kappa stays unknown
// (only cases, or only controls, given).
func resolveSample(n sampleNames, cases, controls, kappa *float64) error {
	if *controls == 0 {
		*controls = math.NaN()
	}
	if *kappa == 0 {
		*kappa = math.NaN()
	}
	for _, v := range []struct {
		name string
		v    float64
	}{{n.cases, *cases}, {n.controls, *controls}, {n.kappa, *kappa}} {
		if !math.IsNaN(v.v) && !(v.v > 0) || math.IsInf(v.v, 0) {
			return fmt.Errorf("%s must be finite and > 0, got %v", v.name, v.v)
		}
	}
	switch {
	case math.IsNaN(*cases) && !math.IsNaN(*controls) && !math.IsNaN(*kappa):
		*cases = *controls / *kappa
	case !math.IsNaN(*cases) && !math.IsNaN(*controls):
		*kappa = *controls / *cases
	case !math.IsNaN(*cases) && !math.IsNaN(*kappa):
		*controls = *kappa * *cases
	}
	if math.IsNaN(*kappa) {
		return fmt.Errorf("roc power: give two of %s, %s and %s (or %[3]s with the cases unknown)", n.cases, n.controls, n.kappa)
	}
	return nil
}

// ROCDiffPower is the power and sample size of a study comparing two
// paired ROC curves (two scores of the same cases and controls), as pROC's
// power.roc.test with two curves, by Obuchowski and McClish (1997): the
// difference Delta = AUC1 − AUC2 is tested with the per-case variances
// Var1, Var2 of the two AUCs and their covariance Cov (each the AUC's
// variance times the cases, so that Var1/Cases is AUC1's variance).
// Exactly one of Cases (the sample), SigLevel and Power is unknown (NaN),
// and [ROCDiffPower.Solve] fills it in; [ROCDiffPower.SolveBinormal] first
// takes the variances from a binormal model.
type ROCDiffPower struct {
	// Method says where the variances come from: "binormal" (a
	// [BinormalPair]), or from data "delong" (DeLong's) or "obuchowski"
	// (a binormal model fitted to each curve).
	Method string `json:"method"`
	// AUC1 and AUC2 are the two AUCs (full AUCs; for a BinormalPair,
	// its curves' Φ(A/√(1+B²))).
	AUC1 float64 `json:"auc1"`
	AUC2 float64 `json:"auc2"`
	// Delta is the difference to detect; its sign does not matter.
	Delta float64 `json:"delta"`
	// Binormal is the binormal model the variances come from, if any.
	Binormal *BinormalPair `json:"binormal,omitempty"`
	// Var1, Var2 and Cov are the per-case variances and covariance.
	Var1 float64 `json:"var1"`
	Var2 float64 `json:"var2"`
	Cov  float64 `json:"cov"`
	// Cases, Controls and Kappa are as [ROCPower]'s.
	Cases    float64 `json:"ncases"`
	Controls float64 `json:"ncontrols"`
	Kappa    float64 `json:"kappa"`
	// SigLevel, Power and OneSided are as [ROCPower]'s.
	SigLevel float64 `json:"sig_level"`
	Power    float64 `json:"power"`
	OneSided bool    `json:"one_sided"`
	// Solved names the quantity solved for: "ncases", "sig_level" or
	// "power".
	Solved string `json:"solved"`
}

// Solve fills in the unknown (NaN) of Cases, SigLevel and Power from the
// power equation of Obuchowski and McClish (1997, eq. 2), with
// V₀ = 2 Var1 − 2 Cov (the difference's per-case variance when both curves
// are curve 1), V_A = Var1 + Var2 − 2 Cov and α the significance level
// (halved when two-sided):
//
//	cases = (z_{1−α} √V₀ + z_power √V_A)² / Delta²
//
// and the same equation solved for z_power or z_{1−α}, as pROC's
// power.roc.test(roc1, roc2) and power.roc.test(parslist). The sample is
// given as [ROCPower]'s (Cases with Controls or Kappa). It returns an
// error for a value out of range, for not exactly one unknown, for a V₀ or
// V_A that is not positive, and ErrNoRoot when no value in range solves
// the equation: a Delta of 0 (or so small that the sample overflows) with
// the cases unknown, a power that any
// sample reaches (z_{1−α} √V₀ + z_power √V_A ≤ 0; pROC squares it), or a
// two-sided significance level of 1 or more.
func (p ROCDiffPower) Solve() (ROCDiffPower, error) {
	switch {
	case !math.IsNaN(p.SigLevel) && !(p.SigLevel > 0 && p.SigLevel < 1):
		return p, fmt.Errorf("hyptest.ROCDiffPower.SigLevel must be in (0, 1), got %v", p.SigLevel)
	case !math.IsNaN(p.Power) && !(p.Power > 0 && p.Power < 1):
		return p, fmt.Errorf("hyptest.ROCDiffPower.Power must be in (0, 1), got %v", p.Power)
	case math.IsNaN(p.Delta) || math.IsInf(p.Delta, 0):
		return p, fmt.Errorf("hyptest.ROCDiffPower.Delta must be finite, got %v", p.Delta)
	}
	if err := resolveSample(rocDiffPowerSample, &p.Cases, &p.Controls, &p.Kappa); err != nil {
		return p, err
	}
	unknown := 0
	for _, v := range []float64{p.Cases, p.SigLevel, p.Power} {
		if math.IsNaN(v) {
			unknown++
		}
	}
	if unknown != 1 {
		return p, fmt.Errorf("roc power: exactly one of hyptest.ROCDiffPower.Cases, hyptest.ROCDiffPower.SigLevel and hyptest.ROCDiffPower.Power must be unknown, got %d", unknown)
	}
	v0 := 2*p.Var1 - 2*p.Cov
	va := p.Var1 + p.Var2 - 2*p.Cov
	if !(v0 > 0) || math.IsInf(v0, 0) {
		return p, fmt.Errorf("roc power: the difference's variance under the null, 2 (var1 − cov) = %v, is not positive", v0)
	}
	if !(va > 0) || math.IsInf(va, 0) {
		return p, fmt.Errorf("roc power: the difference's variance, var1 + var2 − 2 cov = %v, is not positive", va)
	}
	alpha := p.SigLevel
	if !p.OneSided {
		alpha /= 2
	}
	d := math.Abs(p.Delta)
	switch {
	case math.IsNaN(p.Cases):
		s := normQuantile(1-alpha)*math.Sqrt(v0) + normQuantile(p.Power)*math.Sqrt(va)
		if d == 0 {
			return p, fmt.Errorf("roc power: no sample detects a difference of 0: %w", ErrNoRoot)
		}
		if !(s > 0) {
			return p, fmt.Errorf("roc power: power %v is reached at level %v with any sample: %w", p.Power, p.SigLevel, ErrNoRoot)
		}
		p.Cases = s * s / (d * d)
		p.Controls = p.Kappa * p.Cases
		if math.IsInf(p.Controls, 0) || math.IsInf(p.Cases, 0) {
			return p, fmt.Errorf("roc power: no finite sample detects a difference of %v: %w", p.Delta, ErrNoRoot)
		}
		p.Solved = "ncases"
	case math.IsNaN(p.Power):
		p.Power = normCDF((math.Sqrt(p.Cases)*d - normQuantile(1-alpha)*math.Sqrt(v0)) / math.Sqrt(va))
		p.Solved = "power"
	default:
		p.SigLevel = normSF((math.Sqrt(p.Cases)*d - normQuantile(p.Power)*math.Sqrt(va)) / math.Sqrt(v0))
		if !p.OneSided {
			p.SigLevel *= 2
		}
		if !(p.SigLevel < 1) {
			return p, fmt.Errorf("roc power: no significance level below 1 reaches power %v with %v cases: %w", p.Power, p.Cases, ErrNoRoot)
		}
		p.Solved = "sig_level"
	}
	return p, nil
}

// SolveBinormal sets Method to "binormal", Binormal to b, AUC1 and AUC2
// to b's curves' AUCs, Delta to AUC1 − AUC2 when it is NaN, and Var1,
// Var2 and Cov to [BinormalPair.Moments] at the study's Kappa (the given
// one when the cases are unknown, else Controls/Cases), then solves as
// [ROCDiffPower.Solve], as pROC's power.roc.test(parslist) (kappa default
// 1 is the caller's). It returns b's errors ([BinormalPair.Check]), Delta
// NaN with a partial range (the partial AUCs' difference is not derived),
// and Solve's errors.
func (p ROCDiffPower) SolveBinormal(b BinormalPair) (ROCDiffPower, error) {
	if err := b.Check(); err != nil {
		return p, err
	}
	if err := resolveSample(rocDiffPowerSample, &p.Cases, &p.Controls, &p.Kappa); err != nil {
		return p, err
	}
	p.Method, p.Binormal = "binormal", &b
	p.AUC1, p.AUC2 = normCDF(b.A1/math.Hypot(1, b.B1)), normCDF(b.A2/math.Hypot(1, b.B2))
	if math.IsNaN(p.Delta) {
		if b.FPR != nil {
			return p, errors.New("roc power: give hyptest.ROCDiffPower.Delta, the difference of the partial AUCs, with hyptest.BinormalPair.FPR")
		}
		p.Delta = p.AUC1 - p.AUC2
	}
	p.Var1, p.Var2, p.Cov = b.Moments(p.Kappa)
	return p.Solve()
}

// BinormalPair is the binormal model of two paired ROC curves of
// Obuchowski and McClish (1997): curve i is TPR = Φ(A_i + B_i Φ⁻¹(FPR)),
// its AUC Φ(A_i/√(1 + B_i²)); RCases and RControls are the correlations
// of the two scores among the cases and among the controls (pROC's ra
// and rn). FPR, if not nil, is the range [FPR[0], FPR[1]] of a partial
// AUC over the false positive rate, the same for both curves.
type BinormalPair struct {
	A1        float64     `json:"a1"`
	B1        float64     `json:"b1"`
	A2        float64     `json:"a2"`
	B2        float64     `json:"b2"`
	RCases    float64     `json:"r_cases"`
	RControls float64     `json:"r_controls"`
	FPR       *[2]float64 `json:"fpr_range"`
}

// Check returns an error unless every A is finite, every B finite and
// > 0, the correlations in [−1, 1] and FPR (if any) within [0, 1] with
// FPR[0] < FPR[1].
func (b BinormalPair) Check() error {
	switch {
	case math.IsNaN(b.A1) || math.IsInf(b.A1, 0):
		return fmt.Errorf("hyptest.BinormalPair.A1 must be finite, got %v", b.A1)
	case math.IsNaN(b.A2) || math.IsInf(b.A2, 0):
		return fmt.Errorf("hyptest.BinormalPair.A2 must be finite, got %v", b.A2)
	case !(b.B1 > 0) || math.IsInf(b.B1, 0):
		return fmt.Errorf("hyptest.BinormalPair.B1 must be finite and > 0, got %v", b.B1)
	case !(b.B2 > 0) || math.IsInf(b.B2, 0):
		return fmt.Errorf("hyptest.BinormalPair.B2 must be finite and > 0, got %v", b.B2)
	case !(b.RCases >= -1 && b.RCases <= 1):
		return fmt.Errorf("hyptest.BinormalPair.RCases must be in [-1, 1], got %v", b.RCases)
	case !(b.RControls >= -1 && b.RControls <= 1):
		return fmt.Errorf("hyptest.BinormalPair.RControls must be in [-1, 1], got %v", b.RControls)
	case b.FPR != nil && !(b.FPR[0] >= 0 && b.FPR[0] < b.FPR[1] && b.FPR[1] <= 1):
		return fmt.Errorf("hyptest.BinormalPair.FPR must be a range within [0, 1], low < high, got %v,%v", b.FPR[0], b.FPR[1])
	}
	return nil
}

// Moments returns the per-case variances of the two AUCs (or partial
// AUCs) and their covariance with kappa controls a case, by Obuchowski
// and McClish (1997, Table 1 and eqs. 4–5) as pROC's var.params.obuchowski
// and cov.params.obuchowski: with f_i and g_i the derivatives of curve
// i's area with respect to A_i and B_i ([binormalFG]), r_a = RCases and
// r_n = RControls,
//
//	V_i = f_i² (1 + B_i²/κ + A_i²/2) + g_i² B_i² (1 + κ)/(2κ)
//	C   = f₁f₂ (r_a + r_n B₁B₂/κ + r_a² A₁A₂/2) + g₁g₂ B₁B₂ (r_n² + κ r_a²)/(2κ)
//	      + f₁g₂ r_a² A₁B₂/2 + f₂g₁ r_a² A₂B₁/2
//
// It does not check b (see [BinormalPair.Check]).
func (b BinormalPair) Moments(kappa float64) (v1, v2, cov float64) {
	f1, g1 := b.fg(b.A1, b.B1)
	f2, g2 := b.fg(b.A2, b.B2)
	v := func(a, bb, f, g float64) float64 {
		return f*f*(1+bb*bb/kappa+a*a/2) + g*g*bb*bb*(1+kappa)/(2*kappa)
	}
	ra, rn := b.RCases, b.RControls
	cov = f1*f2*(ra+rn*b.B1*b.B2/kappa+ra*ra*b.A1*b.A2/2) + g1*g2*(b.B1*b.B2*(rn*rn+kappa*ra*ra)/(2*kappa)) +
		f1*g2*(ra*ra*b.A1*b.B2/2) + f2*g1*(ra*ra*b.A2*b.B1/2)
	return v(b.A1, b.B1, f1, g1), v(b.A2, b.B2, f2, g2), cov
}

// fg returns the derivatives f and g of a binormal curve's area (full, or
// partial over b.FPR) with respect to A and B (Obuchowski & McClish 1997,
// Table 1): with E = exp(−A²/(2(1 + B²))), for the full AUC
//
//	f = E / √(2π(1 + B²)),   g = −E A B / √(2π(1 + B²)³)
//
// and over FPR in [e₁, e₂], with c_k = (Φ⁻¹(e_k) + AB/(1 + B²)) √(1 + B²),
// ΔΦ = Φ(c₁) − Φ(c₂) and ΔE = exp(−c₁²/2) − exp(−c₂²/2),
//
//	f = E ΔΦ / √(2π(1 + B²)),   g = −E ΔE / (2π(1 + B²)) − A B E ΔΦ / √(2π(1 + B²)³)
//
// (pROC's f.partial and g.partial, whose sign convention, e₁ the lower
// bound, the variances do not depend on).
func (b BinormalPair) fg(a, bb float64) (f, g float64) {
	q := 1 + bb*bb
	e := math.Exp(-a * a / (2 * q))
	if b.FPR == nil {
		return e / math.Sqrt(2*math.Pi*q), -e * a * bb / math.Sqrt(2*math.Pi*q*q*q)
	}
	c := func(fpr float64) float64 { return (normQuantile(fpr) + a*bb/q) * math.Sqrt(q) }
	c1, c2 := c(b.FPR[0]), c(b.FPR[1])
	dPhi := normCDF(c1) - normCDF(c2)
	dE := math.Exp(-c1*c1/2) - math.Exp(-c2*c2/2)
	return e * dPhi / math.Sqrt(2*math.Pi*q), -e*dE/(2*math.Pi*q) - a*bb*e*dPhi/math.Sqrt(2*math.Pi*q*q*q)
}
