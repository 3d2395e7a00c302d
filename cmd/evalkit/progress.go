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
