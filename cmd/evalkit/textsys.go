package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
	"github.com/evalkit-go/evalkit/text"
)

// textFlags are the flags bleu, chrf and ter share (cli.TextFlags) and
// evalkit's --format.
type textFlags struct {
	cli.TextFlags
	format *string
	name   string // bleu, chrf or ter
}

func addTextFlags(fs *flag.FlagSet) *textFlags {
	t := &textFlags{name: fs.Name()}
	t.Define(fs)
	t.format = formatFlag(fs)
	return t
}

// check validates the combination of flags, and charges --ci's
// --bootstrap, and the resamples of --confidence, --paired-bs and
// --paired-ar, to --memory.
func (t *textFlags) check() error {
	if err := t.Check(*t.format); err != nil {
		return err
	}
	return t.ChargeFlags()
}

// systemPaths checks the --hyp and --ref files: a positional FILE stands
// for --hyp when no --hyp is given, and at most one file is standard input.
func systemPaths(fs *flag.FlagSet, t *textFlags, pos []string) error {
	stdin := 0
	for _, p := range append(append([]string{}, t.Hyps...), t.Refs...) {
		if p == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef("%s: standard input (-) can be read only once", fs.Name())
	}
	first := ""
	if len(t.Hyps) > 0 {
		first = t.Hyps[0]
	}
	if first == "" && len(pos) == 1 {
		first, pos = pos[0], nil
		t.Hyps = append(t.Hyps, first)
	}
	if len(pos) > 0 {
		return usagef("%s: unexpected arguments: %s (give the files as --hyp FILE --ref FILE; --ref may repeat)", fs.Name(), strings.Join(pos, " "))
	}
	if first == "" {
		return usagef("%s: --hyp FILE is required", fs.Name())
	}
	if len(t.Refs) == 0 {
		return usagef("%s: at least one --ref FILE is required", fs.Name())
	}
	return nil
}

// sentenceLines returns the --sentence callback of text.ReadStats: it
// writes each sentence's result, made by render, as one compact JSON line
// (JSON Lines), a batch at a time, as the sentences are scored.
func sentenceLines[S, T any](e *env, render func(line int, s S) T) func(first int, st []S) error {
	var b bytes.Buffer
	return func(first int, st []S) error {
		b.Reset()
		for i, s := range st {
			line, err := result.JSON(render(first+i, s), "")
			if err != nil {
				return err
			}
			b.Write(bytes.TrimRight(line, "\n"))
			b.WriteByte('\n')
		}
		_, err := e.stdout.Write(b.Bytes())
		return err
	}
}

// openLines opens a --hyp or --ref file (- for standard input).
func (e *env) openLines(path string) (*table.LineReader, error) {
	return table.OpenLines(path, e.stdin)
}

// readSystemStats resolves --format, checks the files, and reads the
// systems and references with task.Text (trailing whitespace stripped as
// sacreBLEU's command line does), computing each system's statistics with
// corpus. Every sentence's statistics are kept only when the result needs
// them (a paired test, --confidence or --ci), charged to --memory. With
// --sentence, each batch of the first system's statistics goes to
// sentence as soon as it is scored, so that the output streams.
func readSystemStats[S any](e *env, fs *flag.FlagSet, tf *textFlags, pos []string,
	corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S), sentence func(first int, st []S) error) (report.Format, *text.Stats[S], error) {
	f, err := outputFormat(e, *tf.format)
	if err != nil {
		return 0, nil, err
	}
	if err = systemPaths(fs, tf, pos); err != nil {
		return 0, nil, err
	}
	t := task.Text[S]{Metric: fs.Name(), Systems: text.Systems{Hyps: tf.Hyps, Refs: tf.Refs, Open: e.openLines},
		Corpus: corpus, Add: add, Keep: tf.Corpus().PerSentence(), Budget: tf.Memory.Budget()}
	if tf.Sentence {
		t.Each = sentence
	}
	st, err := t.Read()
	if err != nil {
		return 0, nil, err
	}
	return f, st, nil
}

// emitCorpus writes a corpus-level result (one system, several, or a
// paired test).
func emitCorpus(e *env, f report.Format, out text.CorpusResult, err error) error {
	if err != nil {
		return err
	}
	return emit(e, f, out, func() *report.Doc { return report.Corpus(out) })
}
