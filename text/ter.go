package text

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/evalkit-go/evalkit/internal/parallel"
)

// ErrTERRefCount is returned when sentences with different numbers of
// references are combined in one [TERStats].
var ErrTERRefCount = errors.New("different numbers of references per sentence")

// TEROptions selects the variant of TER. The zero value is sacreBLEU's
// default (case-insensitive, tercom tokenisation without normalisation,
// punctuation kept), signature "case:lc|tok:tercom|norm:no|punct:yes|asian:no".
type TEROptions struct {
	// CaseSensitive keeps the case of the words (sacreBLEU
	// --ter-case-sensitive); by default both sides are lowercased as
	// Python's str.lower does.
	CaseSensitive bool
	// Normalized applies tercom's normalisation: XML unescaping and
	// splitting of punctuation (--ter-normalized).
	Normalized bool
	// NoPunct deletes the punctuation . , ? : ; ! " ( ) (--ter-no-punct).
	NoPunct bool
	// AsianSupport splits CJK characters into words when Normalized, and
	// removes CJK and full-width punctuation when NoPunct
	// (--ter-asian-support). Alone it changes nothing but the signature.
	AsianSupport bool
}

// Signature returns sacreBLEU's signature string for TER with nrefs
// references a sentence, for example
// "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0+evalkit".
// nrefs < 0 prints "var" as sacreBLEU does for a varying number.
func (o TEROptions) Signature(nrefs int) string { return o.signature(nrefs, nil) }

func (o TEROptions) signature(nrefs int, test *testSig) string {
	return buildSignature(nrefs, test, [][2]string{
		{"case", yesNo(o.CaseSensitive, "mixed", "lc")},
		{"tok", "tercom"},
		{"norm", yesNo(o.Normalized, "yes", "no")},
		{"punct", yesNo(!o.NoPunct, "yes", "no")},
		{"asian", yesNo(o.AsianSupport, "yes", "no")},
	})
}

// PairedSignature returns the TER signature of a paired test with opts.
func (o TEROptions) PairedSignature(nrefs int, opts PairedOptions) string {
	return o.signature(nrefs, opts.sig())
}

// BootstrapSignature returns the TER signature of a bootstrap confidence
// interval with n resamples.
func (o TEROptions) BootstrapSignature(nrefs, n int, seed uint64) string {
	return o.signature(nrefs, &testSig{kind: "", bs: n, seed: seed})
}

// AddTER adds sentence statistics o to s, as the resampling tests (Paired,
// BootstrapCI) need: the sentences of one corpus all have the same number of
// references, so Merge cannot fail there. It panics if they differ.
func AddTER(s *TERStats, o TERStats) {
	if err := s.Merge(o); err != nil {
		panic("text: " + err.Error())
	}
}

// TERScoreOf returns the corpus TER score of summed statistics.
func TERScoreOf(s TERStats) float64 { return s.Result().Score }

// PairedTER runs Paired on per-sentence TER statistics (TERStatsOf with
// perSentence). Lower TER is better; the test is two-sided, as sacreBLEU's.
func PairedTER(baseline []TERStats, systems [][]TERStats, opts PairedOptions) (PairedResult, error) {
	return Paired(baseline, systems, AddTER, TERScoreOf, opts)
}

// BootstrapTER returns the bootstrap mean and 95% confidence half-width of
// the corpus TER of per-sentence statistics (sacreBLEU's --confidence).
func BootstrapTER(stats []TERStats, n int, seed uint64) (mean, ci float64, err error) {
	return BootstrapCI(stats, AddTER, TERScoreOf, n, seed)
}

// TERTokenize returns the words that TER compares for sentence s under o:
// sacreBLEU's tercom tokenizer followed by a split at whitespace. Trailing
// whitespace is dropped; unless o.CaseSensitive the sentence is lowercased
// as Python's str.lower (İ → i̇, word-final Σ → ς); o.Normalized unescapes
// &quot; &amp; &lt; &gt; and splits off punctuation (a "." or "," between
// two digits stays, "'s" becomes a word); o.NoPunct deletes . , ? : ; ! " ( );
// o.AsianSupport makes CJK characters words of their own (with Normalized)
// and deletes CJK punctuation (with NoPunct). Words are separated by Python's
// whitespace: Unicode White_Space and U+001C–U+001F.
//
// sacreBLEU tokenises every reference twice (once when it caches the
// references, once more when it extracts their words); [TERTokenizeRef]
// does the same. Only with Normalized does it matter: "john's," becomes
// "john's ," after one pass and "john 's ," after two.
func TERTokenize(s string, o TEROptions) []string { return terTokenize(s, o) }

// TERTokenizeRef returns the words of reference sentence s as sacreBLEU's
// TER compares them: [TERTokenize] applied twice, to s and to its words
// joined by single spaces.
func TERTokenizeRef(s string, o TEROptions) []string { return terTokenizeRef(s, o) }

func terTokenizeRef(s string, o TEROptions) []string {
	return terTokenize(strings.Join(terTokenize(s, o), " "), o)
}

// TERStats is the sufficient statistic of TER: sums over sentences that
// combine by addition, so the corpus score of any split of the sentences,
// merged, equals the one-shot score exactly.
//
// Per sentence, sacreBLEU takes the fewest edits over the references and
// the average reference length (in words); the corpus score is
//
//	TER = 100 · Σ edits / Σ average reference length
//
// with 100 when the reference length is 0 and some edit was needed, and 0
// when both are 0. Edits are word insertions, deletions, substitutions and
// shifts (a block of up to 10 contiguous words moved as one edit), found by
// sacreBLEU's greedy tercom search.
type TERStats struct {
	Sentences int64 `json:"sentences"` // sentences added
	Edits     int64 `json:"num_edits"` // Σ fewest edits over the references
	RefWords  int64 `json:"ref_words"` // Σ over sentences and references of reference words
	NRefs     int   `json:"nrefs"`     // references per sentence; 0 while empty
}

// RefLength returns Σ over sentences of the average reference length,
// RefWords / NRefs (0 while empty).
func (s TERStats) RefLength() float64 {
	if s.NRefs == 0 {
		return 0
	}
	return float64(s.RefWords) / float64(s.NRefs)
}

// Merge adds the statistics of o to s. It returns ErrTERRefCount, leaving s
// unchanged, when both are non-empty with different numbers of references.
func (s *TERStats) Merge(o TERStats) error {
	if o.NRefs == 0 && o.Sentences == 0 {
		return nil
	}
	if s.NRefs != 0 && o.NRefs != s.NRefs {
		return fmt.Errorf("text: TER statistics with %d and %d references: %w", s.NRefs, o.NRefs, ErrTERRefCount)
	}
	s.NRefs = o.NRefs
	s.Sentences += o.Sentences
	s.Edits += o.Edits
	s.RefWords += o.RefWords
	return nil
}

// Add adds one sentence: hypothesis hyp against the references refs,
// tokenised under o. It returns ErrTERRefCount if len(refs) differs from the
// sentences added before. It panics if refs is empty.
func (s *TERStats) Add(hyp string, refs []string, o TEROptions) error {
	return s.Merge(TERSentenceStats(hyp, refs, o))
}

// Result returns the TER score of the statistics.
func (s TERStats) Result() TERScore {
	rl := s.RefLength()
	r := TERScore{NumEdits: s.Edits, RefLength: rl}
	switch {
	case rl > 0:
		r.Score = 100 * (float64(s.Edits) / rl)
	case s.Edits > 0:
		r.Score = 100
		r.Warnings = append(r.Warnings, "the references are empty: TER is 100 (sacreBLEU's convention)")
	default:
		r.Score = 0
	}
	return r
}

// TERScore is a TER result.
type TERScore struct {
	// Score is 100 · NumEdits / RefLength; it exceeds 100 when the
	// hypotheses need more edits than the references have words.
	Score     float64  `json:"score"`
	NumEdits  int64    `json:"num_edits"`  // total edits
	RefLength float64  `json:"ref_length"` // Σ average reference length, in words
	Warnings  []string `json:"warnings,omitempty"`
}

// TERSentenceStats returns the statistics of one sentence: the fewest TER
// edits of hyp against any of refs and the reference words, under o. It
// panics if refs is empty.
func TERSentenceStats(hyp string, refs []string, o TEROptions) TERStats {
	if len(refs) == 0 {
		panic("text: TER needs at least one reference")
	}
	return newTERAligner().stats(hyp, refs, o)
}

func (a *terAligner) stats(hyp string, refs []string, o TEROptions) TERStats {
	a.refWords = a.refWords[:0]
	for _, r := range refs {
		a.refWords = append(a.refWords, terTokenizeRef(r, o))
	}
	e, rw := a.sentence(terTokenize(hyp, o), a.refWords)
	return TERStats{Sentences: 1, Edits: e, RefWords: rw, NRefs: len(refs)}
}

// SentenceTER returns the TER of one hypothesis against its references, as
// sacreBLEU's TER.sentence_score. It panics if refs is empty.
func SentenceTER(hyp string, refs []string, o TEROptions) TERScore {
	return TERSentenceStats(hyp, refs, o).Result()
}

// CorpusTER returns the corpus TER of hyps against refs, as sacreBLEU's
// TER.corpus_score: refs[k][i] is reference k of sentence i. Sentences are
// scored in parallel on all CPUs. It panics if refs is empty or a
// reference list's length differs from len(hyps).
func CorpusTER(hyps []string, refs [][]string, o TEROptions) TERScore {
	s, _ := TERStatsOf(hyps, refs, o, false)
	return s.Result()
}

// TERStatsOf returns the corpus statistics of hyps against refs
// (refs[k][i] is reference k of sentence i) and, when perSentence is set,
// each sentence's statistics as well. Sentences are scored in parallel on
// GOMAXPROCS goroutines; the result does not depend on their number. It
// panics if refs is empty or a reference list's length differs from
// len(hyps).
func TERStatsOf(hyps []string, refs [][]string, o TEROptions, perSentence bool) (TERStats, []TERStats) {
	if len(refs) == 0 {
		panic("text: TER needs at least one reference")
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			panic(fmt.Sprintf("text: reference %d has %d sentences, hypotheses %d", k+1, len(r), len(hyps)))
		}
	}
	n := len(hyps)
	each := make([]TERStats, n)
	parallel.Chunks(n, 16, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
		a := newTERAligner()
		sentRefs := make([]string, len(refs))
		return func(lo, hi int) {
			for i := lo; i < hi; i++ {
				for k := range refs {
					sentRefs[k] = refs[k][i]
				}
				each[i] = a.stats(hyps[i], sentRefs, o)
			}
		}
	})
	total := TERStats{NRefs: len(refs)}
	for _, s := range each {
		total.Sentences++
		total.Edits += s.Edits
		total.RefWords += s.RefWords
	}
	if !perSentence {
		each = nil
	}
	return total, each
}
