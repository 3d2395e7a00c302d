package main

import (
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "ter", summary: "translation edit rate (TER), as sacreBLEU", run: runTER})
}

func runTER(e *env, args []string) error {
	fs := flag.NewFlagSet("ter", flag.ContinueOnError)
	tf := addTextFlags(fs)
	var o text.TEROptions
	fs.BoolVar(&o.CaseSensitive, "case-sensitive", false, "keep case (default: lowercase both sides)")
	fs.BoolVar(&o.NoPunct, "no-punct", false, `delete the punctuation . , ? : ; ! " ( ) (and CJK punctuation with --asian-support)`)
	fs.BoolVar(&o.Normalized, "normalized", false, "tercom normalisation: unescape XML entities, split off punctuation")
	fs.BoolVar(&o.AsianSupport, "asian-support", false, "split CJK characters (with --normalized), delete CJK punctuation (with --no-punct)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if err := tf.check(fs); err != nil {
		return err
	}
	corpus := func(h []string, refs [][]string) ([]text.TERStats, error) {
		_, each := text.TERStatsOf(h, refs, o, true)
		return each, nil
	}
	f, totals, each, n, nrefs, err := readSystemStats(e, fs, tf, pos, corpus, text.AddTER,
		sentenceLines(e, func(_ int, s text.TERStats) text.TERSentence { return text.NewTERSentence(s) }))
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("ter: %s has no sentences", tf.hyps[0])
	}
	paired := *tf.pairedBS || *tf.pairedAR
	metric := text.Metric[text.TERStats]{Name: "TER", Add: text.AddTER, Score: text.TERScoreOf, Signature: o.Signature(nrefs),
		PairedSignature:    func(po text.PairedOptions) string { return o.PairedSignature(nrefs, po) },
		BootstrapSignature: func(n int, seed uint64) string { return o.BootstrapSignature(nrefs, n, seed) }}
	switch {
	case *tf.sentence:
		return nil // written as read
	case paired:
		return emitPaired(e, f, tf, metric, each)
	}
	rows := make([]text.TERResult, len(each))
	systems := make([]text.SystemRow, len(each))
	for k := range each {
		rows[k] = text.NewTERResult(totals[k])
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.Confidence(each[k], tf.confidenceN(), *tf.seed); err != nil {
			return err
		}
		systems[k] = text.SystemRow{System: tf.hyps[k], Score: rows[k].Score, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) > 1 {
		return emitSystems(e, f, tf, metric, each, n, systems)
	}
	if rows[0].Level, rows[0].Intervals, err = interval(tf, metric, each[0], "score"); err != nil {
		return err
	}
	return emit(e, f, rows[0], rows[0].Doc)
}
