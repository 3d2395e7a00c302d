package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "regress",
		summary: "regression measures: MSE, MAE, MAPE, R², deviances, medae, D² scores, … (as evalkit regress)",
		define:  defineRegress,
	})
}

// defineRegress adds evalkit regress's flags (cli.RegressFlags, the
// several-model flags, --ci and --memory) to fs. The measures that need every row (medae and
// the D² scores) are computed exactly, in further reads of the units
// (evalbeam.Regress), unless --bounded-memory leaves them out as the
// command line does. Several models (one --true, several --pred) are
// compared as evalkit compares them, by paired bootstraps of the rows,
// which the units send to the writer (evalbeam's regress_rows.go). --ci gives
// the intervals from the merged state's sums (t-intervals and the delta
// method), the command line's with --bounded-memory; the bootstrap
// intervals, which draw rows, are left out with a warning.
func defineRegress(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.RegressFlags
	var models cli.ModelFlags
	var ci cli.CIFlags
	f.Define(fs)
	models.DefineComparing(fs, "mse")
	ci.Define(fs)
	new(cli.GateFlags).Define(fs)
	mem := cli.MemoryFlag(fs)
	sf := defineSlices(fs, "regress")
	return func(c common) (pipeline, error) {
		// As evalkit: several models are compared by a paired bootstrap
		// (of the primary measure without --compare), which takes
		// --bootstrap, --seed and --level without --ci.
		ci.Paired = f.Models() && models.Compares()
		civ, withCI, err := ci.Options()
		if err != nil {
			return nil, err
		}
		if err := cli.ChargeFlags(mem, ci.FlagSizes("regress", withCI)...); err != nil {
			return nil, err
		}
		cip := cli.CIPtr(civ, withCI)
		// --by with --ci compares each slice with the rest of the rows
		// from their results, which the rests' merged states give (and,
		// for Welch's test of one model's mean loss, the slices' losses,
		// from a further read). Exact regress gives a rest the result of
		// --bounded-memory (its bootstrap intervals, like a slice's, are
		// left out) without the models' paired comparisons, which the
		// comparison with the rest does not read (evalbeam's restResult).
		cmp := &sliceCI{level: civ.Level, models: &models, primaries: []string{"mse"}}
		sl, err := sf.slicing(withCI, cmp)
		if err != nil {
			return nil, err
		}
		if f.Models() {
			// As evalkit regressModelsFile: an output per model.
			names := f.Preds()
			mo := models.Options(fs)
			if err := mo.Check("regress", names); err != nil {
				return nil, cli.OptionUsage(err)
			}
			opt, ropt, err := f.ModelsOptions()
			if err != nil {
				return nil, err
			}
			opt.Moments = withCI
			return &evalbeam.Regress{State: opt, Options: ropt, Models: &mo, CI: cip, Name: c.Name, Output: c.Output, Slices: sl}, nil
		}
		if name := oneModelFlag(fs, sl != nil); name != "" {
			return nil, usagef("regress: --%s needs several models (--pred m1,m2,… with one --true)", name)
		}
		ropt, err := f.Options()
		if err != nil {
			return nil, err
		}
		opt, err := f.StateOptions()
		if err != nil {
			return nil, err
		}
		opt.Moments = withCI
		return &evalbeam.Regress{State: opt, Options: ropt, CI: cip, Name: c.Name, Output: c.Output, Slices: sl}, nil
	}
}
