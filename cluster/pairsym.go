package cluster

import (
	"math"
	"sync"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// symLimit is the largest n·k for which the pairwise pass uses each
// distance once (symmetric blocks, an n×k table of compensated sums);
// above it, the row pass computes each distance twice in O(tile·k) memory.
var symLimit = 1 << 22

// tileS is the tile size of the symmetric pass: a block is tileS² distances
// (512 KiB).
const tileS = 256

// passSym is pass for n·k ≤ symLimit: it computes each distance once. The
// tiles of rows are paired by the circle method, so that the blocks of one
// round touch disjoint rows and run in parallel without locks, and every
// row's sums are added in the same order whatever the number of workers:
// the result does not depend on scheduling.
func passSym(xs []float64, dim int, m Metric, cl []int, g *groups, workers int, keepDmin bool) *passResult {
	n := len(cl)
	k := len(g.names)
	acc := make([]fsum.Sum, n*k)
	tiles := (n + tileS - 1) / tileS
	players := tiles + tiles%2
	type job struct{ a, b int }
	var rounds [][]job
	var diag []job
	for t := range tiles {
		diag = append(diag, job{t, t})
	}
	rounds = append(rounds, diag)
	for r := range players - 1 {
		var js []job
		for i := range players / 2 {
			a := (r + i) % (players - 1)
			b := (r + players - 1 - i) % (players - 1)
			if i == 0 {
				b = players - 1
			}
			if a >= tiles || b >= tiles {
				continue
			}
			js = append(js, job{min(a, b), max(a, b)})
		}
		rounds = append(rounds, js)
	}
	workers = max(1, workers)
	ws := make([]*symWorker, workers)
	for w := range ws {
		ws[w] = newSymWorker(k, keepDmin)
	}
	for _, js := range rounds {
		var wg sync.WaitGroup
		for w := range min(workers, len(js)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for q := w; q < len(js); q += workers {
					ws[w].block(xs, dim, m, cl, g, acc, js[q].a, js[q].b)
				}
			}()
		}
		wg.Wait()
	}
	res := &passResult{own: make([]float64, n), other: make([]float64, n), diam: make([]float64, k), interMin: math.Inf(1)}
	if keepDmin {
		res.dmin = make([]float64, k*k)
		for i := range res.dmin {
			res.dmin[i] = math.Inf(1)
		}
	}
	for _, w := range ws {
		for c, v := range w.diam {
			res.diam[c] = math.Max(res.diam[c], v)
		}
		for i, v := range w.dmin {
			res.dmin[i] = math.Min(res.dmin[i], v)
		}
		res.interMin = math.Min(res.interMin, w.interMin)
	}
	for p := range n {
		own := cl[p]
		res.own[p] = acc[p*k+own].Value()
		best := math.Inf(1)
		for c := range k {
			if c != own {
				best = math.Min(best, acc[p*k+c].Value()/float64(g.size(c)))
			}
		}
		res.other[p] = best
	}
	return res
}

type symWorker struct {
	block_   []float64
	col      []float64
	diam     []float64
	dmin     []float64
	interMin float64
}

func newSymWorker(k int, keepDmin bool) *symWorker {
	w := &symWorker{block_: make([]float64, tileS*tileS), col: make([]float64, tileS), diam: make([]float64, k), interMin: math.Inf(1)}
	if keepDmin {
		w.dmin = make([]float64, k*k)
		for i := range w.dmin {
			w.dmin[i] = math.Inf(1)
		}
	}
	return w
}

// block handles the distances between tile a and tile b (a ≤ b): for rows
// of a by the clusters of b's columns and, when a < b, for rows of b by the
// clusters of a's rows.
func (w *symWorker) block(xs []float64, dim int, m Metric, cl []int, g *groups, acc []fsum.Sum, a, b int) {
	n := len(cl)
	k := len(g.names)
	i0, i1 := a*tileS, min(n, (a+1)*tileS)
	j0, j1 := b*tileS, min(n, (b+1)*tileS)
	width := j1 - j0
	blk := w.block_[:(i1-i0)*width]
	block(xs, dim, m, i0, i1, j0, j1, blk)
	// Rows of a against the cluster runs of b's columns.
	for s := j0; s < j1; {
		c := cl[s]
		e := min(j1, g.start[c+1])
		for i := i0; i < i1; i++ {
			seg := blk[(i-i0)*width+(s-j0) : (i-i0)*width+(e-j0)]
			if own := cl[i]; own == c {
				sum, mx := sumMax(seg)
				acc[i*k+c].Add(sum)
				w.diam[c] = max(w.diam[c], mx)
			} else {
				sum, mn := sumMin(seg)
				acc[i*k+c].Add(sum)
				if w.dmin != nil {
					w.dmin[own*k+c] = min(w.dmin[own*k+c], mn)
				}
				w.interMin = min(w.interMin, mn)
			}
		}
		s = e
	}
	if a == b {
		return
	}
	// Rows of b (columns of the block) against the cluster runs of a's rows.
	col := w.col[:width]
	for s := i0; s < i1; {
		c := cl[s]
		e := min(i1, g.start[c+1])
		clear(col)
		for i := s; i < e; i++ {
			row := blk[(i-i0)*width : (i-i0+1)*width]
			for j, d := range row {
				col[j] += d
			}
		}
		for j, v := range col {
			acc[(j0+j)*k+c].Add(v)
		}
		s = e
	}
}

// sumMax returns the sum and the largest of the (non-negative, non-NaN)
// distances in seg, with four partial sums so that the additions overlap.
func sumMax(seg []float64) (sum, mx float64) {
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(seg); i += 4 {
		d0, d1, d2, d3 := seg[i], seg[i+1], seg[i+2], seg[i+3]
		s0 += d0
		s1 += d1
		s2 += d2
		s3 += d3
		if d0 > mx {
			mx = d0
		}
		if d1 > mx {
			mx = d1
		}
		if d2 > mx {
			mx = d2
		}
		if d3 > mx {
			mx = d3
		}
	}
	for ; i < len(seg); i++ {
		s0 += seg[i]
		if seg[i] > mx {
			mx = seg[i]
		}
	}
	return (s0 + s1) + (s2 + s3), mx
}

// sumMin is sumMax with the least distance (+Inf for an empty seg).
func sumMin(seg []float64) (sum, mn float64) {
	var s0, s1, s2, s3 float64
	mn = math.Inf(1)
	i := 0
	for ; i+4 <= len(seg); i += 4 {
		d0, d1, d2, d3 := seg[i], seg[i+1], seg[i+2], seg[i+3]
		s0 += d0
		s1 += d1
		s2 += d2
		s3 += d3
		if d0 < mn {
			mn = d0
		}
		if d1 < mn {
			mn = d1
		}
		if d2 < mn {
			mn = d2
		}
		if d3 < mn {
			mn = d3
		}
	}
	for ; i < len(seg); i++ {
		s0 += seg[i]
		if seg[i] < mn {
			mn = seg[i]
		}
	}
	return (s0 + s1) + (s2 + s3), mn
}
