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
	signature := b.Signature(len(tf.refs))
	f, sums, stats, n, nrefs, err := readSystemStats(e, fs, tf, pos, b.Corpus, (*text.BLEUStats).Add,
		sentenceLines(e, func(line int, s text.BLEUStats) text.BLEUResult {
			r := text.NewBLEUResult(b.Score(s), signature)
			r.Line = line
			return r
		}))
	if err != nil {
		return err
	}
	metric := text.Metric[text.BLEUStats]{Name: "BLEU", Add: (*text.BLEUStats).Add,
		Score:              func(s text.BLEUStats) float64 { return b.Score(s).Score },
		Signature:          b.Signature(nrefs),
		PairedSignature:    func(po text.PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		BootstrapSignature: func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
	switch {
	case *tf.sentence:
		return nil // written as read
	case *tf.pairedBS || *tf.pairedAR:
		return emitPaired(e, f, tf, metric, stats)
	}
	rows := make([]text.BLEUResult, len(stats))
	systems := make([]text.SystemRow, len(stats))
	for k := range stats {
		rows[k] = text.NewBLEUResult(b.Score(sums[k]), "")
		rows[k].Sentences = n
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.Confidence(stats[k], tf.confidenceN(), *tf.seed); err != nil {
			return err
		}
		systems[k] = text.SystemRow{System: tf.hyps[k], Score: rows[k].BLEU, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) == 1 {
		if rows[0].Level, rows[0].Intervals, err = interval(tf, metric, stats[0], "bleu"); err != nil {
			return err
		}
		return emit(e, f, rows[0], rows[0].Doc)
	}
	return emitSystems(e, f, tf, metric, stats, n, systems)
}
