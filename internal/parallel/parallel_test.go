package parallel

import (
	"sync/atomic"
	"testing"
)

func TestChunksCoverEachItemOnce(t *testing.T) {
	for _, tc := range []struct{ n, chunk, workers int }{
		{0, 4, 4}, {1, 4, 4}, {4, 4, 4}, {5, 4, 4}, {1000, 7, 3}, {1000, 256, 1}, {1000, 1, 8}, {10, 3, 100},
	} {
		seen := make([]atomic.Int32, tc.n)
		var calls atomic.Int32
		Chunks(tc.n, tc.chunk, tc.workers, func() func(lo, hi int) {
			return func(lo, hi int) {
				calls.Add(1)
				if tc.workers > 1 && tc.n > tc.chunk && hi-lo > tc.chunk {
					t.Errorf("%+v: chunk [%d, %d) larger than %d", tc, lo, hi, tc.chunk)
				}
				for i := lo; i < hi; i++ {
					seen[i].Add(1)
				}
			}
		})
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Errorf("%+v: item %d handled %d times", tc, i, c)
			}
		}
		if (tc.n <= tc.chunk || tc.workers <= 1) && calls.Load() != 1 {
			t.Errorf("%+v: %d calls, want one over [0, n)", tc, calls.Load())
		}
	}
}

func TestForInOrderWithOneWorker(t *testing.T) {
	var got []int
	For(5, 1, func(i int) { got = append(got, i) })
	for i, v := range got {
		if v != i {
			t.Fatalf("got %v, want 0…4 in order", got)
		}
	}
	if len(got) != 5 {
		t.Fatalf("got %v, want 0…4", got)
	}
	var sum atomic.Int64
	For(1000, 4, func(i int) { sum.Add(int64(i)) })
	if sum.Load() != 999*1000/2 {
		t.Errorf("sum %d, want %d", sum.Load(), 999*1000/2)
	}
}
