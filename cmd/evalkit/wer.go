package main

import (
	"bytes"
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/text"
)

func init() {
	register(&command{name: "wer", summary: "word (or, with --cer, character) error rate for speech recognition", run: runWER})
}

func runWER(e *env, args []string) error {
	fs := flag.NewFlagSet("wer", flag.ContinueOnError)
	var wf cli.WERFlags
	wf.Define(fs)
	format := formatFlag(fs)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	path, err := hypRefPaths(fs, wf.Hyp, wf.Refs, pos)
	if err != nil {
		return err
	}
	if err := wf.CheckRefs(); err != nil {
		return err
	}
	// The files are read line by line in step; only the counts are kept
	// (per sentence with --sentence).
	acct := streamAccount(fs, wf.Memory)
	sys := text.Systems{Hyps: []string{path}, Refs: wf.Refs, Raw: true,
		Open: func(p string) (*table.LineReader, error) { return table.OpenLines(p, e.stdin) }}
	stats, n, err := text.ReadStats(sys, text.WERCorpus(wf.CER), (*text.WERStats).Merge, wf.Sentence,
		func(st []text.WERStats) error { return chargeStats(acct, st, fixedSize[text.WERStats]) })
	if err != nil {
		return err
	}
	if err := text.WERHasSentences(n, wf.Hyp); err != nil {
		return err
	}
	each := stats[0]
	if wf.Sentence {
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
	out := text.NewWERResult(total, wf.CER)
	return emit(e, f, out, out.Doc)
}
