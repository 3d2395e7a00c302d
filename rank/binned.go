package rank

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/xsum"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Binned is the constant-memory alternative to [Builder]: the scores are
// counted in n equal-width bins over [Lo, Hi) (a score below Lo counts in
// the first bin, one at or above Hi in the last), so memory is O(n)
// whatever the number of samples. Its [Binned.Table] treats each bin as
// one tied score, its lower edge, so every Table measure applies; the AUC
// so computed is off from the exact one by at most [Binned.AUCErrorBound].
// Log loss and Brier score are accumulated exactly from the raw scores.
// Weighted, each bin also keeps its rows and their Σw² of each class, the
// statistics of the table's weighted intervals ([Report.AddIntervals]).
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
	// st, of a weighted grid, is each bin's row counts and Σw² (a
	// float-bit state keeps them in fb.st); nil when unweighted, and in a
	// weighted state that lost them (decoded from encoding version 2, or
	// merged with one that was).
	st *binStats
}

// binStats are the per-bin statistics of a weighted [Binned]'s intervals:
// the rows (of weight > 0) of each class in each bin and the sum of their
// squared weights, parallel to the masses and summed as they are (an
// fsum.Sum per bin, merged in the same order), so that merging states is
// as exact and as independent of the split as for the masses. They are
// what [Table.PosRows], NegRows, PosSq and NegSq hold for an exact table.
type binStats struct {
	posN, negN []int64
	posQ, negQ []fsum.Sum
}

// statsOfMasses returns the statistics of bins whose every row had weight
// 1 (their masses are their counts and their Σw², bit for bit: a sum of
// ones is exact, and Σ1² adds the same ones).
func statsOfMasses(pos, neg []fsum.Sum) *binStats {
	s := &binStats{posN: make([]int64, len(pos)), negN: make([]int64, len(neg)),
		posQ: slices.Clone(pos), negQ: slices.Clone(neg)}
	for i := range pos {
		s.posN[i], s.negN[i] = int64(pos[i].Value()), int64(neg[i].Value())
	}
	return s
}

// add counts a row of weight w > 0 in bin i.
func (s *binStats) add(i int, positive bool, w float64) {
	if positive {
		s.posN[i]++
		s.posQ[i].Add(w * w)
	} else {
		s.negN[i]++
		s.negQ[i].Add(w * w)
	}
}

// addCell adds bin j of o to bin i of s; o nil means unit weights, whose
// statistics are the masses p and n.
func (s *binStats) addCell(i int, o *binStats, j int, p, n fsum.Sum) {
	pn, nn, pq, nq := int64(p.Value()), int64(n.Value()), p, n
	if o != nil {
		pn, nn, pq, nq = o.posN[j], o.negN[j], o.posQ[j], o.negQ[j]
	}
	// Adding an empty sum changes nothing: skip the empty bins.
	if pn != 0 {
		s.posN[i] += pn
		s.posQ[i].Merge(pq)
	}
	if nn != 0 {
		s.negN[i] += nn
		s.negQ[i].Merge(nq)
	}
}

// grow appends k empty bins.
func (s *binStats) grow(k int) {
	s.posN = append(s.posN, make([]int64, k)...)
	s.negN = append(s.negN, make([]int64, k)...)
	s.posQ = append(s.posQ, make([]fsum.Sum, k)...)
	s.negQ = append(s.negQ, make([]fsum.Sum, k)...)
}

// stats returns b's per-bin statistics (nil when it keeps none).
func (b *Binned) stats() *binStats {
	if b.fb != nil {
		return b.fb.st
	}
	return b.st
}

// hasStats reports whether b's table can have intervals: unweighted, or
// weighted with its bins' row counts and Σw².
func (b *Binned) hasStats() bool { return !b.weighted || b.stats() != nil }

// setStats sets b's per-bin statistics.
func (b *Binned) setStats(s *binStats) {
	if b.fb != nil {
		b.fb.st = s
	} else {
		b.st = s
	}
}

// startWeights marks b weighted, deriving its bins' statistics from the
// unit weights it held so far.
func (b *Binned) startWeights() {
	b.weighted = true
	if b.fb != nil {
		b.fb.st = statsOfMasses(b.fb.pos, b.fb.neg)
	} else {
		b.st = statsOfMasses(b.pos, b.neg)
	}
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
	if weight != 1 && !b.weighted {
		b.startWeights()
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
	if b.st != nil {
		b.st.add(i, positive, weight)
	}
}

// Merge adds the contents of o to b. It panics if their grids differ.
func (b *Binned) Merge(o *Binned) {
	if b.Lo != o.Lo || b.Hi != o.Hi || len(b.pos) != len(o.pos) || (b.fb == nil) != (o.fb == nil) {
		panic("rank: Binned.Merge: different grids")
	}
	// The merged bins keep their statistics when both states have them
	// (an unweighted state's are its counts).
	switch {
	case !b.hasStats() || !o.hasStats():
		b.setStats(nil)
	case o.weighted && !b.weighted:
		b.startWeights()
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
		if b.st != nil {
			b.st.addCell(i, o.st, i, o.pos[i], o.neg[i])
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
		t.addStats(b.st, i)
	}
	return t
}

// addStats appends bin i of st (nil: none) to t's per-cell statistics.
func (t *Table) addStats(st *binStats, i int) {
	if st == nil {
		return
	}
	t.PosRows = append(t.PosRows, float64(st.posN[i]))
	t.NegRows = append(t.NegRows, float64(st.negN[i]))
	t.PosSq = append(t.PosSq, st.posQ[i].Value())
	t.NegSq = append(t.NegSq, st.negQ[i].Value())
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

// LogLossSum returns the exact summed log loss of the raw scores, as
// [Table.LogLossSum] with the default clipping; ErrNotProbability if a
// score was outside [0, 1].
func (b *Binned) LogLossSum() (float64, error) {
	if _, err := b.LogLoss(); err != nil {
		return math.NaN(), err
	}
	return b.ll.Value(), nil
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
// Memory is at most 4n bins (32 bytes each; 80 weighted, with the bins'
// row counts and Σw²) and 4096 indices.
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
	st       *binStats  // the cells' row counts and Σw² (see Binned.st)
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
	if f.st != nil {
		f.st.add(i, positive, w)
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
		if f.st != nil {
			f.st.grow(1 << f.m)
		}
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
		if s := f.st; s != nil {
			pn, nn, pq, nq := s.posN[2*c], s.negN[2*c], s.posQ[2*c], s.negQ[2*c]
			if s.posN[2*c+1] != 0 {
				pn += s.posN[2*c+1]
				pq.Merge(s.posQ[2*c+1])
			}
			if s.negN[2*c+1] != 0 {
				nn += s.negN[2*c+1]
				nq.Merge(s.negQ[2*c+1])
			}
			s.posN[c], s.negN[c], s.posQ[c], s.negQ[c] = pn, nn, pq, nq
		}
	}
	f.pos, f.neg = f.pos[:f.blocks*h], f.neg[:f.blocks*h]
	if s := f.st; s != nil {
		k := f.blocks * h
		s.posN, s.negN, s.posQ, s.negQ = s.posN[:k], s.negN[:k], s.posQ[:k], s.negQ[:k]
	}
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
			f.addSums(k, p, n, o.st, i)
		}
	}
	for f.used > f.max && f.m > 0 {
		f.coarsen()
	}
}

// addSums adds the sums of one cell of key k to f's cell of that key,
// and, when f keeps statistics, cell j of st (nil: unit weights) to its.
func (f *floatBins) addSums(k uint64, p, n fsum.Sum, st *binStats, j int) {
	i := f.cell(k)
	if p != (fsum.Sum{}) {
		f.pos[i].Merge(p)
	}
	if n != (fsum.Sum{}) {
		f.neg[i].Merge(n)
	}
	if f.st != nil {
		f.st.addCell(i, st, j, p, n)
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
			t.addStats(f.st, i)
		}
	}
}
