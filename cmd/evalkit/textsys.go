package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/text"
)

// textFlags are the flags bleu and chrf share: the systems (--hyp,
// repeatable: the first is the baseline of a paired test), the references,
// sentence-level output and the significance options.
type textFlags struct {
	hyps, refs stringList
	sentence   *bool
	format     *string
	confidence *bool
	confN      *int
	pairedBS   *bool
	pairedAR   *bool
	pairedBSN  *int
	pairedARN  *int
	seed       *uint64
	ci         ciFlags
	memory     *budget.Size
	acct       *budget.Account // set by readSystems
}

func addTextFlags(fs *flag.FlagSet) *textFlags {
	t := &textFlags{}
	fs.Var(&t.hyps, "hyp", "hypothesis file, one sentence a line (- for stdin); repeat to compare systems (the first is the baseline of --paired-bs/--paired-ar)")
	fs.Var(&t.refs, "ref", "reference file, one sentence a line; repeat for several references")
	t.sentence = fs.Bool("sentence", false, "print one JSON object per line (JSON Lines) with the sentence-level scores")
	t.format = formatFlag(fs)
	t.confidence = fs.Bool("confidence", false, "add a 95% bootstrap confidence interval (mean ± half-width) for each system")
	t.confN = fs.Int("confidence-n", 1000, "bootstrap resamples for --confidence")
	t.pairedBS = fs.Bool("paired-bs", false, "paired bootstrap resampling test of each --hyp against the first")
	t.pairedAR = fs.Bool("paired-ar", false, "paired approximate randomisation test of each --hyp against the first")
	t.pairedBSN = fs.Int("paired-bs-n", 1000, "bootstrap resamples for --paired-bs")
	t.pairedARN = fs.Int("paired-ar-n", 10000, "randomisation trials for --paired-ar")
	t.seed = fs.Uint64("seed", text.DefaultSeed, "random seed of the bootstrap and randomisation tests (sacreBLEU's default)")
	t.ci.define(fs)
	t.memory = budget.Flag(fs)
	return t
}

// check validates the combination of flags.
func (t *textFlags) check(fs *flag.FlagSet) error {
	name := fs.Name()
	if *t.pairedBS && *t.pairedAR {
		return usagef("%s: --paired-bs and --paired-ar exclude each other", name)
	}
	paired := *t.pairedBS || *t.pairedAR
	if paired && len(t.hyps) < 2 {
		return usagef("%s: a paired test needs a baseline and at least one more --hyp", name)
	}
	if *t.sentence && (len(t.hyps) > 1 || paired || *t.confidence) {
		return usagef("%s: --sentence scores one system and excludes --confidence and the paired tests", name)
	}
	if *t.sentence && *t.format != "" && *t.format != "json" {
		return usagef("%s: --sentence prints JSON Lines; --format %s is not available", name, *t.format)
	}
	if *t.confidence && paired {
		return usagef("%s: the paired tests report confidence intervals already; drop --confidence", name)
	}
	if _, on, err := t.ci.options(); err != nil {
		return err
	} else if on && (*t.sentence || paired || len(t.hyps) > 1) {
		return usagef("%s: --ci is for the corpus score of one system (the paired tests report their own intervals)", name)
	}
	if *t.confN < 1 || *t.pairedBSN < 1 || *t.pairedARN < 1 {
		return usagef("%s: --confidence-n, --paired-bs-n and --paired-ar-n must be ≥ 1", name)
	}
	return nil
}

func (t *textFlags) pairedOptions() text.PairedOptions {
	if *t.pairedAR {
		return text.PairedOptions{Method: text.PairedAR, N: *t.pairedARN, Seed: *t.seed}
	}
	return text.PairedOptions{Method: text.PairedBS, N: *t.pairedBSN, Seed: *t.seed}
}

// systemPaths checks the --hyp and --ref files: a positional FILE stands
// for --hyp when no --hyp is given, and at most one file is standard input.
func systemPaths(fs *flag.FlagSet, t *textFlags, pos []string) error {
	stdin := 0
	for _, p := range append(append([]string{}, t.hyps...), t.refs...) {
		if p == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef("%s: standard input (-) can be read only once", fs.Name())
	}
	first := ""
	if len(t.hyps) > 0 {
		first = t.hyps[0]
	}
	if first == "" && len(pos) == 1 {
		first, pos = pos[0], nil
		t.hyps = append(t.hyps, first)
	}
	if len(pos) > 0 {
		return usagef("%s: unexpected arguments: %s", fs.Name(), strings.Join(pos, " "))
	}
	if first == "" {
		return usagef("%s: --hyp FILE is required", fs.Name())
	}
	if len(t.refs) == 0 {
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

// corpusOptions is what the flags ask of a corpus-level result for the
// systems, n sentences each.
func (t *textFlags) corpusOptions(n int) text.CorpusOptions {
	o := text.CorpusOptions{Systems: t.hyps, Sentences: n, ConfidenceN: t.confidenceN(), Seed: *t.seed}
	if *t.pairedBS || *t.pairedAR {
		po := t.pairedOptions()
		o.Paired = &po
	}
	if ci, on, _ := t.ci.options(); on {
		o.CI = &ci
	}
	return o
}

// keepSentences reports whether the run needs every sentence's
// statistics (--sentence, a paired test, --confidence or --ci); otherwise
// each system's sum is enough.
func (t *textFlags) keepSentences() bool {
	return *t.sentence || t.corpusOptions(0).PerSentence()
}

// readSystemStats reads the systems and references line by line, in step
// (gzip transparently, UTF-8 checked, trailing whitespace stripped as
// sacreBLEU's command line does), resolves --format, and computes each
// system's statistics with corpus (text.ReadStats). With tf.keepSentences
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
	tf.acct = streamAccount(fs, tf.memory)
	sys := text.Systems{Hyps: tf.hyps, Refs: tf.refs, Open: func(p string) (*table.LineReader, error) { return table.OpenLines(p, e.stdin) }}
	stats, n, err = text.ReadStats(sys, corpus, add, tf.keepSentences(), func(st []S) error { return chargeStats(tf.acct, st, size) })
	if err != nil {
		return 0, nil, 0, 0, err
	}
	return f, stats, n, len(tf.refs), nil
}

// emitCorpus writes a corpus-level result (one system, several, or a
// paired test).
func emitCorpus(e *env, f report.Format, out text.Documented, err error) error {
	if err != nil {
		return err
	}
	return emit(e, f, out, out.Doc)
}

// confidenceN is the number of resamples of --confidence, 0 without it.
func (t *textFlags) confidenceN() int {
	if !*t.confidence {
		return 0
	}
	return *t.confN
}
