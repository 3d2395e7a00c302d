package hyptest

import (
	"github.com/evalkit-go/evalkit/result"
)

// Signature returns the signature of a Friedman test with these options
// (task compare-friedman): lower_is_better, tie_correction, alpha, the
// post-hoc procedure (bonferroni-dunn for Nemenyi against a control) and
// the control, named from algorithms ("none" for all pairs).
func (o FriedmanOptions) Signature(algorithms []string) *result.Signature {
	alpha := o.Alpha
	if alpha == 0 {
		alpha = 0.05
	}
	method := o.PostHoc.String()
	control := ""
	if o.VsControl {
		if o.PostHoc == PostHocNemenyi {
			method = "bonferroni-dunn"
		}
		if o.Control >= 0 && o.Control < len(algorithms) {
			control = algorithms[o.Control]
		}
	}
	return result.NewSignature("compare-friedman").Bool("lower_is_better", o.LowerIsBetter).
		Bool("tie_correction", o.TieCorrection).Float("alpha", alpha).Add("posthoc", method).Column("control", control)
}

// Signature returns the signature of a correlated t-test with these
// options (task compare-corrttest): n_train, n_test, rope and
// lower_is_better.
func (o CorrelatedTTestOptions) Signature() *result.Signature {
	return result.NewSignature("compare-corrttest").Int("n_train", o.NTrain).Int("n_test", o.NTest).
		Float("rope", o.Rope).Bool("lower_is_better", o.LowerIsBetter)
}

// Signature returns the signature of a Bayesian signed-rank test with
// these options (task compare-signedrank): rope, samples, seed, prior
// (defaults filled in) and lower_is_better: everything that fixes its bits.
func (o SignedRankOptions) Signature() *result.Signature {
	samples, prior := o.Samples, o.Prior
	if samples == 0 {
		samples = 50000
	}
	if prior == 0 {
		prior = 0.5
	}
	return result.NewSignature("compare-signedrank").Float("rope", o.Rope).Int("samples", samples).
		Seed("seed", o.Seed).Float("prior", prior).Bool("lower_is_better", o.LowerIsBetter)
}
