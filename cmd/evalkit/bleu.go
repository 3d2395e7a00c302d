package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "bleu", summary: "BLEU of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runBLEU})
}

func runBLEU(e *env, args []string) error {
	fs := flag.NewFlagSet("bleu", flag.ContinueOnError)
	tf := addTextFlags(fs)
	tok := fs.String("tokenize", text.Tok13a, "tokenizer: "+strings.Join(text.Tokenizers, ", "))
	lower := fs.Bool("lowercase", false, "lowercase before tokenizing (case-insensitive BLEU)")
	smooth := fs.String("smooth", text.SmoothExp, "smoothing: "+strings.Join(text.Smooths, ", "))
	smoothValue := fs.Float64("smooth-value", 0, "value for --smooth floor (default 0.1) or add-k (default 1)")
	eff := fs.Bool("effective-order", false, "average only the n-gram orders present (default on with --sentence, as sacreBLEU)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(fs); err != nil {
		return err
	}
	opts := text.BLEUOptions{Tokenize: *tok, Lowercase: *lower, Smooth: *smooth, EffectiveOrder: *eff}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["smooth-value"] {
		opts.SmoothValue = smoothValue
	}
	if *tf.sentence && !set["effective-order"] {
		opts.EffectiveOrder = true
	}
	b, err := text.NewBLEU(opts)
	if err != nil {
		return usagef("bleu: %v", err)
	}
	f, stats, n, nrefs, err := readSystemStats(e, fs, tf, pos, b.Corpus, (*text.BLEUStats).Add, fixedSize[text.BLEUStats])
	if err != nil {
		return err
	}
	if *tf.sentence {
		sig := b.Signature(nrefs)
		out := make([]text.BLEUResult, n)
		for i, s := range stats[0] {
			out[i] = text.NewBLEUResult(b.Score(s), sig)
			out[i].Line = i + 1
		}
		return emitJSONLines(e, out)
	}
	out, err := b.Report(stats, nrefs, tf.corpusOptions(n))
	return emitCorpus(e, f, out, err)
}
