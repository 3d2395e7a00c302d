package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/evalkit-go/evalkit/table"
)

// progress shows how far the reading of r has got on stderr, when stderr
// is a terminal, every 200 ms after the first second; it returns the
// function that stops it and clears the line. Nothing is shown for files
// read in under a second, nor when stderr is not a terminal.
func progress(e *env, r *table.Reader) (stop func()) {
	if !e.stderrTerm {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		start := time.Now()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(e.stderr, "\r\033[K")
				}
				return
			case <-tick.C:
				el := time.Since(start)
				if el < time.Second {
					continue
				}
				n, size := r.Progress()
				msg := fmt.Sprintf("reading %s: %.0f MB", r.Name(), float64(n)/1e6)
				if size > 0 {
					msg += fmt.Sprintf(" of %.0f MB (%.0f %%)", float64(size)/1e6, 100*float64(n)/float64(size))
				}
				msg += fmt.Sprintf(", %.0f MB/s", float64(n)/1e6/el.Seconds())
				fmt.Fprintf(e.stderr, "\r\033[K%s", msg)
				shown = true
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// chunkOrder merges per-chunk states into one result, in chunk order,
// whatever the order in which the chunks are finished; it recycles the
// states.
type chunkOrder[S any] struct {
	mu      sync.Mutex
	next    int       // the chunk to merge next
	pending map[int]S // finished chunks after next
	free    []S
	fresh   func() S // a new empty state
	merge   func(S)  // merges a chunk's state into the result
	reset   func(S)  // empties a merged state for reuse; nil: drop it
	// check, if not nil, runs after each merge: it charges the result's
	// growth to the memory budget. Its first error stops the reading.
	check func() error
	err   error
}

// failed returns the first error of check.
func (c *chunkOrder[S]) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// get returns an empty state for a chunk.
func (c *chunkOrder[S]) get() S {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := len(c.free); n > 0 {
		s := c.free[n-1]
		c.free = c.free[:n-1]
		return s
	}
	return c.fresh()
}

// put hands over the state of a finished chunk and merges every chunk
// that is now next in order. It returns the first error of check.
func (c *chunkOrder[S]) put(chunk int, s S) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	if c.pending == nil {
		c.pending = map[int]S{}
	}
	c.pending[chunk] = s
	for {
		s, ok := c.pending[c.next]
		if !ok {
			return nil
		}
		delete(c.pending, c.next)
		c.merge(s)
		if c.check != nil {
			if c.err = c.check(); c.err != nil {
				return c.err
			}
		}
		if c.reset != nil {
			c.reset(s)
			c.free = append(c.free, s)
		}
		c.next++
	}
}

// readChunks reads the rows of r on every core through table.Parallel, each
// chunk of rows into a state of its own (o.get), which read fills; o merges
// the states in chunk (file) order as soon as the chunks before them are
// done. The result is therefore the same, to the bit, whatever the number
// of cores and the order in which chunks finish, and memory holds only the
// chunks that wait for an earlier one. A progress line shows on a terminal.
func readChunks[S any](e *env, r *table.Reader, o *chunkOrder[S], read func(st S, sub *table.Reader) error) error {
	defer progress(e, r)()
	return r.Parallel(0, func(_ int, sub *table.Reader) error {
		if err := o.failed(); err != nil {
			return err
		}
		st := o.get()
		if err := read(st, sub); err != nil {
			return err
		}
		return o.put(sub.Chunk(), st)
	})
}
