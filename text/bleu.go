package text

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/internal/parallel"
)

// BLEU's maximum n-gram order N: DefaultOrder unless
// BLEUOptions.MaxNgramOrder sets another, from 1 to OrderLimit.
const (
	DefaultOrder = 4 // sacreBLEU's MAX_NGRAM_ORDER
	OrderLimit   = 9 // the largest order BLEUOptions.MaxNgramOrder may set
)

// Smoothing methods for BLEU (Chen & Cherry 2014), as sacreBLEU names them.
const (
	SmoothExp   = "exp"   // method 3, NIST's geometric halving (the default)
	SmoothFloor = "floor" // method 1: a zero count becomes SmoothValue (default 0.1)
	SmoothAddK  = "add-k" // method 2: add SmoothValue (default 1) to counts and totals for n ≥ 2
	SmoothNone  = "none"  // no smoothing
)

// Smooths lists the smoothing methods.
var Smooths = []string{SmoothNone, SmoothFloor, SmoothAddK, SmoothExp}

// BLEUOptions configures BLEU. The zero value is sacreBLEU's default
// corpus BLEU: 13a tokenizer, mixed case, exp smoothing, no effective order.
type BLEUOptions struct {
	Tokenize  string // Tok13a ("" means 13a), TokIntl, TokZh, TokChar or TokNone
	Lowercase bool   // lowercase (Python's str.lower) before tokenizing
	Smooth    string // SmoothExp ("" means exp), SmoothFloor, SmoothAddK or SmoothNone
	// SmoothValue is floor's ε or add-k's k; nil means the method's
	// default (0.1, 1). It is ignored by exp and none.
	SmoothValue *float64
	// EffectiveOrder averages only the orders whose total count is not
	// zero (sacreBLEU's effective_order). sacreBLEU's sentence_bleu and
	// its --sentence-level mode turn it on.
	EffectiveOrder bool
	// MaxNgramOrder is the maximum n-gram order N, from 1 to OrderLimit
	// (sacreBLEU's max_ngram_order); 0 means DefaultOrder, 4.
	MaxNgramOrder int
}

// Order returns the maximum n-gram order N in use.
func (o BLEUOptions) Order() int {
	if o.MaxNgramOrder == 0 {
		return DefaultOrder
	}
	return o.MaxNgramOrder
}

func (o BLEUOptions) tokenizer() string {
	if o.Tokenize == "" {
		return Tok13a
	}
	return o.Tokenize
}

func (o BLEUOptions) smooth() string {
	if o.Smooth == "" {
		return SmoothExp
	}
	return o.Smooth
}

// smoothValue returns the value in use for floor and add-k.
func (o BLEUOptions) smoothValue() float64 {
	if o.SmoothValue != nil {
		return *o.SmoothValue
	}
	switch o.smooth() {
	case SmoothFloor:
		return 0.1
	case SmoothAddK:
		return 1
	}
	return 0
}

// Check returns ErrUnknownTokenizer, ErrUnknownSmooth or ErrBadOption
// (a SmoothValue that is negative, infinite or NaN, a MaxNgramOrder
// outside 0…OrderLimit) for bad options.
func (o BLEUOptions) Check() error {
	if !(o.MaxNgramOrder >= 0 && o.MaxNgramOrder <= OrderLimit) {
		return fmt.Errorf("%w: text.BLEUOptions.MaxNgramOrder %d is not an order from 1 to %d", ErrBadOption, o.MaxNgramOrder, OrderLimit)
	}
	if _, err := tokenizerFunc(o.Tokenize); err != nil {
		return err
	}
	switch o.smooth() {
	case SmoothExp, SmoothFloor, SmoothAddK, SmoothNone:
	default:
		return fmt.Errorf("%w %q (want one of %s)", ErrUnknownSmooth, o.Smooth, strings.Join(Smooths, ", "))
	}
	if v := o.smoothValue(); !(v >= 0 && v <= math.MaxFloat64) {
		return fmt.Errorf("%w: smoothing value %v is not a finite number ≥ 0", ErrBadOption, v)
	}
	return nil
}

// Signature returns sacreBLEU's reproducibility signature for these
// options and nrefs references, e.g.
//
//	nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0+evalkit
//
// floor and add-k carry their value: smooth:floor[0.10], smooth:add-k[1.00].
// The version field is SignatureVersion. A MaxNgramOrder other than 4
// adds the field order:N after smooth: sacreBLEU's signature has no field
// for its max_ngram_order (BLEU(max_ngram_order=2).get_signature() prints
// the same string as the default's), so that one field is evalkit's.
func (o BLEUOptions) Signature(nrefs int) string {
	return o.signature(nrefs, nil)
}

func (o BLEUOptions) signature(nrefs int, test *testSig) string {
	sm := o.smooth()
	if sm == SmoothFloor || sm == SmoothAddK {
		sm += "[" + strconv.FormatFloat(o.smoothValue(), 'f', 2, 64) + "]"
	}
	fields := [][2]string{
		{"case", yesNo(o.Lowercase, "lc", "mixed")},
		{"eff", yesNo(o.EffectiveOrder, "yes", "no")},
		{"tok", o.tokenizer()},
		{"smooth", sm},
	}
	if n := o.Order(); n != DefaultOrder {
		fields = append(fields, [2]string{"order", strconv.Itoa(n)})
	}
	return buildSignature(nrefs, test, fields)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// SacreBLEUVersion is the sacreBLEU release whose definitions this package
// reproduces and whose output its tests compare against.
const SacreBLEUVersion = "2.6.0"

// SignatureVersion is the version field of every signature: sacreBLEU's
// version with "+evalkit" as semantic-versioning build metadata. sacreBLEU
// writes its own package version there, so a bare "2.6.0" would claim the
// number came from sacreBLEU; the suffix says it was computed by evalkit
// with sacreBLEU 2.6.0's definitions (and, by this package's tests, to the
// same value). Every other field is exactly sacreBLEU's.
const SignatureVersion = SacreBLEUVersion + "+evalkit"

// testSig is the significance-test part of a signature.
type testSig struct {
	kind string // "bs" or "ar"
	n    int    // resamples or trials
	bs   int    // bootstrap resamples for AR's confidence interval (0: none)
	seed uint64
}

// RNG names the random generator of the resamplings in a signature's
// field rng, after seed: ChaCha8 streams (math/rand/v2) keyed by the seed
// and the resample, not the numpy default_rng (PCG64) stream sacreBLEU
// draws from, so that a seed is not taken to reproduce sacreBLEU's
// resamples. sacreBLEU's signature has no such field.
const RNG = "chacha8"

// buildSignature orders the fields as sacreBLEU does: nrefs (negative:
// "var"), bs, ar, seed (and evalkit's rng), then the metric's fields, then
// version.
func buildSignature(nrefs int, test *testSig, fields [][2]string) string {
	var b strings.Builder
	b.WriteString("nrefs:")
	if nrefs < 0 {
		b.WriteString("var") // a varying number of references
	} else {
		b.WriteString(strconv.Itoa(nrefs))
	}
	if test != nil {
		bs := 0
		if test.kind == "bs" {
			bs = test.n
		} else {
			bs = test.bs
		}
		if bs > 0 {
			b.WriteString("|bs:" + strconv.Itoa(bs))
		}
		if test.kind == "ar" {
			b.WriteString("|ar:" + strconv.Itoa(test.n))
		}
		b.WriteString("|seed:" + strconv.FormatUint(test.seed, 10) + "|rng:" + RNG)
	}
	for _, f := range fields {
		b.WriteString("|" + f[0] + ":" + f[1])
	}
	b.WriteString("|version:" + SignatureVersion)
	return b.String()
}

// BLEUStats is BLEU's sufficient statistic: per-order clipped matches and
// totals, and the hypothesis and (closest) reference lengths in tokens.
// Corpus BLEU is a function of the sum of the sentences' statistics, so
// statistics from any split of the corpus merge exactly with Add.
type BLEUStats struct {
	HypLen, RefLen int64
	// Order is the maximum n-gram order N counted: orders above it are
	// zero. 0 means DefaultOrder, except in the zero value, the empty
	// sum, which takes the order of the first statistics added to it.
	Order  int
	Counts [OrderLimit]int64 // clipped n-gram matches, n = 1…N
	Totals [OrderLimit]int64 // hypothesis n-grams, n = 1…N
}

// order returns the order N of s (0 means DefaultOrder).
func (s *BLEUStats) order() int {
	if s.Order == 0 {
		return DefaultOrder
	}
	return s.Order
}

// Add adds o to s. It panics when both have an order and they differ
// (statistics of another BLEU).
func (s *BLEUStats) Add(o BLEUStats) {
	s.merge(o)
	s.HypLen += o.HypLen
	s.RefLen += o.RefLen
	for i := range OrderLimit {
		s.Counts[i] += o.Counts[i]
		s.Totals[i] += o.Totals[i]
	}
}

// merge sets s's order for adding o to it.
func (s *BLEUStats) merge(o BLEUStats) {
	if s.Order != o.Order {
		if s.Order != 0 && o.Order != 0 {
			panic(fmt.Sprintf("text: adding BLEU statistics of order %d to order %d", o.Order, s.Order))
		}
		s.Order = max(s.Order, o.Order)
	}
}

// Sub subtracts o from s (the inverse of Add).
func (s *BLEUStats) Sub(o BLEUStats) {
	s.merge(o)
	s.HypLen -= o.HypLen
	s.RefLen -= o.RefLen
	for i := range OrderLimit {
		s.Counts[i] -= o.Counts[i]
		s.Totals[i] -= o.Totals[i]
	}
}

// BLEUScore is a BLEU result, with sacreBLEU's fields. Its arrays hold
// orders 1…Order; the rest are zero.
type BLEUScore struct {
	Score      float64             // BLEU in [0, 100]
	Order      int                 // the maximum n-gram order N
	Precisions [OrderLimit]float64 // smoothed n-gram precisions in [0, 100]
	// Counts and Totals are the raw statistics. (With add-k smoothing
	// sacreBLEU's BLEUScore.counts and .totals include the added k for
	// n ≥ 2; these do not.)
	Counts, Totals [OrderLimit]int64
	BP             float64 // brevity penalty
	Ratio          float64 // HypLen / RefLen (0 when RefLen is 0)
	HypLen, RefLen int64
}

// Score returns BLEU from the statistics s. With c_n, t_n the counts and
// totals, h and r the lengths:
//
//	BP   = 1 if h ≥ r, exp(1 − r/h) if 0 < h < r, 0 if h = 0 < r
//	p_n  = 100·c_n/t_n
//	BLEU = BP · exp( Σ_{n=1}^{N'} log p_n / N' )
//
// N' is N (Order; 4 by default), or with EffectiveOrder the number of leading orders with
// t_n > 0. When every c_n is 0 BLEU and every p_n are 0. Otherwise, for an
// order with c_n = 0: exp smoothing sets p_n = 100/(2^k·t_n) for the k-th
// such order; floor sets p_n = 100·ε/t_n; add-k uses
// p_n = 100·(c_n+k)/(t_n+k) for every n ≥ 2; none leaves p_n = 0, which
// makes BLEU 0 (sacreBLEU takes log 0 as −9 999 999 999). An order with
// t_n = 0 ends the loop: its p_n and later ones stay 0. The arithmetic is
// sacreBLEU's, operation for operation. The options must be valid. It
// panics when s has an order other than N.
func (o BLEUOptions) Score(s BLEUStats) BLEUScore {
	order := o.Order()
	if s.Order != 0 && s.Order != order || s.Order == 0 && order != DefaultOrder && s != (BLEUStats{}) {
		panic(fmt.Sprintf("text: BLEU statistics of order %d scored with text.BLEUOptions.MaxNgramOrder %d", s.order(), order))
	}
	res := BLEUScore{Order: order, Counts: s.Counts, Totals: s.Totals, HypLen: s.HypLen, RefLen: s.RefLen, BP: 1}
	if s.RefLen != 0 {
		res.Ratio = float64(s.HypLen) / float64(s.RefLen)
	}
	if s.HypLen < s.RefLen {
		if s.HypLen > 0 {
			res.BP = math.Exp(1 - float64(s.RefLen)/float64(s.HypLen))
		} else {
			res.BP = 0
		}
	}
	any := false
	for _, c := range s.Counts {
		if c != 0 {
			any = true
		}
	}
	if !any {
		return res
	}
	method := o.smooth()
	k := o.smoothValue()
	mteval := 1.0
	eff := order
	for n := 1; n <= order; n++ {
		c, t := float64(s.Counts[n-1]), float64(s.Totals[n-1])
		if method == SmoothAddK && n > 1 {
			c += k
			t += k
		}
		if t == 0 {
			break
		}
		if o.EffectiveOrder {
			eff = n
		}
		if c == 0 {
			switch method {
			case SmoothExp:
				mteval *= 2
				res.Precisions[n-1] = 100 / (mteval * t)
			case SmoothFloor:
				res.Precisions[n-1] = 100 * k / t
			}
		} else {
			res.Precisions[n-1] = 100 * c / t
		}
	}
	sum := 0.0
	for _, p := range res.Precisions[:eff] {
		if p == 0 {
			sum += -9999999999
		} else {
			sum += math.Log(p)
		}
	}
	res.Score = res.BP * math.Exp(sum/float64(eff))
	return res
}

// BLEU computes BLEU statistics for sentences. It is safe for concurrent
// use. Build it with NewBLEU.
type BLEU struct {
	opts  BLEUOptions
	tok   tokFunc
	order int // opts.Order()
}

// NewBLEU returns a BLEU scorer for opts, or opts.Check's error.
func NewBLEU(opts BLEUOptions) (*BLEU, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	tok, _ := tokenizerFunc(opts.Tokenize)
	return &BLEU{opts: opts, tok: tok, order: opts.Order()}, nil
}

// Options returns the options b was built with.
func (b *BLEU) Options() BLEUOptions { return b.opts }

// Score returns BLEU from the statistics s (see BLEUOptions.Score).
func (b *BLEU) Score(s BLEUStats) BLEUScore { return b.opts.Score(s) }

// Signature returns the signature for nrefs references.
func (b *BLEU) Signature(nrefs int) string { return b.opts.Signature(nrefs) }

// bleuWork is one goroutine's scratch space.
type bleuWork struct {
	tb      tokBuf
	ids     map[string]int32 // hypothesis n-gram → index
	hypCnt  []int32          // per index: count in the hypothesis
	order   []int8           // per index: n
	refMax  []int32          // per index: maximum count in one reference
	refCnt  []int32          // per index: count in the current reference
	bounds  []int
	refLens []int64
	// fast path
	vocab  map[string]uint16 // hypothesis token → id (1…)
	tokIDs []uint16
	refIDs []uint16
	grams  u64set
}

// slowPath forces the string-keyed path (tests use it to check both).
var slowPath = false

func newBLEUWork() *bleuWork {
	return &bleuWork{ids: map[string]int32{}, vocab: map[string]uint16{}}
}

// preprocess lowercases, strips trailing whitespace and tokenizes, giving
// tokens separated by single spaces.
func (b *BLEU) preprocess(w *bleuWork, s string) string {
	if b.opts.Lowercase {
		s = pyLower(s)
	}
	return b.tok(&w.tb, pyRstrip(s))
}

// tokenBounds sets w.bounds to the token starts of the single-spaced token
// string s, plus len(s)+1, so token i is s[bd[i] : bd[i+1]-1], and returns
// the number of tokens.
func tokenBounds(w *bleuWork, s string) int {
	if s == "" {
		w.bounds = w.bounds[:0]
		return 0
	}
	bd := append(w.bounds[:0], 0)
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			bd = append(bd, i+1)
		}
	}
	w.bounds = append(bd, len(s)+1)
	return len(w.bounds) - 1
}

// Sentence returns the statistics of hypothesis hyp against its references
// refs: for each order the hypothesis n-grams, each counted at most as
// often as it occurs in any one reference (clipping by the maximum count
// over references), and the reference length closest to the hypothesis
// length (the shorter on a tie). With no references every count and the
// reference length are 0.
func (b *BLEU) Sentence(hyp string, refs []string) BLEUStats {
	return b.sentence(newBLEUWork(), hyp, refs)
}

// sentence indexes the hypothesis n-grams (an n-gram's key is the
// substring of the tokenized line it spans, so no key is allocated), then
// streams each reference's n-grams, counting only those the hypothesis
// has.
func (b *BLEU) sentence(w *bleuWork, hyp string, refs []string) BLEUStats {
	h := b.preprocess(w, hyp)
	if !slowPath && b.order <= 4 {
		if st, ok := b.sentenceFast(w, h, refs); ok {
			return st
		}
	}
	return b.sentenceSlow(w, h, refs)
}

// sentenceFast is sentence with the hypothesis tokens numbered 1, 2, …
// (at most 65 535 distinct ones, else it returns false) and an n-gram's
// key its token ids packed 16 bits each into a uint64 (so orders up to 4;
// higher ones take sentenceSlow). Reference tokens
// absent from the hypothesis get id 0, and n-grams containing them are
// skipped: they cannot match.
func (b *BLEU) sentenceFast(w *bleuWork, h string, refs []string) (BLEUStats, bool) {
	st := BLEUStats{Order: b.order}
	N := b.order
	clear(w.vocab)
	ids := w.tokIDs[:0]
	for i := 0; i < len(h); {
		j := i
		for j < len(h) && h[j] != ' ' {
			j++
		}
		id, ok := w.vocab[h[i:j]]
		if !ok {
			if len(w.vocab) == 65535 {
				return st, false
			}
			id = uint16(len(w.vocab) + 1)
			w.vocab[h[i:j]] = id
		}
		ids = append(ids, id)
		i = j + 1
	}
	w.tokIDs = ids
	ntok := len(ids)
	st.HypLen = int64(ntok)
	w.grams.reset(N * ntok)
	w.hypCnt, w.order = w.hypCnt[:0], w.order[:0]
	for i := range ntok {
		var k uint64
		for n := 1; n <= N && i+n <= ntok; n++ {
			k |= uint64(ids[i+n-1]) << (16 * (n - 1))
			idx, isNew := w.grams.add(k)
			if isNew {
				w.hypCnt = append(w.hypCnt, 0)
				w.order = append(w.order, int8(n))
			}
			w.hypCnt[idx]++
		}
	}
	for n := 1; n <= N; n++ {
		if ntok >= n {
			st.Totals[n-1] = int64(ntok - n + 1)
		}
	}
	nid := len(w.hypCnt)
	w.refMax = append(w.refMax[:0], make([]int32, nid)...)
	w.refLens = w.refLens[:0]
	for k, ref := range refs {
		r := b.preprocess(w, ref)
		rids := w.refIDs[:0]
		for i := 0; i < len(r); {
			j := i
			for j < len(r) && r[j] != ' ' {
				j++
			}
			rids = append(rids, w.vocab[r[i:j]])
			i = j + 1
		}
		w.refIDs = rids
		w.refLens = append(w.refLens, int64(len(rids)))
		cnt := w.refMax
		if k > 0 {
			w.refCnt = append(w.refCnt[:0], make([]int32, nid)...)
			cnt = w.refCnt
		}
		for i := range rids {
			var key uint64
			for n := 1; n <= N && i+n <= len(rids); n++ {
				id := rids[i+n-1]
				if id == 0 {
					break
				}
				key |= uint64(id) << (16 * (n - 1))
				idx := w.grams.get(key)
				if idx < 0 {
					break // the hypothesis has no longer n-gram with this prefix
				}
				cnt[idx]++
			}
		}
		if k > 0 {
			for id, c := range cnt {
				w.refMax[id] = max(w.refMax[id], c)
			}
		}
	}
	st.RefLen = closestRefLen(st.HypLen, w.refLens)
	for id, c := range w.hypCnt {
		st.Counts[w.order[id]-1] += int64(min(c, w.refMax[id]))
	}
	return st, true
}

// sentenceSlow keys n-grams by their text.
func (b *BLEU) sentenceSlow(w *bleuWork, h string, refs []string) BLEUStats {
	st := BLEUStats{Order: b.order}
	N := b.order
	clear(w.ids)
	w.hypCnt, w.order = w.hypCnt[:0], w.order[:0]
	ntok := tokenBounds(w, h)
	st.HypLen = int64(ntok)
	bd := w.bounds
	for n := 1; n <= N; n++ {
		for i := 0; i+n <= ntok; i++ {
			g := h[bd[i] : bd[i+n]-1]
			id, ok := w.ids[g]
			if !ok {
				id = int32(len(w.hypCnt))
				w.ids[g] = id
				w.hypCnt = append(w.hypCnt, 0)
				w.order = append(w.order, int8(n))
			}
			w.hypCnt[id]++
		}
		if ntok >= n {
			st.Totals[n-1] = int64(ntok - n + 1)
		}
	}
	nid := len(w.hypCnt)
	w.refMax = append(w.refMax[:0], make([]int32, nid)...)
	w.refLens = w.refLens[:0]
	for k, ref := range refs {
		r := b.preprocess(w, ref)
		nr := tokenBounds(w, r)
		w.refLens = append(w.refLens, int64(nr))
		cnt := w.refMax
		if k > 0 {
			w.refCnt = append(w.refCnt[:0], make([]int32, nid)...)
			cnt = w.refCnt
		}
		bd := w.bounds
		for n := 1; n <= N; n++ {
			for i := 0; i+n <= nr; i++ {
				if id, ok := w.ids[r[bd[i]:bd[i+n]-1]]; ok {
					cnt[id]++
				}
			}
		}
		if k > 0 {
			for id, c := range cnt {
				w.refMax[id] = max(w.refMax[id], c)
			}
		}
	}
	st.RefLen = closestRefLen(st.HypLen, w.refLens)
	for id, c := range w.hypCnt {
		st.Counts[w.order[id]-1] += int64(min(c, w.refMax[id]))
	}
	return st
}

// closestRefLen returns the reference length closest to hyp, the shorter
// on a tie; 0 for no references.
func closestRefLen(hyp int64, refs []int64) int64 {
	best, bestDiff := int64(0), int64(-1)
	for _, r := range refs {
		d := hyp - r
		if d < 0 {
			d = -d
		}
		if bestDiff < 0 || d < bestDiff || (d == bestDiff && r < best) {
			best, bestDiff = r, d
		}
	}
	return best
}

// Corpus returns the statistics of every sentence: hyps[i] against
// refs[k][i] for each reference set k (refs holds one slice per reference
// "file", as sacreBLEU's corpus_score takes them). The work is spread over
// GOMAXPROCS goroutines. It returns ErrEmpty for no sentences or no
// reference sets and ErrLength when a reference set has a different
// length.
func (b *BLEU) Corpus(hyps []string, refs [][]string) ([]BLEUStats, error) {
	if err := checkCorpus(hyps, refs); err != nil {
		return nil, err
	}
	out := make([]BLEUStats, len(hyps))
	parallel.Chunks(len(hyps), 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
		w := newBLEUWork()
		rs := make([]string, len(refs))
		return func(lo, hi int) {
			for i := lo; i < hi; i++ {
				for k := range refs {
					rs[k] = refs[k][i]
				}
				out[i] = b.sentence(w, hyps[i], rs)
			}
		}
	})
	return out, nil
}

func checkCorpus(hyps []string, refs [][]string) error {
	if len(hyps) == 0 {
		return fmt.Errorf("%w: the hypothesis is empty", ErrEmpty)
	}
	if len(refs) == 0 {
		return fmt.Errorf("%w: no references", ErrEmpty)
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("%w: reference set %d has %d sentences but the hypothesis has %d", ErrLength, k+1, len(r), len(hyps))
		}
	}
	return nil
}

// SumBLEU returns the sum of the statistics.
func SumBLEU(stats []BLEUStats) BLEUStats {
	var s BLEUStats
	for i := range stats {
		s.Add(stats[i])
	}
	return s
}

// CorpusBLEU returns corpus BLEU of hyps against the reference sets refs
// (refs[k][i] is reference k of sentence i), as sacreBLEU's
// corpus_bleu(hyps, refs, …). Errors: those of NewBLEU and BLEU.Corpus.
func CorpusBLEU(hyps []string, refs [][]string, opts BLEUOptions) (BLEUScore, error) {
	b, err := NewBLEU(opts)
	if err != nil {
		return BLEUScore{}, err
	}
	st, err := b.Corpus(hyps, refs)
	if err != nil {
		return BLEUScore{}, err
	}
	return b.Score(SumBLEU(st)), nil
}

// SentenceBLEU returns BLEU of one hypothesis against its references.
// Note that sacreBLEU's sentence_bleu turns EffectiveOrder on by default;
// set it in opts to match. Errors: those of NewBLEU.
func SentenceBLEU(hyp string, refs []string, opts BLEUOptions) (BLEUScore, error) {
	b, err := NewBLEU(opts)
	if err != nil {
		return BLEUScore{}, err
	}
	return b.Score(b.Sentence(hyp, refs)), nil
}
