// Package parallel runs the items of a loop on several goroutines. It is
// the one worker pool of the measure packages (resampling rounds, the
// cluster indices' blocks, the sentences of the text measures).
package parallel

import (
	"sync"
	"sync/atomic"
)

// Chunks calls, on up to workers goroutines, the function that newWorker
// returns for each goroutine over consecutive chunks [lo, hi) of at most
// chunk items covering [0, n), handed out in increasing order. Each chunk
// is handled by exactly one goroutine, so writes to out[i] for i in the
// chunk need no locking. Small chunks balance expensive items; large ones
// cost less to hand out. With n ≤ chunk or workers ≤ 1 it calls
// newWorker()(0, n) once, on the calling goroutine. It panics if chunk < 1.
func Chunks(n, chunk, workers int, newWorker func() func(lo, hi int)) {
	if chunk < 1 {
		panic("parallel: chunk < 1")
	}
	if n <= chunk || workers <= 1 {
		newWorker()(0, n)
		return
	}
	workers = min(workers, (n+chunk-1)/chunk)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := newWorker()
			for {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return
				}
				f(lo, min(lo+chunk, n))
			}
		}()
	}
	wg.Wait()
}

// For calls f(i) for each i in [0, n) on up to workers goroutines, which
// take the items one at a time in increasing order. With n ≤ 1 or
// workers ≤ 1 it calls f(0), f(1), … in order on the calling goroutine.
func For(n, workers int, f func(i int)) {
	Chunks(n, 1, workers, func() func(lo, hi int) {
		return func(lo, hi int) {
			for i := lo; i < hi; i++ {
				f(i)
			}
		}
	})
}
