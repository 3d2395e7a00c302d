package main

import (
	"bytes"
	"flag"
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "ter", summary: "translation edit rate (TER), as sacreBLEU", run: runTER})
}

// terOutput is the JSON of "evalkit ter": sacreBLEU's score, num_edits,
// ref_length and signature, plus the sentence count.
type terOutput struct {
	Name      string   `json:"name"`
	Score     float64  `json:"score"`
	NumEdits  int64    `json:"num_edits"`
	RefLength float64  `json:"ref_length"`
	Sentences int64    `json:"sentences"`
	Mean      *float64 `json:"mean,omitempty"` // --confidence
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature"`
	Warnings  []string `json:"warnings,omitempty"`
}

// terSentence is one line of "evalkit ter --sentence".
type terSentence struct {
	Score     float64 `json:"score"`
	NumEdits  int64   `json:"num_edits"`
	RefLength float64 `json:"ref_length"`
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
	f, err := outputFormat(e, *tf.format)
	if err != nil {
		return err
	}
	hyps, refLines, err := readSystems(e, fs, tf, pos)
	if err != nil {
		return err
	}
	if len(hyps[0]) == 0 {
		return fmt.Errorf("ter: %s has no sentences", tf.hyps[0])
	}
	nrefs := len(refLines)
	paired := *tf.pairedBS || *tf.pairedAR
	perSentence := *tf.sentence || paired || *tf.confidence
	totals := make([]text.TERStats, len(hyps))
	each := make([][]text.TERStats, len(hyps))
	for k, h := range hyps {
		totals[k], each[k] = text.TERStatsOf(h, refLines, o, perSentence)
	}
	metric := mtMetric[text.TERStats]{name: "TER", add: text.AddTER, score: text.TERScoreOf, sig: o.Signature(nrefs),
		pairedSig: func(po text.PairedOptions) string { return o.PairedSignature(nrefs, po) },
		bootSig:   func(n int, seed uint64) string { return o.BootstrapSignature(nrefs, n, seed) }}
	switch {
	case *tf.sentence:
		var b bytes.Buffer
		for _, s := range each[0] {
			r := s.Result()
			line, err := report.JSON(terSentence{r.Score, r.NumEdits, r.RefLength}, "")
			if err != nil {
				return err
			}
			b.Write(bytes.TrimRight(line, "\n"))
			b.WriteByte('\n')
		}
		_, err := e.stdout.Write(b.Bytes())
		return err
	case paired:
		return metric.emitPaired(e, f, tf, each)
	}
	rows := make([]terOutput, len(hyps))
	systems := make([]systemRow, len(hyps))
	for k := range hyps {
		r := totals[k].Result()
		rows[k] = terOutput{Name: "TER", Score: r.Score, NumEdits: r.NumEdits, RefLength: r.RefLength,
			Sentences: totals[k].Sentences, Warnings: r.Warnings}
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.confidence(tf, each[k]); err != nil {
			return err
		}
		systems[k] = systemRow{System: tf.hyps[k], Score: r.Score, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) > 1 {
		return metric.emitSystems(e, f, len(hyps[0]), systems)
	}
	out := rows[0]
	return emit(e, f, out, func() *report.Doc {
		p := &report.Pairs{}
		p.Add("TER", strconv.FormatFloat(out.Score, 'f', 2, 64))
		if out.Mean != nil {
			p.Add("μ ± 95% CI", fmt.Sprintf("%.4f ± %.4f", *out.Mean, *out.CI))
		}
		p.Add("edits", strconv.FormatInt(out.NumEdits, 10))
		p.Add("reference length", report.Int(out.RefLength))
		p.Add("sentences", strconv.FormatInt(out.Sentences, 10))
		p.Add("signature", out.Signature)
		d := &report.Doc{Title: "Translation edit rate", Blocks: []report.Block{p}}
		for _, w := range out.Warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		return d
	})
}
