package rank

import (
	"math"
	"slices"
	"sync"
	"unsafe"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/slab"
)

// Table is the exact score table of a binary problem, the sufficient
// statistic of every measure in this package that depends on the ranking:
// the distinct scores in decreasing order with the weighted mass of
// positives and negatives at each. Samples of weight zero do not appear
// (as in scikit-learn, they do not create thresholds).
//
// A Table is built by a [Builder] (or [NewTable]) and combined with
// [Merge]; measures are methods. The fields are exported for inspection
// and serialisation; a Table must not be modified after it is built.
type Table struct {
	Score []float64 // distinct scores, strictly decreasing
	Pos   []float64 // positive mass at Score[i] (a count when unweighted)
	Neg   []float64 // negative mass at Score[i]
	// Rows counts the samples added, including those of weight zero.
	Rows int64
	// Weighted reports whether any sample had a weight other than 1.
	Weighted bool
	// PosRows and NegRows count the rows (of weight > 0) at Score[i], and
	// PosSq and NegSq sum their squared weights: the per-cell statistics
	// of a weighted table's intervals ([Report.AddIntervals]). A weighted
	// table built from rows ([Builder], [NewTable], [Spill]) has them, and
	// [Merge], [Concat] and the binary encoding keep them, and so does a
	// weighted [Binned] (each bin's); they are nil in an unweighted table
	// (its counts are Pos and Neg) and in a weighted table that lost them
	// (the encoding of version 1, binned scores of encoding version 2).
	PosRows, NegRows []float64
	PosSq, NegSq     []float64

	totals sync.Once
	p, n   float64 // W⁺, W⁻
	cums   sync.Once
	tp, fp []float64 // cumulative masses, see cum
	// npFlat, for a weighted table built from rows, marks (bit i) the
	// thresholds where scikit-learn's roc_curve finds both second
	// differences of its cumulative sums zero; see [Table.ROC].
	npFlat []uint64
}

// Len returns the number of distinct scores.
func (t *Table) Len() int { return len(t.Score) }

// Positives returns the positive mass W⁺ (the number of positives when
// unweighted).
func (t *Table) Positives() float64 { t.sums(); return t.p }

// Negatives returns the negative mass W⁻.
func (t *Table) Negatives() float64 { t.sums(); return t.n }

// sums computes W⁺ and W⁻ once. A Table is safe for concurrent use.
func (t *Table) sums() {
	t.totals.Do(func() {
		if t.Weighted {
			t.p, t.n = fsum.Of(t.Pos), fsum.Of(t.Neg)
			return
		}
		// Counts: the plain sums are exact integers, the compensated
		// sums' bits, without compensation.
		t.p, t.n = plainSum(t.Pos), plainSum(t.Neg)
	})
}

func plainSum(a []float64) float64 {
	var s0, s1 float64 // two chains; each sum of integers is exact
	i := 0
	for ; i+1 < len(a); i += 2 {
		s0 += a[i]
		s1 += a[i+1]
	}
	if i < len(a) {
		s0 += a[i]
	}
	return s0 + s1
}

// check returns W⁺ and W⁻, or ErrEmpty / ErrOneClass.
func (t *Table) check() (p, n float64, err error) {
	p, n = t.Positives(), t.Negatives()
	switch {
	case len(t.Score) == 0:
		return p, n, ErrEmpty
	case p == 0:
		return p, n, errorf(ErrOneClass, "no positive samples")
	case n == 0:
		return p, n, errorf(ErrOneClass, "no negative samples")
	case !(p <= math.MaxFloat64) || !(n <= math.MaxFloat64):
		return p, n, massesErr(p, n)
	}
	return p, n, nil
}

// squaresErr returns an ErrWeightRange error when the sum of the squared
// weights of a class is not a normal float64 (it overflowed, or every
// square underflowed), so that the effective numbers and variances built
// on it would be wrong; nil for an unweighted table.
func (t *Table) squaresErr() error {
	if !t.Weighted || t.PosSq == nil {
		return nil
	}
	qp, qn := t.sqSums()
	for _, q := range []float64{qp, qn} {
		if q < 0x1p-1022 {
			return errorf(ErrWeightRange, "the squared weights sum below %g (weights under about 1.5e-154; multiplying every weight by one constant changes no measure)", 0x1p-1022)
		}
		if !(q <= math.MaxFloat64) { // +Inf, or NaN from a compensated sum of infinities
			return errorf(ErrWeightRange, "the squared weights sum past %g (weights above about 1.3e154; dividing every weight by one constant changes no measure)", math.MaxFloat64)
		}
	}
	return nil
}

// cum returns the cumulative (inclusive) true- and false-positive masses at
// each distinct threshold, in decreasing score order, summed with
// compensation.
// They are computed once and shared: callers must not modify them.
// Unweighted masses are integers, summed exactly without compensation.
func (t *Table) cum() (tp, fp []float64) {
	t.cums.Do(func() { t.fillCum(make([]float64, len(t.Score)), make([]float64, len(t.Score))) })
	return t.tp, t.fp
}

// fillCum sets t.tp and t.fp to the cumulative masses, written into tp and
// fp (of length t.Len()).
func (t *Table) fillCum(tp, fp []float64) {
	t.tp, t.fp = tp, fp
	c := cumAcc{weighted: t.Weighted}
	c.fill(&segment{score: t.Score, pos: t.Pos, neg: t.Neg}, tp, fp)
}

// cumAcc is the running cumulative masses of [Table.cum].
type cumAcc struct {
	weighted bool
	a, b     float64
	sa, sb   fsum.Sum
}

// last returns the cumulative masses so far.
func (c *cumAcc) last() (tp, fp float64) {
	if !c.weighted {
		return c.a, c.b
	}
	return c.sa.Value(), c.sb.Value()
}

// fill writes the cumulative masses at the rows of sg into tp and fp.
func (c *cumAcc) fill(sg *segment, tp, fp []float64) {
	if !c.weighted {
		a, b := c.a, c.b
		for i := range sg.score {
			a += sg.pos[i]
			b += sg.neg[i]
			tp[i], fp[i] = a, b
		}
		c.a, c.b = a, b
		return
	}
	for i := range sg.score {
		c.sa.Add(sg.pos[i])
		c.sb.Add(sg.neg[i])
		tp[i], fp[i] = c.sa.Value(), c.sb.Value()
	}
}

// Builder accumulates samples for a [Table]. Its zero value is empty and
// ready to use. Memory is 8 bytes per sample (16 with weights).
type Builder struct {
	posK, negK []uint64
	posW, negW []float64 // nil while every weight has been 1
	rows       int64
	// sortedLen holds the key counts when the keys were last sorted in
	// place (see isSorted): no key was added since when they still match.
	sortedLen [2]int
	// sortBuf, when it holds at least the keys held, is the buffer of
	// the sort (sortKeys) rather than memory of its own.
	sortBuf []uint64
}

// isSorted reports whether the keys are sorted: none was added since
// they were last sorted in place (Reset starts an empty, sorted builder).
func (b *Builder) isSorted() bool { return b.sortedLen == [2]int{len(b.posK), len(b.negK)} }

// Bytes returns the memory the builder's rows hold: 8 bytes a row, 16
// once weighted.
func (b *Builder) Bytes() int64 {
	return 8 * int64(cap(b.posK)+cap(b.negK)+cap(b.posW)+cap(b.negW))
}

// Add adds one sample. It returns an error wrapping ErrNotFinite for a NaN
// or infinite score or weight and ErrNegativeWeight for a negative weight;
// the sample is then not added.
func (b *Builder) Add(score float64, positive bool, weight float64) error {
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
	if weight == 0 {
		return nil
	}
	if weight != 1 && b.posW == nil {
		b.posW = ones(len(b.posK), cap(b.posK))
		b.negW = ones(len(b.negK), cap(b.negK))
	}
	k := key(score + 0) // +0 folds −0 into +0
	if positive {
		b.posK = append(b.posK, k)
		if b.posW != nil {
			b.posW = append(b.posW, weight)
		}
	} else {
		b.negK = append(b.negK, k)
		if b.negW != nil {
			b.negW = append(b.negW, weight)
		}
	}
	return nil
}

// AddPositive adds an unweighted positive; AddNegative an unweighted
// negative. They skip the checks of Add: the caller guarantees a finite
// score. They are the fast path for large unweighted inputs.
func (b *Builder) AddPositive(score float64) { b.add1(score, true) }

// AddNegative adds an unweighted negative with a finite score.
func (b *Builder) AddNegative(score float64) { b.add1(score, false) }

func (b *Builder) add1(score float64, positive bool) {
	b.rows++
	k := key(score + 0)
	if positive {
		b.posK = append(b.posK, k)
		if b.posW != nil {
			b.posW = append(b.posW, 1)
		}
	} else {
		b.negK = append(b.negK, k)
		if b.negW != nil {
			b.negW = append(b.negW, 1)
		}
	}
}

// Grow reserves room for n more samples of each class, carved from slabs
// of huge pages once much is held (slab.Carve): the reservations of many
// small builders (one a slice of rank --by) then fault once per 2 MiB
// rather than once per 4 KiB as they fill.
func (b *Builder) Grow(pos, neg int) {
	if cap(b.posK)-len(b.posK) < pos {
		b.posK = append(slab.Carve[uint64](len(b.posK)+pos), b.posK...)
	}
	if cap(b.negK)-len(b.negK) < neg {
		b.negK = append(slab.Carve[uint64](len(b.negK)+neg), b.negK...)
	}
}

// Merge appends the samples of o to b, as if they had been added to b
// after its own; o is not modified. The table of builders merged in input
// order is the table of one builder fed every sample in that order, to the
// last bit (a weighted tie's mass is summed in input order); unweighted,
// the order does not matter at all.
func (b *Builder) Merge(o *Builder) {
	b.rows += o.rows
	if o.posW != nil && b.posW == nil {
		b.posW = ones(len(b.posK), len(b.posK)+len(o.posK))
		b.negW = ones(len(b.negK), len(b.negK)+len(o.negK))
	}
	if b.posW != nil {
		if o.posW != nil {
			b.posW = append(b.posW, o.posW...)
			b.negW = append(b.negW, o.negW...)
		} else {
			b.posW = appendOnes(b.posW, len(o.posK))
			b.negW = appendOnes(b.negW, len(o.negK))
		}
	}
	b.posK = appendKeys(b.posK, o.posK)
	b.negK = appendKeys(b.negK, o.negK)
}

// appendKeys is append(dst, src...), growing dst in memory of huge pages
// when large (slab.Make): merging the builders of 10⁷ rows' chunks copies
// their keys to a new array at each doubling, each new page faulted in.
func appendKeys(dst, src []uint64) []uint64 {
	if n := len(dst) + len(src); n > cap(dst) {
		dst = append(slab.Make[uint64](0, max(n, 2*cap(dst))), dst...)
	}
	return append(dst, src...)
}

// Reset empties b but keeps its memory for reuse.
func (b *Builder) Reset() {
	b.posK, b.negK, b.rows = b.posK[:0], b.negK[:0], 0
	b.posW, b.negW = nil, nil
	b.sortedLen = [2]int{}
}

// Len returns the number of positive and negative samples held (those of
// weight zero are counted in Rows but not held).
func (b *Builder) Len() (pos, neg int) { return len(b.posK), len(b.negK) }

func appendOnes(w []float64, n int) []float64 {
	for range n {
		w = append(w, 1)
	}
	return w
}

func ones(n, c int) []float64 {
	w := make([]float64, n, max(c, n))
	for i := range w {
		w[i] = 1
	}
	return w
}

// Rows returns the number of samples added so far.
func (b *Builder) Rows() int64 { return b.rows }

// Table sorts the samples (a radix sort on the bits of the scores) and
// returns their score table. The builder is left empty.
func (b *Builder) Table() *Table {
	t := &Table{Rows: b.rows, Weighted: b.posW != nil}
	var buf []uint64
	if !b.isSorted() {
		buf = b.sortKeys()
	}
	t.fill(b.posK, b.negK, b.posW, b.negW, buf)
	*b = Builder{}
	return t
}

// fill merges two increasing key lists (with optional weights) into the
// decreasing table. spare, when it is not nil, is memory that is free
// (the sort's buffer): the scores are written there when they fill at
// least half of it, which saves allocating them anew.
func (t *Table) fill(pk, nk []uint64, pw, nw []float64, spare []uint64) {
	if pw == nil && len(pk)+len(nk) >= parallelFill {
		t.fillHalves(pk, nk, spare)
		return
	}
	// Count distinct keys first so the table is allocated once.
	d := distinctKeys(pk, nk)
	t.alloc(d, spare)
	var np *npCum
	var st *cellStats
	if pw != nil {
		np = &npCum{flat: make([]uint64, (d+63)/64)}
		t.npFlat = np.flat
		t.PosRows, t.NegRows = make([]float64, d), make([]float64, d)
		t.PosSq, t.NegSq = make([]float64, d), make([]float64, d)
		st = &cellStats{t.PosRows, t.NegRows, t.PosSq, t.NegSq}
	}
	fillRows(t.Score, t.Pos, t.Neg, st, 0, pk, nk, pw, nw, np)
}

// alloc allocates the scores and counts of d rows; the scores are
// written in spare (free memory: the sort's buffer) when they fill at
// least half of it.
func (t *Table) alloc(d int, spare []uint64) {
	if d > 0 && 2*d >= len(spare) && d <= len(spare) {
		// The same 8 bytes a value: a float64 view of the spare keys.
		t.Score = unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(spare))), d)
		pn := slab.Make[float64](2*d, 2*d)
		t.Pos, t.Neg = pn[:d:d], pn[d:]
		return
	}
	all := slab.Make[float64](3*d, 3*d) // one allocation
	t.Score, t.Pos, t.Neg = all[:d:d], all[d:2*d:2*d], all[2*d:]
}

// parallelFill is the number of unweighted samples from which fill
// builds the table on two goroutines.
const parallelFill = 1 << 20

// fillHalves is fill of unweighted keys on two goroutines: the keys above
// a split key (the table's first rows) and those at or below it are
// counted and written apart, each half being the table of its own keys.
func (t *Table) fillHalves(pk, nk []uint64, spare []uint64) {
	// The split key: the middle of the longer list.
	var split uint64
	if len(pk) >= len(nk) {
		split = pk[len(pk)/2]
	} else {
		split = nk[len(nk)/2]
	}
	ip, _ := slices.BinarySearch(pk, split+1) // pk[ip:] > split (keys are below 2⁶⁴−1: finite scores)
	jn, _ := slices.BinarySearch(nk, split+1)
	var d1, d2 int
	var wg sync.WaitGroup
	wg.Go(func() { d1 = distinctKeys(pk[ip:], nk[jn:]) })
	d2 = distinctKeys(pk[:ip], nk[:jn])
	wg.Wait()
	d := d1 + d2
	t.alloc(d, spare)
	wg.Go(func() { fillRows(t.Score[:d1], t.Pos[:d1], t.Neg[:d1], nil, 0, pk[ip:], nk[jn:], nil, nil, nil) })
	fillRows(t.Score[d1:], t.Pos[d1:], t.Neg[d1:], nil, d1, pk[:ip], nk[:jn], nil, nil, nil)
	wg.Wait()
}

// cellStats is where fillRows writes a weighted table's per-cell row
// counts and sums of squared weights (see [Table.PosRows]).
type cellStats struct{ posRows, negRows, posSq, negSq []float64 }

// hasStats reports whether t has the per-cell row counts and sums of
// squared weights its intervals need: an unweighted table (they are its
// counts) or a weighted one that keeps them.
func (t *Table) hasStats() bool { return !t.Weighted || t.PosRows != nil }

// stats returns t's per-cell row counts and sums of squared weights (an
// unweighted table's counts for both); hasStats must hold.
func (t *Table) stats() (posRows, negRows, posSq, negSq []float64) {
	if !t.Weighted {
		return t.Pos, t.Neg, t.Pos, t.Neg
	}
	return t.PosRows, t.NegRows, t.PosSq, t.NegSq
}

// distinctKeys returns the number of distinct keys in two increasing lists.
func distinctKeys(pk, nk []uint64) int {
	d := 0
	i, j := len(pk)-1, len(nk)-1
	for i >= 0 || j >= 0 {
		// The greater head, and each list past it, without a branch on
		// which list holds it (random data would mispredict it half
		// the time): a list at its end reads as key 0, below every key of
		// a finite score.
		var a, b uint64
		if i >= 0 {
			a = pk[i]
		}
		if j >= 0 {
			b = nk[j]
		}
		k := max(a, b)
		i -= b2i(a == k)
		j -= b2i(b == k)
		for i >= 0 && pk[i] == k { // ties within a class
			i--
		}
		for j >= 0 && nk[j] == k {
			j--
		}
		d++
	}
	return d
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// fillRows writes the distinct keys of two increasing key lists (with
// their weights, or nil) into score, pos and neg (each as long as there
// are distinct keys), in decreasing order, and, when weighted and st is
// not nil, each cell's rows and Σw² into st (columns as long); they are rows g0, g0+1,
// … of the table, which is what np (nil when unweighted) counts in.
func fillRows(score, pos, neg []float64, st *cellStats, g0 int, pk, nk []uint64, pw, nw []float64, np *npCum) {
	i, j := len(pk)-1, len(nk)-1
	for g := range score {
		var k uint64
		if pw == nil {
			// As distinctKeys: no branch on which list holds the key.
			var a, b uint64
			if i >= 0 {
				a = pk[i]
			}
			if j >= 0 {
				b = nk[j]
			}
			k = max(a, b)
			score[g] = unkey(k)
			c := i
			i -= b2i(a == k)
			for i >= 0 && pk[i] == k {
				i--
			}
			pos[g] = float64(c - i)
			c = j
			j -= b2i(b == k)
			for j >= 0 && nk[j] == k {
				j--
			}
			neg[g] = float64(c - j)
			if st != nil { // unit weights in a weighted table
				st.posRows[g], st.posSq[g] = pos[g], pos[g]
				st.negRows[g], st.negSq[g] = neg[g], neg[g]
			}
			continue
		}
		if j < 0 || (i >= 0 && pk[i] >= nk[j]) {
			k = pk[i]
		} else {
			k = nk[j]
		}
		score[g] = unkey(k)
		var s, q fsum.Sum
		c := i
		for i >= 0 && pk[i] == k {
			s.Add(pw[i])
			q.Add(pw[i] * pw[i])
			np.tp += pw[i]
			i--
		}
		pos[g] = s.Value()
		if st != nil {
			st.posRows[g], st.posSq[g] = float64(c-i), q.Value()
		}
		s, q = fsum.Sum{}, fsum.Sum{}
		c = j
		for j >= 0 && nk[j] == k {
			s.Add(nw[j])
			q.Add(nw[j] * nw[j])
			np.fp += nw[j]
			j--
		}
		neg[g] = s.Value()
		if st != nil {
			st.negRows[g], st.negSq[g] = float64(c-j), q.Value()
		}
		np.next(g0 + g)
	}
}

// npCum follows numpy's cumulative sums of the weights of the positives
// and of the negatives, row by row in scikit-learn's order (decreasing
// score, a tie in reverse input order: the order in which fill walks the
// stably sorted keys), and marks in flat the thresholds where both second
// differences np.diff(·, 2) are zero: the vertices roc_curve drops with
// drop_intermediate. Those sums are plain float64 additions, rounded at
// each row, so the rule can differ from the same rule on the compensated
// sums of [Table.cum].
type npCum struct {
	tp, fp   float64    // running sums
	tps, fps [3]float64 // the sums at the last three thresholds
	flat     []uint64
	base     int // flat's bit 0 is row base
}

func (c *npCum) next(g int) {
	c.tps = [3]float64{c.tps[1], c.tps[2], c.tp}
	c.fps = [3]float64{c.fps[1], c.fps[2], c.fp}
	if g >= 2 && (c.tps[2]-c.tps[1])-(c.tps[1]-c.tps[0]) == 0 && (c.fps[2]-c.fps[1])-(c.fps[1]-c.fps[0]) == 0 {
		b := g - 1 - c.base
		c.flat[b/64] |= 1 << (b % 64)
	}
}

// NewTable returns the score table of scores with positive[i] telling
// whether sample i is positive and weight[i] its weight (nil: all 1). It
// returns an error naming the row for a NaN or infinite score or weight
// (ErrNotFinite) or a negative weight (ErrNegativeWeight). It panics if the
// slices differ in length.
func NewTable(score []float64, positive []bool, weight []float64) (*Table, error) {
	if len(positive) != len(score) || (weight != nil && len(weight) != len(score)) {
		panic("rank: NewTable: slices of different lengths")
	}
	return NewTableOf(score, positive, true, weight)
}

// smallTable is the most samples whose keys NewTableOf allocates with the
// sort's buffer (which the table's scores then share): one allocation
// the fewer, where a table of few rows is mostly such overhead; beyond,
// the table would keep the keys' memory too.
const smallTable = 1 << 12

// slabKeys is the capacity of the keys of n samples: with room for the
// sort's buffer when n is at most smallTable.
func slabKeys(n int) int {
	if n <= smallTable {
		return 2 * n
	}
	return n
}

// NewTableOf returns the score table of [NewTable] with sample i positive
// when class[i] == pos: the class of each sample given as a code (a
// label's index, say) rather than as a []bool. Its errors and the bits
// of its table are NewTable's. It panics if the slices' lengths differ.
func NewTableOf[T comparable](score []float64, class []T, pos T, weight []float64) (*Table, error) {
	if len(class) != len(score) || (weight != nil && len(weight) != len(score)) {
		panic("rank: NewTableOf: slices of different lengths")
	}
	var b Builder
	np := 0
	for _, c := range class {
		if c == pos {
			np++
		}
	}
	if weight == nil {
		// Unweighted, the order of the keys of a class does not matter
		// (they are sorted, and every one counts 1): the positives fill
		// one allocation from the front and the negatives from the back,
		// without a branch on the class.
		n := len(score)
		keys := slab.Make[uint64](n, slabKeys(n))
		lo, hi := 0, n-1
		for i, s := range score {
			if math.IsNaN(s) || math.IsInf(s, 0) {
				return nil, errorf(errorf(ErrNotFinite, "score %v", s), "row %d", i)
			}
			p := b2i(class[i] == pos)
			keys[hi+(lo-hi)*p] = key(s + 0)
			lo += p
			hi -= 1 - p
		}
		b.posK, b.negK, b.sortBuf, b.rows = keys[:np:np], keys[np:n:n], keys[n:cap(keys)], int64(n)
		return b.Table(), nil
	}
	b.Grow(np, len(class)-np)
	for i, s := range score {
		if err := b.Add(s, class[i] == pos, weight[i]); err != nil {
			return nil, errorf(err, "row %d", i)
		}
	}
	return b.Table(), nil
}

// Merge returns the table of the union of the samples of a and b. It does
// not modify them. Merging the tables of any split of the data gives the
// one-shot table (masses equal up to the rounding of their sums).
func Merge(a, b *Table) *Table {
	t := &Table{Rows: a.Rows + b.Rows, Weighted: a.Weighted || b.Weighted}
	n := len(a.Score) + len(b.Score)
	t.Score = make([]float64, 0, n)
	t.Pos = make([]float64, 0, n)
	t.Neg = make([]float64, 0, n)
	// A weighted result keeps the cells' rows and Σw² when both do (an
	// unweighted table's are its counts).
	stats := t.Weighted && a.hasStats() && b.hasStats()
	var as, bs, ts [4][]float64
	if stats {
		as, bs = statCols(a), statCols(b)
		for k := range ts {
			ts[k] = make([]float64, 0, n)
		}
	}
	i, j := 0, 0
	for i < len(a.Score) || j < len(b.Score) {
		switch {
		case j == len(b.Score) || (i < len(a.Score) && a.Score[i] > b.Score[j]):
			t.Score = append(t.Score, a.Score[i])
			t.Pos = append(t.Pos, a.Pos[i])
			t.Neg = append(t.Neg, a.Neg[i])
			if stats {
				for k := range ts {
					ts[k] = append(ts[k], as[k][i])
				}
			}
			i++
		case i == len(a.Score) || b.Score[j] > a.Score[i]:
			t.Score = append(t.Score, b.Score[j])
			t.Pos = append(t.Pos, b.Pos[j])
			t.Neg = append(t.Neg, b.Neg[j])
			if stats {
				for k := range ts {
					ts[k] = append(ts[k], bs[k][j])
				}
			}
			j++
		default:
			t.Score = append(t.Score, a.Score[i])
			t.Pos = append(t.Pos, a.Pos[i]+b.Pos[j])
			t.Neg = append(t.Neg, a.Neg[i]+b.Neg[j])
			if stats {
				for k := range ts {
					ts[k] = append(ts[k], as[k][i]+bs[k][j])
				}
			}
			i++
			j++
		}
	}
	if stats {
		t.PosRows, t.NegRows, t.PosSq, t.NegSq = ts[0], ts[1], ts[2], ts[3]
	}
	return t
}

// statCols returns [Table.stats] as an array.
func statCols(t *Table) [4][]float64 {
	pr, nr, ps, ns := t.stats()
	return [4][]float64{pr, nr, ps, ns}
}

// AUC returns the exact AUC of the samples added so far without building
// a [Table]: it sorts the builder's keys in place (the builder stays
// usable) and counts the (positive, negative) pairs in one merge pass,
// in exact integer arithmetic when every weight is 1 (up to 2³² samples).
// Weighted samples fall back to [Table.AUC] on a copy. It returns
// ErrOneClass when a class is missing.
func (b *Builder) AUC() (float64, error) {
	if b.posW != nil {
		c := Builder{posK: slices.Clone(b.posK), negK: slices.Clone(b.negK),
			posW: slices.Clone(b.posW), negW: slices.Clone(b.negW), rows: b.rows}
		return c.Table().AUC()
	}
	pk, nk := b.posK, b.negK
	switch {
	case len(pk) == 0 && len(nk) == 0:
		return math.NaN(), ErrEmpty
	case len(pk) == 0:
		return math.NaN(), errorf(ErrOneClass, "no positive samples")
	case len(nk) == 0:
		return math.NaN(), errorf(ErrOneClass, "no negative samples")
	}
	b.sortKeys()
	// Walk the positives in increasing order; j counts the negatives with
	// a smaller key, and equal keys count one half (num is in halves).
	var num uint64
	j := 0
	for i := 0; i < len(pk); {
		k := pk[i]
		for j < len(nk) && nk[j] < k {
			j++
		}
		e := j
		for e < len(nk) && nk[e] == k {
			e++
		}
		i0 := i
		for i < len(pk) && pk[i] == k {
			i++
		}
		num += uint64(i-i0) * uint64(2*j+(e-j))
	}
	return float64(num) / 2 / float64(len(pk)) / float64(len(nk)), nil
}

// parallelSort is the size from which the two classes are sorted on two
// goroutines (each then needs its own buffer).
const parallelSort = 1 << 16

// sortKeys sorts the positive and the negative keys (with their weights),
// concurrently when there are many. It returns the key buffer of the sort,
// one allocation for both classes, whose contents are then garbage (the
// sorted keys are in place).
func (b *Builder) sortKeys() []uint64 {
	np := len(b.posK)
	buf := b.sortBuf
	if len(buf) < np+len(b.negK) {
		buf = slab.Make[uint64](np+len(b.negK), np+len(b.negK))
	}
	buf = buf[:np+len(b.negK)]
	sortOne := func(k []uint64, w []float64, kbuf []uint64) {
		if w != nil {
			radixSortPairs(k, w, kbuf, make([]float64, len(k)))
		} else {
			radixSort(k, kbuf)
		}
	}
	if len(buf) < parallelSort {
		sortOne(b.posK, b.posW, buf[:np])
		sortOne(b.negK, b.negW, buf[np:])
		b.sortedLen = [2]int{len(b.posK), len(b.negK)}
		return buf
	}
	var wg sync.WaitGroup
	wg.Go(func() { sortOne(b.posK, b.posW, buf[:np]) })
	sortOne(b.negK, b.negW, buf[np:])
	wg.Wait()
	b.sortedLen = [2]int{len(b.posK), len(b.negK)}
	return buf
}
