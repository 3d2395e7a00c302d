package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
	evtask "github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&task{
		name:    "classify",
		summary: "confusion matrix, accuracy, precision/recall/F, kappa, MCC, … from true and predicted labels",
		define:  defineClassify,
	})
}

// defineClassify adds evalkit classify's flags (cli.ClassifyFlags, --ci,
// the several-model flags and --memory) to fs. The output is JSON, so the
// text layout's charge (cli.ChargeClassifyText) has no counterpart.
func defineClassify(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.ClassifyFlags
	var ci cli.CIFlags
	var models cli.ModelFlags
	f.Define(fs)
	ci.Define(fs)
	new(cli.GateFlags).Define(fs)
	models.Define(fs, "accuracy")
	mem := cli.MemoryFlag(fs)
	sf := defineSlices(fs, "classify")
	return func(c common) (pipeline, error) {
		opt, err := f.Options()
		if err != nil {
			return nil, err
		}
		civ, withCI, err := ci.Options()
		if err != nil {
			return nil, err
		}
		if err := cli.ChargeFlags(mem, ci.FlagSizes("classify", withCI)...); err != nil {
			return nil, err
		}
		sl, err := sf.slicing(withCI, &sliceCI{level: civ.Level, models: &models, primaries: []string{"accuracy"}})
		if err != nil {
			return nil, err
		}
		if f.Multilabel && sl != nil {
			return nil, usagef("classify: --by is not available with --multilabel")
		}
		if f.Multilabel {
			if err := f.CheckMultilabel(opt); err != nil {
				return nil, err
			}
			return &evalbeam.Multilabel{Multilabel: evtask.Multilabel{True: f.True, Pred: f.Pred, Weight: f.Weight, Sep: f.Sep, Options: opt, CI: cli.CIPtr(civ, withCI)}, Name: c.Name, Output: c.Output}, nil
		}
		if strings.Contains(f.Pred, ",") {
			names := strings.Split(f.Pred, ",")
			mo := models.Options(fs)
			if err := mo.Check("classify", names); err != nil {
				return nil, cli.OptionUsage(err)
			}
			return &evalbeam.ClassifyModels{ClassifyModels: evtask.ClassifyModels{True: f.True, Weight: f.Weight, Preds: names, Options: opt, Models: mo,
				CI: cli.CIPtr(civ, withCI), FloatLabels: f.FloatLabels}, Name: c.Name, Output: c.Output, Slices: sl}, nil
		}
		if name := oneModelFlag(fs, sl != nil); name != "" {
			return nil, usagef("classify: --%s needs several models (--pred m1,m2,…)", name)
		}
		return &evalbeam.Classify{Classify: evtask.Classify{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, FloatLabels: f.FloatLabels}, CI: cli.CIPtr(civ, withCI), Name: c.Name, Output: c.Output, Slices: sl}, nil
	}
}
