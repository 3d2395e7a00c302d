package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "ter", summary: "translation edit rate (TER), as sacreBLEU", run: runTER})
}

func runTER(e *env, args []string) error {
	fs := flag.NewFlagSet("ter", flag.ContinueOnError)
	tf := addTextFlags(fs)
	var o text.TEROptions
	cli.DefineTER(fs, &o)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(); err != nil {
		return err
	}
	f, st, err := readSystemStats(e, fs, tf, pos, o.Corpus, text.AddTER,
		sentenceLines(e, func(_ int, s text.TERStats) text.TERSentence { return text.NewTERSentence(s) }))
	if err != nil {
		return err
	}
	if err := text.TERHasSentences(st.N, tf.Hyps[0]); err != nil || tf.Sentence {
		return err // with --sentence, written as read
	}
	out, err := o.Report(st, len(tf.Refs), tf.Corpus())
	return emitCorpus(e, f, out, err)
}
