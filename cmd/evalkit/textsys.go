package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/text"
)

// textFlags are the flags bleu, chrf and ter share (cli.TextFlags) and
// evalkit's --format.
type textFlags struct {
	cli.TextFlags
	format *string
	acct   *budget.Account // set by readSystemStats
}

func addTextFlags(fs *flag.FlagSet) *textFlags {
	t := &textFlags{}
	t.Define(fs)
	t.format = formatFlag(fs)
	return t
}

// check validates the combination of flags.
func (t *textFlags) check() error { return t.Check(*t.format) }

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
		return usagef("%s: unexpected arguments: %s", fs.Name(), strings.Join(pos, " "))
	}
	if first == "" {
		return usagef("%s: --hyp FILE is required", fs.Name())
	}
	if len(t.Refs) == 0 {
		return usagef("%s: at least one --ref FILE is required", fs.Name())
	}
	return nil
}

// emitJSONLines writes one compact JSON object per value (JSON Lines), after
// rendering all of them.
func emitJSONLines[T any](e *env, vs []T) error {
	var b bytes.Buffer
	for _, v := range vs {
		line, err := report.JSON(v, "")
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	_, err := e.stdout.Write(b.Bytes())
	return err
}

// readSystemStats reads the systems and references line by line, in step
// (gzip transparently, UTF-8 checked, trailing whitespace stripped as
// sacreBLEU's command line does), resolves --format, and computes each
// system's statistics with corpus (text.ReadStats). With tf.KeepSentences
// every sentence's statistics are kept, otherwise stats[k] holds one
// element, the sum (by add) of system k's. The kept statistics are charged
// to the budget as they grow, size bytes each. n is the number of
// sentences.
func readSystemStats[S any](e *env, fs *flag.FlagSet, tf *textFlags, pos []string,
	corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S), size func(S) int64) (f report.Format, stats [][]S, n, nrefs int, err error) {
	if f, err = outputFormat(e, *tf.format); err != nil {
		return 0, nil, 0, 0, err
	}
	if err = systemPaths(fs, tf, pos); err != nil {
		return 0, nil, 0, 0, err
	}
	tf.acct = streamAccount(fs, tf.Memory)
	sys := text.Systems{Hyps: tf.Hyps, Refs: tf.Refs, Open: func(p string) (*table.LineReader, error) { return table.OpenLines(p, e.stdin) }}
	stats, n, err = text.ReadStats(sys, corpus, add, tf.KeepSentences(), func(st []S) error { return chargeStats(tf.acct, st, size) })
	if err != nil {
		return 0, nil, 0, 0, err
	}
	return f, stats, n, len(tf.Refs), nil
}

// emitCorpus writes a corpus-level result (one system, several, or a
// paired test).
func emitCorpus(e *env, f report.Format, out text.Documented, err error) error {
	if err != nil {
		return err
	}
	return emit(e, f, out, out.Doc)
}
