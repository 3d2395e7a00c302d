package classify

import (
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
)

// DenseMaxClasses is the largest number of classes for which a [Confusion]
// keeps a dense K×K array (8 MiB of counts); above it the matrix keeps only
// its non-zero cells, in memory O(cells + K). Every measure is the same
// bits in either form: each reduction visits the cells in row-major order
// and a cell that was never added is zero, which adds nothing to a
// compensated sum.
const DenseMaxClasses = 1024

// Confusion is a mergeable K×K confusion matrix over class indices, rows =
// true class, columns = predicted class. Without weights it holds exact
// int64 counts; once a weight is added it holds compensated float64 sums.
// Up to [DenseMaxClasses] classes it is a dense array; above, a sparse map
// of the cells that were added. The zero value is an empty matrix over zero
// classes; use [NewConfusion] or [Confusion.Grow] to size it.
type Confusion struct {
	k        int
	n        int64      // rows added
	cnt      []int64    // dense: k*k counts; sparse: one per cell
	wsum     []fsum.Sum // weight sums, like cnt; nil while unweighted
	weighted bool

	// Sparse form (pos != nil): the cell keys t<<32 | p in the order they
	// were first added, the positions of the off-diagonal ones, a cache of
	// the positions in row-major order (valid while it is as long as
	// keys), and the position of each diagonal cell (−1: none) in a dense
	// array: most rows of a useful classifier are on the diagonal, and an
	// array index costs far less than a map lookup.
	pos   map[uint64]int32
	keys  []uint64
	order []int32
	diag  []int32
}

// NewConfusion returns an empty matrix over k classes.
func NewConfusion(k int) *Confusion {
	if k < 0 {
		panic("classify: negative number of classes")
	}
	if k > DenseMaxClasses {
		return newSparse(k)
	}
	return &Confusion{k: k, cnt: make([]int64, k*k)}
}

func newSparse(k int) *Confusion {
	c := &Confusion{k: k, pos: map[uint64]int32{}, diag: make([]int32, k)}
	for i := range c.diag {
		c.diag[i] = -1
	}
	return c
}

// K returns the number of classes.
func (c *Confusion) K() int { return c.k }

// N returns the number of rows added.
func (c *Confusion) N() int64 { return c.n }

// Weighted reports whether weights were added.
func (c *Confusion) Weighted() bool { return c.weighted }

// Sparse reports whether the matrix keeps only its non-zero cells.
func (c *Confusion) Sparse() bool { return c.pos != nil }

// Bytes returns an estimate of the memory the matrix holds.
func (c *Confusion) Bytes() int64 {
	b := int64(cap(c.cnt))*8 + int64(cap(c.wsum))*16
	if c.pos != nil {
		// keys, order, the diagonal and the map (key, value, tophash and
		// load-factor slack: about 24 bytes an entry).
		b += int64(cap(c.keys))*8 + int64(cap(c.order))*4 + int64(cap(c.diag))*4 + int64(len(c.pos))*24
	}
	return b
}

// Grow enlarges the matrix to k classes (no-op if it has as many). A dense
// matrix grown past [DenseMaxClasses] becomes sparse.
func (c *Confusion) Grow(k int) {
	if k <= c.k {
		return
	}
	if c.pos == nil && k > DenseMaxClasses {
		c.toSparse()
	}
	if c.pos != nil {
		for range k - c.k {
			c.diag = append(c.diag, -1)
		}
		c.k = k
		return
	}
	cnt := make([]int64, k*k)
	var ws []fsum.Sum
	if c.weighted {
		ws = make([]fsum.Sum, k*k)
	}
	for i := range c.k {
		copy(cnt[i*k:i*k+c.k], c.cnt[i*c.k:(i+1)*c.k])
		if c.weighted {
			copy(ws[i*k:i*k+c.k], c.wsum[i*c.k:(i+1)*c.k])
		}
	}
	c.k, c.cnt, c.wsum = k, cnt, ws
}

// toSparse converts a dense matrix to the sparse form.
func (c *Confusion) toSparse() {
	s := newSparse(c.k)
	s.n, s.weighted = c.n, c.weighted
	for i := range c.k {
		for j := range c.k {
			d := i*c.k + j
			if c.cnt[d] == 0 {
				continue
			}
			at := s.cell(i, j)
			s.cnt[at] = c.cnt[d]
			if c.weighted {
				s.wsum[at] = c.wsum[d]
			}
		}
	}
	*c = *s
}

// cell returns the position of cell (t, p), adding it if it is new. It
// panics if t or p is out of range.
func (c *Confusion) cell(t, p int) int {
	if c.pos == nil {
		return t*c.k + p
	}
	if uint(t) >= uint(c.k) || uint(p) >= uint(c.k) {
		panic(fmt.Sprintf("classify: cell (%d, %d) out of range for %d classes", t, p, c.k))
	}
	key := uint64(t)<<32 | uint64(p)
	if t == p {
		if at := c.diag[t]; at >= 0 {
			return int(at)
		}
	} else if at, ok := c.pos[key]; ok {
		return int(at)
	}
	at := len(c.keys)
	if t == p {
		c.diag[t] = int32(at)
	} else {
		c.pos[key] = int32(at)
	}
	c.keys = append(c.keys, key)
	c.cnt = append(c.cnt, 0)
	if c.weighted {
		c.wsum = append(c.wsum, fsum.Sum{})
	}
	return at
}

// find returns the position of cell (t, p), or -1 if it is zero (sparse).
func (c *Confusion) find(t, p int) int {
	if c.pos == nil {
		return t*c.k + p
	}
	if t == p {
		return int(c.diag[t])
	}
	at, ok := c.pos[uint64(t)<<32|uint64(p)]
	if !ok {
		return -1
	}
	return int(at)
}

// Add counts one row with true class t and predicted class p.
// It panics if t or p is out of range.
func (c *Confusion) Add(t, p int) {
	at := c.cell(t, p)
	c.n++
	c.cnt[at]++
	if c.weighted {
		c.wsum[at].Add(1)
	}
}

// AddWeighted counts one row with weight w (finite, ≥ 0; the caller checks).
func (c *Confusion) AddWeighted(t, p int, w float64) {
	if !c.weighted {
		c.toWeighted()
	}
	at := c.cell(t, p)
	c.n++
	c.cnt[at]++
	c.wsum[at].Add(w)
}

func (c *Confusion) toWeighted() {
	c.weighted = true
	c.wsum = make([]fsum.Sum, len(c.cnt), cap(c.cnt))
	for i, v := range c.cnt {
		c.wsum[i].Add(float64(v))
	}
}

// Merge adds the contents of o, which must have the same number of classes
// (it panics otherwise). If either is weighted the result is.
func (c *Confusion) Merge(o *Confusion) {
	if o.k != c.k {
		panic(fmt.Sprintf("classify: merging %d-class matrix into %d-class matrix", o.k, c.k))
	}
	c.mergeMapped(o, nil)
}

// mergeMapped adds o with o's class i counted as class m[i] (m nil:
// identity). c must already have room for every m[i].
func (c *Confusion) mergeMapped(o *Confusion, m []int) {
	if o.weighted && !c.weighted {
		c.toWeighted()
	}
	idx := func(i int) int {
		if m == nil {
			return i
		}
		return m[i]
	}
	// Each cell of o adds to one cell of c, so the order of o's cells does
	// not matter: a sparse o is visited in storage order, without sorting.
	o.eachStored(func(i, j, s int) {
		d := c.cell(idx(i), idx(j))
		c.cnt[d] += o.cnt[s]
		if c.weighted {
			if o.weighted {
				c.wsum[d].Merge(o.wsum[s])
			} else {
				c.wsum[d].Add(float64(o.cnt[s]))
			}
		}
	})
	c.n += o.n
}

// each calls f with the row, column and position of every cell that was
// added to, in row-major order. A dense matrix skips cells with count 0:
// they are zero, and adding zero leaves a compensated sum as it was, so
// every reduction over each has the bits of the reduction over all K²
// cells.
func (c *Confusion) each(f func(i, j, at int)) {
	if c.pos == nil {
		for i := range c.k {
			row := c.cnt[i*c.k : (i+1)*c.k]
			for j, v := range row {
				if v != 0 {
					f(i, j, i*c.k+j)
				}
			}
		}
		return
	}
	for _, at := range c.rowMajor() {
		key := c.keys[at]
		f(int(key>>32), int(uint32(key)), int(at))
	}
}

// eachStored is each in any order: a sparse matrix's storage order.
func (c *Confusion) eachStored(f func(i, j, at int)) {
	if c.pos == nil {
		c.each(f)
		return
	}
	for at, key := range c.keys {
		f(int(key>>32), int(uint32(key)), at)
	}
}

// rowMajor returns the cell positions of a sparse matrix in row-major
// order.
func (c *Confusion) rowMajor() []int32 {
	if len(c.order) == len(c.keys) {
		return c.order
	}
	c.order = c.order[:0]
	for at := range c.keys {
		c.order = append(c.order, int32(at))
	}
	slices.SortFunc(c.order, func(a, b int32) int {
		ka, kb := c.keys[a], c.keys[b]
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	return c.order
}

// mass returns the mass of the cell at position at.
func (c *Confusion) mass(at int) float64 {
	if c.weighted {
		return c.wsum[at].Value()
	}
	return float64(c.cnt[at])
}

// Count returns the number of rows with true class t predicted as p.
func (c *Confusion) Count(t, p int) int64 {
	at := c.find(t, p)
	if at < 0 {
		return 0
	}
	return c.cnt[at]
}

// Cell returns the mass (weight sum, or count) of cell (t, p).
func (c *Confusion) Cell(t, p int) float64 {
	at := c.find(t, p)
	if at < 0 {
		return 0
	}
	return c.mass(at)
}

// Cells returns the number of cells with a row (the non-zero cells without
// weights).
func (c *Confusion) Cells() int {
	n := 0
	c.each(func(_, _, _ int) { n++ })
	return n
}

// CellMass is one cell of the matrix: true class, predicted class, mass.
type CellMass struct {
	True, Pred int
	Mass       float64
}

// NonZero returns the cells that have rows, in row-major order: the sparse
// form of [Confusion.Matrix], in memory O(cells) for any K.
func (c *Confusion) NonZero() []CellMass {
	var out []CellMass
	c.each(func(i, j, at int) {
		out = append(out, CellMass{True: i, Pred: j, Mass: c.mass(at)})
	})
	return out
}

// Matrix returns the masses as a K×K matrix, rows = true class. It holds
// K² numbers: use [Confusion.NonZero] for many classes.
func (c *Confusion) Matrix() [][]float64 {
	m := make([][]float64, c.k)
	for i := range m {
		m[i] = make([]float64, c.k)
	}
	c.each(func(i, j, at int) { m[i][j] = c.mass(at) })
	return m
}

// Permute returns a new matrix whose class a is this matrix's class perm[a].
func (c *Confusion) Permute(perm []int) *Confusion {
	if len(perm) != c.k {
		panic("classify: permutation of the wrong length")
	}
	if c.pos != nil {
		inv := make([]int, c.k)
		for a, p := range perm {
			inv[p] = a
		}
		out := newSparse(c.k)
		out.n, out.weighted = c.n, c.weighted
		out.pos = make(map[uint64]int32, len(c.pos))
		out.keys = make([]uint64, 0, len(c.keys))
		out.cnt = make([]int64, 0, len(c.keys))
		if c.weighted {
			out.wsum = make([]fsum.Sum, 0, len(c.keys))
		}
		for at, key := range c.keys {
			d := out.cell(inv[key>>32], inv[uint32(key)])
			out.cnt[d] = c.cnt[at]
			if c.weighted {
				out.wsum[d] = c.wsum[at]
			}
		}
		return out
	}
	out := &Confusion{k: c.k, n: c.n, cnt: make([]int64, c.k*c.k), weighted: c.weighted}
	if c.weighted {
		out.wsum = make([]fsum.Sum, c.k*c.k)
	}
	for a := range c.k {
		for b := range c.k {
			out.cnt[a*c.k+b] = c.cnt[perm[a]*c.k+perm[b]]
			if c.weighted {
				out.wsum[a*c.k+b] = c.wsum[perm[a]*c.k+perm[b]]
			}
		}
	}
	return out
}

// sparseCopy returns the matrix in sparse form (itself if it is sparse):
// for tests that compare the two forms.
func (c *Confusion) sparseCopy() *Confusion {
	if c.pos != nil {
		return c
	}
	d := &Confusion{k: c.k, n: c.n, cnt: slices.Clone(c.cnt), wsum: slices.Clone(c.wsum), weighted: c.weighted}
	d.toSparse()
	return d
}

// Tally is the streaming state for string labels: a label set and the
// confusion matrix over it. It is what the CLI accumulates while reading a
// file, and what parallel readers merge.
type Tally struct {
	Labels *label.Set
	C      *Confusion
}

// NewTally returns an empty tally. With listed labels (not nil) those
// are its first classes, in that order, whether they occur or not; any
// other label is a class after them ([label.NewListedSet]).
func NewTally(listed []string) *Tally {
	s := label.NewSet(nil)
	if listed != nil {
		s = label.NewListedSet(listed)
	}
	return &Tally{Labels: s, C: NewConfusion(s.Len())}
}

// Bytes returns an estimate of the memory the tally holds: its labels and
// its matrix.
func (t *Tally) Bytes() int64 {
	return t.Labels.Bytes() + t.C.Bytes()
}

// Add counts a row given its true and predicted labels and weight (w < 0
// means unweighted). With a fixed label set ([Tally.Labels] made by
// label.NewSet(list)) it returns false, counting nothing, if a label is not
// in the list; which is reported by bad (0 true, 1 predicted). A tally
// made by [NewTally] takes every label.
func (t *Tally) Add(yTrue, yPred []byte, w float64) (ok bool, bad int) {
	a, ok := t.Labels.ID(yTrue)
	if !ok {
		return false, 0
	}
	// A right prediction (most rows) needs no second lookup.
	b := a
	if string(yPred) != string(yTrue) {
		if b, ok = t.Labels.ID(yPred); !ok {
			return false, 1
		}
	}
	if k := t.Labels.Len(); k > t.C.k {
		if t.C.pos != nil {
			t.C.Grow(k)
		} else {
			t.C.Grow(k + k/2 + 1) // amortise growth; Sorted trims
		}
	}
	if w < 0 {
		t.C.Add(a, b)
	} else {
		t.C.AddWeighted(a, b, w)
	}
	return true, 0
}

// Merge adds o's rows, matching classes by label.
func (t *Tally) Merge(o *Tally) {
	names := o.Labels.Names()
	m := make([]int, len(names))
	for i, name := range names {
		id, ok := t.Labels.ID([]byte(name))
		if !ok {
			panic("classify: merging a tally with a label outside the fixed list: " + name)
		}
		m[i] = id
	}
	if k := t.Labels.Len(); k > t.C.k {
		t.C.Grow(k)
	}
	// Classes of o beyond its label count are unused padding.
	t.C.mergeMapped(o.C.trim(len(names)), m)
}

// trim returns the matrix over the first k classes, which must hold every
// cell that was added.
func (c *Confusion) trim(k int) *Confusion {
	if k == c.k {
		return c
	}
	if c.pos != nil {
		d := *c
		d.k, d.diag = k, c.diag[:k:k]
		return &d
	}
	out := &Confusion{k: k, n: c.n, cnt: make([]int64, k*k), weighted: c.weighted}
	if c.weighted {
		out.wsum = make([]fsum.Sum, k*k)
	}
	for i := range k {
		copy(out.cnt[i*k:(i+1)*k], c.cnt[i*c.k:i*c.k+k])
		if c.weighted {
			copy(out.wsum[i*k:(i+1)*k], c.wsum[i*c.k:i*c.k+k])
		}
	}
	return out
}

// Sorted returns the classes of the labels in label order and the
// confusion matrix over them: under [Tally.Comparison], the labels of one
// value ("1", "1.0", " 1") are one class, named "1" ([label.Set.Classes]).
func (t *Tally) Sorted() ([]string, *Confusion) {
	names, class := t.Labels.Classes(t.Comparison())
	return names, t.C.trim(len(class)).collapse(class, len(names))
}

// Comparison returns how the tally's labels, true and predicted alike,
// compare ([label.ComparisonOf]): as numbers when every one is a number.
func (t *Tally) Comparison() label.Comparison { return label.ComparisonOf(t.Labels) }

// collapse returns the matrix over k classes whose class class[i] holds
// this matrix's class i: a permutation when k is this matrix's K, else
// the cells of the classes merged ("1" and "1.0" under label.Numbers).
func (c *Confusion) collapse(class []int, k int) *Confusion {
	if k == c.k {
		perm := make([]int, k)
		for i, a := range class {
			perm[a] = i
		}
		return c.Permute(perm)
	}
	var out *Confusion
	if c.pos != nil {
		out = newSparse(k)
	} else {
		out = NewConfusion(k)
	}
	out.mergeMapped(c, class)
	return out
}

// Normalization says what a normalised confusion matrix divides each cell
// by (scikit-learn's confusion_matrix(normalize=…)).
type Normalization int

const (
	// NoNormalization gives no normalised matrix.
	NoNormalization Normalization = iota
	// NormalizeTrue divides each cell by its row's total (the true class's
	// mass): the diagonal is each class's recall.
	NormalizeTrue
	// NormalizePred divides each cell by its column's total (the predicted
	// class's mass): the diagonal is each class's precision.
	NormalizePred
	// NormalizeAll divides each cell by the total mass.
	NormalizeAll
)

func (n Normalization) String() string {
	return [...]string{"none", "true", "pred", "all"}[n]
}

// ParseNormalization parses "true", "pred" or "all" ("" and "none" are
// NoNormalization).
func ParseNormalization(s string) (Normalization, error) {
	switch s {
	case "", "none":
		return NoNormalization, nil
	case "true":
		return NormalizeTrue, nil
	case "pred":
		return NormalizePred, nil
	case "all":
		return NormalizeAll, nil
	}
	return 0, fmt.Errorf("%q is not true, pred or all", s)
}

// Normalized returns the confusion matrix with each cell divided as n says,
//
//	true: C_ij / Σ_j C_ij    pred: C_ij / Σ_i C_ij    all: C_ij / Σ C
//
// as scikit-learn's confusion_matrix(normalize=…): a cell whose row (column)
// is empty is 0, as scikit-learn's nan_to_num makes it. It returns nil for
// NoNormalization.
func (c *Confusion) Normalized(n Normalization) [][]float64 {
	if n == NoNormalization {
		return nil
	}
	m := c.Matrix()
	var rows, cols []float64
	total := c.Total()
	switch n {
	case NormalizeTrue:
		rows = c.Supports()
	case NormalizePred:
		cols = c.colSums()
	}
	for i := range m {
		for j, v := range m[i] {
			d := total
			switch {
			case rows != nil:
				d = rows[i]
			case cols != nil:
				d = cols[j]
			}
			if d == 0 {
				m[i][j] = 0
			} else {
				m[i][j] = v / d
			}
		}
	}
	return m
}
