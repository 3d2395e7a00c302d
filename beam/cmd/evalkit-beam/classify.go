package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "classify",
		summary: "confusion matrix, accuracy, precision/recall/F, kappa, MCC, … from true and predicted labels",
		define:  defineClassify,
	})
}

// defineClassify adds evalkit classify's flags (cli.ClassifyFlags) to fs.
func defineClassify(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.ClassifyFlags
	var ci cli.CIFlags
	f.Define(fs)
	ci.Define(fs)
	return func(c common) (pipeline, error) {
		opt, err := f.Options()
		if err != nil {
			return nil, err
		}
		civ, withCI, err := ci.Options()
		if err != nil {
			return nil, err
		}
		if f.Multilabel {
			if err := f.CheckMultilabel(opt); err != nil {
				return nil, err
			}
			return &evalbeam.Multilabel{True: f.True, Pred: f.Pred, Weight: f.Weight, Sep: f.Sep, Options: opt, Name: c.Name, Output: c.Output}, nil
		}
		if strings.Contains(f.Pred, ",") {
			return nil, usagef("classify: --pred %q: several models are not supported by evalkit-beam yet (use evalkit classify)", f.Pred)
		}
		return &evalbeam.Classify{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, CI: cli.CIPtr(civ, withCI), Name: c.Name, Output: c.Output}, nil
	}
}
