package cli

import (
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/regress"
)

// RegressFlags are the flags of the regress task: the columns,
// regress.StateOptions and regress.Options.
type RegressFlags struct {
	True, Pred, Weight        string
	MAPEEpsilon, Alpha, Power float64
	NFeatures                 int
	Multioutput               string
	OutputWeights             string
	Bounded                   bool
}

// Define adds the regress flags to fs.
func (f *RegressFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.True, "true", "y_true", "target column(s), comma-separated for several outputs")
	fs.StringVar(&f.Pred, "pred", "y_pred", "prediction column(s), one per --true column; with one --true, a comma list m1,m2,… evaluates and compares several models")
	fs.StringVar(&f.Weight, "weight", "", "sample-weight column (default: every row weighs 1)")
	fs.Float64Var(&f.MAPEEpsilon, "mape-epsilon", 0, "MAPE denominator max(|y|, ε); 0 makes a zero target undefined (scikit-learn uses 2.220446049250313e-16)")
	fs.Float64Var(&f.Alpha, "alpha", 0.5, "quantile α of the pinball loss and D² pinball, in (0, 1)")
	fs.Float64Var(&f.Power, "power", 0, "Tweedie power p (≤ 0 or ≥ 1) of tweedie_deviance and d2_tweedie")
	fs.IntVar(&f.NFeatures, "n-features", 0, "number of model features p: adds adjusted_r2")
	fs.StringVar(&f.Multioutput, "multioutput", "uniform", "several outputs: raw, uniform or variance-weighted")
	fs.StringVar(&f.OutputWeights, "output-weights", "", "several outputs: combine them with these weights, one per --true column (0.4,0.6), as scikit-learn's multioutput=[…]")
	fs.BoolVar(&f.Bounded, "bounded-memory", false, "skip medae and the D² pinball, absolute-error and (power ≠ 0) Tweedie scores, which hold every row (O(n) memory)")
}

// Trues is the --true columns.
func (f *RegressFlags) Trues() []string { return SplitList(f.True) }

// Preds is the --pred columns.
func (f *RegressFlags) Preds() []string { return SplitList(f.Pred) }

// Models reports whether the flags name several models of one target
// (one --true, several --pred).
func (f *RegressFlags) Models() bool { return len(f.Trues()) == 1 && len(f.Preds()) > 1 }

// Options checks the columns (one --pred a --true) and
// --multioutput, --n-features and --weight, and returns the report
// options of one model.
func (f *RegressFlags) Options() (regress.Options, error) {
	trues, preds := f.Trues(), f.Preds()
	if len(trues) == 0 || len(trues) != len(preds) {
		return regress.Options{}, Usagef("regress: --true has %d columns and --pred %d; give one prediction column per target", len(trues), len(preds))
	}
	how, err := regress.ParseMultioutput(f.Multioutput)
	if err != nil {
		return regress.Options{}, Usagef("regress: --multioutput: %v", err)
	}
	ropt := regress.Options{Trues: trues, Preds: preds, NFeatures: f.NFeatures, Multioutput: how, Weights: f.Weight}
	if f.OutputWeights != "" {
		if f.Multioutput != "uniform" {
			return ropt, Usagef("regress: --output-weights replaces --multioutput %s", f.Multioutput)
		}
		for _, s := range strings.Split(f.OutputWeights, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil {
				return ropt, Usagef("regress: --output-weights: %q is not a number", s)
			}
			ropt.OutputWeights = append(ropt.OutputWeights, v)
		}
	}
	if err := ropt.Check(); err != nil {
		return ropt, OptionUsage(err)
	}
	return ropt, nil
}

// ModelsOptions checks --n-features and --weight for several models
// (one --true, a --pred a model) and returns the report options that read
// each model's column against the one target, with the state's options.
func (f *RegressFlags) ModelsOptions() (regress.StateOptions, regress.Options, error) {
	target, names := f.Trues()[0], f.Preds()
	ropt := regress.Options{NFeatures: f.NFeatures, Weights: f.Weight}
	if f.OutputWeights != "" {
		return regress.StateOptions{}, ropt, Usagef("regress: --output-weights combines several outputs; one --true with several --pred compares models")
	}
	if err := ropt.Check(); err != nil {
		return regress.StateOptions{}, ropt, OptionUsage(err)
	}
	opt, err := f.StateOptions()
	if err != nil {
		return opt, ropt, err
	}
	ropt.Preds = names
	for range names {
		ropt.Trues = append(ropt.Trues, target)
	}
	return opt, ropt, nil
}

// StateOptions checks and returns the options of the regress state.
func (f *RegressFlags) StateOptions() (regress.StateOptions, error) {
	opt := regress.StateOptions{MAPEEpsilon: f.MAPEEpsilon, Alpha: f.Alpha, Power: f.Power, KeepValues: !f.Bounded}
	if err := opt.Check(); err != nil {
		return opt, Usagef("regress: %v", err)
	}
	return opt, nil
}
