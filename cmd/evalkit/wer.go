package main

import (
	"bytes"
	"flag"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
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
	// The files are read line by line in step; only the counts are kept
	// (per sentence with --sentence).
	acct := streamAccount(fs, memory)
	sys := text.Systems{Hyps: []string{path}, Refs: *refs, Raw: true,
		Open: func(p string) (*table.LineReader, error) { return table.OpenLines(p, e.stdin) }}
	stats, n, err := text.ReadStats(sys, text.WERCorpus(*cer), (*text.WERStats).Merge, *sentence,
		func(st []text.WERStats) error { return chargeStats(acct, st, fixedSize[text.WERStats]) })
	if err != nil {
		return err
	}
	if err := text.WERHasSentences(n, *hyp); err != nil {
		return err
	}
	each := stats[0]
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
	var total text.WERStats
	for _, s := range each {
		total.Merge(s)
	}
	out := text.NewWERResult(total, *cer)
	return emit(e, f, out, out.Doc)
}
