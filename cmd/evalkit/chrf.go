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
	base := text.NewCHRFResult(opts, len(tf.Refs))
	f, st, err := readSystemStats(e, fs, tf, pos, c.Corpus, (*text.CHRFStats).Add,
		sentenceLines(e, func(line int, s text.CHRFStats) text.CHRFResult {
			r := base
			r.Line, r.Score = line, c.Score(s)
			return r
		}))
	if err != nil || tf.Sentence {
		return err // with --sentence, written as read
	}
	out, err := c.Report(st, len(tf.Refs), tf.Corpus())
	return emitCorpus(e, f, out, err)
}
