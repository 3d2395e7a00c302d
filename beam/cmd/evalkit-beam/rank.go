package main

import (
	"context"
	"flag"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "rank",
		summary: "exact ROC and P-R curves, AUC, average precision, BEP, log loss, calibration, … from binary scores",
		define:  defineRank,
	})
}

// notOffered is the message of evalkit rank's multilabel flags, which
// evalkit-beam knows only to refuse them.
const notOffered = "not offered in evalkit-beam; use evalkit rank --multilabel"

// defineRank adds evalkit rank's flags (cli.RankFlags, --ci, the
// several-model flags and --memory) to fs, and --ranges. evalkit rank's
// --multilabel, --graded and --ignore-ties are defined too, to be refused
// as usage errors that say where they are offered.
func defineRank(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.RankFlags
	var ci cli.CIFlags
	var models cli.ModelFlags
	f.Define(fs)
	multilabel := map[string]*bool{}
	for _, name := range []string{"multilabel", "graded", "ignore-ties"} {
		multilabel[name] = fs.Bool(name, false, notOffered)
	}
	ci.Define(fs)
	new(cli.GateFlags).Define(fs)
	models.Define(fs, "roc_auc")
	mem := cli.MemoryFlag(fs)
	ranges := fs.Int("ranges", 16, "number of score ranges the rows are partitioned into (the parallelism of the sort)")
	sf := defineSlices(fs, "rank")
	return func(c common) (pipeline, error) {
		for _, name := range []string{"multilabel", "graded", "ignore-ties"} {
			if *multilabel[name] {
				return nil, usagef("rank: --%s is %s", name, notOffered)
			}
		}
		if f.MulticlassModels() {
			return defineRankMulticlassModels(&f, ci, fs, &models, sf, mem, c)
		}
		if err := f.Check(); err != nil {
			return nil, err
		}
		civ, withCI, err := ci.Options()
		if err != nil {
			return nil, err
		}
		// --bins, --cal-bins and --bootstrap, charged to --memory before
		// any worker allocates them, as evalkit rank charges them.
		if err := cli.ChargeFlags(mem, f.FlagSizes(&ci, withCI)...); err != nil {
			return nil, err
		}
		// --by with --ci: each slice is compared with its rest (see
		// evalbeam.Slicing).
		cmp := &sliceCI{level: civ.Level, models: &models, primaries: []string{"roc_auc", "roc_auc_ovr_macro"}}
		sl, err := sf.slicing(withCI, cmp)
		if err != nil {
			return nil, err
		}
		if f.Classes == "" && strings.Contains(f.Score, ",") {
			return defineRankModels(&f, ci, fs, models.Options(fs), *ranges, c, sl)
		}
		if name := oneModelFlag(fs, sl != nil); name != "" {
			return nil, usagef("rank: --%s needs several models (--score m1,m2,… without --classes)", name)
		}
		if f.Classes != "" {
			return defineRankMulti(&f, ci, *ranges, c, sl)
		}
		bn, err := f.Binned()
		if err != nil {
			return nil, err
		}
		if *ranges < 1 {
			return nil, usagef("rank: --ranges must be at least 1, got %d", *ranges)
		}
		rk := &evalbeam.Rank{True: f.True, Score: f.Score, Weight: f.Weight, Options: f.Options(), CI: cli.CIPtr(civ, withCI), Ranges: *ranges, Name: c.Name, Output: c.Output, Slices: sl}
		if bn != nil {
			rk.Bins = f.Bins
			if !bn.FloatBits() {
				rk.Lo, rk.Hi = bn.Lo, bn.Hi
			}
		}
		return rk, nil
	}
}

// defineRankMulti checks the flags of a multiclass rank (--classes) as
// evalkit does and returns its pipeline.
func defineRankMulti(f *cli.RankFlags, ci cli.CIFlags, ranges int, c common, sl *evalbeam.Slicing) (pipeline, error) {
	civ, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	if f.Bins > 0 {
		return nil, usagef("rank: --bins is for binary scores only")
	}
	classes, scores, _, err := f.MultiClasses()
	if err != nil {
		return nil, err
	}
	if ranges < 1 {
		return nil, usagef("rank: --ranges must be at least 1, got %d", ranges)
	}
	return &evalbeam.RankMulti{True: f.True, Weight: f.Weight, Classes: classes, Scores: scores, Options: f.Options(), CI: cli.CIPtr(civ, withCI), Ranges: ranges, Name: c.Name, Output: c.Output, Slices: sl}, nil
}

// rankMulticlassModels is the pipeline of several multiclass models
// (--classes, --score given once a model) until the input's header, in
// which --score may name columns by patterns, gives the models' columns
// (resolve).
type rankMulticlassModels struct {
	evalbeam.RankMultiModels
	f      *cli.RankFlags
	cmp    *sliceCI
	withCI bool
	sf     *sliceFlags
}

// defineRankMulticlassModels checks the flags of several multiclass
// models that the input does not decide, as evalkit does, and returns
// their pipeline, to be resolved against the input's header.
func defineRankMulticlassModels(f *cli.RankFlags, ci cli.CIFlags, fs *flag.FlagSet, models *cli.ModelFlags, sf *sliceFlags, mem *budget.Size, c common) (pipeline, error) {
	if err := f.CheckMulticlassModels(); err != nil {
		return nil, err
	}
	civ, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	if _, err := sf.f.Options(new(budget.Size)); err != nil {
		return nil, err
	}
	p := &rankMulticlassModels{f: f, withCI: withCI, sf: sf,
		cmp: &sliceCI{level: civ.Level, models: models, primaries: []string{"roc_auc_ovr_macro"}}}
	p.Options, p.Models, p.CI, p.Name, p.Output = f.Options(), models.Options(fs), cli.CIPtr(civ, withCI), c.Name, c.Output
	p.Memory = mem.Bytes()
	return p, nil
}

// resolve finds the models' columns in the header of the input's first
// unit (read only when a --score is a pattern) and checks what evalkit
// checks then: each model's columns, with --by and --ci the comparison
// of the slices, and the several-model flags against the models' names.
func (p *rankMulticlassModels) resolve(ctx context.Context, units []evalbeam.Unit) error {
	var header []string
	if slices.ContainsFunc(p.f.ScoreSets, cli.IsColumnPattern) {
		var err error
		if header, err = evalbeam.Header(ctx, units); err != nil {
			return err
		}
	}
	classes, names, cols, err := p.f.MulticlassModelSetsOf(p.Name, header)
	if err != nil {
		return err
	}
	sl, err := p.sf.slicing(p.withCI, p.cmp)
	if err != nil {
		return err
	}
	t, err := p.f.MulticlassModelsTask(classes, names, cols, p.Models)
	if err != nil {
		return err
	}
	p.Task, p.Slices = *t, sl
	return nil
}

// defineRankModels checks the flags of several binary score columns
// (--score m1,m2,…) as evalkit does and returns their pipeline.
func defineRankModels(f *cli.RankFlags, ci cli.CIFlags, fs *flag.FlagSet, mo board.Options, ranges int, c common, sl *evalbeam.Slicing) (pipeline, error) {
	civ, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	if f.Bins > 0 {
		return nil, usagef("rank: --bins and --plot are for one score column")
	}
	if ranges < 1 {
		return nil, usagef("rank: --ranges must be at least 1, got %d", ranges)
	}
	rm := &evalbeam.RankModels{True: f.True, Weight: f.Weight, Scores: strings.Split(f.Score, ","), Options: f.Options(), Models: mo,
		CI: cli.CIPtr(civ, withCI), Ranges: ranges, Name: c.Name, Output: c.Output, Slices: sl}
	if err := rm.CheckModels(); err != nil {
		return nil, err
	}
	return rm, nil
}
