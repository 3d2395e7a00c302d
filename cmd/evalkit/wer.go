package main

import (
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "wer", summary: "word (or, with --cer, character) error rate for speech recognition", run: runWER})
}

func runWER(e *env, args []string) error {
	fs := flag.NewFlagSet("wer", flag.ContinueOnError)
	hyp, refs := hypRefFlags(fs)
	cer := fs.Bool("cer", false, "character error rate: Unicode code points, spaces included, instead of words")
	sentence := fs.Bool("sentence", false, "print one JSON object per line (rate, errors, ref_tokens) instead of the corpus rate")
	format := formatFlag(fs)
	memory := budget.Flag(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	path, err := hypRefPaths(fs, *hyp, *refs, pos)
	if err != nil {
		return err
	}
	if len(*refs) != 1 {
		return usagef("wer: one --ref FILE, got %d", len(*refs))
	}
	// The files are read line by line in step; only the counts are kept.
	// With --sentence each batch's lines are written as it is scored.
	var total text.WERStats
	if err := streamAccount(fs, memory).Grow(fixedSize(total)); err != nil {
		return err
	}
	each := sentenceLines(e, func(_ int, s text.WERStats) text.WERSentence { return text.NewWERSentence(s) })
	batches, stop := streamLines(e, []string{path, (*refs)[0]}, 1, false)
	defer stop()
	for b := range batches {
		if b.err != nil {
			return b.err
		}
		t, st := text.WERStatsOf(b.lines[0], b.lines[1], *cer, *sentence)
		total.Merge(t)
		if *sentence {
			if err := each(int(total.Sentences)-len(st)+1, st); err != nil {
				return err
			}
		}
	}
	if total.Sentences == 0 {
		return fmt.Errorf("wer: %s has no sentences", *hyp)
	}
	if *sentence {
		return nil // written as read
	}
	out := text.NewWERResult(total, *cer)
	return emit(e, f, out, out.Doc)
}
