package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "chrf", summary: "chrF / chrF++ of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runCHRF})
}

func runCHRF(e *env, args []string) error {
	fs := flag.NewFlagSet("chrf", flag.ContinueOnError)
	tf := addTextFlags(fs)
	charOrder := fs.Int("char-order", 6, "character n-gram order")
	wordOrder := fs.Int("word-order", 0, "word n-gram order (2 gives chrF++)")
	beta := fs.Int("beta", 2, "weight β of recall")
	lower := fs.Bool("lowercase", false, "lowercase first (case-insensitive chrF)")
	ws := fs.Bool("whitespace", false, "keep whitespace in character n-grams")
	eps := fs.Bool("eps-smoothing", false, "ε-smoothed average of per-order F-scores, as chrF++.py, Moses and NLTK (sacreBLEU's --chrf-eps-smoothing)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(fs); err != nil {
		return err
	}
	if *charOrder < 1 || *wordOrder < 0 || *beta < 1 {
		return usagef("chrf: --char-order and --beta must be ≥ 1 and --word-order ≥ 0")
	}
	opts := text.CHRFOptions{CharOrder: *charOrder, WordOrder: *wordOrder, Beta: *beta,
		Lowercase: *lower, Whitespace: *ws, EpsSmoothing: *eps}
	c, err := text.NewCHRF(opts)
	if err != nil {
		return usagef("chrf: %v", err)
	}
	base := text.NewCHRFResult(opts, len(tf.refs))
	f, sums, stats, n, nrefs, err := readSystemStats(e, fs, tf, pos, c.Corpus, (*text.CHRFStats).Add,
		sentenceLines(e, func(line int, s text.CHRFStats) text.CHRFResult {
			r := base
			r.Line, r.Score = line, c.Score(s)
			return r
		}))
	if err != nil {
		return err
	}
	metric := text.Metric[text.CHRFStats]{Name: opts.Name(), Add: (*text.CHRFStats).Add, Score: c.Score, Signature: base.Signature,
		PairedSignature:    func(po text.PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		BootstrapSignature: func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
	switch {
	case *tf.sentence:
		return nil // written as read
	case *tf.pairedBS || *tf.pairedAR:
		return emitPaired(e, f, tf, metric, stats)
	}
	rows := make([]text.CHRFResult, len(stats))
	systems := make([]text.SystemRow, len(stats))
	for k := range stats {
		rows[k] = base
		rows[k].Score = c.Score(sums[k])
		rows[k].Sentences = n
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.Confidence(stats[k], tf.confidenceN(), *tf.seed); err != nil {
			return err
		}
		systems[k] = text.SystemRow{System: tf.hyps[k], Score: rows[k].Score, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) == 1 {
		if rows[0].Level, rows[0].Intervals, err = interval(tf, metric, stats[0], "score"); err != nil {
			return err
		}
		return emit(e, f, rows[0], rows[0].Doc)
	}
	return emitSystems(e, f, tf, metric, stats, n, systems)
}
