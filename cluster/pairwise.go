package cluster

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Tile sizes of the pairwise pass: a worker holds a tileI×tileJ block of
// distances (256 KiB) and walks the tiles of columns in order.
const (
	tileI = 64
	tileJ = 512
)

// passResult is what one pass over all ordered pairs gathers. Rows are in
// sorted (grouped) position p.
type passResult struct {
	own      []float64 // Σ dist to the rows of the own cluster
	other    []float64 // least mean distance to another cluster (+Inf if none)
	diam     []float64 // per cluster
	dmin     []float64 // k×k, nil unless kept
	interMin float64   // least distance between rows of different clusters
}

// pass computes, for every row, the sums of its distances to each cluster
// (keeping its own cluster's sum and the least mean over the others), and
// per cluster the diameter and least distances to other clusters. The rows
// are copied in cluster order, so that every cluster is one contiguous
// range of columns; each worker takes tileI rows at a time and walks all
// columns in tiles of tileJ, reducing each block of distances as soon as it
// is computed. Sums are plain within a block segment and compensated
// across segments. Memory: the sorted copy (n·d) plus, per worker, one
// block and k (or k² with keepDmin) values.
func pass(x []float64, dim int, g *groups, m Metric, workers int, keepDmin bool) *passResult {
	n := len(g.id)
	k := len(g.names)
	xs := make([]float64, n*dim)
	for p, i := range g.order {
		copy(xs[p*dim:(p+1)*dim], x[i*dim:(i+1)*dim])
	}
	if m == Cosine {
		for p := range n {
			row := xs[p*dim : (p+1)*dim]
			if nr := norm(row); nr != 0 {
				for t := range row {
					row[t] /= nr
				}
			}
		}
	}
	cl := make([]int, n)
	for c := range k {
		for p := g.start[c]; p < g.start[c+1]; p++ {
			cl[p] = c
		}
	}
	if n*k <= symLimit {
		return passSym(xs, dim, m, cl, g, workers, keepDmin)
	}
	res := &passResult{own: make([]float64, n), other: make([]float64, n), diam: make([]float64, k), interMin: math.Inf(1)}
	if keepDmin {
		res.dmin = make([]float64, k*k)
		for i := range res.dmin {
			res.dmin[i] = math.Inf(1)
		}
	}
	tiles := (n + tileI - 1) / tileI
	workers = max(1, min(workers, tiles))
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newPassWorker(k, keepDmin)
			for {
				t := int(next.Add(1) - 1)
				if t >= tiles {
					break
				}
				w.tile(xs, dim, m, cl, g, res, t*tileI, min(n, (t+1)*tileI))
			}
			mu.Lock()
			for c, v := range w.diam {
				res.diam[c] = math.Max(res.diam[c], v)
			}
			for i, v := range w.dmin {
				res.dmin[i] = math.Min(res.dmin[i], v)
			}
			res.interMin = math.Min(res.interMin, w.interMin)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return res
}

type passWorker struct {
	block    []float64
	acc      []fsum.Sum
	curMin   []float64
	curMax   []float64
	diam     []float64
	dmin     []float64
	interMin float64
}

func newPassWorker(k int, keepDmin bool) *passWorker {
	w := &passWorker{
		block:    make([]float64, tileI*tileJ),
		acc:      make([]fsum.Sum, tileI),
		curMin:   make([]float64, tileI),
		curMax:   make([]float64, tileI),
		diam:     make([]float64, k),
		interMin: math.Inf(1),
	}
	if keepDmin {
		w.dmin = make([]float64, k*k)
		for i := range w.dmin {
			w.dmin[i] = math.Inf(1)
		}
	}
	for i := range w.curMin {
		w.curMin[i] = math.Inf(1)
	}
	return w
}

// tile processes rows [i0, i1) against every column.
func (w *passWorker) tile(xs []float64, dim int, m Metric, cl []int, g *groups, res *passResult, i0, i1 int) {
	n := len(cl)
	k := len(g.names)
	rows := i1 - i0
	for p := i0; p < i1; p++ {
		res.other[p] = math.Inf(1)
	}
	for j0 := 0; j0 < n; j0 += tileJ {
		j1 := min(j0+tileJ, n)
		width := j1 - j0
		block(xs, dim, m, i0, i1, j0, j1, w.block)
		for s := j0; s < j1; {
			c := cl[s]
			e := min(j1, g.start[c+1])
			for ii := range rows {
				seg := w.block[ii*width+(s-j0) : ii*width+(e-j0)]
				if cl[i0+ii] == c {
					sum, mx := sumMax(seg)
					w.acc[ii].Add(sum)
					w.curMax[ii] = max(w.curMax[ii], mx)
				} else {
					sum, mn := sumMin(seg)
					w.acc[ii].Add(sum)
					w.curMin[ii] = min(w.curMin[ii], mn)
				}
			}
			if e == g.start[c+1] { // cluster c is complete for these rows
				size := float64(g.start[c+1] - g.start[c])
				for ii := range rows {
					p := i0 + ii
					own := cl[p]
					v := w.acc[ii].Value()
					if own == c {
						res.own[p] = v
						w.diam[c] = math.Max(w.diam[c], w.curMax[ii])
					} else {
						res.other[p] = math.Min(res.other[p], v/size)
						if w.dmin != nil {
							w.dmin[own*k+c] = math.Min(w.dmin[own*k+c], w.curMin[ii])
						}
						w.interMin = math.Min(w.interMin, w.curMin[ii])
					}
					w.acc[ii] = fsum.Sum{}
					w.curMin[ii], w.curMax[ii] = math.Inf(1), 0
				}
			}
			s = e
		}
	}
}

// block fills out[(i−i0)·(j1−j0) + (j−j0)] with dist(xs_i, xs_j). For
// Cosine the rows of xs are already unit (or zero) vectors.
func block(xs []float64, dim int, m Metric, i0, i1, j0, j1 int, out []float64) {
	width := j1 - j0
	for i := i0; i < i1; i++ {
		xi := xs[i*dim : (i+1)*dim : (i+1)*dim]
		o := out[(i-i0)*width : (i-i0+1)*width]
		switch m {
		case Euclidean:
			euclidRow(xi, xs[j0*dim:j1*dim], o)
		case Manhattan:
			for j := range o {
				xj := xs[(j0+j)*dim : (j0+j+1)*dim]
				xj = xj[:len(xi)]
				var s float64
				for t, v := range xi {
					s += math.Abs(v - xj[t])
				}
				o[j] = s
			}
		case Cosine:
			zi := isZero(xi)
			for j := range o {
				xj := xs[(j0+j)*dim : (j0+j+1)*dim]
				xj = xj[:len(xi)]
				if i == j0+j {
					o[j] = 0
					continue
				}
				if zi || isZero(xj) {
					o[j] = 1
					continue
				}
				var s float64
				for t, v := range xi {
					s += v * xj[t]
				}
				o[j] = min(max(1-s, 0), 2)
			}
		default:
			panic(fmt.Sprintf("cluster: unknown metric %d", m))
		}
	}
}

func isZero(v []float64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// euclidRow sets o[j] = ‖xi − row j of ys‖, four columns at a time.
func euclidRow(xi, ys []float64, o []float64) {
	d := len(xi)
	j := 0
	for ; j+4 <= len(o); j += 4 {
		y0 := ys[j*d : (j+1)*d : (j+1)*d]
		y1 := ys[(j+1)*d : (j+2)*d : (j+2)*d]
		y2 := ys[(j+2)*d : (j+3)*d : (j+3)*d]
		y3 := ys[(j+3)*d : (j+4)*d : (j+4)*d]
		y0, y1, y2, y3 = y0[:d], y1[:d], y2[:d], y3[:d]
		var s0, s1, s2, s3 float64
		for t, v := range xi {
			e0 := v - y0[t]
			e1 := v - y1[t]
			e2 := v - y2[t]
			e3 := v - y3[t]
			s0 += e0 * e0
			s1 += e1 * e1
			s2 += e2 * e2
			s3 += e3 * e3
		}
		o[j], o[j+1], o[j+2], o[j+3] = math.Sqrt(s0), math.Sqrt(s1), math.Sqrt(s2), math.Sqrt(s3)
	}
	for ; j < len(o); j++ {
		y := ys[j*d : (j+1)*d]
		y = y[:d]
		var s float64
		for t, v := range xi {
			e := v - y[t]
			s += e * e
		}
		o[j] = math.Sqrt(s)
	}
}

// pairIndices fills Avg, Diam, DMin, Dunn and DaviesBouldinAvgPair.
func (r *Internal) pairIndices(g *groups, pr *passResult, keepDmin bool) {
	k := len(g.names)
	var maxDiam float64
	for c := range r.Clusters {
		cs := &r.Clusters[c]
		var s fsum.Sum
		for p := g.start[c]; p < g.start[c+1]; p++ {
			s.Add(pr.own[p])
		}
		cs.Avg = 0
		if cs.Size > 1 {
			cs.Avg = s.Value() / (float64(cs.Size) * float64(cs.Size-1))
		}
		cs.Diam = pr.diam[c]
		maxDiam = math.Max(maxDiam, cs.Diam)
		if keepDmin {
			cs.DMin = make([]float64, k)
			for e := range k {
				if e != c {
					// d_min is symmetric; both directions were computed.
					cs.DMin[e] = math.Min(pr.dmin[c*k+e], pr.dmin[e*k+c])
				}
			}
		}
	}
	switch {
	case k < 2:
		r.Warnings = append(r.Warnings, "a single cluster: the Dunn index needs two")
	case maxDiam == 0:
		r.Warnings = append(r.Warnings, "every cluster has diameter 0: the Dunn index is undefined")
	default:
		r.Dunn = pr.interMin / maxDiam
	}
	if k >= 2 && k <= r.N-1 {
		s := make([]float64, k)
		for c := range r.Clusters {
			s[c] = r.Clusters[c].Avg
		}
		r.DaviesBouldinAvgPair = r.daviesBouldin(s)
	}
}

// silhouette fills Silhouette (and per-cluster means) from a pass over the
// rows grouped by g. full is the grouping of all rows when g is a sample's.
func (r *Internal) silhouette(g *groups, pr *passResult, full *groups, ok, keep bool) {
	n := len(g.id)
	r.SilhouetteRows = n
	if !ok {
		return
	}
	vals := make([]float64, n)
	var all fsum.Sum
	for c := range g.names {
		size := g.size(c)
		var cs fsum.Sum
		for p := g.start[c]; p < g.start[c+1]; p++ {
			var s float64
			if size > 1 {
				a := pr.own[p] / float64(size-1)
				b := pr.other[p]
				if mx := math.Max(a, b); mx > 0 {
					s = (b - a) / mx
				}
			}
			vals[g.order[p]] = s
			cs.Add(s)
			all.Add(s)
		}
		ci := c
		if full != nil {
			ci = searchInt(full.names, g.names[c])
		}
		r.Clusters[ci].Silhouette = cs.Value() / float64(size)
	}
	r.Silhouette = all.Value() / float64(n)
	if keep {
		r.SilhouetteValues = vals
	}
}

func searchInt(a []int, v int) int {
	lo, hi := 0, len(a)
	for lo < hi {
		m := (lo + hi) / 2
		if a[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
