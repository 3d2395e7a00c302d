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
	f, stats, n, nrefs, err := readSystemStats(e, fs, tf, pos, b.Corpus, (*text.BLEUStats).Add, fixedSize[text.BLEUStats])
	if err != nil {
		return err
	}
	if tf.Sentence {
		sig := b.Signature(nrefs)
		out := make([]text.BLEUResult, n)
		for i, s := range stats[0] {
			out[i] = text.NewBLEUResult(b.Score(s), sig)
			out[i].Line = i + 1
		}
		return emitJSONLines(e, out)
	}
	out, err := b.Report(stats, nrefs, tf.Corpus(n))
	return emitCorpus(e, f, out, err)
}
