package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "bleu", summary: "BLEU of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runBLEU})
}

func runBLEU(e *env, args []string) error {
	fs := flag.NewFlagSet("bleu", flag.ContinueOnError)
	tf := addTextFlags(fs)
	var bf cli.BLEUFlags
	bf.Define(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(); err != nil {
		return err
	}
	opts, err := bf.Options(tf.Sentence)
	if err != nil {
		return err
	}
	b, err := text.NewBLEU(opts)
	if err != nil {
		return usagef("bleu: %v", err)
	}
	signature := b.Signature(len(tf.Refs))
	f, st, err := readSystemStats(e, fs, tf, pos, b.Corpus, (*text.BLEUStats).Add,
		sentenceLines(e, func(line int, s text.BLEUStats) text.BLEUResult {
			r := text.NewBLEUResult(b.Score(s), signature)
			r.Line = line
			return r
		}))
	if err != nil || tf.Sentence {
		return err // with --sentence, written as read
	}
	out, err := b.Report(st, len(tf.Refs), tf.Corpus())
	return emitCorpus(e, f, out, err)
}
