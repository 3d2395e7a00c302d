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
	hyp, refs := hypRefFlags(fs)
	var o text.TEROptions
	fs.BoolVar(&o.CaseSensitive, "case-sensitive", false, "keep case (default: lowercase both sides)")
	fs.BoolVar(&o.NoPunct, "no-punct", false, `delete the punctuation . , ? : ; ! " ( ) (and CJK punctuation with --asian-support)`)
	fs.BoolVar(&o.Normalized, "normalized", false, "tercom normalisation: unescape XML entities, split off punctuation")
	fs.BoolVar(&o.AsianSupport, "asian-support", false, "split CJK characters (with --normalized), delete CJK punctuation (with --no-punct)")
	sentence := fs.Bool("sentence", false, "print one JSON object per line (score, num_edits, ref_length) instead of the corpus score")
	format := formatFlag(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	hyps, refLines, err := readHypRefs(e, fs, *hyp, *refs, pos)
	if err != nil {
		return err
	}
	if len(hyps) == 0 {
		return fmt.Errorf("ter: %s has no sentences", *hyp)
	}
	total, each := text.TERStatsOf(hyps, refLines, o, *sentence)
	if *sentence {
		var b bytes.Buffer
		for _, s := range each {
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
	}
	r := total.Result()
	out := terOutput{Name: "TER", Score: r.Score, NumEdits: r.NumEdits, RefLength: r.RefLength,
		Sentences: total.Sentences, Signature: o.Signature(len(refLines)), Warnings: r.Warnings}
	return emit(e, f, out, func() *report.Doc {
		p := &report.Pairs{}
		p.Add("TER", strconv.FormatFloat(r.Score, 'f', 2, 64))
		p.Add("edits", strconv.FormatInt(r.NumEdits, 10))
		p.Add("reference length", report.Int(r.RefLength))
		p.Add("sentences", strconv.FormatInt(total.Sentences, 10))
		p.Add("signature", out.Signature)
		d := &report.Doc{Title: "Translation edit rate", Blocks: []report.Block{p}}
		for _, w := range r.Warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		return d
	})
}
