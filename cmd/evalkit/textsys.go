package main

import (
	"bytes"
	"flag"
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/text"
)

// textFlags are the flags bleu and chrf share: the systems (--hyp,
// repeatable: the first is the baseline of a paired test), the references,
// sentence-level output and the significance options.
type textFlags struct {
	hyps, refs  stringList
	sentence    *bool
	format      *string
	confidence  *bool
	confidenceN *int
	pairedBS    *bool
	pairedAR    *bool
	pairedBSN   *int
	pairedARN   *int
	seed        *uint64
}

func addTextFlags(fs *flag.FlagSet) *textFlags {
	t := &textFlags{}
	fs.Var(&t.hyps, "hyp", "hypothesis file, one sentence a line (- for stdin); repeat to compare systems (the first is the baseline of --paired-bs/--paired-ar)")
	fs.Var(&t.refs, "ref", "reference file, one sentence a line; repeat for several references")
	t.sentence = fs.Bool("sentence", false, "print one JSON object per line (JSON Lines) with the sentence-level scores")
	t.format = formatFlag(fs)
	t.confidence = fs.Bool("confidence", false, "add a 95% bootstrap confidence interval (mean ± half-width) for each system")
	t.confidenceN = fs.Int("confidence-n", 1000, "bootstrap resamples for --confidence")
	t.pairedBS = fs.Bool("paired-bs", false, "paired bootstrap resampling test of each --hyp against the first")
	t.pairedAR = fs.Bool("paired-ar", false, "paired approximate randomisation test of each --hyp against the first")
	t.pairedBSN = fs.Int("paired-bs-n", 1000, "bootstrap resamples for --paired-bs")
	t.pairedARN = fs.Int("paired-ar-n", 10000, "randomisation trials for --paired-ar")
	t.seed = fs.Uint64("seed", text.DefaultSeed, "random seed of the bootstrap and randomisation tests (sacreBLEU's default)")
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
	if *t.confidenceN < 1 || *t.pairedBSN < 1 || *t.pairedARN < 1 {
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
	h, refs, err := readHypRefs(e, fs, first, t.refs, pos)
	if err != nil {
		return nil, nil, err
	}
	if first == "" {
		t.hyps = append(t.hyps, pos[0])
	}
	hyps = [][]string{h}
	for _, p := range t.hyps[1:] {
		lines, err := table.ReadLines(p, e.stdin)
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

// systemRow is one system in multi-system and paired output.
type systemRow struct {
	System    string   `json:"system"`
	Baseline  bool     `json:"baseline,omitempty"`
	Score     float64  `json:"score"`
	PValue    *float64 `json:"p_value,omitempty"`
	Mean      *float64 `json:"mean,omitempty"`
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature,omitempty"`
}

// pairedOut is the output of a paired test.
type pairedOut struct {
	Metric    string      `json:"metric"`
	Test      string      `json:"test"`
	N         int         `json:"n"`
	Seed      uint64      `json:"seed"`
	Sentences int         `json:"sentences"`
	Signature string      `json:"signature"`
	Systems   []systemRow `json:"systems"`
}

func mtFloat(f float64) *float64 { return &f }

func newPairedOut(metric string, names []string, sentences int, sig string, o text.PairedOptions, r text.PairedResult) pairedOut {
	out := pairedOut{Metric: metric, Test: o.Method, N: o.N, Seed: o.Seed, Sentences: sentences, Signature: sig}
	for k, name := range names {
		row := systemRow{System: name, Baseline: k == 0}
		s := r.Baseline
		if k > 0 {
			s = r.Systems[k-1]
			row.PValue = mtFloat(s.PValue)
		}
		row.Score = s.Score
		if s.HasCI {
			row.Mean, row.CI = mtFloat(s.Mean), mtFloat(s.CI)
		}
		out.Systems = append(out.Systems, row)
	}
	return out
}

// pairedDoc renders a paired test for people, sacreBLEU-style: score,
// (μ ± 95% CI) and the p-value, with a note on reading it.
func (p pairedOut) doc() *report.Doc {
	test := "paired bootstrap resampling"
	unit := "resamples"
	if p.Test == text.PairedAR {
		test, unit = "paired approximate randomisation", "trials"
	}
	d := &report.Doc{Title: fmt.Sprintf("%s: %s (%d %s, seed %d)", p.Metric, test, p.N, unit, p.Seed)}
	t := &report.Table{Header: []string{"system", p.Metric, "μ ± 95% CI", "p-value"}}
	for _, r := range p.Systems {
		name := r.System
		if r.Baseline {
			name = "baseline: " + name
		}
		ci, pv := "", ""
		if r.Mean != nil {
			ci = fmt.Sprintf("%.4f ± %.4f", *r.Mean, *r.CI)
		}
		if r.PValue != nil {
			pv = strconv.FormatFloat(*r.PValue, 'f', 4, 64)
			if *r.PValue < 0.05 {
				pv += " *"
			}
		}
		t.Rows = append(t.Rows, []string{name, fmt.Sprintf("%.4f", r.Score), ci, pv})
	}
	d.Blocks = append(d.Blocks, t,
		report.Note(fmt.Sprintf("* p < 0.05: the difference from the baseline is unlikely to be due to chance. %d sentences.", p.Sentences)),
		report.Note("signature: "+p.Signature))
	return d
}

// multiOut is the output for several systems without a paired test.
type multiOut struct {
	Metric    string      `json:"metric"`
	Sentences int         `json:"sentences"`
	Systems   []systemRow `json:"systems"`
}

func (m multiOut) doc() *report.Doc {
	d := &report.Doc{Title: m.Metric}
	t := &report.Table{Header: []string{"system", m.Metric}}
	withCI := len(m.Systems) > 0 && m.Systems[0].Mean != nil
	if withCI {
		t.Header = append(t.Header, "μ ± 95% CI")
	}
	for _, r := range m.Systems {
		row := []string{r.System, fmt.Sprintf("%.4f", r.Score)}
		if withCI {
			row = append(row, fmt.Sprintf("%.4f ± %.4f", *r.Mean, *r.CI))
		}
		t.Rows = append(t.Rows, row)
	}
	d.Blocks = append(d.Blocks, t)
	if len(m.Systems) > 0 {
		d.Blocks = append(d.Blocks, report.Note("signature: "+m.Systems[0].Signature))
	}
	return d
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
// --format, and computes each system's per-sentence statistics with corpus.
func readSystemStats[S any](e *env, fs *flag.FlagSet, tf *textFlags, pos []string,
	corpus func(hyps []string, refs [][]string) ([]S, error)) (f report.Format, stats [][]S, nrefs int, err error) {
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
	}
	return f, stats, len(refs), nil
}

// mtMetric is what bleu, chrf and ter share once every system's
// per-sentence statistics are known: the paired tests against the first
// system, each system's bootstrap confidence interval, and the table of
// several systems. S is the metric's sentence statistic.
type mtMetric[S any] struct {
	name      string
	add       func(*S, S)     // accumulates statistics
	score     func(S) float64 // the corpus score of summed statistics
	sig       string          // the plain signature
	pairedSig func(text.PairedOptions) string
	bootSig   func(n int, seed uint64) string
}

// emitPaired runs --paired-bs or --paired-ar of every system against the
// first and writes the result.
func (m mtMetric[S]) emitPaired(e *env, f report.Format, tf *textFlags, stats [][]S) error {
	po := tf.pairedOptions()
	r, err := text.Paired(stats[0], stats[1:], m.add, m.score, po)
	if err != nil {
		return err
	}
	out := newPairedOut(m.name, tf.hyps, len(stats[0]), m.pairedSig(po), po, r)
	return emit(e, f, out, out.doc)
}

// confidence returns, with --confidence, the bootstrap mean and 95%
// half-width of a system's score and the signature that names the
// resampling; without it, nils and the plain signature.
func (m mtMetric[S]) confidence(tf *textFlags, stats []S) (mean, ci *float64, sig string, err error) {
	if !*tf.confidence {
		return nil, nil, m.sig, nil
	}
	mu, half, err := text.BootstrapCI(stats, m.add, m.score, *tf.confidenceN, *tf.seed)
	if err != nil {
		return nil, nil, "", err
	}
	return &mu, &half, m.bootSig(*tf.confidenceN, *tf.seed), nil
}

// emitSystems writes the table of several systems.
func (m mtMetric[S]) emitSystems(e *env, f report.Format, sentences int, rows []systemRow) error {
	out := multiOut{Metric: m.name, Sentences: sentences, Systems: rows}
	return emit(e, f, out, out.doc)
}
