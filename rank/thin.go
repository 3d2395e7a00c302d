package rank

import (
	"math"
	"slices"
	"sync"
)

// Thinning a curve keeps some of its own vertices and joins them by
// straight lines. The error of a thinning is the largest distance from a
// dropped vertex to the chord that replaced it (in the units of the axes,
// which are rates in [0, 1] for every curve here). It bounds the Hausdorff
// distance between the drawn full curve and the drawn thinned one: along an
// edge of the full curve the distance to a chord is convex, so it is largest
// at a vertex; and the full curve between two kept vertices passes every
// point of their chord within that distance.
//
// The thinning is streaming (a [thinner] sees each vertex once, in order,
// and holds a bounded number of them), so that a curve too long for memory
// (a spilled score table, see [Spill.Stream]) is thinned as it is computed,
// to the same vertices as the whole curve in memory.

// Thin returns the ROC curve reduced to at most n of its vertices (n ≥ 2),
// always keeping the first and the last, and the error of the thinning
// (see [thinner]; the blocks are cut evenly along the curve's length, |ΔFPR|
// + |ΔTPR|, whose total is 2). A curve of at most n vertices is returned as
// it is, with error 0.
func (c ROCCurve) Thin(n int) (ROCCurve, float64) {
	return c.thin(n, len(c.FPR))
}

// thin is Thin with the block size bound of a curve of at most rows
// vertices (see newThinner).
func (c ROCCurve) thin(n, rows int) (ROCCurve, float64) {
	if len(c.FPR) <= n {
		return c, 0
	}
	th := newThinner(n, 2, true, rows)
	for i := range c.FPR {
		th.add(c.FPR[i], c.TPR[i], c.Thresholds[i])
	}
	x, y, thr, e := th.finish()
	return ROCCurve{FPR: x, TPR: y, Thresholds: thr}, e
}

// Thin returns the precision–recall curve reduced to at most n of its
// vertices (n ≥ 2) in the (recall, precision) plane, keeping the first and
// the final point (recall 0, precision 1), and the error of the thinning.
// The curve is thinned from its final point backwards (in decreasing
// threshold order, as a score table is read), the blocks cut evenly in
// recall. A curve of at most n vertices is returned as it is, with error 0.
func (c PRCurve) Thin(n int) (PRCurve, float64) {
	return c.thin(n, len(c.Recall))
}

func (c PRCurve) thin(n, rows int) (PRCurve, float64) {
	m := len(c.Recall)
	if m <= n {
		return c, 0
	}
	th := newThinner(n, 1, false, rows)
	th.add(c.Recall[m-1], c.Precision[m-1], math.NaN())
	for i := m - 2; i >= 0; i-- {
		th.add(c.Recall[i], c.Precision[i], c.Thresholds[i])
	}
	x, y, thr, e := th.finish()
	return prFromStream(x, y, thr), e
}

// prFromStream turns the vertices of a P-R curve in stream order (the
// final point first, then decreasing thresholds) into a PRCurve.
func prFromStream(x, y, thr []float64) PRCurve {
	slices.Reverse(x)
	slices.Reverse(y)
	slices.Reverse(thr)
	return PRCurve{Precision: y, Recall: x, Thresholds: thr[:len(thr)-1]}
}

// thin chooses at most n of the vertices of the polyline (x[i], y[i]),
// the first and the last among them, as a [thinner] cutting blocks evenly
// along the curve's length in |Δx| + |Δy|. It returns the kept indices,
// increasing, and the thinning's error: the largest Euclidean distance
// from a dropped vertex to the chord that replaced it. It returns nil when
// the polyline has at most n vertices. It panics if n < 2.
func thin(x, y []float64, n int) ([]int, float64) {
	if n < 2 {
		panic("rank: thin: fewer than 2 vertices")
	}
	m := len(x)
	if m <= n {
		return nil, 0
	}
	var total float64
	for i := 1; i < m; i++ {
		total += math.Abs(x[i]-x[i-1]) + math.Abs(y[i]-y[i-1])
	}
	th := newThinner(n, total, true, m)
	for i := range x {
		th.add(x[i], y[i], float64(i))
	}
	_, _, idx, e := th.finish()
	keep := make([]int, len(idx))
	for k, v := range idx {
		keep[k] = int(v)
	}
	return keep, e
}

// A thinner chooses at most n vertices of a polyline seen one vertex at a
// time, the first and the last among them, in two steps:
//
//  1. Cuts: up to n/2 vertices evenly spaced along the curve's length s
//     (|Δx| + |Δy| summed, or |Δx| alone, from the first vertex; the total
//     length, span, is given in advance: 2 for an ROC curve, 1 for the
//     recall of a P-R curve), plus a vertex wherever a block between cuts
//     would pass cap vertices (bounding the memory; cap is chosen so these
//     cuts are at most n/4). The cuts split the curve into blocks.
//  2. Douglas–Peucker on the worst chord first: the vertex farthest from
//     the chord it would replace joins the kept ones, until n are kept.
//     Each block is refined on its own as soon as it is complete (greedily,
//     its worst chord first), giving a sequence of vertices with the
//     distances d₁, d₂, … at which they were added; the running minimum
//     f_k = min(d₁…d_k) orders them. The kept vertices are the cuts and the
//     n − cuts vertices of largest f over all blocks (ties: the earlier
//     block, then the earlier in the block), which is what splitting the
//     worst chord of the whole curve again and again would choose: when a
//     block's worst chord is the worst of all, a child chord worse than it
//     is split at once. The candidates are held in a buffer of at most
//     twice the room left, n − 1 − the cuts so far (at least one more cut,
//     the block's last vertex, is kept); when it fills, the best room of
//     them are kept (no other can be among the best n − cuts), the worst
//     of those becomes the bar, and a block stops refining when its f
//     falls below the bar.
//
// The error is the largest squared distance left in any block's chords
// after its chosen vertices, as a distance.
type thinner struct {
	n, k      int     // the budget; the most cuts along the length (n/2)
	step      float64 // span / k
	next      float64 // the length of the next cut
	useY      bool    // the length adds |Δy|
	cap       int     // the most vertices of a block
	s         float64 // the length so far
	count     int     // vertices added
	pend      vtx     // the last vertex added, processed when the next comes
	blocks    int     // blocks closed
	forced    int     // cuts made by cap
	bar       cand    // the worst candidate kept at the last pruning
	barred    bool    // the pool was pruned (bar is set)
	lastX     float64
	lastY     float64
	haveFirst bool
	*thinBufs
}

// thinBufs are a thinner's buffers, taken from thinPool and given back
// when it finishes: the next thinner (of the next curve, or of the next
// slice's) reuses them instead of growing fresh ones.
type thinBufs struct {
	head     []vtx     // the first n vertices (the result when there are no more)
	blk      []vtx     // the current block, from its first cut
	cuts     []vtx     // the cuts so far (the first vertex first)
	pool     []cand    // the candidates, at most 2(n − 2)
	blockErr []float64 // per block, the squared error with no vertex chosen
	chordBuf chordHeap // a block's chords
	worst    []float64 // finish: per block, the squared error left
	chosen   []int     // finish: per block, the vertices chosen
	at       []int     // finish: where each block's candidates start
	out      []vtx     // finish: the kept vertices
}

var thinPool = sync.Pool{New: func() any { return new(thinBufs) }}

// vtx is a vertex of a thinned curve: its coordinates, a payload (the
// threshold) and its index along the curve.
type vtx struct {
	x, y, t float64
	i       int
}

// thinMinCap is the least block size bound of a thinner (tests lower it).
var thinMinCap = 1 << 16

// newThinner returns a thinner to n vertices (n ≥ 2) of a curve of total
// length span, in |Δx| + |Δy| when useY, else |Δx|, and at most rows
// vertices (which bounds the block size: at most max(2¹⁶, 4·rows/n + 1)
// vertices, so that blocks cut for size are at most n/4).
func newThinner(n int, span float64, useY bool, rows int) *thinner {
	if n < 2 {
		panic("rank: thin: fewer than 2 vertices")
	}
	th := &thinner{n: n, k: n / 2, useY: useY, cap: max(thinMinCap, 4*rows/n+1), thinBufs: thinPool.Get().(*thinBufs)}
	if th.k > 1 && span > 0 {
		th.step = span / float64(th.k)
		th.next = th.step
	}
	return th
}

// add adds the next vertex.
func (th *thinner) add(x, y, t float64) {
	v := vtx{x: x, y: y, t: t, i: th.count}
	th.count++
	if th.count <= th.n {
		th.head = append(th.head, v)
	}
	if th.count > 1 {
		th.process(th.pend)
	}
	th.pend = v
}

// process takes vertex v, known not to be the last.
func (th *thinner) process(v vtx) {
	if v.i == 0 {
		th.cuts = append(th.cuts, v)
		th.blk = append(th.blk[:0], v)
		th.lastX, th.lastY = v.x, v.y
		return
	}
	th.s += math.Abs(v.x - th.lastX)
	if th.useY {
		th.s += math.Abs(v.y - th.lastY)
	}
	th.lastX, th.lastY = v.x, v.y
	th.blk = append(th.blk, v)
	cut := false
	if th.step > 0 && len(th.cuts)-th.forced < th.k && th.s >= th.next {
		cut = true
		th.next = (math.Floor(th.s/th.step) + 1) * th.step
	} else if len(th.blk) >= th.cap {
		cut = true
		th.forced++
	}
	if cut {
		th.closeBlock()
		th.cuts = append(th.cuts, v)
		th.blk = append(th.blk[:0], v)
	}
}

// finish takes the last vertex and returns the kept vertices' coordinates
// and payloads, in order, and the error. The thinner is done: its buffers
// go to the next one.
func (th *thinner) finish() (x, y, t []float64, e float64) {
	out := th.head
	if th.count > th.n {
		last := th.pend
		th.blk = append(th.blk, last)
		th.closeBlock()
		th.cuts = append(th.cuts, last)
		// The best take of the pool (ties go to the earlier block, then
		// the earlier vertex); the pool is prefix-closed in every block,
		// and so are they.
		cands := th.pool
		take := min(th.n-len(th.cuts), len(cands))
		selectBest(cands, take)
		cands = cands[:take]
		// Block b's vertices lie between cuts b and b + 1: the kept
		// vertices in order are each cut followed by its block's chosen
		// vertices, in order (counted by block, then sorted in each).
		blocks := len(th.blockErr)
		th.worst = append(th.worst[:0], th.blockErr...)
		th.chosen = zeros(th.chosen, blocks)
		th.at = zeros(th.at, blocks+1)
		for _, c := range cands {
			if c.k >= th.chosen[c.block] {
				th.chosen[c.block] = c.k + 1
				th.worst[c.block] = c.rest
			}
			th.at[c.block+1]++
		}
		for b := range blocks {
			th.at[b+1] += th.at[b]
		}
		n := len(th.cuts) + take
		if cap(th.out) < n {
			th.out = make([]vtx, n)
		}
		out = th.out[:n]
		// Block b's chosen vertices go to out[at[b]+b+1 …], after cut b.
		fill := th.chosen // reused as each block's next slot
		for b := range blocks {
			out[th.at[b]+b] = th.cuts[b]
			fill[b] = th.at[b] + b + 1
		}
		out[n-1] = th.cuts[blocks]
		for _, c := range cands {
			out[fill[c.block]] = c.v
			fill[c.block]++
		}
		for b := range blocks {
			if blk := out[th.at[b]+b+1 : th.at[b+1]+b+1]; len(blk) > 1 {
				slices.SortFunc(blk, func(a, b vtx) int { return a.i - b.i })
			}
		}
		var w float64
		for _, d := range th.worst {
			w = max(w, d)
		}
		e = math.Sqrt(w)
	}
	x, y, t = make([]float64, len(out)), make([]float64, len(out)), make([]float64, len(out))
	for k, v := range out {
		x[k], y[k], t[k] = v.x, v.y, v.t
	}
	b := th.thinBufs
	b.head, b.blk, b.cuts, b.pool, b.blockErr = b.head[:0], b.blk[:0], b.cuts[:0], b.pool[:0], b.blockErr[:0]
	th.thinBufs = new(thinBufs)
	thinPool.Put(b)
	return x, y, t, e
}

// zeros returns a cleared slice of n ints, a's memory when it has room.
func zeros(a []int, n int) []int {
	if cap(a) < n {
		return make([]int, n)
	}
	a = a[:n]
	clear(a)
	return a
}

// cand is a vertex a block's refinement chose: the k-th of block, at
// running minimum distance f; rest is the block's worst squared distance
// left once it is chosen.
type cand struct {
	f, rest  float64
	block, k int
	v        vtx
}

// cmpCand orders candidates by priority: larger f, then the earlier
// block, then the earlier in its block.
func cmpCand(a, b cand) int {
	switch {
	case a.f != b.f:
		if a.f > b.f {
			return 1
		}
		return -1
	case a.block != b.block:
		return b.block - a.block
	default:
		return b.k - a.k
	}
}

// selectBest moves the k best of a (by cmpCand; no two compare equal) to
// its front, in no particular order: Hoare's selection, its pivot the
// median of three.
func selectBest(a []cand, k int) {
	lo, hi := 0, len(a) // the boundary is in [lo, hi]
	for hi-lo > 16 {
		m := lo + (hi-lo)/2
		// Order a[lo], a[m], a[hi-1] best first: a[m] is their median.
		if cmpCand(a[m], a[lo]) > 0 {
			a[m], a[lo] = a[lo], a[m]
		}
		if cmpCand(a[hi-1], a[m]) > 0 {
			a[hi-1], a[m] = a[m], a[hi-1]
			if cmpCand(a[m], a[lo]) > 0 {
				a[m], a[lo] = a[lo], a[m]
			}
		}
		p := a[m]
		i, j := lo, hi-1
		for i <= j {
			for cmpCand(a[i], p) > 0 {
				i++
			}
			for cmpCand(a[j], p) < 0 {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// a[lo:j+1] are no worse than p, a[i:hi] no better, a[j+1:i] p.
		switch {
		case k <= j+1:
			hi = j + 1
		case k >= i:
			lo = i
		default:
			return
		}
	}
	s := a[lo:hi]
	slices.SortFunc(s, func(x, y cand) int { return cmpCand(y, x) })
}

// closeBlock refines the current block (its vertices from one cut to the
// next, both included) and offers its vertices to the pool.
func (th *thinner) closeBlock() {
	b := th.blk
	id := th.blocks
	th.blocks++
	h := th.chordBuf[:0]
	if c := farthest(b, 0, len(b)-1); c.d > 0 {
		h = append(h, c)
	}
	if len(h) > 0 {
		th.blockErr = append(th.blockErr, h[0].d)
	} else {
		th.blockErr = append(th.blockErr, 0)
	}
	// The most candidates ever taken: the cuts so far and the one that
	// closes this block are kept, and take the rest of the budget's room.
	room := th.n - len(th.cuts) - 1
	f := math.Inf(1)
	for k := 0; len(h) > 0 && room > 0; k++ {
		c := popHeap(&h, chordHeap.Less)
		f = min(f, c.d)
		cd := cand{f: f, block: id, k: k, v: b[c.at]}
		if th.barred && cmpCand(cd, th.bar) <= 0 {
			// room candidates are better: neither this nor any later
			// vertex of the block is taken (the order does not look at
			// rest), and the split of c is not needed.
			break
		}
		for _, s := range [2]chord{farthest(b, c.a, c.at), farthest(b, c.at, c.b)} {
			if s.d > 0 {
				pushHeap(&h, s, chordHeap.Less)
			}
		}
		if len(h) > 0 {
			cd.rest = h[0].d
		}
		if len(th.pool) >= 2*room {
			selectBest(th.pool, room)
			th.pool = th.pool[:room]
			th.bar = th.pool[0]
			for _, p := range th.pool[1:] {
				if cmpCand(p, th.bar) < 0 {
					th.bar = p
				}
			}
			th.barred = true
			if cmpCand(cd, th.bar) <= 0 {
				break
			}
		}
		th.pool = append(th.pool, cd)
	}
	th.chordBuf = h[:0]
}

// pushHeap and popHeap are container/heap's push and pop on a slice,
// without boxing each element in an interface (less(h, i, j): h[i] above
// h[j]).
func pushHeap[H ~[]E, E any](h *H, v E, less func(H, int, int) bool) {
	*h = append(*h, v)
	a := *h
	for j := len(a) - 1; j > 0; {
		i := (j - 1) / 2
		if !less(a, j, i) {
			break
		}
		a[i], a[j] = a[j], a[i]
		j = i
	}
}

func popHeap[H ~[]E, E any](h *H, less func(H, int, int) bool) E {
	a := *h
	n := len(a) - 1
	a[0], a[n] = a[n], a[0]
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if j+1 < n && less(a, j+1, j) {
			j++
		}
		if !less(a, j, i) {
			break
		}
		a[i], a[j] = a[j], a[i]
		i = j
	}
	v := a[n]
	*h = a[:n]
	return v
}

// chord is the chord from vertex a to vertex b of a curve, with the
// vertex between them farthest from it (at) and its squared distance d.
type chord struct {
	a, b, at int
	d        float64
}

// farthest returns the chord from v[a] to v[b] with its farthest vertex.
func farthest(v []vtx, a, b int) chord {
	c := chord{a: a, b: b, at: -1}
	if b-a < 2 {
		return c
	}
	xa, ya := v[a].x, v[a].y
	dx, dy := v[b].x-xa, v[b].y-ya
	l2 := dx*dx + dy*dy
	for i := a + 1; i < b; i++ {
		px, py := v[i].x-xa, v[i].y-ya
		if l2 > 0 {
			// t = min(max(…, 0), 1) by two tests: the builtins' rules
			// for NaN and signed zeros cost more, and change nothing
			// here (t is finite; a t of −0 gives the same squares).
			t := (px*dx + py*dy) / l2
			if t < 0 {
				t = 0
			} else if t > 1 {
				t = 1
			}
			px, py = px-t*dx, py-t*dy
		}
		if d := px*px + py*py; d > c.d || c.at < 0 {
			c.d, c.at = d, i
		}
	}
	return c
}

// chordHeap is a max-heap of chords by the distance of their farthest
// vertex (ties: the earlier chord first, so the result is deterministic).
type chordHeap []chord

func (h chordHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d > h[j].d
	}
	return h[i].a < h[j].a
}

func pick(a []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, i := range idx {
		out[k] = a[i]
	}
	return out
}
