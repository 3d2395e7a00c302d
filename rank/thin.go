package rank

import (
	"container/heap"
	"math"
	"slices"
)

// Thinning a curve keeps some of its own vertices and joins them by
// straight lines. The error of a thinning is the largest distance from a
// dropped vertex to the chord that replaced it (in the units of the axes,
// which are rates in [0, 1] for every curve here). It bounds the Hausdorff
// distance between the drawn full curve and the drawn thinned one: along an
// edge of the full curve the distance to a chord is convex, so it is largest
// at a vertex; and the full curve between two kept vertices passes every
// point of their chord within that distance.

// Thin returns the ROC curve reduced to at most n of its vertices (n ≥ 2),
// always keeping the first and the last, and the error of the thinning
// (see [thin]). A curve of at most n vertices is returned as it is, with
// error 0.
func (c ROCCurve) Thin(n int) (ROCCurve, float64) {
	keep, e := thin(xy{c.FPR, c.TPR}, n)
	if keep == nil {
		return c, 0
	}
	return ROCCurve{FPR: pick(c.FPR, keep), TPR: pick(c.TPR, keep), Thresholds: pick(c.Thresholds, keep)}, e
}

// Thin returns the precision–recall curve reduced to at most n of its
// vertices (n ≥ 2) in the (recall, precision) plane, keeping the first and
// the final point (recall 0, precision 1), and the error of the thinning.
// A curve of at most n vertices is returned as it is, with error 0.
func (c PRCurve) Thin(n int) (PRCurve, float64) {
	keep, e := thin(xy{c.Recall, c.Precision}, n)
	if keep == nil {
		return c, 0
	}
	// The final point has no threshold; it is always kept, last.
	return PRCurve{Precision: pick(c.Precision, keep), Recall: pick(c.Recall, keep), Thresholds: pick(c.Thresholds, keep[:len(keep)-1])}, e
}

func pick(a []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, i := range idx {
		out[k] = a[i]
	}
	return out
}

// polyline is a curve's vertices, 0 … Len()−1, by index: stored ([xy]) or
// computed from a table's cumulative sums on demand ([rocView], [prView]),
// so that a thinned curve needs no full curve in memory. Either way a
// vertex's coordinates are the same float64 values, so the thinning is
// the same.
type polyline interface {
	Len() int
	At(i int) (x, y float64)
}

// xy is a stored polyline.
type xy struct{ x, y []float64 }

func (c xy) Len() int                    { return len(c.x) }
func (c xy) At(i int) (float64, float64) { return c.x[i], c.y[i] }

// thin chooses at most n of the vertices of the polyline c, the first and
// the last among them, so that the chords between consecutive kept
// vertices stay close to the dropped ones. It returns the kept indices,
// increasing, and the thinning's error: the largest Euclidean distance
// from a dropped vertex to the chord that replaced it. It returns nil when
// the polyline has at most n vertices. It panics if n < 2.
//
// The choice is greedy, in two steps: n/2 vertices evenly spaced along the
// curve's length (in |Δx| + |Δy|), then, n/2 times, the vertex farthest
// from its chord joins the kept ones (Douglas–Peucker's rule, on the worst
// chord first). The second step scans only the chord being split, so the
// cost is about three passes over the curve whatever n is.
func thin[P polyline](c P, n int) ([]int, float64) {
	if n < 2 {
		panic("rank: thin: fewer than 2 vertices")
	}
	m := c.Len()
	if m <= n {
		return nil, 0
	}
	keep := make([]int, 0, n)
	keep = append(keep, 0)
	// Step 1: vertices evenly spaced along the length.
	var total float64
	px, py := c.At(0)
	for i := 1; i < m; i++ {
		x, y := c.At(i)
		total += math.Abs(x-px) + math.Abs(y-py)
		px, py = x, y
	}
	if k := n / 2; k > 1 && total > 0 {
		step := total / float64(k)
		next := step
		var s float64
		px, py := c.At(0)
		for i := 1; i < m-1 && len(keep) < k; i++ {
			x, y := c.At(i)
			s += math.Abs(x-px) + math.Abs(y-py)
			px, py = x, y
			if s >= next {
				keep = append(keep, i)
				next = (math.Floor(s/step) + 1) * step
			}
		}
	}
	keep = append(keep, m-1)
	// Step 2: split the worst chord at its farthest vertex.
	h := make(chordHeap, 0, n)
	for j := 1; j < len(keep); j++ {
		if ch := farthest(c, keep[j-1], keep[j]); ch.d > 0 {
			h = append(h, ch)
		}
	}
	heap.Init(&h)
	for len(keep) < n && len(h) > 0 {
		ch := heap.Pop(&h).(chord)
		keep = append(keep, ch.at)
		for _, s := range [2]chord{farthest(c, ch.a, ch.at), farthest(c, ch.at, ch.b)} {
			if s.d > 0 {
				heap.Push(&h, s)
			}
		}
	}
	slices.Sort(keep)
	var e float64
	if len(h) > 0 {
		e = math.Sqrt(h[0].d)
	}
	return keep, e
}

// chord is the chord from vertex a to vertex b of a curve, with the
// vertex between them farthest from it (at) and its squared distance d.
type chord struct {
	a, b, at int
	d        float64
}

// farthest returns the chord from a to b of c with its farthest vertex.
func farthest[P polyline](c P, a, b int) chord {
	ch := chord{a: a, b: b, at: -1}
	if b-a < 2 {
		return ch
	}
	xa, ya := c.At(a)
	xb, yb := c.At(b)
	dx, dy := xb-xa, yb-ya
	l2 := dx*dx + dy*dy
	for i := a + 1; i < b; i++ {
		x, y := c.At(i)
		px, py := x-xa, y-ya
		if l2 > 0 {
			t := min(max((px*dx+py*dy)/l2, 0), 1)
			px, py = px-t*dx, py-t*dy
		}
		if d := px*px + py*py; d > ch.d || ch.at < 0 {
			ch.d, ch.at = d, i
		}
	}
	return ch
}

// chordHeap is a max-heap of chords by the distance of their farthest
// vertex (ties: the earlier chord first, so the result is deterministic).
type chordHeap []chord

func (h chordHeap) Len() int { return len(h) }
func (h chordHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d > h[j].d
	}
	return h[i].a < h[j].a
}
func (h chordHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *chordHeap) Push(v any)   { *h = append(*h, v.(chord)) }
func (h *chordHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
