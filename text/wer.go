package text

import (
	"fmt"
	"math"
	"strings"
)

// WERStats is the sufficient statistic of the word (or character) error
// rate of speech recognition: counts summed over sentences, so that merged
// parts give the one-shot result exactly.
//
// Per sentence, the hypothesis is aligned to the reference by Levenshtein
// distance with unit costs; Errors is that distance, S + D + I. Among the
// alignments of minimal cost one is counted, chosen cell by cell in the
// order match/substitution, deletion (a reference token missing from the
// hypothesis), insertion; the split of Errors into S, D and I can differ
// from another tool's choice when several alignments tie, Errors never
// does.
type WERStats struct {
	Sentences     int64 `json:"sentences"`
	RefTokens     int64 `json:"ref_tokens"` // N = H + S + D, reference words (characters for CER)
	HypTokens     int64 `json:"hyp_tokens"` // H + S + I
	Errors        int64 `json:"errors"`     // S + D + I, the edit distance
	Hits          int64 `json:"hits"`
	Substitutions int64 `json:"substitutions"`
	Deletions     int64 `json:"deletions"`
	Insertions    int64 `json:"insertions"`
}

// Merge adds the counts of o to s.
func (s *WERStats) Merge(o WERStats) {
	s.Sentences += o.Sentences
	s.RefTokens += o.RefTokens
	s.HypTokens += o.HypTokens
	s.Errors += o.Errors
	s.Hits += o.Hits
	s.Substitutions += o.Substitutions
	s.Deletions += o.Deletions
	s.Insertions += o.Insertions
}

// WERScore is a word or character error rate with its counts.
type WERScore struct {
	WERStats
	// Rate is Errors / RefTokens, a fraction (0.25 = 25 %), as jiwer and
	// torchmetrics return it; it exceeds 1 when the hypotheses have many
	// insertions. NaN (JSON null, with a warning) when there are no
	// reference tokens.
	Rate     float64  `json:"rate"`
	Warnings []string `json:"warnings,omitempty"`
}

// Result returns the error rate of the counts: corpus level, the total
// edit distance over the total reference length,
//
//	WER = Σ (S + D + I) / Σ N,
//
// which is jiwer's wer/cer and torchmetrics' WordErrorRate/CharErrorRate
// (not the mean of sentence rates).
func (s WERStats) Result() WERScore {
	r := WERScore{WERStats: s}
	if s.RefTokens == 0 {
		r.Rate = math.NaN()
		r.Warnings = append(r.Warnings, "the references have no tokens: the error rate is undefined")
		return r
	}
	r.Rate = float64(s.Errors) / float64(s.RefTokens)
	return r
}

// WERWords splits s into words as Python's str.split() does (at runs of
// Unicode whitespace and U+001C–U+001F), which is how torchmetrics'
// WordErrorRate tokenises. (jiwer splits at single spaces after collapsing
// runs of whitespace: the two differ only for tabs and other non-space
// whitespace between words.)
func WERWords(s string) []string { return strings.FieldsFunc(s, isPySpace) }

// WERSentenceStats returns the word-level counts of one hypothesis against its
// reference; words are those of [WERWords] and compare exactly.
func WERSentenceStats(hyp, ref string) WERStats {
	var a werAligner
	return a.words(hyp, ref)
}

// CERSentenceStats returns the character-level counts of one hypothesis against
// its reference: the tokens are the Unicode code points of the strings as
// given, spaces included and nothing stripped, as torchmetrics'
// CharErrorRate does (jiwer's cer strips leading and trailing whitespace
// first).
func CERSentenceStats(hyp, ref string) WERStats {
	var a werAligner
	return a.chars(hyp, ref)
}

// WER returns the corpus word error rate of hyps against refs, one
// reference per sentence. It panics if the lengths differ.
func WER(hyps, refs []string) WERScore { return werCorpus(hyps, refs, false) }

// CER returns the corpus character error rate of hyps against refs, one
// reference per sentence. It panics if the lengths differ.
func CER(hyps, refs []string) WERScore { return werCorpus(hyps, refs, true) }

func werCorpus(hyps, refs []string, chars bool) WERScore {
	s, _ := WERStatsOf(hyps, refs, chars, false)
	return s.Result()
}

// WERStatsOf returns the corpus counts of hyps against refs, at the
// character level when chars is set, and each sentence's counts when
// perSentence is set. It panics if the lengths differ.
func WERStatsOf(hyps, refs []string, chars, perSentence bool) (WERStats, []WERStats) {
	if len(hyps) != len(refs) {
		panic(fmt.Sprintf("text: %d hypotheses but %d references", len(hyps), len(refs)))
	}
	var a werAligner
	var total WERStats
	var each []WERStats
	if perSentence {
		each = make([]WERStats, len(hyps))
	}
	for i := range hyps {
		var s WERStats
		if chars {
			s = a.chars(hyps[i], refs[i])
		} else {
			s = a.words(hyps[i], refs[i])
		}
		total.Merge(s)
		if perSentence {
			each[i] = s
		}
	}
	return total, each
}

// werCell is a cell of the Levenshtein matrix with the operation counts of
// the path that reaches it.
type werCell struct{ cost, sub, del, ins int32 }

type werAligner struct {
	ids       map[string]int32
	h, r      []int32
	prev, cur []werCell
}

func (a *werAligner) words(hyp, ref string) WERStats {
	if a.ids == nil {
		a.ids = make(map[string]int32)
	}
	clear(a.ids)
	a.h, a.r = a.h[:0], a.r[:0]
	for _, w := range WERWords(hyp) {
		a.h = append(a.h, a.id(w))
	}
	for _, w := range WERWords(ref) {
		a.r = append(a.r, a.id(w))
	}
	return a.align()
}

func (a *werAligner) id(w string) int32 {
	id, ok := a.ids[w]
	if !ok {
		id = int32(len(a.ids))
		a.ids[w] = id
	}
	return id
}

func (a *werAligner) chars(hyp, ref string) WERStats {
	a.h, a.r = a.h[:0], a.r[:0]
	for _, c := range hyp {
		a.h = append(a.h, c)
	}
	for _, c := range ref {
		a.r = append(a.r, c)
	}
	return a.align()
}

// align runs the Levenshtein recursion over reference tokens (rows) and
// hypothesis tokens (columns) with two rows.
func (a *werAligner) align() WERStats {
	h, r := a.h, a.r
	n := len(h)
	if cap(a.prev) < n+1 {
		a.prev = make([]werCell, n+1)
		a.cur = make([]werCell, n+1)
	}
	prev, cur := a.prev[:n+1], a.cur[:n+1]
	for j := range prev {
		prev[j] = werCell{cost: int32(j), ins: int32(j)}
	}
	for i := 1; i <= len(r); i++ {
		cur[0] = werCell{cost: int32(i), del: int32(i)}
		rw := r[i-1]
		for j := 1; j <= n; j++ {
			c := prev[j-1]
			if h[j-1] != rw {
				c.cost++
				c.sub++
			}
			if d := prev[j]; d.cost+1 < c.cost {
				c = d
				c.cost++
				c.del++
			}
			if l := cur[j-1]; l.cost+1 < c.cost {
				c = l
				c.cost++
				c.ins++
			}
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	e := prev[n]
	s := WERStats{
		Sentences:     1,
		RefTokens:     int64(len(r)),
		HypTokens:     int64(n),
		Errors:        int64(e.cost),
		Substitutions: int64(e.sub),
		Deletions:     int64(e.del),
		Insertions:    int64(e.ins),
	}
	s.Hits = s.RefTokens - s.Substitutions - s.Deletions
	return s
}
