package text

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// The results of the text measures as "evalkit bleu|chrf|ter|wer" print
// them: one system ([BLEUResult], [CHRFResult], [TERResult], [WERResult]),
// several systems ([SystemsReport]) and a paired test of several systems
// against the first ([PairedReport]). Their signature fields are
// sacreBLEU's signature strings.

func fptr(f float64) *float64 { return &f }

// SystemRow is one system in multi-system and paired output: its score
// (the headline number, under "score" for every metric), the test's
// p-value and bootstrap mean ± half-width where computed, and the
// system's own details, as one system's result has them: BLEU's
// precisions, counts, totals, brevity penalty, ratio and lengths; TER's
// edits and reference length. (chrF has none beyond its score.)
type SystemRow struct {
	System   string   `json:"system"`
	Baseline bool     `json:"baseline,omitempty"`
	Score    float64  `json:"score"`
	PValue   *float64 `json:"p_value,omitempty"`
	Mean     *float64 `json:"mean,omitempty"`
	CI       *float64 `json:"ci,omitempty"`
	*BLEUDetails
	*TERDetails
	Signature string `json:"signature,omitempty"`
}

// BLEUDetails are a BLEU score's numbers besides the score, with
// [BLEUResult]'s keys.
type BLEUDetails struct {
	// Precisions, Counts and Totals hold orders 1…N
	// (BLEUOptions.MaxNgramOrder; 4 by default).
	Precisions []float64 `json:"precisions"`
	Counts     []int64   `json:"counts"`
	Totals     []int64   `json:"totals"`
	BP         float64   `json:"bp"`
	Ratio      float64   `json:"ratio"`
	HypLen     int64     `json:"hyp_len"`
	RefLen     int64     `json:"ref_len"`
}

// TERDetails are a TER score's numbers besides the score, with
// [TERResult]'s keys.
type TERDetails struct {
	NumEdits  int64   `json:"num_edits"`
	RefLength float64 `json:"ref_length"`
}

// PairedReport is the result of a paired test of every system against the
// first (the baseline).
type PairedReport struct {
	Metric string `json:"metric"`
	// Verdict is the best system by score and the systems the test found
	// significantly different from the baseline ([Metric.Paired]).
	Verdict   *board.Verdict `json:"verdict"`
	Test      string         `json:"test"`
	N         int            `json:"n"`
	Seed      uint64         `json:"seed"`
	Sentences int            `json:"sentences"`
	Signature string         `json:"signature"`
	Systems   []SystemRow    `json:"systems"`
}

// NewPairedReport lays out r, the paired test o of the systems named
// names (the baseline first) over sentences sentences, under signature
// sig.
func NewPairedReport(metric string, names []string, sentences int, sig string, o PairedOptions, r PairedResult) *PairedReport {
	out := &PairedReport{Metric: metric, Test: o.Method, N: o.N, Seed: o.Seed, Sentences: sentences, Signature: sig}
	for k, name := range names {
		row := SystemRow{System: name, Baseline: k == 0}
		s := r.Baseline
		if k > 0 {
			s = r.Systems[k-1]
			row.PValue = fptr(s.PValue)
		}
		row.Score = s.Score
		if s.HasCI {
			row.Mean, row.CI = fptr(s.Mean), fptr(s.CI)
		}
		out.Systems = append(out.Systems, row)
	}
	return out
}

// SystemsReport is the result for several systems without a paired test.
type SystemsReport struct {
	Metric string `json:"metric"`
	// Verdict names the best system by score; no test compared the
	// systems (a paired test gives a [PairedReport]).
	Verdict   *board.Verdict `json:"verdict"`
	Sentences int            `json:"sentences"`
	Systems   []SystemRow    `json:"systems"`
	// Level and Intervals (keys "systems.K.score") are set with CorpusOptions.CI:
	// each system's [Metric.Interval], from the same resamples.
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
}

// Metric is what BLEU, chrF and TER share once every system's
// per-sentence statistics are known: the paired tests against the first
// system and each system's bootstrap confidence interval, each with its
// sacreBLEU signature. S is the metric's sentence statistic.
type Metric[S any] struct {
	Name string
	// LowerIsBetter says that a lower score is better (TER).
	LowerIsBetter      bool
	Add                func(*S, S)     // accumulates statistics
	Score              func(S) float64 // the corpus score of summed statistics
	Signature          string          // the plain signature
	PairedSignature    func(PairedOptions) string
	BootstrapSignature func(n int, seed uint64) string
}

// Paired runs the paired test po of every system against the first.
func (m Metric[S]) Paired(names []string, stats []*Packed[S], po PairedOptions) (*PairedReport, error) {
	r, err := PairedPacked(stats[0], stats[1:], m.Score, po)
	if err != nil {
		return nil, err
	}
	out := NewPairedReport(m.Name, names, stats[0].Len(), m.PairedSignature(po), po, r)
	out.Verdict = m.verdict(out.Systems, po.method(), nil)
	return out, nil
}

// verdict is the verdict of the systems rows (the first the baseline of
// a paired test, when test is not ""): the best by score, with its
// interval from ivs ("systems.K.score"), and, with a test, each system's
// difference from the baseline, its p-value adjusted by Holm's method over
// the systems, significant below 0.05 (sacreBLEU's mark). sacreBLEU's
// tests compare each system with the baseline only: the best is compared
// with the others only when it is the baseline.
func (m Metric[S]) verdict(rows []SystemRow, test string, ivs map[string]hyptest.Interval) *board.Verdict {
	b := &board.Models{Primary: m.Name, LowerIsBetter: m.LowerIsBetter, Noun: "systems", Comparisons: []board.Comparison{}}
	for k, r := range rows {
		var ci *[2]float64
		if iv, ok := ivs[fmt.Sprintf("systems.%d.score", k)]; ok {
			ci = &[2]float64{iv.Low, iv.High}
		}
		b.Models = append(b.Models, board.Model{Name: r.System, Report: board.ScoreReport(m.Name, r.Score, ci)})
		if test != "" && k > 0 && r.PValue != nil {
			b.Comparisons = append(b.Comparisons, board.Comparison{A: r.System, B: rows[0].System, Measure: m.Name,
				Diff: r.Score - rows[0].Score, Test: "paired-" + test, Statistic: r.Score - rows[0].Score, PValue: *r.PValue})
		}
	}
	b.Adjusted("holm")
	b.Decide(0.95)
	return b.Verdict
}

// Confidence returns the bootstrap mean and 95% half-width of a system's
// score over n resamples with seed, and the signature that names the
// resampling; with n = 0, nils and the plain signature.
func (m Metric[S]) Confidence(stats *Packed[S], n int, seed uint64) (mean, ci *float64, sig string, err error) {
	if n == 0 {
		return nil, nil, m.Signature, nil
	}
	mu, half, err := bootstrapCI(m.set(stats), stats.Len(), n, seed)
	if err != nil {
		return nil, nil, "", err
	}
	return &mu, &half, m.BootstrapSignature(n, seed), nil
}

func (m Metric[S]) set(stats *Packed[S]) packedSet[S] {
	return packedSet[S]{all: []*Packed[S]{stats}, score: m.Score}
}

// Interval returns the confidence interval of a system's corpus score at
// ci.Level: the percentile interval of ci.Bootstrap resamples of its
// sentences drawn with seed ci.Seed from the same resample streams as
// sacreBLEU's --confidence ([BootstrapCI]; sacreBLEU reports their mean
// and a 95% half-width, this the interval at any level). BCa is not
// offered (its jackknife would rescore the corpus once per sentence): the
// method is percentile whatever ci.Method asks. Errors: ErrEmpty for no
// sentences, and those of ci.Check.
func (m Metric[S]) Interval(stats *Packed[S], ci hyptest.CIOptions) (hyptest.Interval, error) {
	if err := ci.Check(); err != nil {
		return hyptest.Interval{}, err
	}
	ci = ci.WithDefaults()
	if stats.Len() == 0 {
		return hyptest.Interval{}, fmt.Errorf("%w: no sentences to resample", ErrEmpty)
	}
	set := m.set(stats)
	bs := &hyptest.Bootstrap{Estimate: set.scores()[0], Replicates: set.bootstrap(ci.Bootstrap, ci.Seed)[0]}
	ci.Method = hyptest.CIPercentile
	iv, w := bs.CI(ci)
	if iv.Method == "" {
		return iv, fmt.Errorf("%w: %s", ErrBadOption, w)
	}
	return iv, nil
}

// BLEUResult is one BLEU score as printed (the JSON keys of docs/text.md).
type BLEUResult struct {
	// Summary is the score with its interval in one sentence, set with
	// intervals (CorpusOptions.CI).
	Summary string `json:"summary,omitempty"`
	Line    int    `json:"line,omitempty"` // sentence-level only, 1-based
	Name    string `json:"name"`
	// Score is BLEU, under the key "score" as chrF's and TER's scores;
	// BLEU is the same number under its older key "bleu".
	Score float64 `json:"score"`
	BLEU  float64 `json:"bleu"`
	BLEUDetails
	Sentences int      `json:"sentences,omitempty"`
	Mean      *float64 `json:"mean,omitempty"` // with a confidence interval
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature"`
	// Level and Intervals (the same interval under the keys "score" and
	// "bleu") are set by [Metric.Interval].
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
}

// NewBLEUResult lays out score s under sacreBLEU signature sig.
func NewBLEUResult(s BLEUScore, sig string) BLEUResult {
	n := s.Order
	if n == 0 {
		n = DefaultOrder
	}
	return BLEUResult{Name: "BLEU", Score: s.Score, BLEU: s.Score, Signature: sig, BLEUDetails: BLEUDetails{
		Precisions: append([]float64(nil), s.Precisions[:n]...),
		Counts:     append([]int64(nil), s.Counts[:n]...), Totals: append([]int64(nil), s.Totals[:n]...),
		BP: s.BP, Ratio: s.Ratio, HypLen: s.HypLen, RefLen: s.RefLen}}
}

// Verbose is sacreBLEU's one-line rendering.
func (b BLEUResult) Verbose() string {
	p := make([]string, len(b.Precisions))
	for i, x := range b.Precisions {
		p[i] = fmt.Sprintf("%.1f", x)
	}
	s := fmt.Sprintf("BLEU|%s = %.2f %s (BP = %.3f ratio = %.3f hyp_len = %d ref_len = %d)",
		b.Signature, b.BLEU, strings.Join(p, "/"), b.BP, b.Ratio, b.HypLen, b.RefLen)
	if b.Mean != nil {
		s += fmt.Sprintf(" (μ = %.2f ± %.2f)", *b.Mean, *b.CI)
	}
	return s
}

// CHRFResult is one chrF score as printed (JSON keys: score, signature; docs/text.md).
type CHRFResult struct {
	// Summary is the score with its interval in one sentence, set with
	// intervals (CorpusOptions.CI).
	Summary   string   `json:"summary,omitempty"`
	Line      int      `json:"line,omitempty"` // sentence-level only, 1-based
	Name      string   `json:"name"`
	Score     float64  `json:"score"`
	CharOrder int      `json:"char_order"`
	WordOrder int      `json:"word_order"`
	Beta      int      `json:"beta"`
	Sentences int      `json:"sentences,omitempty"`
	Mean      *float64 `json:"mean,omitempty"` // with a confidence interval
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature"`
	// Level and Intervals (key "score") are set by [Metric.Interval].
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
}

// NewCHRFResult returns the fields of a chrF result that the options fix,
// with the signature for nrefs references.
func NewCHRFResult(o CHRFOptions, nrefs int) CHRFResult {
	return CHRFResult{Name: o.Name(), CharOrder: o.CharOrder, WordOrder: o.WordOrder, Beta: o.Beta, Signature: o.Signature(nrefs)}
}

// TERResult is one TER score as printed: sacreBLEU's score, num_edits,
// ref_length and signature, plus the sentence count.
type TERResult struct {
	// Summary is the score with its interval in one sentence, set with
	// intervals (CorpusOptions.CI).
	Summary string  `json:"summary,omitempty"`
	Name    string  `json:"name"`
	Score   float64 `json:"score"`
	TERDetails
	Sentences int64    `json:"sentences"`
	Mean      *float64 `json:"mean,omitempty"` // with a confidence interval
	CI        *float64 `json:"ci,omitempty"`
	Signature string   `json:"signature"`
	// Level and Intervals (key "score") are set by [Metric.Interval].
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings,omitempty"`
}

// NewTERResult lays out the TER of summed statistics s.
func NewTERResult(s TERStats) TERResult {
	r := s.Result()
	return TERResult{Name: "TER", Score: r.Score, TERDetails: TERDetails{NumEdits: r.NumEdits, RefLength: r.RefLength},
		Sentences: s.Sentences, Warnings: r.Warnings}
}

// TERSentence is one sentence's TER.
type TERSentence struct {
	Score     float64 `json:"score"`
	NumEdits  int64   `json:"num_edits"`
	RefLength float64 `json:"ref_length"`
}

// NewTERSentence lays out one sentence's statistics.
func NewTERSentence(s TERStats) TERSentence {
	r := s.Result()
	return TERSentence{r.Score, r.NumEdits, r.RefLength}
}

// WERResult is a word (or character) error rate as printed: the rate
// under the key wer or cer (a fraction, as jiwer and torchmetrics), then
// the counts of [WERStats].
type WERResult struct {
	CER bool // characters, not words
	WERScore
	// Signature says how the rate was computed: task wer or cer and the
	// evalkit version (WER has no options that change the number).
	Signature *result.Signature
}

// NewWERResult returns the word (cer false) or character error rate of
// the summed statistics s, with its signature.
func NewWERResult(s WERStats, cer bool) WERResult {
	task := "wer"
	if cer {
		task = "cer"
	}
	return WERResult{CER: cer, WERScore: s.Result(), Signature: result.NewSignature(task)}
}

type werJSON struct {
	Name string  `json:"name"`
	WER  float64 `json:"wer"`
	WERStats
	Warnings  []string          `json:"warnings,omitempty"`
	Signature *result.Signature `json:"signature,omitempty"`
}

type cerJSON struct {
	Name string  `json:"name"`
	CER  float64 `json:"cer"`
	WERStats
	Warnings  []string          `json:"warnings,omitempty"`
	Signature *result.Signature `json:"signature,omitempty"`
}

// MarshalJSON writes the rate under "wer" or "cer".
func (r WERResult) MarshalJSON() ([]byte, error) {
	if r.CER {
		return result.JSON(cerJSON{"CER", r.Rate, r.WERStats, r.Warnings, r.Signature}, "")
	}
	return result.JSON(werJSON{"WER", r.Rate, r.WERStats, r.Warnings, r.Signature}, "")
}

// WERSentence is one sentence's error rate.
type WERSentence struct {
	Rate      float64 `json:"rate"`
	Errors    int64   `json:"errors"`
	RefTokens int64   `json:"ref_tokens"`
}

// NewWERSentence lays out one sentence's statistics.
func NewWERSentence(s WERStats) WERSentence {
	r := s.Result()
	return WERSentence{r.Rate, r.Errors, r.RefTokens}
}
