package rank

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// refThinner is the thinner as it was before its candidates were kept in
// a buffer pruned by selection (not a heap) and its buffers reused: the
// reference that [thinner] must match to the bit.

// A refThinner chooses at most n vertices of a polyline seen one vertex at a
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
//     is split at once. Only the best n candidates are held, and a block
//     stops refining when its f falls below the worst of them.
//
// The error is the largest squared distance left in any block's chords
// after its chosen vertices, as a distance.
type refThinner struct {
	n, k      int     // the budget; the most cuts along the length (n/2)
	step      float64 // span / k
	next      float64 // the length of the next cut
	useY      bool    // the length adds |Δy|
	cap       int     // the most vertices of a block
	s         float64 // the length so far
	count     int     // vertices added
	head      []vtx   // the first n vertices (the result when there are no more)
	pend      vtx     // the last vertex added, processed when the next comes
	blk       []vtx   // the current block, from its first cut
	cuts      []vtx   // the cuts so far (the first vertex first)
	pool      refCandHeap
	blocks    int       // blocks closed
	blockErr  []float64 // per block, the squared error with no vertex chosen
	forced    int       // cuts made by cap
	chordBuf  chordHeap // a block's chords (reused)
	lastX     float64
	lastY     float64
	haveFirst bool
}

// newRefThinner returns a refThinner to n vertices (n ≥ 2) of a curve of total
// length span, in |Δx| + |Δy| when useY, else |Δx|, and at most rows
// vertices (which bounds the block size: at most max(2¹⁶, 4·rows/n + 1)
// vertices, so that blocks cut for size are at most n/4).
func newRefThinner(n int, span float64, useY bool, rows int) *refThinner {
	if n < 2 {
		panic("rank: thin: fewer than 2 vertices")
	}
	th := &refThinner{n: n, k: n / 2, useY: useY, cap: max(thinMinCap, 4*rows/n+1)}
	if th.k > 1 && span > 0 {
		th.step = span / float64(th.k)
		th.next = th.step
	}
	return th
}

// add adds the next vertex.
func (th *refThinner) add(x, y, t float64) {
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
func (th *refThinner) process(v vtx) {
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
// and payloads, in order, and the error.
func (th *refThinner) finish() (x, y, t []float64, e float64) {
	var out []vtx
	if th.count <= th.n {
		out = th.head
	} else {
		last := th.pend
		th.blk = append(th.blk, last)
		th.closeBlock()
		th.cuts = append(th.cuts, last)
		take := th.n - len(th.cuts)
		// The pool is prefix-closed in every block; the best take of it
		// are too (ties go to the earlier block, then the earlier vertex).
		cands := []refCand(th.pool)
		slices.SortFunc(cands, func(a, b refCand) int { return -refCmpCand(a, b) })
		cands = cands[:min(take, len(cands))]
		worst := slices.Clone(th.blockErr)
		chosen := make([]int, len(worst)) // vertices chosen per block
		out = append(out, th.cuts...)
		for _, c := range cands {
			out = append(out, c.v)
			if c.k >= chosen[c.block] {
				chosen[c.block] = c.k + 1
				worst[c.block] = c.rest
			}
		}
		var w float64
		for _, d := range worst {
			w = max(w, d)
		}
		e = math.Sqrt(w)
		slices.SortFunc(out, func(a, b vtx) int { return a.i - b.i })
	}
	x, y, t = make([]float64, len(out)), make([]float64, len(out)), make([]float64, len(out))
	for k, v := range out {
		x[k], y[k], t[k] = v.x, v.y, v.t
	}
	return x, y, t, e
}

// refCand is a vertex a block's refinement chose: the k-th of block, at
// running minimum distance f; rest is the block's worst squared distance
// left once it is chosen.
type refCand struct {
	f, rest  float64
	block, k int
	v        vtx
}

// refCmpCand orders candidates by priority: larger f, then the earlier
// block, then the earlier in its block.
func refCmpCand(a, b refCand) int {
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

// refCandHeap is a min-heap of candidates by priority: the worst on top.
type refCandHeap []refCand

func (h refCandHeap) Less(i, j int) bool { return refCmpCand(h[i], h[j]) < 0 }

// closeBlock refines the current block (its vertices from one cut to the
// next, both included) and offers its vertices to the pool.
func (th *refThinner) closeBlock() {
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
	room := th.n - 2 // the most candidates ever taken
	f := math.Inf(1)
	for k := 0; len(h) > 0 && room > 0; k++ {
		c := popHeap(&h, chordHeap.Less)
		f = min(f, c.d)
		cd := refCand{f: f, block: id, k: k, v: b[c.at]}
		full := len(th.pool) >= room
		if full && refCmpCand(cd, th.pool[0]) <= 0 {
			// Neither this nor any later vertex of the block is taken
			// (the order does not look at rest): the split of c is not
			// needed.
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
		if full {
			popHeap(&th.pool, refCandHeap.Less)
		}
		pushHeap(&th.pool, cd, refCandHeap.Less)
	}
	th.chordBuf = h[:0]
}

// The thinner keeps the vertices and gives the error of refThinner, to
// the bit: curves of random shapes (steps, ties, long flat runs), budgets
// from 2 to more than the vertices, blocks cut by size (a small cap) and
// pools pruned many times over (a small budget on a long curve); each
// thinner reuses the buffers of the one before.
func TestThinnerMatchesReference(t *testing.T) {
	defer func(m int) { thinMinCap = m }(thinMinCap)
	r := rand.New(rand.NewPCG(24, 5))
	for trial := range 3000 {
		m := 1 + r.IntN(3000)
		if trial%10 == 0 {
			m = 20000 + r.IntN(30000)
		}
		n := 2 + r.IntN(60)
		if trial%3 == 0 {
			n = 2 + r.IntN(m+10)
		}
		thinMinCap = []int{1 << 16, 3, 8, 50}[trial%4]
		useY := trial%2 == 0
		span := 2.0
		if !useY {
			span = 1
		}
		// A monotone staircase with random steps, some repeated vertices.
		x, y := make([]float64, m), make([]float64, m)
		for i := 1; i < m; i++ {
			x[i], y[i] = x[i-1], y[i-1]
			switch r.IntN(5) {
			case 0:
				x[i] += r.Float64()
			case 1:
				y[i] += r.Float64()
			case 2:
			default:
				x[i] += r.Float64()
				y[i] += r.Float64() * float64(r.IntN(3))
			}
		}
		for i := range x {
			x[i] /= max(x[m-1], 1e-300)
			y[i] /= max(y[m-1], 1e-300)
		}
		rows := m + r.IntN(m+1)
		th, ref := newThinner(n, span, useY, rows), newRefThinner(n, span, useY, rows)
		for i := range x {
			th.add(x[i], y[i], float64(i))
			ref.add(x[i], y[i], float64(i))
		}
		gx, gy, gt, ge := th.finish()
		wx, wy, wt, we := ref.finish()
		if !slices.Equal(gx, wx) || !slices.Equal(gy, wy) || !slices.Equal(gt, wt) || ge != we {
			t.Fatalf("trial %d (%d vertices to %d, cap %d): kept %v, error %v; the reference kept %v, error %v",
				trial, m, n, thinMinCap, gt, ge, wt, we)
		}
	}
}
