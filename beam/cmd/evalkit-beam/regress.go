package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "regress",
		summary: "regression measures: MSE, MAE, MAPE, R², deviances, … (as evalkit regress --bounded-memory)",
		define:  defineRegress,
	})
}

// defineRegress adds evalkit regress's flags (cli.RegressFlags) to fs. The
// measures that need every row are left out, as --bounded-memory does,
// whether it is given or not; several models (one --true, several --pred)
// are not offered yet.
func defineRegress(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.RegressFlags
	f.Define(fs)
	return func(c common) (pipeline, error) {
		if f.Models() {
			return nil, usagef("regress: --pred %q: several models are not supported by evalkit-beam yet (use evalkit regress)", f.Pred)
		}
		ropt, err := f.ReportOptions()
		if err != nil {
			return nil, err
		}
		f.Bounded = true // medae and the D² scores need every row in one place
		opt, err := f.Options()
		if err != nil {
			return nil, err
		}
		return &evalbeam.Regress{Options: opt, Report: ropt, Name: c.Name, Output: c.Output}, nil
	}
}
