package text

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallel calls, on up to GOMAXPROCS goroutines, the function that
// newWorker returns for each goroutine over consecutive chunks [lo, hi) of
// at most chunk items covering [0, n). Each chunk is handled by exactly one
// goroutine, so writes to out[i] for i in the chunk need no locking. Small
// chunks balance expensive items (TER); large ones cost less to hand out.
func parallel(n, chunk int, newWorker func() func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if n <= chunk || workers == 1 {
		newWorker()(0, n)
		return
	}
	if max := (n + chunk - 1) / chunk; workers > max {
		workers = max
	}
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
