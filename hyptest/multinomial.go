package hyptest

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/stat/distuv"
)

// Replicate calls fn for every replicate r = 0, …, b−1 on up to workers
// goroutines (workers ≤ 0: GOMAXPROCS). Replicate r draws from its own
// generator, PCG(seed, r), so what it computes does not depend on the
// number of workers or on which worker runs it: store results by r.
// scratch makes one value per worker (buffers the replicates reuse); it
// may be nil when fn needs none.
func Replicate[S any](b int, seed uint64, workers int, scratch func() S, fn func(r int, rng *rand.Rand, s S)) {
	if b < 0 {
		panic(fmt.Sprintf("hyptest: %d replicates", b))
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, b)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s S
			if scratch != nil {
				s = scratch()
			}
			for {
				i := int(next.Add(1) - 1)
				if i >= b {
					return
				}
				fn(i, rand.New(rand.NewPCG(seed, uint64(i))), s)
			}
		}()
	}
	wg.Wait()
}

// Multinomial draws n items into out over the cells of counts, cell i with
// probability counts[i]/Σcounts, as successive binomials conditional on the
// cells before it (gonum's distuv.Binomial on rng): the draw of a row
// bootstrap of a table whose cells hold counts rows, without touching the
// rows. A cell with count 0 gets 0. It panics if len(out) ≠ len(counts),
// a count is negative, or n > 0 with Σcounts = 0.
func Multinomial(rng *rand.Rand, n int64, counts, out []int64) {
	if len(out) != len(counts) {
		panic("hyptest: Multinomial: out and counts differ in length")
	}
	var rest int64
	for _, c := range counts {
		if c < 0 {
			panic("hyptest: Multinomial: negative count")
		}
		rest += c
	}
	if n > 0 && rest == 0 {
		panic("hyptest: Multinomial: no cells to draw from")
	}
	left := n
	for i, c := range counts {
		switch {
		case left == 0 || c == 0:
			out[i] = 0
		case c == rest:
			out[i] = left
		default:
			out[i] = int64(distuv.Binomial{N: float64(left), P: float64(c) / float64(rest), Src: rng}.Rand())
		}
		left -= out[i]
		rest -= c
	}
}

// ResampleRows draws a row bootstrap of a table whose cell i holds counts[i]
// rows: Σcounts rows drawn with replacement, out[i] the number drawn from
// cell i, a multinomial draw. Small tables of many rows draw the cells by
// [Multinomial]; tables with nearly as many cells as rows draw row indices
// (one uniform per row, counted in buf, one byte a row so that the counts
// stay in cache; buf is grown as needed and returned for reuse). Either
// way the result is a function of rng's state and the counts only.
func ResampleRows(rng *rand.Rand, counts, out []int64, buf []uint8) []uint8 {
	var n int64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		clear(out)
		return buf
	}
	if int64(len(counts))*64 <= n {
		Multinomial(rng, n, counts, out)
		return buf
	}
	if int64(cap(buf)) < n {
		buf = make([]uint8, n)
	}
	buf = buf[:n]
	clear(buf)
	// A row drawn 255 times (never, in practice: the chance is below
	// 10⁻⁴⁰⁰ for any n) is counted in over instead of its byte.
	var over map[int64]int64
	un := uint64(n)
	for range n {
		// Lemire's multiply-shift: the high word of a uniform 64-bit
		// draw times n is uniform on [0, n) up to a bias below n/2⁶⁴
		// (< 10⁻¹⁰ for any table that fits in memory), without Int64N's
		// rejection step.
		hi, _ := bits.Mul64(rng.Uint64(), un)
		i := int64(hi)
		if buf[i] == 255 {
			if over == nil {
				over = map[int64]int64{}
			}
			over[i]++
			continue
		}
		buf[i]++
	}
	var at int64
	for i, c := range counts {
		if c == 1 { // the common case: a cell of one row (distinct scores)
			out[i] = int64(buf[at])
			at++
			continue
		}
		var s int64
		for _, h := range buf[at : at+c] {
			s += int64(h)
		}
		out[i] = s
		at += c
	}
	if over != nil {
		at = 0
		for i, c := range counts {
			for r := at; r < at+c; r++ {
				out[i] += over[r]
			}
			at += c
		}
	}
	return buf
}
