package classify

import (
	"fmt"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
)

// Confusion is a mergeable K×K confusion matrix over class indices, rows =
// true class, columns = predicted class. Without weights it holds exact
// int64 counts; once a weight is added it holds compensated float64 sums.
// The zero value is an empty matrix over zero classes; use [NewConfusion]
// or [Confusion.Grow] to size it.
type Confusion struct {
	k        int
	n        int64      // rows added
	cnt      []int64    // k*k counts
	wsum     []fsum.Sum // k*k weight sums; nil while unweighted
	weighted bool
}

// NewConfusion returns an empty matrix over k classes.
func NewConfusion(k int) *Confusion {
	if k < 0 {
		panic("classify: negative number of classes")
	}
	return &Confusion{k: k, cnt: make([]int64, k*k)}
}

// K returns the number of classes.
func (c *Confusion) K() int { return c.k }

// N returns the number of rows added.
func (c *Confusion) N() int64 { return c.n }

// Weighted reports whether weights were added.
func (c *Confusion) Weighted() bool { return c.weighted }

// Grow enlarges the matrix to k classes (no-op if it has as many).
func (c *Confusion) Grow(k int) {
	if k <= c.k {
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

// Add counts one row with true class t and predicted class p.
// It panics if t or p is out of range.
func (c *Confusion) Add(t, p int) {
	c.n++
	c.cnt[t*c.k+p]++
	if c.weighted {
		c.wsum[t*c.k+p].Add(1)
	}
}

// AddWeighted counts one row with weight w (finite, ≥ 0; the caller checks).
func (c *Confusion) AddWeighted(t, p int, w float64) {
	if !c.weighted {
		c.toWeighted()
	}
	c.n++
	c.cnt[t*c.k+p]++
	c.wsum[t*c.k+p].Add(w)
}

func (c *Confusion) toWeighted() {
	c.weighted = true
	c.wsum = make([]fsum.Sum, len(c.cnt))
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
	for i := range o.k {
		for j := range o.k {
			d := idx(i)*c.k + idx(j)
			s := i*o.k + j
			c.cnt[d] += o.cnt[s]
			if c.weighted {
				if o.weighted {
					c.wsum[d].Merge(o.wsum[s])
				} else {
					c.wsum[d].Add(float64(o.cnt[s]))
				}
			}
		}
	}
	c.n += o.n
}

// Count returns the number of rows with true class t predicted as p.
func (c *Confusion) Count(t, p int) int64 { return c.cnt[t*c.k+p] }

// Cell returns the mass (weight sum, or count) of cell (t, p).
func (c *Confusion) Cell(t, p int) float64 {
	if c.weighted {
		return c.wsum[t*c.k+p].Value()
	}
	return float64(c.cnt[t*c.k+p])
}

// Matrix returns the masses as a K×K matrix, rows = true class.
func (c *Confusion) Matrix() [][]float64 {
	m := make([][]float64, c.k)
	for i := range m {
		m[i] = make([]float64, c.k)
		for j := range m[i] {
			m[i][j] = c.Cell(i, j)
		}
	}
	return m
}

// Permute returns a new matrix whose class a is this matrix's class perm[a].
func (c *Confusion) Permute(perm []int) *Confusion {
	if len(perm) != c.k {
		panic("classify: permutation of the wrong length")
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

// Tally is the streaming state for string labels: a label set and the
// confusion matrix over it. It is what the CLI accumulates while reading a
// file, and what parallel readers merge.
type Tally struct {
	Labels *label.Set
	C      *Confusion
}

// NewTally returns an empty tally. With fixed labels (not nil) only those
// labels are accepted, in that order.
func NewTally(fixed []string) *Tally {
	s := label.NewSet(fixed)
	return &Tally{Labels: s, C: NewConfusion(s.Len())}
}

// Add counts a row given its true and predicted labels and weight (w < 0
// means unweighted). With a fixed label list it returns false, counting
// nothing, if a label is not in the list; which is reported by bad (0 true,
// 1 predicted).
func (t *Tally) Add(yTrue, yPred []byte, w float64) (ok bool, bad int) {
	a, ok := t.Labels.ID(yTrue)
	if !ok {
		return false, 0
	}
	b, ok := t.Labels.ID(yPred)
	if !ok {
		return false, 1
	}
	if k := t.Labels.Len(); k > t.C.k {
		t.C.Grow(k + k/2 + 1) // amortise growth; Result trims
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
	m := make([]int, o.C.k)
	for i := range m {
		m[i] = -1
	}
	for i, name := range o.Labels.Names() {
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
	sub := o.C
	if n := o.Labels.Len(); n < o.C.k {
		sub = o.C.trim(n)
		m = m[:n]
	}
	t.C.mergeMapped(sub, m)
}

// trim returns the leading k×k block.
func (c *Confusion) trim(k int) *Confusion {
	if k == c.k {
		return c
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

// Sorted returns the labels in SPEC order and the confusion matrix over
// them.
func (t *Tally) Sorted() ([]string, *Confusion) {
	names, perm := t.Labels.Sorted()
	return names, t.C.trim(len(names)).Permute(perm)
}
