package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "chrf", summary: "chrF / chrF++ of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runCHRF})
}

func runCHRF(e *env, args []string) error {
	fs := flag.NewFlagSet("chrf", flag.ContinueOnError)
	tf := addTextFlags(fs)
	var cf cli.CHRFFlags
	cf.Define(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(); err != nil {
		return err
	}
	opts, err := cf.Options()
	if err != nil {
		return err
	}
	c, err := text.NewCHRF(opts)
	if err != nil {
		return usagef("chrf: %v", err)
	}
	f, stats, n, nrefs, err := readSystemStats(e, fs, tf, pos, c.Corpus, (*text.CHRFStats).Add,
		text.CHRFStats.Bytes)
	if err != nil {
		return err
	}
	if tf.Sentence {
		base := text.NewCHRFResult(opts, nrefs)
		out := make([]text.CHRFResult, n)
		for i, s := range stats[0] {
			out[i] = base
			out[i].Line = i + 1
			out[i].Score = c.Score(s)
		}
		return emitJSONLines(e, out)
	}
	out, err := c.Report(stats, nrefs, tf.Corpus(n))
	return emitCorpus(e, f, out, err)
}
