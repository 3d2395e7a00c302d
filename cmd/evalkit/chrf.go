package main

import (
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "chrf", summary: "chrF / chrF++ of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runCHRF})
}

// chrfOut is evalkit chrf's result (SPEC §3 keys: score, signature).
type chrfOut struct {
	Line      int      `json:"line,omitempty"` // --sentence only, 1-based
	Name      string   `json:"name"`
	Score     float64  `json:"score"`
	CharOrder int      `json:"char_order"`
	WordOrder int      `json:"word_order"`
	Beta      int      `json:"beta"`
	Sentences int      `json:"sentences,omitempty"`
	Mean      *float64 `json:"mean,omitempty"` // --confidence
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature"`
}

func (c chrfOut) doc() *report.Doc {
	p := &report.Pairs{}
	p.Add(c.Name, fmt.Sprintf("%.4f", c.Score))
	if c.Mean != nil {
		p.Add("μ ± 95% CI", fmt.Sprintf("%.4f ± %.4f", *c.Mean, *c.CI))
	}
	p.Add("sentences", fmt.Sprint(c.Sentences))
	line := fmt.Sprintf("%s|%s = %.2f", c.Name, c.Signature, c.Score)
	if c.Mean != nil {
		line += fmt.Sprintf(" (μ = %.2f ± %.2f)", *c.Mean, *c.CI)
	}
	return &report.Doc{Title: c.Name, Blocks: []report.Block{p, report.Note(line)}}
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
	f, stats, nrefs, err := readSystemStats(e, fs, tf, pos, c.Corpus)
	if err != nil {
		return err
	}
	n := len(stats[0])
	base := chrfOut{Name: opts.Name(), CharOrder: *charOrder, WordOrder: *wordOrder, Beta: *beta, Signature: opts.Signature(nrefs)}
	metric := mtMetric[text.CHRFStats]{name: opts.Name(), add: (*text.CHRFStats).Add, score: c.Score, sig: base.Signature,
		pairedSig: func(po text.PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		bootSig:   func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
	switch {
	case *tf.sentence:
		out := make([]chrfOut, n)
		for i, s := range stats[0] {
			out[i] = base
			out[i].Line = i + 1
			out[i].Score = c.Score(s)
		}
		return emitJSONLines(e, out)
	case *tf.pairedBS || *tf.pairedAR:
		return metric.emitPaired(e, f, tf, stats)
	}
	rows := make([]chrfOut, len(stats))
	systems := make([]systemRow, len(stats))
	for k := range stats {
		rows[k] = base
		rows[k].Score = c.Score(text.SumCHRF(stats[k]))
		rows[k].Sentences = n
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.confidence(tf, stats[k]); err != nil {
			return err
		}
		systems[k] = systemRow{System: tf.hyps[k], Score: rows[k].Score, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) == 1 {
		return emit(e, f, rows[0], rows[0].doc)
	}
	return metric.emitSystems(e, f, n, systems)
}
