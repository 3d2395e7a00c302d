package main

import (
	"flag"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
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
	// The files are read line by line in step; only the counts are kept.
	// With --sentence each batch's lines are written as it is scored.
	t := task.Text[text.WERStats]{Metric: fs.Name(), Systems: text.Systems{Hyps: []string{path}, Refs: wf.Refs, Raw: true, Open: e.openLines},
		Corpus: text.WERCorpus(wf.CER), Add: (*text.WERStats).Merge, Budget: wf.Memory.Budget()}
	if wf.Sentence {
		t.Each = sentenceLines(e, func(_ int, s text.WERStats) text.WERSentence { return text.NewWERSentence(s) })
	}
	st, err := t.Read()
	if err != nil {
		return err
	}
	if err := text.WERHasSentences(st.N, wf.Hyp); err != nil || wf.Sentence {
		return err // with --sentence, written as read
	}
	out := text.NewWERResult(st.Sums[0], wf.CER)
	return emit(e, f, out, func() *report.Doc { return report.WER(out) })
}
