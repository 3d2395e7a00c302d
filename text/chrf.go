package text

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/evalkit-go/evalkit/internal/parallel"
)

// CHRFOptions configures chrF and chrF++ (Popović 2015, 2017) as sacreBLEU
// defines them. The zero value is sacreBLEU's default chrF2: character
// n-grams up to 6, no word n-grams, β = 2, mixed case, whitespace ignored,
// effective-order averaging.
type CHRFOptions struct {
	CharOrder int // character n-gram order; 0 means 6
	WordOrder int // word n-gram order; 2 gives chrF++; 0 (the default) none
	Beta      int // recall weight β; 0 means 2
	Lowercase bool
	// Whitespace keeps whitespace inside character n-grams (by default it
	// is removed before they are taken).
	Whitespace bool
	// EpsSmoothing averages per-order F-scores with ε = 1e-16 for empty
	// orders, as chrF++.py, Moses and NLTK (sacreBLEU's eps_smoothing);
	// by default precision and recall are averaged over the orders present
	// in both hypothesis and reference, then combined.
	EpsSmoothing bool
}

func (o CHRFOptions) charOrder() int {
	if o.CharOrder == 0 {
		return 6
	}
	return o.CharOrder
}

func (o CHRFOptions) beta() int {
	if o.Beta == 0 {
		return 2
	}
	return o.Beta
}

// order is the number of n-gram orders (character plus word).
func (o CHRFOptions) order() int { return o.charOrder() + o.WordOrder }

// Check returns ErrBadOption for a negative order or β.
func (o CHRFOptions) Check() error {
	if o.CharOrder < 0 || o.WordOrder < 0 || o.Beta < 0 {
		return fmt.Errorf("%w: chrF orders and β must be ≥ 0 (char order %d, word order %d, β %d)", ErrBadOption, o.CharOrder, o.WordOrder, o.Beta)
	}
	return nil
}

// Name returns sacreBLEU's name for the score: "chrF2", or "chrF2++" for
// word order 2 (one "+" per word order).
func (o CHRFOptions) Name() string {
	return "chrF" + strconv.Itoa(o.beta()) + strings.Repeat("+", o.WordOrder)
}

// Signature returns sacreBLEU's signature, e.g.
//
//	nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0+evalkit
//
// (eff:yes means effective-order averaging, i.e. no EpsSmoothing).
func (o CHRFOptions) Signature(nrefs int) string { return o.signature(nrefs, nil) }

func (o CHRFOptions) signature(nrefs int, test *testSig) string {
	return buildSignature(nrefs, test, [][2]string{
		{"case", yesNo(o.Lowercase, "lc", "mixed")},
		{"eff", yesNo(!o.EpsSmoothing, "yes", "no")},
		{"nc", strconv.Itoa(o.charOrder())},
		{"nw", strconv.Itoa(o.WordOrder)},
		{"space", yesNo(o.Whitespace, "yes", "no")},
	})
}

// CHRFStats is chrF's sufficient statistic: for each order (character
// orders 1…CharOrder, then word orders 1…WordOrder) the hypothesis n-gram
// count, the reference n-gram count and the matches, as sacreBLEU lays
// them out: [hyp₁, ref₁, match₁, hyp₂, …]. Statistics of sentences scored
// with the same options merge with Add.
type CHRFStats []int64

// Add adds o to s; s is grown to o's length when shorter (so the zero
// value accumulates).
func (s *CHRFStats) Add(o CHRFStats) {
	if len(*s) < len(o) {
		*s = append(*s, make([]int64, len(o)-len(*s))...)
	}
	for i, v := range o {
		(*s)[i] += v
	}
}

// Score returns chrF (in [0, 100]) from the statistics s. With β² = b and,
// for each order i, P_i = match_i/hyp_i and R_i = match_i/ref_i:
//
//	default: P̄, R̄ = means of P_i, R_i over the orders with hyp_i > 0 and
//	         ref_i > 0;  chrF = 100·(1+b)·P̄·R̄ / (b·P̄ + R̄)  (0 if P̄+R̄ = 0)
//	EpsSmoothing: F_i = (1+b)·P_i·R_i/(b·P_i + R_i), with P_i or R_i = 1e-16
//	         when its denominator is 0 and F_i = 1e-16 when b·P_i+R_i = 0;
//	         chrF = 100·ΣF_i / (number of orders)
//
// as sacreBLEU computes them, operation for operation. It panics if s does
// not have 3 entries per order.
func (o CHRFOptions) Score(s CHRFStats) float64 {
	ord := o.order()
	if len(s) == 0 {
		s = make(CHRFStats, 3*ord)
	}
	if len(s) != 3*ord {
		panic(fmt.Sprintf("text: chrF statistics have %d entries, want %d", len(s), 3*ord))
	}
	const eps = 1e-16
	factor := float64(o.beta() * o.beta())
	score, avgP, avgR := 0.0, 0.0, 0.0
	eff := 0
	for i := range ord {
		h, r, m := s[3*i], s[3*i+1], s[3*i+2]
		prec, rec := eps, eps
		if h > 0 {
			prec = float64(m) / float64(h)
		}
		if r > 0 {
			rec = float64(m) / float64(r)
		}
		denom := factor*prec + rec
		if denom > 0 {
			score += (1 + factor) * prec * rec / denom
		} else {
			score += eps
		}
		if h > 0 && r > 0 {
			avgP += prec
			avgR += rec
			eff++
		}
	}
	if o.EpsSmoothing {
		return 100 * score / float64(ord)
	}
	if eff == 0 {
		avgP, avgR = 0, 0
	} else {
		avgP /= float64(eff)
		avgR /= float64(eff)
	}
	if avgP+avgR != 0 {
		sc := (1 + factor) * avgP * avgR
		sc /= factor*avgP + avgR
		return 100 * sc
	}
	return 0
}

// CHRF computes chrF statistics for sentences. It is safe for concurrent
// use. Build it with NewCHRF.
type CHRF struct{ opts CHRFOptions }

// NewCHRF returns a chrF scorer, or opts.Check's error.
func NewCHRF(opts CHRFOptions) (*CHRF, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	return &CHRF{opts: opts}, nil
}

// Options returns the options c was built with.
func (c *CHRF) Options() CHRFOptions { return c.opts }

// Score returns chrF from the statistics s (see CHRFOptions.Score).
func (c *CHRF) Score(s CHRFStats) float64 { return c.opts.Score(s) }

// chrfPunct is Python's string.punctuation, which sacreBLEU splits off the
// ends of words for chrF++.
var chrfPunct = func() (m [utf8.RuneSelf]bool) {
	for _, c := range "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" {
		m[c] = true
	}
	return m
}()

// chrfWork is one goroutine's scratch space. The hypothesis n-grams are
// indexed (character n-grams keyed by their text — an n-gram of n
// characters has n runes, so orders cannot collide — and word n-grams by
// their words joined with spaces, in a second map); each reference's
// n-grams are then streamed against the index.
type chrfWork struct {
	chars, words map[string]int32
	hypCnt, rem  []int32
	order        []int16 // per index: position of the order in the statistics
	hypTot       []int64 // per order: hypothesis n-gram positions
	offs         []int
	wordBuf      strings.Builder
	starts       []int
	stats        CHRFStats
	// fast path: characters and words of the hypothesis numbered 1, 2, …
	runeID    map[rune]uint16
	wordID    map[string]uint16
	ids       []uint16
	charGrams u64set
	wordGrams u64set
}

func (c *CHRF) newWork() *chrfWork {
	return &chrfWork{chars: map[string]int32{}, words: map[string]int32{},
		hypTot: make([]int64, c.opts.order()), runeID: map[rune]uint16{}, wordID: map[string]uint16{}}
}

// charLine returns the line the character n-grams are taken from and sets
// w.offs to its rune offsets (plus its length).
func (c *CHRF) charLine(w *chrfWork, s string) (string, int) {
	line := s
	if !c.opts.Whitespace {
		line = removeSpace(s)
	}
	offs := w.offs[:0]
	for i := range line {
		offs = append(offs, i)
	}
	w.offs = append(offs, len(line))
	return line, len(w.offs) - 1
}

// wordLine returns sacreBLEU's chrF++ words (_remove_punctuation: a word of
// two or more characters loses a final punctuation character, or else an
// initial one, which becomes a word of its own) joined by single spaces,
// and sets w.starts to the word starts plus len+1.
func (c *CHRF) wordLine(w *chrfWork, s string) (string, int) {
	sb := &w.wordBuf
	sb.Reset()
	starts := w.starts[:0]
	add := func(x string) {
		if len(starts) > 0 {
			sb.WriteByte(' ')
		}
		starts = append(starts, sb.Len())
		sb.WriteString(x)
	}
	for _, x := range appendPyFields(nil, s) {
		if utf8.RuneCountInString(x) == 1 {
			add(x)
			continue
		}
		if last := x[len(x)-1]; last < utf8.RuneSelf && chrfPunct[last] {
			add(x[:len(x)-1])
			add(x[len(x)-1:])
		} else if first := x[0]; first < utf8.RuneSelf && chrfPunct[first] {
			add(x[:1])
			add(x[1:])
		} else {
			add(x)
		}
	}
	joined := sb.String()
	w.starts = append(starts, len(joined)+1)
	return joined, len(w.starts) - 1
}

func (c *CHRF) indexHyp(w *chrfWork, s string) {
	o := c.opts
	co := o.charOrder()
	clear(w.chars)
	clear(w.words)
	w.hypCnt, w.order = w.hypCnt[:0], w.order[:0]
	add := func(m map[string]int32, g string, ord int) {
		id, ok := m[g]
		if !ok {
			id = int32(len(w.hypCnt))
			m[g] = id
			w.hypCnt = append(w.hypCnt, 0)
			w.order = append(w.order, int16(ord))
		}
		w.hypCnt[id]++
	}
	line, nr := c.charLine(w, s)
	offs := w.offs
	for n := 1; n <= co; n++ {
		w.hypTot[n-1] = int64(max(0, nr-n+1))
		for i := 0; i+n <= nr; i++ {
			add(w.chars, line[offs[i]:offs[i+n]], n-1)
		}
	}
	if o.WordOrder == 0 {
		return
	}
	joined, nw := c.wordLine(w, s)
	st := w.starts
	for n := 1; n <= o.WordOrder; n++ {
		w.hypTot[co+n-1] = int64(max(0, nw-n+1))
		for i := 0; i+n <= nw; i++ {
			add(w.words, joined[st[i]:st[i+n]-1], co+n-1)
		}
	}
}

// The fast path packs a character n-gram's ids (at most 1023 distinct
// characters in the hypothesis, 10 bits each, orders up to 6) and a word
// n-gram's ids (at most 65 535 distinct words, 16 bits each, orders up to
// 4) into uint64 keys. Reference characters and words absent from the
// hypothesis get id 0; an n-gram through one, or one whose prefix the
// hypothesis lacks, cannot match, so the scan from that start stops.
const (
	fastCharBits, fastMaxChars, fastCharOrder = 10, 1<<10 - 1, 6
	fastWordBits, fastMaxWords, fastWordOrder = 16, 1<<16 - 1, 4
)

// indexHypFast indexes the hypothesis n-grams for the fast path, or
// returns false when the sentence or the options do not fit it.
func (c *CHRF) indexHypFast(w *chrfWork, s string) bool {
	o := c.opts
	co := o.charOrder()
	if co > fastCharOrder || o.WordOrder > fastWordOrder {
		return false
	}
	clear(w.runeID)
	ids := w.ids[:0]
	line := s
	if !o.Whitespace {
		line = removeSpace(s)
	}
	for _, r := range line {
		id, ok := w.runeID[r]
		if !ok {
			if len(w.runeID) == fastMaxChars {
				return false
			}
			id = uint16(len(w.runeID) + 1)
			w.runeID[r] = id
		}
		ids = append(ids, id)
	}
	w.ids = ids
	nr := len(ids)
	w.hypCnt, w.order = w.hypCnt[:0], w.order[:0]
	w.charGrams.reset(co * nr)
	for i := range nr {
		var k uint64
		for n := 1; n <= co && i+n <= nr; n++ {
			k |= uint64(ids[i+n-1]) << (fastCharBits * (n - 1))
			idx, isNew := w.charGrams.add(k)
			if isNew {
				w.hypCnt = append(w.hypCnt, 0)
				w.order = append(w.order, int16(n-1))
			}
			w.hypCnt[idx]++
		}
	}
	for n := 1; n <= co; n++ {
		w.hypTot[n-1] = int64(max(0, nr-n+1))
	}
	if o.WordOrder == 0 {
		return true
	}
	clear(w.wordID)
	joined, nw := c.wordLine(w, s)
	st := w.starts
	ids = w.ids[:0]
	for i := range nw {
		word := joined[st[i] : st[i+1]-1]
		id, ok := w.wordID[word]
		if !ok {
			if len(w.wordID) == fastMaxWords {
				return false
			}
			id = uint16(len(w.wordID) + 1)
			w.wordID[word] = id
		}
		ids = append(ids, id)
	}
	w.ids = ids
	w.wordGrams.reset(o.WordOrder * nw)
	for i := range nw {
		var k uint64
		for n := 1; n <= o.WordOrder && i+n <= nw; n++ {
			k |= uint64(ids[i+n-1]) << (fastWordBits * (n - 1))
			idx, isNew := w.wordGrams.add(k)
			if isNew {
				w.hypCnt = append(w.hypCnt, 0)
				w.order = append(w.order, int16(co+n-1))
			}
			w.hypCnt[idx+int32(w.charGrams.n)]++
		}
	}
	for n := 1; n <= o.WordOrder; n++ {
		w.hypTot[co+n-1] = int64(max(0, nw-n+1))
	}
	return true
}

// matchRefFast is matchRef for the fast path.
func (c *CHRF) matchRefFast(w *chrfWork, s string, st CHRFStats) {
	o := c.opts
	co := o.charOrder()
	clear(st)
	w.rem = append(w.rem[:0], w.hypCnt...)
	line := s
	if !o.Whitespace {
		line = removeSpace(s)
	}
	ids := w.ids[:0]
	for _, r := range line {
		ids = append(ids, w.runeID[r])
	}
	w.ids = ids
	nr := len(ids)
	for n := 1; n <= co; n++ {
		st[3*(n-1)+1] = int64(max(0, nr-n+1))
	}
	for i := range nr {
		var k uint64
		for n := 1; n <= co && i+n <= nr; n++ {
			id := ids[i+n-1]
			if id == 0 {
				break
			}
			k |= uint64(id) << (fastCharBits * (n - 1))
			idx := w.charGrams.get(k)
			if idx < 0 {
				break
			}
			if w.rem[idx] > 0 {
				w.rem[idx]--
				st[3*(n-1)+2]++
			}
		}
	}
	if o.WordOrder > 0 {
		joined, nw := c.wordLine(w, s)
		sts := w.starts
		ids = w.ids[:0]
		for i := range nw {
			ids = append(ids, w.wordID[joined[sts[i]:sts[i+1]-1]])
		}
		w.ids = ids
		base := int32(w.charGrams.n)
		for n := 1; n <= o.WordOrder; n++ {
			st[3*(co+n-1)+1] = int64(max(0, nw-n+1))
		}
		for i := range nw {
			var k uint64
			for n := 1; n <= o.WordOrder && i+n <= nw; n++ {
				id := ids[i+n-1]
				if id == 0 {
					break
				}
				k |= uint64(id) << (fastWordBits * (n - 1))
				idx := w.wordGrams.get(k)
				if idx < 0 {
					break
				}
				if idx += base; w.rem[idx] > 0 {
					w.rem[idx]--
					st[3*(co+n-1)+2]++
				}
			}
		}
	}
	for i := range o.order() {
		if st[3*i+1] > 0 {
			st[3*i] = w.hypTot[i]
		}
	}
}

// matchRef fills st with hypothesis, reference and matched counts against
// one reference.
func (c *CHRF) matchRef(w *chrfWork, s string, st CHRFStats) {
	o := c.opts
	co := o.charOrder()
	clear(st)
	w.rem = append(w.rem[:0], w.hypCnt...)
	line, nr := c.charLine(w, s)
	offs := w.offs
	for n := 1; n <= co; n++ {
		st[3*(n-1)+1] = int64(max(0, nr-n+1))
		for i := 0; i+n <= nr; i++ {
			if id, ok := w.chars[line[offs[i]:offs[i+n]]]; ok && w.rem[id] > 0 {
				w.rem[id]--
				st[3*(n-1)+2]++
			}
		}
	}
	if o.WordOrder > 0 {
		joined, nw := c.wordLine(w, s)
		sts := w.starts
		for n := 1; n <= o.WordOrder; n++ {
			k := 3 * (co + n - 1)
			st[k+1] = int64(max(0, nw-n+1))
			for i := 0; i+n <= nw; i++ {
				if id, ok := w.words[joined[sts[i]:sts[i+n]-1]]; ok && w.rem[id] > 0 {
					w.rem[id]--
					st[k+2]++
				}
			}
		}
	}
	for i := range o.order() {
		// sacreBLEU counts no hypothesis n-grams for an order the
		// reference has none of.
		if st[3*i+1] > 0 {
			st[3*i] = w.hypTot[i]
		}
	}
}

// Sentence returns the statistics of hyp against the reference that gives
// it the highest chrF (the first one on a tie). A reference order with no
// n-grams counts no hypothesis n-grams for that order, as sacreBLEU. With
// no references every count is 0.
func (c *CHRF) Sentence(hyp string, refs []string) CHRFStats {
	return c.sentence(c.newWork(), hyp, refs)
}

func (c *CHRF) sentence(w *chrfWork, hyp string, refs []string) CHRFStats {
	o := c.opts
	if o.Lowercase {
		hyp = pyLower(hyp)
	}
	fast := !slowPath && c.indexHypFast(w, hyp)
	match := c.matchRefFast
	if !fast {
		c.indexHyp(w, hyp)
		match = c.matchRef
	}
	best := make(CHRFStats, 3*o.order())
	if len(refs) == 1 {
		ref := refs[0]
		if o.Lowercase {
			ref = pyLower(ref)
		}
		match(w, ref, best)
		return best
	}
	bestF := -1.0
	if cap(w.stats) < len(best) {
		w.stats = make(CHRFStats, len(best))
	}
	st := w.stats[:len(best)]
	for _, ref := range refs {
		if o.Lowercase {
			ref = pyLower(ref)
		}
		match(w, ref, st)
		if f := o.Score(st); f > bestF {
			bestF = f
			copy(best, st)
		}
	}
	return best
}

// Corpus returns the statistics of every sentence (hyps[i] against
// refs[k][i] for each reference set k), computed on GOMAXPROCS goroutines.
// It returns ErrEmpty for no sentences or no reference sets and ErrLength
// when a reference set has a different length.
func (c *CHRF) Corpus(hyps []string, refs [][]string) ([]CHRFStats, error) {
	if err := checkCorpus(hyps, refs); err != nil {
		return nil, err
	}
	out := make([]CHRFStats, len(hyps))
	parallel.Chunks(len(hyps), 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
		w := c.newWork()
		rs := make([]string, len(refs))
		return func(lo, hi int) {
			for i := lo; i < hi; i++ {
				for k := range refs {
					rs[k] = refs[k][i]
				}
				out[i] = c.sentence(w, hyps[i], rs)
			}
		}
	})
	return out, nil
}

// SumCHRF returns the sum of the statistics.
func SumCHRF(stats []CHRFStats) CHRFStats {
	var s CHRFStats
	for _, x := range stats {
		s.Add(x)
	}
	return s
}

// CorpusCHRF returns corpus chrF of hyps against the reference sets refs
// (refs[k][i] is reference k of sentence i), as sacreBLEU's
// corpus_chrf. Errors: those of NewCHRF and CHRF.Corpus.
func CorpusCHRF(hyps []string, refs [][]string, opts CHRFOptions) (float64, error) {
	c, err := NewCHRF(opts)
	if err != nil {
		return 0, err
	}
	st, err := c.Corpus(hyps, refs)
	if err != nil {
		return 0, err
	}
	return c.Score(SumCHRF(st)), nil
}

// SentenceCHRF returns chrF of one hypothesis against its references.
// Errors: those of NewCHRF.
func SentenceCHRF(hyp string, refs []string, opts CHRFOptions) (float64, error) {
	c, err := NewCHRF(opts)
	if err != nil {
		return 0, err
	}
	return c.Score(c.Sentence(hyp, refs)), nil
}
