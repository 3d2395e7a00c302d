package main

import (
	"bytes"
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
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

// readSystems reads every --hyp file and the references (gzip
// transparently, UTF-8 checked) and strips trailing whitespace from every
// line as sacreBLEU's command line does. A positional FILE stands for --hyp
// when no --hyp is given. Every file must have as many lines as the first
// hypothesis.
func readSystems(e *env, fs *flag.FlagSet, t *textFlags, pos []string) (hyps [][]string, refs [][]string, err error) {
	first := ""
	if len(t.hyps) > 0 {
		first = t.hyps[0]
	}
	stdin := 0
	for _, p := range append(append([]string{}, t.hyps...), t.refs...) {
		if p == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return nil, nil, usagef("%s: standard input (-) can be read only once", fs.Name())
	}
	t.acct = textAccount(fs, t.memory)
	h, refs, err := readHypRefs(e, fs, first, t.refs, pos, t.acct)
	if err != nil {
		return nil, nil, err
	}
	if first == "" {
		t.hyps = append(t.hyps, pos[0])
	}
	hyps = [][]string{h}
	for _, p := range t.hyps[1:] {
		lines, err := table.ReadLinesCharged(p, e.stdin, t.acct.Grow)
		if err != nil {
			return nil, nil, err
		}
		if len(lines) != len(h) {
			return nil, nil, fmt.Errorf("%s has %d lines but the hypothesis %s has %d", p, len(lines), t.hyps[0], len(h))
		}
		hyps = append(hyps, lines)
	}
	for _, set := range append(hyps, refs...) {
		for i, l := range set {
			set[i] = text.PyRstrip(l)
		}
	}
	return hyps, refs, nil
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

// readSystemStats reads the systems and references (readSystems), resolves
// --format, and computes each system's per-sentence statistics with corpus,
// charging them (size bytes each) to the budget.
func readSystemStats[S any](e *env, fs *flag.FlagSet, tf *textFlags, pos []string,
	corpus func(hyps []string, refs [][]string) ([]S, error), size func(S) int64) (f report.Format, stats [][]S, nrefs int, err error) {
	if f, err = outputFormat(e, *tf.format); err != nil {
		return 0, nil, 0, err
	}
	hyps, refs, err := readSystems(e, fs, tf, pos)
	if err != nil {
		return 0, nil, 0, err
	}
	stats = make([][]S, len(hyps))
	for k, h := range hyps {
		if stats[k], err = corpus(h, refs); err != nil {
			return 0, nil, 0, fmt.Errorf("%s: %w", tf.hyps[k], err)
		}
		if err := chargeStats(tf.acct, stats[k], size); err != nil {
			return 0, nil, 0, err
		}
	}
	return f, stats, len(refs), nil
}

// emitPaired runs --paired-bs or --paired-ar of every system against the
// first and writes the result.
func emitPaired[S any](e *env, f report.Format, tf *textFlags, m text.Metric[S], stats [][]S) error {
	out, err := m.Paired(tf.hyps, stats, tf.pairedOptions())
	if err != nil {
		return err
	}
	return emit(e, f, out, out.Doc)
}

// interval returns, with --ci, the level and the interval of a system's
// corpus score under key (nil without --ci).
func interval[S any](t *textFlags, m text.Metric[S], stats []S, key string) (float64, map[string]hyptest.Interval, error) {
	ci, on, err := t.ci.options()
	if err != nil || !on {
		return 0, nil, err
	}
	iv, err := m.Interval(stats, ci)
	if err != nil {
		return 0, nil, err
	}
	return iv2level(ci), map[string]hyptest.Interval{key: iv}, nil
}

func iv2level(ci hyptest.CIOptions) float64 { return ci.WithDefaults().Level }

// confidenceN is the number of resamples of --confidence, 0 without it.
func (t *textFlags) confidenceN() int {
	if !*t.confidence {
		return 0
	}
	return *t.confN
}

// emitSystems writes the table of several systems.
func emitSystems(e *env, f report.Format, metric string, sentences int, rows []text.SystemRow) error {
	out := &text.SystemsReport{Metric: metric, Sentences: sentences, Systems: rows}
	return emit(e, f, out, out.Doc)
}
