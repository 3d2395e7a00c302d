package main

import (
	"bytes"
	"flag"
	"fmt"
	"github.com/evalkit-go/evalkit/cli"
	"strings"

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
	ci         cli.CIFlags
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
	t.ci.Define(fs)
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
	if _, on, err := t.ci.Options(); err != nil {
		return err
	} else if on && (*t.sentence || paired) {
		return usagef("%s: --ci is for corpus scores, of one system or several (the paired tests report their own intervals)", name)
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

// sentenceLines returns the --sentence callback of readSystemStats: it
// writes each sentence's result, made by render, as one compact JSON line
// (JSON Lines), a batch at a time, as the sentences are scored.
func sentenceLines[S, T any](e *env, render func(line int, s S) T) func(first int, st []S) error {
	var b bytes.Buffer
	return func(first int, st []S) error {
		b.Reset()
		for i, s := range st {
			line, err := report.JSON(render(first+i, s), "")
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

// keepSentences reports whether the run needs every sentence's
// statistics after the read (a paired test, --confidence or --ci);
// otherwise each system's sum is enough.
func (t *textFlags) keepSentences() bool {
	_, ci, _ := t.ci.Options()
	return *t.pairedBS || *t.pairedAR || *t.confidence || ci
}

// textBatch is the number of sentences read, tokenised and counted at once.
const textBatch = 4096

// readSystemStats reads the systems and references line by line, in step
// (gzip transparently, UTF-8 checked, trailing whitespace stripped as
// sacreBLEU's command line does), resolves --format, and computes each
// system's statistics with corpus, a batch of sentences at a time, while the
// next batch is read. No line is kept. sums[k] is the sum (by add) of
// system k's statistics; with tf.keepSentences, packed[k] (else empty)
// holds every sentence's, a few integers each ([text.Packed]), charged to the budget
// as they grow. With --sentence, each batch of the first system's
// statistics goes to sentence (with the 1-based line of its first) as soon
// as it is scored, so that the output streams. n is the number of
// sentences. Every file must have as many lines as the first hypothesis;
// the error names the files and their line counts as reading them whole
// did.
func readSystemStats[S any](e *env, fs *flag.FlagSet, tf *textFlags, pos []string,
	corpus func(hyps []string, refs [][]string) ([]S, error), add func(*S, S), sentence func(first int, st []S) error) (f report.Format, sums []S, packed []*text.Packed[S], n, nrefs int, err error) {
	fail := func(err error) (report.Format, []S, []*text.Packed[S], int, int, error) {
		return 0, nil, nil, 0, 0, err
	}
	if f, err = outputFormat(e, *tf.format); err != nil {
		return fail(err)
	}
	if err = systemPaths(fs, tf, pos); err != nil {
		return fail(err)
	}
	tf.acct = streamAccount(fs, tf.memory)
	nsys, nrefs := len(tf.hyps), len(tf.refs)
	sums = make([]S, nsys)
	packed = make([]*text.Packed[S], nsys) // empty unless tf.keepSentences
	for k := range packed {
		packed[k] = &text.Packed[S]{}
	}
	keep := tf.keepSentences()
	if err := tf.acct.Grow(int64(nsys) * fixedSize(sums[0])); err != nil {
		return fail(err)
	}
	batches, stop := streamLines(e, append(append([]string{}, tf.hyps...), tf.refs...), nsys, true)
	defer stop()
	for b := range batches {
		if b.err != nil {
			return fail(b.err)
		}
		refs := b.lines[nsys:]
		var kept int64
		for k := range nsys {
			st, err := corpus(b.lines[k], refs)
			if err != nil {
				return fail(fmt.Errorf("%s: %w", tf.hyps[k], err))
			}
			for i := range st {
				add(&sums[k], st[i])
			}
			if keep {
				if err := packed[k].Append(st...); err != nil {
					return fail(fmt.Errorf("%s: lines %d–%d: %w", tf.hyps[k], n+1, n+len(st), err))
				}
				kept += packed[k].Bytes()
			}
			if k == 0 && *tf.sentence && sentence != nil {
				if err := sentence(n+1, st); err != nil {
					return fail(err)
				}
			}
		}
		if err := tf.acct.Set(int64(nsys)*fixedSize(sums[0]) + kept); err != nil {
			return fail(err)
		}
		n += len(b.lines[0])
	}
	if n == 0 {
		for k := range nsys {
			if _, err := corpus(nil, make([][]string, nrefs)); err != nil {
				return fail(fmt.Errorf("%s: %w", tf.hyps[k], err))
			}
		}
	}
	return f, sums, packed, n, nrefs, nil
}

// lineBatch is up to textBatch lines of every file, in step: lines[j][i]
// is line i of the batch in file j, or err.
type lineBatch struct {
	lines [][]string
	err   error
}

// streamLines reads the files (nhyps hypotheses, then the references) in step
// on its own goroutine and sends batches of their lines (with strip,
// trailing whitespace stripped as sacreBLEU's command line does) until the end or the first error. When a file ends
// before the others, every file is read to its end to count its lines, and
// the error is countMismatch's.
// stop ends the reading early and closes the files.
func streamLines(e *env, paths []string, nhyps int, strip bool) (<-chan lineBatch, func()) {
	ch := make(chan lineBatch, 1)
	quit := make(chan struct{})
	send := func(b lineBatch) bool {
		select {
		case ch <- b:
			return true
		case <-quit:
			return false
		}
	}
	go func() {
		defer close(ch)
		rs := make([]*table.LineReader, 0, len(paths))
		defer func() {
			for _, r := range rs {
				r.Close()
			}
		}()
		for _, p := range paths {
			r, err := table.OpenLines(p, e.stdin)
			if err != nil {
				send(lineBatch{err: err})
				return
			}
			rs = append(rs, r)
		}
		for {
			b := lineBatch{lines: make([][]string, len(rs))}
			for j := range rs {
				b.lines[j] = make([]string, 0, textBatch)
			}
			ended := 0
			for len(b.lines[0]) < textBatch && ended == 0 {
				for j, r := range rs {
					line, ok, err := r.Next()
					if err != nil {
						send(lineBatch{err: err})
						return
					}
					if !ok {
						ended++
						continue
					}
					l := string(line)
					if strip {
						l = text.PyRstrip(l)
					}
					b.lines[j] = append(b.lines[j], l)
				}
			}
			if ended > 0 && ended < len(rs) {
				send(lineBatch{err: countMismatch(paths, nhyps, rs)})
				return
			}
			if len(b.lines[0]) > 0 && !send(b) {
				return
			}
			if ended > 0 {
				return
			}
		}
	}()
	return ch, func() {
		close(quit)
		for range ch {
		}
	}
}

func seq(lo, hi int) []int {
	var s []int
	for i := lo; i < hi; i++ {
		s = append(s, i)
	}
	return s
}

// countMismatch reads every file to its end and returns the error for the
// first file whose line count differs from the first file's: the
// references (paths[nhyps:]) first, then the further hypotheses.
func countMismatch(paths []string, nhyps int, rs []*table.LineReader) error {
	for _, r := range rs {
		for {
			_, ok, err := r.Next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
		}
	}
	// The references first, then the further hypotheses, as they were read.
	order := append(seq(nhyps, len(rs)), seq(1, nhyps)...)
	for _, j := range order {
		if r := rs[j]; r.Lines() != rs[0].Lines() {
			return fmt.Errorf("%s has %d lines but the hypothesis %s has %d", paths[j], r.Lines(), paths[0], rs[0].Lines())
		}
	}
	return nil
}

// emitPaired runs --paired-bs or --paired-ar of every system against the
// first and writes the result.
func emitPaired[S any](e *env, f report.Format, tf *textFlags, m text.Metric[S], stats []*text.Packed[S]) error {
	out, err := m.Paired(tf.hyps, stats, tf.pairedOptions())
	if err != nil {
		return err
	}
	return emit(e, f, out, out.Doc)
}

// interval returns, with --ci, the level and the interval of a system's
// corpus score under key (nil without --ci).
func interval[S any](t *textFlags, m text.Metric[S], stats *text.Packed[S], key string) (float64, map[string]hyptest.Interval, error) {
	ci, on, err := t.ci.Options()
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

// emitSystems writes the table of several systems, with --ci each
// system's interval (the same resamples for every system, as sacreBLEU's
// --confidence) under "systems.K.score".
func emitSystems[S any](e *env, f report.Format, tf *textFlags, m text.Metric[S], stats []*text.Packed[S], sentences int, rows []text.SystemRow) error {
	out := &text.SystemsReport{Metric: m.Name, Sentences: sentences, Systems: rows}
	for k := range stats {
		level, ivs, err := interval(tf, m, stats[k], fmt.Sprintf("systems.%d.score", k))
		if err != nil {
			return err
		}
		for key, iv := range ivs {
			if out.Intervals == nil {
				out.Level, out.Intervals = level, map[string]hyptest.Interval{}
			}
			out.Intervals[key] = iv
		}
	}
	return emit(e, f, out, out.Doc)
}
