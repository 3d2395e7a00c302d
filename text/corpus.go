package text

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
)

// CorpusOptions are what a corpus-level result of one or more systems
// reports besides the scores: as "evalkit bleu|chrf|ter" print them.
type CorpusOptions struct {
	// Systems names the systems (their hypothesis files), the first the
	// baseline of a paired test.
	Systems []string
	// Paired, if set, is a paired test of every system against the first.
	Paired *PairedOptions
	// ConfidenceN is the number of resamples of sacreBLEU's --confidence
	// (0: none), drawn with Seed.
	ConfidenceN int
	Seed        uint64
	// CI, if set, is the interval of one system's corpus score.
	CI *hyptest.CIOptions
}

// PerSentence reports whether o needs every sentence's statistics (a
// paired test, ConfidenceN or CI); otherwise each system's sum is
// enough.
func (o CorpusOptions) PerSentence() bool {
	return o.Paired != nil || o.ConfidenceN > 0 || o.CI != nil
}

// CorpusResult is a corpus-level result of the systems: a [BLEUResult],
// [CHRFResult], [TERResult] or [WERResult] for one system, a
// [*SystemsReport] for several, or a [*PairedReport] for a paired test.
type CorpusResult interface{ corpusResult() }

func (BLEUResult) corpusResult()     {}
func (CHRFResult) corpusResult()     {}
func (TERResult) corpusResult()      {}
func (WERResult) corpusResult()      {}
func (*SystemsReport) corpusResult() {}
func (*PairedReport) corpusResult()  {}

// uncertainty is what ConfidenceN and CI add to one system's row.
type uncertainty struct {
	Mean, CI  *float64
	Signature string
	Level     float64
	Intervals map[string]hyptest.Interval
}

// corpusReport returns the result for the systems' statistics st (their
// sums, and with o.PerSentence their sentences): a [*PairedReport] with
// o.Paired; else for one system the row that row lays out from the
// system's summed statistics and uncertainty (the interval under the key
// "score"); else a [*SystemsReport] of those rows, with score giving a
// row's score (and with o.CI each system's interval under
// "systems.K.score"). With several systems, details sets a system's
// details in its SystemRow from its row.
func corpusReport[S any, R CorpusResult](m Metric[S], st *Stats[S], o CorpusOptions,
	row func(sum S, u uncertainty) R, score func(R) float64, details func(R, *SystemRow)) (CorpusResult, error) {
	if o.Paired != nil {
		out, err := m.Paired(o.Systems, st.Sentences, *o.Paired)
		if err != nil {
			return nil, err
		}
		for k := range out.Systems {
			details(row(st.Sums[k], uncertainty{}), &out.Systems[k])
		}
		return out, nil
	}
	n := len(st.Sums)
	rows := make([]R, n)
	systems := make([]SystemRow, n)
	out := &SystemsReport{Metric: m.Name, Sentences: st.N, Systems: systems}
	for k := range n {
		var u uncertainty
		var err error
		if u.Mean, u.CI, u.Signature, err = m.Confidence(st.Sentences[k], o.ConfidenceN, o.Seed); err != nil {
			return nil, err
		}
		if o.CI != nil {
			if o.ConfidenceN == 0 {
				// The signature names the resampling: bs, seed and rng.
				u.Signature = m.BootstrapSignature(o.CI.WithDefaults().Bootstrap, o.CI.Seed)
			}
			// One system: the interval of its score under "score"; several:
			// each system's under "systems.K.score", from the same
			// resamples.
			iv, err := m.Interval(st.Sentences[k], *o.CI)
			if err != nil {
				return nil, err
			}
			level := o.CI.WithDefaults().Level
			if n == 1 {
				u.Level, u.Intervals = level, map[string]hyptest.Interval{"score": iv}
			} else {
				if out.Intervals == nil {
					out.Level, out.Intervals = level, map[string]hyptest.Interval{}
				}
				out.Intervals[fmt.Sprintf("systems.%d.score", k)] = iv
			}
		}
		rows[k] = row(st.Sums[k], u)
		systems[k] = SystemRow{System: o.Systems[k], Score: score(rows[k]), Mean: u.Mean, CI: u.CI, Signature: u.Signature}
		if n > 1 {
			details(rows[k], &systems[k])
		}
	}
	if n == 1 {
		return rows[0], nil
	}
	out.Verdict = m.verdict(systems, "", out.Intervals)
	return out, nil
}

// Metric is BLEU with the options of b as a [Metric], for nrefs
// references.
func (b *BLEU) Metric(nrefs int) Metric[BLEUStats] {
	opts := b.opts
	return Metric[BLEUStats]{Name: "BLEU", Add: (*BLEUStats).Add,
		Score:              func(s BLEUStats) float64 { return b.Score(s).Score },
		Signature:          b.Signature(nrefs),
		PairedSignature:    func(po PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		BootstrapSignature: func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
}

// Report is the corpus BLEU result of the systems' statistics st (see
// [CorpusOptions]) against nrefs references: a [BLEUResult], a
// [*SystemsReport] or a [*PairedReport].
func (b *BLEU) Report(st *Stats[BLEUStats], nrefs int, o CorpusOptions) (CorpusResult, error) {
	return corpusReport(b.Metric(nrefs), st, o, func(sum BLEUStats, u uncertainty) BLEUResult {
		r := NewBLEUResult(b.Score(sum), u.Signature)
		r.Sentences = st.N
		r.Mean, r.CI, r.Level, r.Intervals = u.Mean, u.CI, u.Level, u.Intervals
		if u.Intervals != nil {
			r.Intervals["bleu"] = r.Intervals["score"] // the key of "bleu", BLEU's older key
			r.Summary = summary(r.Name, r, u.Level)
		}
		return r
	}, func(r BLEUResult) float64 { return r.Score }, func(r BLEUResult, row *SystemRow) { row.BLEUDetails = &r.BLEUDetails })
}

// Metric is chrF with the options of c as a [Metric], for nrefs
// references.
func (c *CHRF) Metric(nrefs int) Metric[CHRFStats] {
	opts := c.opts
	return Metric[CHRFStats]{Name: opts.Name(), Add: (*CHRFStats).Add, Score: c.Score, Signature: opts.Signature(nrefs),
		PairedSignature:    func(po PairedOptions) string { return opts.PairedSignature(nrefs, po) },
		BootstrapSignature: func(k int, seed uint64) string { return opts.BootstrapSignature(nrefs, k, seed) }}
}

// Report is the corpus chrF result of the systems' statistics st (see
// [CorpusOptions]) against nrefs references: a [CHRFResult], a
// [*SystemsReport] or a [*PairedReport].
func (c *CHRF) Report(st *Stats[CHRFStats], nrefs int, o CorpusOptions) (CorpusResult, error) {
	base := NewCHRFResult(c.opts, nrefs)
	return corpusReport(c.Metric(nrefs), st, o, func(sum CHRFStats, u uncertainty) CHRFResult {
		r := base
		r.Score = c.Score(sum)
		r.Sentences = st.N
		r.Mean, r.CI, r.Signature, r.Level, r.Intervals = u.Mean, u.CI, u.Signature, u.Level, u.Intervals
		if u.Intervals != nil {
			r.Summary = summary(r.Name, r, u.Level)
		}
		return r
	}, func(r CHRFResult) float64 { return r.Score }, func(CHRFResult, *SystemRow) {})
}

// Metric is TER with options o as a [Metric], for nrefs references.
func (o TEROptions) Metric(nrefs int) Metric[TERStats] {
	return Metric[TERStats]{Name: "TER", LowerIsBetter: true, Add: AddTER, Score: TERScoreOf, Signature: o.Signature(nrefs),
		PairedSignature:    func(po PairedOptions) string { return o.PairedSignature(nrefs, po) },
		BootstrapSignature: func(n int, seed uint64) string { return o.BootstrapSignature(nrefs, n, seed) }}
}

// Report is the corpus TER result of the systems' statistics st (see
// [CorpusOptions]) against nrefs references: a [TERResult], a
// [*SystemsReport] or a [*PairedReport]. No sentence is an error.
func (o TEROptions) Report(st *Stats[TERStats], nrefs int, co CorpusOptions) (CorpusResult, error) {
	if err := TERHasSentences(st.N, co.Systems[0]); err != nil {
		return nil, err
	}
	return corpusReport(o.Metric(nrefs), st, co, func(sum TERStats, u uncertainty) TERResult {
		r := NewTERResult(sum)
		r.Mean, r.CI, r.Signature, r.Level, r.Intervals = u.Mean, u.CI, u.Signature, u.Level, u.Intervals
		if u.Intervals != nil {
			r.Summary = summary(r.Name, r, u.Level)
		}
		return r
	}, func(r TERResult) float64 { return r.Score }, func(r TERResult, row *SystemRow) { row.TERDetails = &r.TERDetails })
}

// summary is the sentence of one system's score (the key "score") with
// its interval at level, which names the score by name, the metric's
// name ("BLEU", "chrF2", "TER"), as the text and the page do.
func summary(name string, r any, level float64) string {
	s := board.IntervalSummary(r, []string{"score"}, level)
	if rest, ok := strings.CutPrefix(s, "score "); ok {
		return name + " " + rest
	}
	return s
}

// TERHasSentences returns the error for a TER of no sentence (TER divides
// by the reference length), naming hyp, the first hypothesis file.
func TERHasSentences(sentences int, hyp string) error {
	if sentences == 0 {
		return fmt.Errorf("ter: %s has no sentences", hyp)
	}
	return nil
}

// Corpus returns the TER statistics of each sentence of hyps against the
// reference sets refs (refs[k][i] is reference k of sentence i), as
// [BLEU.Corpus] does for BLEU. It panics without a reference set.
func (o TEROptions) Corpus(hyps []string, refs [][]string) ([]TERStats, error) {
	_, each := TERStatsOf(hyps, refs, o, true)
	return each, nil
}

// WERCorpus returns the function that counts each sentence of hyps
// against the one reference set refs[0], at the character level with
// chars, as [BLEU.Corpus] does for BLEU. It panics unless there is exactly
// one reference set of hyps' length.
func WERCorpus(chars bool) func(hyps []string, refs [][]string) ([]WERStats, error) {
	return func(hyps []string, refs [][]string) ([]WERStats, error) {
		if len(refs) != 1 {
			panic(fmt.Sprintf("text: WER needs one reference set, got %d", len(refs)))
		}
		_, each := WERStatsOf(hyps, refs[0], chars, true)
		return each, nil
	}
}

// WERHasSentences returns the error for a WER of no sentence, naming hyp,
// the hypothesis file.
func WERHasSentences(sentences int, hyp string) error {
	if sentences == 0 {
		return fmt.Errorf("wer: %s has no sentences", hyp)
	}
	return nil
}
