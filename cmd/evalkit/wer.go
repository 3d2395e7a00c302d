package main

import (
	"bytes"
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/report"
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
	acct := textAccount(fs, memory)
	hyps, refLines, err := readHypRefs(e, fs, *hyp, *refs, pos, acct)
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
	if err := chargeStats(acct, each, fixedSize[text.WERStats]); err != nil {
		return err
	}
	if *sentence {
		var b bytes.Buffer
		for _, s := range each {
			line, err := report.JSON(text.NewWERSentence(s), "")
			if err != nil {
				return err
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		_, err := e.stdout.Write(b.Bytes())
		return err
	}
	out := text.NewWERResult(total, *cer)
	return emit(e, f, out, out.Doc)
}
