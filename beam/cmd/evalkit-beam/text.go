package main

import (
	"context"
	"flag"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/text"
)

// The text measures read sharded aligned files, not --input tables: each
// --hyp and --ref is a pattern, every pattern matches the same number of
// files, and the i-th file of each (in name order) holds the same
// sentences (see evalbeam.Text). The systems are named by their patterns.

func init() {
	for _, t := range []*task{
		{name: "bleu", summary: "BLEU of translations against references, as sacreBLEU (--hyp PATTERN --ref PATTERN…)", define: defineBLEU},
		{name: "chrf", summary: "chrF / chrF++ of translations against references, as sacreBLEU (--hyp PATTERN --ref PATTERN…)", define: defineCHRF},
		{name: "ter", summary: "translation edit rate (TER), as sacreBLEU (--hyp PATTERN --ref PATTERN…)", define: defineTER},
		{name: "wer", summary: "word (or, with --cer, character) error rate (--hyp PATTERN --ref PATTERN)", define: defineWER},
	} {
		t.ownInput = true
		register(t)
	}
}

// textPipeline is a text measure and the shards it reads.
type textPipeline struct {
	t     *evalbeam.Text
	units []evalbeam.TextUnit
}

func (p *textPipeline) Pipeline(s beam.Scope, _ []evalbeam.Unit) { p.t.Pipeline(s, p.units) }

// newText checks what evalkit-beam cannot do for a text measure, pairs the
// files into shards and returns the pipeline.
func newText(name string, tf *cli.TextFlags, c common, t *evalbeam.Text) (pipeline, error) {
	if err := tf.Check("json"); err != nil {
		return nil, err
	}
	if err := tf.ChargeFlags(); err != nil {
		return nil, err
	}
	if tf.Sentence {
		return nil, usagef("%s: --sentence prints one line a sentence; evalkit-beam writes corpus results only (use evalkit)", name)
	}
	if len(tf.Hyps) == 0 {
		return nil, usagef("%s: --hyp PATTERN is required", name)
	}
	if len(tf.Refs) == 0 {
		return nil, usagef("%s: at least one --ref PATTERN is required", name)
	}
	t.Metric, t.Hyps, t.Refs, t.Corpus, t.Memory, t.Output = name, tf.Hyps, tf.Refs, tf.Corpus(), tf.Memory.String(), c.Output
	units, err := evalbeam.TextUnits(context.Background(), t.Hyps, t.Refs)
	if err != nil {
		return nil, err
	}
	return &textPipeline{t: t, units: units}, nil
}

func defineBLEU(fs *flag.FlagSet) func(common) (pipeline, error) {
	var tf cli.TextFlags
	var bf cli.BLEUFlags
	tf.Define(fs)
	bf.Define(fs)
	return func(c common) (pipeline, error) {
		opts, err := bf.Options(tf.Sentence)
		if err != nil {
			return nil, err
		}
		return newText("bleu", &tf, c, &evalbeam.Text{BLEU: opts})
	}
}

func defineCHRF(fs *flag.FlagSet) func(common) (pipeline, error) {
	var tf cli.TextFlags
	var cf cli.CHRFFlags
	tf.Define(fs)
	cf.Define(fs)
	return func(c common) (pipeline, error) {
		opts, err := cf.Options()
		if err != nil {
			return nil, err
		}
		return newText("chrf", &tf, c, &evalbeam.Text{CHRF: opts})
	}
}

func defineTER(fs *flag.FlagSet) func(common) (pipeline, error) {
	var tf cli.TextFlags
	var o text.TEROptions
	tf.Define(fs)
	cli.DefineTER(fs, &o)
	return func(c common) (pipeline, error) {
		return newText("ter", &tf, c, &evalbeam.Text{TER: o})
	}
}

func defineWER(fs *flag.FlagSet) func(common) (pipeline, error) {
	var wf cli.WERFlags
	wf.Define(fs)
	return func(c common) (pipeline, error) {
		if wf.Sentence {
			return nil, usagef("wer: --sentence prints one line a sentence; evalkit-beam writes corpus results only (use evalkit)")
		}
		if wf.Hyp == "" {
			return nil, usagef("wer: --hyp PATTERN is required")
		}
		if err := wf.CheckRefs(); err != nil {
			return nil, err
		}
		t := &evalbeam.Text{Metric: "wer", CER: wf.CER, Hyps: []string{wf.Hyp}, Refs: wf.Refs, Memory: wf.Memory.String(), Output: c.Output}
		units, err := evalbeam.TextUnits(context.Background(), t.Hyps, t.Refs)
		if err != nil {
			return nil, err
		}
		return &textPipeline{t: t, units: units}, nil
	}
}
