package rank

import (
	"fmt"
	"github.com/evalkit-go/evalkit/internal/xsum"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Binned is the constant-memory alternative to [Builder]: the scores are
// counted in n equal-width bins over [Lo, Hi) (a score below Lo counts in
// the first bin, one at or above Hi in the last), so memory is O(n)
// whatever the number of samples. Its [Binned.Table] treats each bin as
// one tied score, its lower edge, so every Table measure applies; the AUC
// so computed is off from the exact one by at most [Binned.AUCErrorBound].
// Log loss and Brier score are accumulated exactly from the raw scores.
//
// [NewBinnedBits] makes bins on the order-preserving bits of the float
// instead, needing no range: see there.
type Binned struct {
	Lo, Hi   float64
	pos, neg []fsum.Sum
	fb       *floatBins // bins on the float bits; nil for a grid over [Lo, Hi)
	rows     int64
	weighted bool
	outside  int64 // scores outside [Lo, Hi]
	notProb  bool  // some score outside [0, 1]
	// The log loss and Brier sums and the mass, exact (internal/xsum): the
	// same bits however the rows were split into states and merged.
	ll, br xsum.Sum
	mass   xsum.Sum
}

// NewBinned returns an empty binned accumulator of n bins over [lo, hi).
// It panics if n < 1 or !(lo < hi) or a bound is not finite.
func NewBinned(n int, lo, hi float64) *Binned {
	if n < 1 || !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		panic(fmt.Sprintf("rank: NewBinned(%d, %v, %v): need n ≥ 1 and finite lo < hi", n, lo, hi))
	}
	return &Binned{Lo: lo, Hi: hi, pos: make([]fsum.Sum, n), neg: make([]fsum.Sum, n)}
}

// Bins returns the number of bins: for bins on the float bits, the number
// of bins that hold a sample.
func (b *Binned) Bins() int {
	if b.fb != nil {
		return b.fb.used
	}
	return len(b.pos)
}

// FloatBits reports whether b bins the bits of the floats ([NewBinnedBits]).
func (b *Binned) FloatBits() bool { return b.fb != nil }

// Edge returns the lower edge of bin i, Lo + i·(Hi − Lo)/n.
func (b *Binned) Edge(i int) float64 {
	return b.Lo + float64(i)*(b.Hi-b.Lo)/float64(len(b.pos))
}

// Outside returns the number of samples whose score fell outside
// [Lo, Hi] and was counted in an end bin.
func (b *Binned) Outside() int64 { return b.outside }

// Add adds one sample; errors as [Builder.Add].
func (b *Binned) Add(score float64, positive bool, weight float64) error {
	if math.IsNaN(score) || math.IsInf(score, 0) {
		return errorf(ErrNotFinite, "score %v", score)
	}
	if math.IsNaN(weight) || math.IsInf(weight, 0) {
		return errorf(ErrNotFinite, "weight %v", weight)
	}
	if weight < 0 {
		return errorf(ErrNegativeWeight, "weight %v", weight)
	}
	b.rows++
	if weight != 1 {
		b.weighted = true
	}
	if weight == 0 {
		return nil
	}
	if b.fb != nil {
		b.fb.add(key(score+0), positive, weight)
	} else {
		b.addGrid(score, positive, weight)
	}
	b.mass.Add(weight)
	if !(score >= 0 && score <= 1) {
		b.notProb = true
		return nil
	}
	p := min(max(score, Eps), 1-Eps)
	q := 1 - p
	z := q + p
	if positive {
		b.ll.Add(-weight * math.Log(p/z))
		b.br.Add(weight * (1 - score) * (1 - score))
	} else {
		b.ll.Add(-weight * math.Log(q/z))
		b.br.Add(weight * score * score)
	}
	return nil
}

func (b *Binned) addGrid(score float64, positive bool, weight float64) {
	n := len(b.pos)
	f := (score - b.Lo) / (b.Hi - b.Lo) * float64(n)
	i := int(math.Floor(max(min(f, float64(n)), -1)))
	if score < b.Lo || score > b.Hi {
		b.outside++
	}
	i = min(max(i, 0), n-1)
	if positive {
		b.pos[i].Add(weight)
	} else {
		b.neg[i].Add(weight)
	}
}

// Merge adds the contents of o to b. It panics if their grids differ.
func (b *Binned) Merge(o *Binned) {
	if b.Lo != o.Lo || b.Hi != o.Hi || len(b.pos) != len(o.pos) || (b.fb == nil) != (o.fb == nil) {
		panic("rank: Binned.Merge: different grids")
	}
	if b.fb != nil {
		b.fb.merge(o.fb)
	}
	for i := range b.pos {
		// Adding an empty sum changes nothing: skip the empty bins.
		if o.pos[i] != (fsum.Sum{}) {
			b.pos[i].Merge(o.pos[i])
		}
		if o.neg[i] != (fsum.Sum{}) {
			b.neg[i].Merge(o.neg[i])
		}
	}
	b.rows += o.rows
	b.weighted = b.weighted || o.weighted
	b.outside += o.outside
	b.notProb = b.notProb || o.notProb
	b.ll.Merge(&o.ll)
	b.br.Merge(&o.br)
	b.mass.Merge(&o.mass)
}

// Reset empties b, keeping its grid and memory.
func (b *Binned) Reset() {
	clear(b.pos)
	clear(b.neg)
	fb := b.fb
	if fb != nil {
		fb = newFloatBins(fb.max)
	}
	*b = Binned{Lo: b.Lo, Hi: b.Hi, pos: b.pos, neg: b.neg, fb: fb}
}

// Table returns the score table of the binned data: one score per
// non-empty bin, its lower edge.
func (b *Binned) Table() *Table {
	t := &Table{Rows: b.rows, Weighted: b.weighted}
	if b.fb != nil {
		b.fb.table(t)
		return t
	}
	for i := len(b.pos) - 1; i >= 0; i-- {
		p, n := b.pos[i].Value(), b.neg[i].Value()
		if p == 0 && n == 0 {
			continue
		}
		t.Score = append(t.Score, b.Edge(i))
		t.Pos = append(t.Pos, p)
		t.Neg = append(t.Neg, n)
	}
	return t
}

// AUCErrorBound returns the largest possible difference between the AUC
// of [Binned.Table] and the exact AUC of the samples: the pairs of a
// positive and a negative in the same bin count ½ but could be ordered
// either way, so
//
//	|AUC_binned − AUC| ≤ ½ Σ_b pos_b neg_b / (W⁺ W⁻).
//
// It returns ErrOneClass when a class is missing.
func (b *Binned) AUCErrorBound() (float64, error) {
	t := b.Table()
	p, n, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	var s fsum.Sum
	for g := range t.Score {
		s.Add(t.Pos[g] * t.Neg[g])
	}
	return s.Value() / 2 / p / n, nil
}

// LogLoss returns the exact log loss of the raw scores, as
// [Table.LogLoss]; ErrNotProbability if a score was outside [0, 1].
func (b *Binned) LogLoss() (float64, error) {
	if b.mass.Value() == 0 {
		return math.NaN(), ErrEmpty
	}
	if b.notProb {
		return math.NaN(), errorf(ErrNotProbability, "a score is outside [0, 1]")
	}
	return b.ll.Value() / b.mass.Value(), nil
}

// Brier returns the exact Brier score of the raw scores, as
// [Table.Brier]; ErrNotProbability if a score was outside [0, 1].
func (b *Binned) Brier() (float64, error) {
	if b.mass.Value() == 0 {
		return math.NaN(), ErrEmpty
	}
	if b.notProb {
		return math.NaN(), errorf(ErrNotProbability, "a score is outside [0, 1]")
	}
	return b.br.Value() / b.mass.Value(), nil
}

// NewBinnedBits returns an empty binned accumulator of at most n bins
// (n ≥ 1) on the order-preserving bits of the scores: a bin is every score
// whose float64 has the same sign, exponent and first m bits of mantissa,
// so the bins are fine everywhere — a score near 0.001 and one near 1000
// are binned to the same relative precision, 2⁻ᵐ, like a histogram on a
// log scale — and no range is needed. m starts as large as n allows and
// drops by one (every bin merging with its neighbour) whenever more than
// n bins would hold a sample; a bin is a tied score at its lower edge, as
// in [NewBinned]. When the samples span more than n binary orders of
// magnitude, each order is one bin and there are more than n of them.
// Memory is at most 4n bins (32 bytes each) and 4096 indices.
func NewBinnedBits(n int) *Binned {
	if n < 1 {
		panic(fmt.Sprintf("rank: NewBinnedBits(%d): need n ≥ 1", n))
	}
	return &Binned{fb: newFloatBins(n)}
}

// floatBins are the bins of [NewBinnedBits]. The top 12 bits of a key (its
// octave: the sign and exponent of the score) index a block of 2^m cells,
// allocated when a score first falls in that octave; the next m bits index
// the cell in the block.
type floatBins struct {
	max      int // n: the most cells that may hold a sample
	m        uint
	block    [4096]int32 // octave → block number + 1; 0: none
	blocks   int
	pos, neg []fsum.Sum // blocks × 2^m cells
	used     int        // cells holding a sample
}

func newFloatBins(n int) *floatBins {
	m := uint(0)
	for m < 52 && 1<<(m+1) <= n {
		m++
	}
	return &floatBins{max: n, m: m}
}

func (f *floatBins) add(k uint64, positive bool, w float64) {
	i := f.cell(k)
	if positive {
		f.pos[i].Add(w)
	} else {
		f.neg[i].Add(w)
	}
	for f.used > f.max && f.m > 0 {
		f.coarsen()
	}
}

// cell returns the index of the cell of key k, allocating the block of its
// octave (after coarsening, if the blocks would pass 4n cells) and
// counting the cell as used.
func (f *floatBins) cell(k uint64) int {
	o := k >> 52
	if f.block[o] == 0 {
		for f.m > 0 && (f.blocks+1)<<f.m > 4*f.max {
			f.coarsen()
		}
		f.blocks++
		f.block[o] = int32(f.blocks)
		f.pos = append(f.pos, make([]fsum.Sum, 1<<f.m)...)
		f.neg = append(f.neg, make([]fsum.Sum, 1<<f.m)...)
	}
	// k<<12 drops the octave; a shift by 64 (m = 0) gives 0.
	i := int(f.block[o]-1)<<f.m + int(k<<12>>(64-f.m))
	if f.pos[i] == (fsum.Sum{}) && f.neg[i] == (fsum.Sum{}) {
		f.used++
	}
	return i
}

// coarsen halves the cells of every block, merging neighbours.
func (f *floatBins) coarsen() {
	h := 1 << (f.m - 1)
	f.used = 0
	for c := 0; c < f.blocks*h; c++ {
		p, n := f.pos[2*c], f.neg[2*c]
		if q := f.pos[2*c+1]; q != (fsum.Sum{}) {
			p.Merge(q)
		}
		if q := f.neg[2*c+1]; q != (fsum.Sum{}) {
			n.Merge(q)
		}
		f.pos[c], f.neg[c] = p, n
		if p != (fsum.Sum{}) || n != (fsum.Sum{}) {
			f.used++
		}
	}
	f.pos, f.neg = f.pos[:f.blocks*h], f.neg[:f.blocks*h]
	f.m--
}

// merge adds the cells of o (coarsened to the coarser of the two).
func (f *floatBins) merge(o *floatBins) {
	if o.m < f.m {
		for f.m > o.m {
			f.coarsen()
		}
	}
	for oct, bl := range o.block {
		if bl == 0 {
			continue
		}
		for c := 0; c < 1<<o.m; c++ {
			i := int(bl-1)<<o.m + c
			p, n := o.pos[i], o.neg[i]
			if p == (fsum.Sum{}) && n == (fsum.Sum{}) {
				continue
			}
			// The lowest key of the cell: octave, then the cell's bits.
			k := uint64(oct)<<52 | uint64(c)<<(52-o.m)
			f.addSums(k, p, n)
		}
	}
	for f.used > f.max && f.m > 0 {
		f.coarsen()
	}
}

// addSums adds the sums of one cell of key k to f's cell of that key.
func (f *floatBins) addSums(k uint64, p, n fsum.Sum) {
	i := f.cell(k)
	if p != (fsum.Sum{}) {
		f.pos[i].Merge(p)
	}
	if n != (fsum.Sum{}) {
		f.neg[i].Merge(n)
	}
}

// table appends the cells that hold a sample to t, in decreasing order,
// each as a tied score at the lowest value of the cell.
func (f *floatBins) table(t *Table) {
	for oct := len(f.block) - 1; oct >= 0; oct-- {
		bl := f.block[oct]
		if bl == 0 {
			continue
		}
		for c := 1<<f.m - 1; c >= 0; c-- {
			i := int(bl-1)<<f.m + c
			p, n := f.pos[i].Value(), f.neg[i].Value()
			if f.pos[i] == (fsum.Sum{}) && f.neg[i] == (fsum.Sum{}) {
				continue
			}
			k := uint64(oct)<<52 | uint64(c)<<(52-f.m)
			t.Score = append(t.Score, unkey(k)+0)
			t.Pos = append(t.Pos, p)
			t.Neg = append(t.Neg, n)
		}
	}
}
