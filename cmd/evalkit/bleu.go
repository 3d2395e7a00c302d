package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "bleu", summary: "BLEU of translations against references, as sacreBLEU (--hyp FILE --ref FILE…)", run: runBLEU})
}

// bleuOut is evalkit bleu's result (SPEC §3 keys).
type bleuOut struct {
	Line       int        `json:"line,omitempty"` // --sentence only, 1-based
	Name       string     `json:"name"`
	BLEU       float64    `json:"bleu"`
	Precisions [4]float64 `json:"precisions"`
	Counts     [4]int64   `json:"counts"`
	Totals     [4]int64   `json:"totals"`
	BP         float64    `json:"bp"`
	Ratio      float64    `json:"ratio"`
	HypLen     int64      `json:"hyp_len"`
	RefLen     int64      `json:"ref_len"`
	Sentences  int        `json:"sentences,omitempty"`
	Mean       *float64   `json:"mean,omitempty"` // --confidence
	CI         *float64   `json:"ci,omitempty"`
	Signature  string     `json:"signature"`
}

func newBLEUOut(s text.BLEUScore, sig string) bleuOut {
	return bleuOut{Name: "BLEU", BLEU: s.Score, Precisions: s.Precisions, Counts: s.Counts, Totals: s.Totals,
		BP: s.BP, Ratio: s.Ratio, HypLen: s.HypLen, RefLen: s.RefLen, Signature: sig}
}

// verbose is sacreBLEU's one-line rendering.
func (b bleuOut) verbose() string {
	p := make([]string, 4)
	for i, x := range b.Precisions {
		p[i] = fmt.Sprintf("%.1f", x)
	}
	s := fmt.Sprintf("BLEU|%s = %.2f %s (BP = %.3f ratio = %.3f hyp_len = %d ref_len = %d)",
		b.Signature, b.BLEU, strings.Join(p, "/"), b.BP, b.Ratio, b.HypLen, b.RefLen)
	if b.Mean != nil {
		s += fmt.Sprintf(" (μ = %.2f ± %.2f)", *b.Mean, *b.CI)
	}
	return s
}

func (b bleuOut) doc() *report.Doc {
	p := &report.Pairs{}
	p.Add("BLEU", fmt.Sprintf("%.4f", b.BLEU))
	if b.Mean != nil {
		p.Add("μ ± 95% CI", fmt.Sprintf("%.4f ± %.4f", *b.Mean, *b.CI))
	}
	for i := range 4 {
		p.Add(fmt.Sprintf("%d-gram precision", i+1), fmt.Sprintf("%.4f (%d/%d)", b.Precisions[i], b.Counts[i], b.Totals[i]))
	}
	p.Add("brevity penalty", fmt.Sprintf("%.4f", b.BP))
	p.Add("length ratio", fmt.Sprintf("%.4f", b.Ratio))
	p.Add("hypothesis length", fmt.Sprint(b.HypLen))
	p.Add("reference length", fmt.Sprint(b.RefLen))
	p.Add("sentences", fmt.Sprint(b.Sentences))
	return &report.Doc{Title: "BLEU", Blocks: []report.Block{p, report.Note(b.verbose())}}
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
	f, stats, nrefs, err := readSystemStats(e, fs, tf, pos, b.Corpus)
	if err != nil {
		return err
	}
	n := len(stats[0])
	metric := mtMetric[text.BLEUStats]{name: "BLEU", add: (*text.BLEUStats).Add,
		score:     func(s text.BLEUStats) float64 { return b.Score(s).Score },
		sig:       b.Signature(nrefs),
		pairedSig: func(po text.PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		bootSig:   func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
	switch {
	case *tf.sentence:
		out := make([]bleuOut, n)
		for i, s := range stats[0] {
			out[i] = newBLEUOut(b.Score(s), metric.sig)
			out[i].Line = i + 1
		}
		return emitJSONLines(e, out)
	case *tf.pairedBS || *tf.pairedAR:
		return metric.emitPaired(e, f, tf, stats)
	}
	rows := make([]bleuOut, len(stats))
	systems := make([]systemRow, len(stats))
	for k := range stats {
		rows[k] = newBLEUOut(b.Score(text.SumBLEU(stats[k])), "")
		rows[k].Sentences = n
		if rows[k].Mean, rows[k].CI, rows[k].Signature, err = metric.confidence(tf, stats[k]); err != nil {
			return err
		}
		systems[k] = systemRow{System: tf.hyps[k], Score: rows[k].BLEU, Mean: rows[k].Mean, CI: rows[k].CI, Signature: rows[k].Signature}
	}
	if len(rows) == 1 {
		return emit(e, f, rows[0], rows[0].doc)
	}
	return metric.emitSystems(e, f, n, systems)
}
