package task

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/xsum"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// ROCPower is the power and sample size of a study comparing two paired
// ROC curves, with the AUCs and their variances taken from data, as
// pROC's power.roc.test(roc1, roc2, method = …): the columns, positive
// label and budget are DeLong's (its Conf and Alternative are not used).
// Method is "delong" (the default, "") or "obuchowski", or "bootstrap"
// with Replicates stratified bootstrap replicates drawn from a PCG stream
// seeded by Seed (as [ROCTest]'s).
//
// Study holds the planned study: its SigLevel, Power, Cases, Controls,
// Kappa and OneSided, NaN (or, for Controls and Kappa, 0) where not
// given. When neither Cases nor Power is given, the sample is the data's
// (cases the positives, controls the negatives); when Cases or Controls is
// given without the other and without Kappa, and when Cases and Controls
// are both unknown without Kappa, Kappa is the data's
// negatives/positives. [hyptest.ROCDiffPower.Solve] then solves for the
// one unknown. The per-case variances are estimated at the data's
// negatives/positives whatever Kappa is (as pROC's, where kappa only
// scales the controls).
type ROCPower struct {
	DeLong
	Method     string
	Replicates int
	Seed       uint64
	Study      hyptest.ROCDiffPower
}

// ROCPowerResult is the result of [ROCPower.Read]: the data's rows and
// the solved study.
type ROCPowerResult struct {
	N         int    `json:"n"`
	Positives int    `json:"positives"`
	Negatives int    `json:"negatives"`
	PosLabel  string `json:"pos_label"`
	hyptest.ROCDiffPower
	// Bootstrap is the resampling of Method "bootstrap" (else nil).
	Bootstrap *ROCPowerBootstrap `json:"bootstrap,omitempty"`
	Warnings  []string           `json:"warnings"`
}

// ROCPowerBootstrap is the resampling behind a bootstrap estimate.
type ROCPowerBootstrap struct {
	Replicates int    `json:"replicates"`
	Seed       uint64 `json:"seed"`
}

// Read reads every row of r (a label and the two scores), estimates the
// AUCs and their per-case variances and covariance by Method, and solves
// the study. Method "delong": DeLong's variances and covariance times the
// positives ([rank.DeLongTest]). Method "obuchowski": Obuchowski and
// McClish's ([hyptest.BinormalPair.Moments]) at the data's kappa, with
// each curve's A and B the intercept and slope of its binormal fit
// ([rank.Table.SmoothBinormal], as pROC takes them) and the correlations
// the Pearson correlations of the two scores among the positives and
// among the negatives. Method "bootstrap": the variances and covariance
// of the two AUCs over the replicates ([rank.BootstrapCov]) times the
// positives, as pROC's method = "bootstrap" (boot.stratified = TRUE).
// The errors are those of [DeLong.Read], those of
// [rank.Table.SmoothBinormal] (obuchowski), an error when a score is
// constant among the positives or the negatives (obuchowski: no
// correlation), and those of Solve.
func (t ROCPower) Read(r *table.Reader) (*ROCPowerResult, error) {
	p, err := t.readTest(r)
	if err != nil {
		return nil, err
	}
	d, pos, sa, sb := p.DeLong, p.pos, p.sa, p.sb
	out := &ROCPowerResult{N: len(pos), Positives: p.positives, Negatives: len(pos) - p.positives, PosLabel: p.posName, Warnings: []string{}}
	np, nn := float64(out.Positives), float64(out.Negatives)
	s := t.Study
	s.AUC1, s.AUC2, s.Delta = d.AUCA, d.AUCB, d.AUCA-d.AUCB
	switch t.Method {
	case "", "delong":
		s.Method = "delong"
		s.Var1, s.Var2, s.Cov = d.VarA*np, d.VarB*np, d.Cov*np
	case "obuchowski":
		s.Method = "obuchowski"
		b, err := t.binormal(pos, sa, sb)
		if err != nil {
			return nil, named(r, err)
		}
		s.Var1, s.Var2, s.Cov = b.Moments(nn / np)
	case "bootstrap":
		s.Method = "bootstrap"
		v1, v2, c, err := rank.BootstrapCov(pos, sa, sb, t.Replicates, ROCTest{Seed: t.Seed}.rng())
		if err != nil {
			return nil, named(r, err)
		}
		s.Var1, s.Var2, s.Cov = v1*np, v2*np, c*np
		out.Bootstrap = &ROCPowerBootstrap{Replicates: t.Replicates, Seed: t.Seed}
	default:
		panic(fmt.Sprintf("task: ROCPower.Method %q", t.Method))
	}
	given := func(v float64) bool { return !math.IsNaN(v) && v != 0 }
	if math.IsNaN(s.Cases) && !given(s.Controls) && math.IsNaN(s.Power) {
		s.Cases, s.Controls, s.Kappa = np, nn, 0
	}
	if !given(s.Kappa) && !(given(s.Cases) && given(s.Controls)) {
		s.Kappa = nn / np
	}
	if k := nn / np; given(s.Kappa) && math.Abs(s.Kappa-k) > 1e-9*k || given(s.Cases) && given(s.Controls) && math.Abs(s.Controls/s.Cases-k) > 1e-9*k {
		out.Warnings = append(out.Warnings, fmt.Sprintf("the variances are estimated at the data's %d negatives to %d positives; the planned study's other ratio of controls to cases only scales the controls (as pROC's kappa)", out.Negatives, out.Positives))
	}
	if out.ROCDiffPower, err = s.Solve(); err != nil {
		return nil, named(r, err)
	}
	return out, nil
}

// binormal returns the binormal model of the two curves as pROC's
// method "obuchowski" takes it from data.
func (t ROCPower) binormal(pos []bool, sa, sb []float64) (hyptest.BinormalPair, error) {
	var b hyptest.BinormalPair
	fit := func(name string, s []float64) (a, slope float64, err error) {
		tb, err := rank.NewTable(s, pos, nil)
		if err != nil {
			return 0, 0, fmt.Errorf("column %q: %w", name, err)
		}
		sm, err := tb.SmoothBinormal(2)
		if err != nil {
			return 0, 0, fmt.Errorf("column %q: binormal fit: %w", name, err)
		}
		return *sm.Intercept, *sm.Slope, nil
	}
	var err error
	if b.A1, b.B1, err = fit(t.ScoreA, sa); err != nil {
		return b, err
	}
	if b.A2, b.B2, err = fit(t.ScoreB, sb); err != nil {
		return b, err
	}
	if b.RCases, err = t.pearson(pos, true, sa, sb); err != nil {
		return b, err
	}
	b.RControls, err = t.pearson(pos, false, sa, sb)
	return b, err
}

// pearson returns the Pearson correlation of x and y over the rows whose
// class is want, from centred compensated sums; an error when either is
// constant there.
func (t ROCPower) pearson(pos []bool, want bool, x, y []float64) (float64, error) {
	var sx, sy xsum.Sum
	n := 0
	for i := range x {
		if pos[i] == want {
			sx.Add(x[i])
			sy.Add(y[i])
			n++
		}
	}
	mx, my := sx.Value()/float64(n), sy.Value()/float64(n)
	var sxx, syy, sxy xsum.Sum
	for i := range x {
		if pos[i] == want {
			dx, dy := x[i]-mx, y[i]-my
			sxx.Add(dx * dx)
			syy.Add(dy * dy)
			sxy.Add(dx * dy)
		}
	}
	if !(sxx.Value() > 0 && syy.Value() > 0) {
		class := "negatives"
		if want {
			class = "positives"
		}
		return 0, fmt.Errorf("columns %q and %q: a score is constant among the %s, so their correlation is undefined", t.ScoreA, t.ScoreB, class)
	}
	return max(-1, min(1, sxy.Value()/math.Sqrt(sxx.Value()*syy.Value()))), nil
}
