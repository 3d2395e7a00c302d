package rank

import (
	"sync"

	"github.com/evalkit-go/evalkit/internal/slab"
)

// UnionTable returns the table of the samples of every spill of ss taken
// together: the table of one builder fed all of them, to the last bit.
// It reports false, doing nothing, when a spill has written samples to
// its files or holds weights (a weighted tie's mass is summed in input
// order, which the union does not know). Each spill's keys are sorted in
// place and stay so: its own [Spill.Table] then sorts nothing.
//
// The spills' own tables are merged two by two ([Merge]: unweighted, the
// counts add exactly), in a binary counter so that at most one table a
// size is held besides the one being made, each half of ss on its own
// goroutine when there are many samples. With scores that repeat across
// the spills the tables shrink as they merge.
func UnionTable(ss []*Spill) (*Table, bool) {
	total := 0
	for _, s := range ss {
		if s.err != nil || s.split != nil || s.mem.posW != nil {
			return nil, false
		}
		p, n := s.mem.Len()
		total += p + n
	}
	if len(ss) < 2 || total < parallelFill {
		return unionOf(ss), true
	}
	var a *Table
	var wg sync.WaitGroup
	wg.Go(func() { a = unionOf(ss[:len(ss)/2]) })
	b := unionOf(ss[len(ss)/2:])
	wg.Wait()
	return mergeCounts(a, b, &floatPool{}), true
}

// unionOf is UnionTable's table of the spills ss, on one goroutine.
func unionOf(ss []*Spill) *Table {
	type level struct {
		t *Table
		n int // spills merged into t
	}
	var stack []level
	var free floatPool
	for _, s := range ss {
		b := &s.mem
		if !b.isSorted() {
			b.sortKeys()
		}
		d := distinctKeys(b.posK, b.negK)
		t := &Table{Rows: b.rows, Score: free.get(d), Pos: free.get(d), Neg: free.get(d)}
		fillRows(t.Score, t.Pos, t.Neg, nil, 0, b.posK, b.negK, nil, nil, nil)
		top := level{t, 1}
		for len(stack) > 0 && stack[len(stack)-1].n <= top.n {
			below := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			top = level{mergeCounts(below.t, top.t, &free), below.n + top.n}
		}
		stack = append(stack, top)
	}
	if len(stack) == 0 {
		return &Table{}
	}
	t := stack[len(stack)-1].t
	for i := len(stack) - 2; i >= 0; i-- {
		t = mergeCounts(stack[i].t, t, &free)
	}
	return t
}

// mergeCounts is [Merge] of two unweighted tables, their columns given
// back to free once merged, the result's taken from it.
func mergeCounts(a, b *Table, free *floatPool) *Table {
	// Count the distinct scores first: the columns are taken at their size.
	d := 0
	for i, j := 0, 0; i < len(a.Score) || j < len(b.Score); d++ {
		switch {
		case j == len(b.Score) || (i < len(a.Score) && a.Score[i] > b.Score[j]):
			i++
		case i == len(a.Score) || b.Score[j] > a.Score[i]:
			j++
		default:
			i++
			j++
		}
	}
	t := &Table{Rows: a.Rows + b.Rows, Score: free.get(d), Pos: free.get(d), Neg: free.get(d)}
	i, j := 0, 0
	for g := range d {
		switch {
		case j == len(b.Score) || (i < len(a.Score) && a.Score[i] > b.Score[j]):
			t.Score[g], t.Pos[g], t.Neg[g] = a.Score[i], a.Pos[i], a.Neg[i]
			i++
		case i == len(a.Score) || b.Score[j] > a.Score[i]:
			t.Score[g], t.Pos[g], t.Neg[g] = b.Score[j], b.Pos[j], b.Neg[j]
			j++
		default:
			t.Score[g], t.Pos[g], t.Neg[g] = a.Score[i], a.Pos[i]+b.Pos[j], a.Neg[i]+b.Neg[j]
			i++
			j++
		}
	}
	free.put(a.Score, a.Pos, a.Neg, b.Score, b.Pos, b.Neg)
	return t
}

// floatPool holds columns no longer used, for reuse by columns of at most
// their capacity.
type floatPool struct{ free [][]float64 }

// get returns a column of n values (their contents are garbage): a free
// one large enough, the smallest such, or a new one.
func (p *floatPool) get(n int) []float64 {
	best := -1
	for i, c := range p.free {
		if cap(c) >= n && (best < 0 || cap(c) < cap(p.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return slab.Make[float64](n, n)
	}
	c := p.free[best]
	p.free[best] = p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return c[:n]
}

func (p *floatPool) put(cols ...[]float64) { p.free = append(p.free, cols...) }

// Holds reports whether n samples are held in memory, not spilled: fewer
// than the spill's most rows.
func (s *Spill) Holds(n int64) bool { return n < int64(s.maxRows) }

// Absorb adds the samples of o, unweighted, to s, in memory or in o's
// spilled files; s then spills as if they had been merged into it. o is
// not modified, but its files must not be removed meanwhile. It panics if
// either is weighted: a weighted tie's mass is summed in input order.
func (s *Spill) Absorb(o *Spill) error {
	if o.err != nil {
		return o.err
	}
	if s.mem.posW != nil || o.mem.posW != nil {
		panic("rank: Spill.Absorb of weighted samples")
	}
	for i, f := range o.files {
		if f.weighted {
			panic("rank: Spill.Absorb of weighted samples")
		}
		keys, _, err := f.read()
		if err != nil {
			return err
		}
		b := Builder{rows: int64(len(keys))}
		if i%2 == 0 {
			b.posK = keys
		} else {
			b.negK = keys
		}
		if err := s.Merge(&b); err != nil {
			return err
		}
	}
	// The rows of weight zero o counted but did not hold are counted too.
	held := int64(0)
	for _, f := range o.files {
		held += f.n + int64(len(f.keys))
	}
	mem := o.mem
	mem.rows += o.rows - held
	return s.Merge(&mem)
}
