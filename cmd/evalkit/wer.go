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
	register(&command{name: "wer", summary: "word (or, with --cer, character) error rate for speech recognition", run: runWER})
}

// werOutput and cerOutput are the JSON of "evalkit wer": the rate under
// the key wer or cer (a fraction, as jiwer and torchmetrics), then the
// counts of text.WERStats.
type werOutput struct {
	Name string  `json:"name"`
	WER  float64 `json:"wer"`
	text.WERStats
	Warnings []string `json:"warnings,omitempty"`
}

type cerOutput struct {
	Name string  `json:"name"`
	CER  float64 `json:"cer"`
	text.WERStats
	Warnings []string `json:"warnings,omitempty"`
}

// werSentence is one line of "evalkit wer --sentence".
type werSentence struct {
	Rate      float64 `json:"rate"`
	Errors    int64   `json:"errors"`
	RefTokens int64   `json:"ref_tokens"`
}

func runWER(e *env, args []string) error {
	fs := flag.NewFlagSet("wer", flag.ContinueOnError)
	hyp, refs := hypRefFlags(fs)
	cer := fs.Bool("cer", false, "character error rate: Unicode code points, spaces included, instead of words")
	sentence := fs.Bool("sentence", false, "print one JSON object per line (rate, errors, ref_tokens) instead of the corpus rate")
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
	if len(refLines) != 1 {
		return usagef("wer: one --ref FILE, got %d", len(refLines))
	}
	if len(hyps) == 0 {
		return fmt.Errorf("wer: %s has no sentences", *hyp)
	}
	total, each := text.WERStatsOf(hyps, refLines[0], *cer, *sentence)
	if *sentence {
		var b bytes.Buffer
		for _, s := range each {
			r := s.Result()
			line, err := report.JSON(werSentence{r.Rate, r.Errors, r.RefTokens}, "")
			if err != nil {
				return err
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		_, err := e.stdout.Write(b.Bytes())
		return err
	}
	r := total.Result()
	name, unit := "WER", "words"
	var out any = werOutput{"WER", r.Rate, r.WERStats, r.Warnings}
	if *cer {
		name, unit = "CER", "characters"
		out = cerOutput{"CER", r.Rate, r.WERStats, r.Warnings}
	}
	return emit(e, f, out, func() *report.Doc {
		p := &report.Pairs{}
		p.Add(name, report.Pct(r.Rate))
		i := func(v int64) string { return strconv.FormatInt(v, 10) }
		p.Add("errors", i(r.Errors))
		p.Add("reference "+unit, i(r.RefTokens))
		p.Add("hypothesis "+unit, i(r.HypTokens))
		p.Add("substitutions", i(r.Substitutions))
		p.Add("deletions", i(r.Deletions))
		p.Add("insertions", i(r.Insertions))
		p.Add("hits", i(r.Hits))
		p.Add("sentences", i(r.Sentences))
		title := "Word error rate"
		if *cer {
			title = "Character error rate"
		}
		d := &report.Doc{Title: title, Blocks: []report.Block{p}}
		for _, w := range r.Warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		return d
	})
}
