package table

import "sync"

// Columns returns the index of each named column of r; an empty name (an
// optional column that was not asked for) gives -1. An unknown name is the
// error of [Reader.Col].
func Columns(r *Reader, names ...string) ([]int, error) {
	out := make([]int, len(names))
	for i, n := range names {
		out[i] = -1
		if n == "" {
			continue
		}
		c, err := r.Col(n)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// Ordered merges per-chunk states into one result in chunk (input) order,
// whatever the order in which the chunks finish, and recycles the states.
// Fresh and Merge are required; Reset and Check are optional.
type Ordered[S any] struct {
	Fresh func() S // a new empty state
	Merge func(S)  // merges a chunk's state into the result
	Reset func(S)  // empties a merged state for reuse; nil: drop it
	// Check, if not nil, runs after each merge (it charges the result's
	// growth to a memory budget, say). Its first error stops the reading.
	Check func() error

	mu      sync.Mutex
	next    int       // the chunk to merge next
	pending map[int]S // finished chunks after next
	free    []S
	err     error
}

// Failed returns the first error of Check.
func (o *Ordered[S]) Failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// Get returns an empty state for a chunk.
func (o *Ordered[S]) Get() S {
	o.mu.Lock()
	defer o.mu.Unlock()
	if n := len(o.free); n > 0 {
		s := o.free[n-1]
		o.free = o.free[:n-1]
		return s
	}
	return o.Fresh()
}

// Put hands over the state of finished chunk number chunk and merges every
// chunk that is now next in order. It returns the first error of Check.
func (o *Ordered[S]) Put(chunk int, s S) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return o.err
	}
	if o.pending == nil {
		o.pending = map[int]S{}
	}
	o.pending[chunk] = s
	for {
		s, ok := o.pending[o.next]
		if !ok {
			return nil
		}
		delete(o.pending, o.next)
		o.Merge(s)
		if o.Check != nil {
			if o.err = o.Check(); o.err != nil {
				return o.err
			}
		}
		if o.Reset != nil {
			o.Reset(s)
			o.free = append(o.free, s)
		}
		o.next++
	}
}

// Fold reads the remaining rows of r on every core through [Reader.Parallel],
// each chunk of rows into a state of its own (o.Get), which read fills; o
// merges the states in chunk order as soon as the chunks before them are
// done. The result is therefore the same, to the bit, whatever the number
// of cores and the order in which chunks finish, and memory holds only the
// chunks that wait for an earlier one.
func Fold[S any](r *Reader, o *Ordered[S], read func(st S, sub *Reader) error) error {
	return r.Parallel(0, func(_ int, sub *Reader) error {
		if err := o.Failed(); err != nil {
			return err
		}
		st := o.Get()
		if err := read(st, sub); err != nil {
			return err
		}
		return o.Put(sub.Chunk(), st)
	})
}

// Pending returns the number of finished chunks still waiting for an
// earlier one (0 after a complete read).
func (o *Ordered[S]) Pending() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.pending)
}
