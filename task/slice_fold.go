package task

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// One pass over the rows gives every slice's state as well as the state of
// all the rows, when the task's states are mergeable and chunk-invariant
// (merging the states of consecutive runs of rows, in input order, gives
// the state of reading those rows at once, to the bit): each chunk of the
// input folds its rows into the state of all of them and, row by row, into
// the state of the row's slice of each slicing, kept for that chunk
// ([sliceChunk]); the chunks' slice states are merged in input order into
// one state per slice ([sliceFold]). A slice's rows within a chunk are a
// run of consecutive rows of the slice, so a slice's merged state is the
// state of a file holding only its rows, read in chunks of some other
// size: the same state, and so the same result.

// Sliced is a one-pass read of every row and of each slice's rows: All is
// the state of every row, States[i] that of slice In.Slices[i].
type Sliced[S any] struct {
	In     *SlicedInput
	All    S
	States []S
}

// sliceFold merges the slice states of chunks, in input order, into one
// state of type G per slice; C is a chunk's state of a slice.
type sliceFold[C, G any] struct {
	s         *Slices
	name      string  // the input's name, for errors
	cols      [][]int // each slicing's columns in the reader
	maxSlices int
	newChunk  func() C      // an empty chunk state
	reset     func(C)       // empties a chunk state for reuse (nil: drop it)
	newGlobal func() G      // an empty slice state
	merge     func(G, C)    // merges a chunk's state of a slice into the slice's
	bytes     func(G) int64 // the memory of a slice's state (nil: none counted)
	// grow, if not nil, reserves room in a new slice's state for about
	// n rows, estimated from est, the estimated rows of the input (0:
	// unknown), and the slice's share of the first chunk it is met in.
	grow func(G, int)
	// growChunk, if not nil, is grow given also the chunk's state of the
	// slice (to split the room as its rows are split, say).
	growChunk func(G, C, int)
	est       int
	acct      *budget.Account // the slices' memory
	sets      []sliceSet[G]
	rows      int64
}

// sliceSet is the slices of one slicing met so far, in the order first met.
type sliceSet[S any] struct {
	ids    map[string]int
	keys   []string // the values of the slicing's columns, joined by a zero byte
	states []S
	rows   []int
	over   map[string]bool // values past Slices.MaxSlices, counted for the error
}

func (s *sliceSet[S]) add(key string, st S) int {
	id := len(s.keys)
	s.ids[key] = id
	s.keys = append(s.keys, key)
	s.states = append(s.states, st)
	s.rows = append(s.rows, 0)
	return id
}

// newSliceFold returns the fold of r's slices under s: an error is that
// of a slicing column r lacks.
func newSliceFold[C, G any](s *Slices, r *table.Reader) (*sliceFold[C, G], error) {
	if len(s.By) == 0 {
		panic("task: a sliced read with no slicing")
	}
	f := &sliceFold[C, G]{s: s, name: r.Name(), maxSlices: s.MaxSlices}
	if f.maxSlices <= 0 {
		f.maxSlices = DefaultMaxSlices
	}
	for _, by := range s.By {
		cols := make([]int, len(by))
		for i, c := range by {
			var err error
			if cols[i], err = r.Col(c); err != nil {
				return nil, err
			}
		}
		f.cols = append(f.cols, cols)
		f.sets = append(f.sets, sliceSet[G]{ids: map[string]int{}, over: map[string]bool{}})
	}
	f.acct = s.Budget.Account("the slices (task.Slices.By)", "or slice by columns of fewer values (task.Slices.MaxSlices)")
	return f, nil
}

// chunk returns an empty chunk of f.
func (f *sliceFold[C, G]) chunk() *sliceChunk[C] {
	c := &sliceChunk[C]{fresh: f.newChunk, reset: f.reset, cols: f.cols, cur: make([]C, len(f.cols)), ids: make([]int, len(f.cols)), short: make([]shortKeys, len(f.cols))}
	for range f.cols {
		c.sets = append(c.sets, sliceSet[C]{ids: map[string]int{}})
	}
	return c
}

// mergeChunk merges the slice states of chunk c, the next in input order,
// and empties c; charge then charges them.
func (f *sliceFold[C, G]) mergeChunk(c *sliceChunk[C]) {
	for k := range c.sets {
		cs, g := &c.sets[k], &f.sets[k]
		chunkRows := 0
		for _, n := range cs.rows {
			chunkRows += n
		}
		for i, key := range cs.keys {
			id, ok := g.ids[key]
			if !ok {
				if len(g.keys) >= f.maxSlices {
					g.over[key] = true
					continue
				}
				st := f.newGlobal()
				if f.est > 0 {
					n := int(float64(cs.rows[i])/float64(chunkRows)*float64(f.est)*1.05) + 64
					if f.growChunk != nil {
						f.growChunk(st, cs.states[i], n)
					} else if f.grow != nil {
						f.grow(st, n)
					}
				}
				id = g.add(key, st)
			}
			f.merge(g.states[id], cs.states[i])
			g.rows[id] += cs.rows[i]
			if k == 0 {
				f.rows += int64(cs.rows[i])
			}
		}
	}
	c.empty()
}

// foldSliced reads r once, on every core: each chunk's rows into a fresh
// state (f.newChunk), merged into all in input order (f.merge), and
// into the chunk's states of its slices, by fold; all is charged to acct
// (f.bytes). It returns f.finish's slices and states.
func foldSliced[S any](r *table.Reader, f *sliceFold[S, S], all S, acct *budget.Account, fold func(st S, sub *table.Reader, sc *sliceChunk[S]) error) (*SlicedInput, []S, error) {
	type chunk struct {
		all S
		sl  *sliceChunk[S]
	}
	order := &table.Ordered[*chunk]{
		Fresh: func() *chunk { return &chunk{all: f.newChunk(), sl: f.chunk()} },
		Merge: func(ch *chunk) {
			f.merge(all, ch.all)
			f.mergeChunk(ch.sl)
		},
		Check: func() error {
			if err := acct.Set(f.bytes(all)); err != nil {
				return err
			}
			return f.charge()
		},
	}
	if err := table.Fold(r, order, func(ch *chunk, sub *table.Reader) error { return fold(ch.all, sub, ch.sl) }); err != nil {
		return nil, nil, err
	}
	return f.finish()
}

// charge charges the slices' memory to the budget.
func (f *sliceFold[C, G]) charge() error {
	var b int64
	for k := range f.sets {
		b += sliceBytes * int64(len(f.sets[k].keys)+len(f.sets[k].over))
		if f.bytes != nil {
			for _, st := range f.sets[k].states {
				b += f.bytes(st)
			}
		}
	}
	return f.acct.Set(b)
}

// finish returns the slices of every slicing, in the order of
// [Slices.Read], and their states. Its error is ErrTooManySlices.
func (f *sliceFold[C, G]) finish() (*SlicedInput, []G, error) {
	if f.rows > math.MaxInt32 {
		return nil, nil, fmt.Errorf("%s: %d rows: slicing reads at most %d", f.name, f.rows, math.MaxInt32)
	}
	in := &SlicedInput{MinRows: max(f.s.MinRows, 1), rows: int(f.rows)}
	var states []G
	for k, by := range f.s.By {
		g := &f.sets[k]
		if len(g.over) > 0 {
			return nil, nil, tooManySlices(f.name, by, len(g.keys)+len(g.over), f.maxSlices)
		}
		order := make([]int, len(g.keys))
		parts := make([][]string, len(g.keys))
		for i, key := range g.keys {
			order[i] = i
			parts[i] = strings.Split(key, "\x00")
		}
		slices.SortStableFunc(order, func(a, b int) int {
			for j := range parts[a] {
				if c := compareValues(parts[a][j], parts[b][j]); c != 0 {
					return c
				}
			}
			return 0
		})
		for _, i := range order {
			var obj result.Object
			for j, c := range by {
				obj = append(obj, result.KV(c, parts[i][j]))
			}
			in.Slices = append(in.Slices, Slice{By: obj, Slicing: k, Rows: g.rows[i], key: parts[i]})
			states = append(states, g.states[i])
			if g.rows[i] < in.MinRows {
				in.Small++
			}
		}
	}
	return in, states, nil
}

// sliceChunk is one chunk's state of each slice its rows meet.
type sliceChunk[C any] struct {
	fresh func() C
	reset func(C)
	cols  [][]int
	sets  []sliceSet[C]
	short []shortKeys // each slicing's ids of keys of at most shortKeyMax bytes
	free  []C
	cur   []C
	ids   []int
	key   []byte
}

// slices returns the id, in the chunk, of the current row's slice of each
// slicing, counting the row in it.
func (c *sliceChunk[C]) slices(r *table.Reader) []int {
	for k, cols := range c.cols {
		var key []byte
		if len(cols) == 1 {
			key = r.Field(cols[0])
		} else {
			c.key = c.key[:0]
			for j, col := range cols {
				if j > 0 {
					c.key = append(c.key, 0)
				}
				c.key = append(c.key, r.Field(col)...)
			}
			key = c.key
		}
		set := &c.sets[k]
		var id int
		if len(key) <= shortKeyMax {
			w := packKey(key)
			if id = c.short[k].get(w); id < 0 {
				id = set.add(string(key), c.get())
				c.short[k].put(w, id)
			}
		} else {
			var ok bool
			if id, ok = set.ids[string(key)]; !ok {
				id = set.add(string(key), c.get())
			}
		}
		set.rows[id]++
		c.ids[k] = id
	}
	return c.ids
}

// row returns the current row's state of each slicing, counting the row
// in it.
func (c *sliceChunk[C]) row(r *table.Reader) []C {
	for k, id := range c.slices(r) {
		c.cur[k] = c.sets[k].states[id]
	}
	return c.cur
}

func (c *sliceChunk[C]) get() C {
	if n := len(c.free); n > 0 {
		s := c.free[n-1]
		c.free = c.free[:n-1]
		return s
	}
	return c.fresh()
}

// empty empties the chunk, keeping its states for reuse when they can be
// reset.
func (c *sliceChunk[C]) empty() {
	for k := range c.sets {
		s := &c.sets[k]
		if c.reset != nil {
			for _, st := range s.states {
				c.reset(st)
				c.free = append(c.free, st)
			}
		}
		clear(s.ids)
		c.short[k].reset()
		s.keys, s.states, s.rows = s.keys[:0], s.states[:0], s.rows[:0]
	}
}
