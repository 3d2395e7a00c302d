package regress

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/internal/slab"
)

// The kept values (StateOptions.KeepValues) of a State are a contiguous
// part — ys, ads and ws — followed by blocks. Rows go to the contiguous
// part while it has room (see [State.Grow]) and to blocks otherwise; Take
// hands the merged state's values over as blocks rather than copying them,
// unless the receiving state has room reserved for them. The quantile
// measures of the report read the blocks where they are; what needs the
// rows in one slice (intervals, paired bootstraps, encodings, Kept) joins
// them first ([State.flat]).

// keptBlock is a block of kept values: targets, absolute errors and, once
// the state is weighted, weights (nil: every weight 1). A borrowed block
// is another state's, read where it is ([State.Share]): its slices have
// no room past their length, so nothing is ever appended to it, and its
// memory is charged to its owner.
type keptBlock struct {
	ys, ads, ws []float64
	borrowed    bool
}

// maxBlock is the most rows of a block: a state's first block holds the
// rows of the batch at hand, each next one twice as many as the last (or
// the batch), up to maxBlock.
const maxBlock = 1 << 10

// keep appends rows (y, |y − ŷ|, w) to the kept values: to the contiguous
// part while it has room and no blocks follow it, else to the last block
// and new ones.
func (s *State) keep(y, yhat, w []float64) {
	if len(s.more) == 0 && cap(s.ys)-len(s.ys) >= len(y) && cap(s.ads)-len(s.ads) >= len(y) {
		s.ys = append(s.ys, y...)
		s.ads = appendAbsErr(s.ads, y, yhat)
		if s.weighted {
			s.ws = appendWeights(s.ws, w, len(y))
		}
		return
	}
	for len(y) > 0 {
		b := s.room(len(y))
		n := min(len(y), cap(b.ys)-len(b.ys))
		b.ys = append(b.ys, y[:n]...)
		b.ads = appendAbsErr(b.ads, y[:n], yhat[:n])
		s.keepWeights(b, w, n)
		y, yhat = y[n:], yhat[n:]
		if w != nil {
			w = w[n:]
		}
	}
}

// keepKept appends kept rows (targets ys, absolute errors ads, weights
// ws, nil meaning 1) as keep does.
func (s *State) keepKept(ys, ads, ws []float64) {
	if len(s.more) == 0 && cap(s.ys)-len(s.ys) >= len(ys) && cap(s.ads)-len(s.ads) >= len(ys) {
		s.ys = append(s.ys, ys...)
		s.ads = append(s.ads, ads...)
		if s.weighted {
			s.ws = appendWeights(s.ws, ws, len(ys))
		}
		return
	}
	for len(ys) > 0 {
		b := s.room(len(ys))
		n := min(len(ys), cap(b.ys)-len(b.ys))
		b.ys = append(b.ys, ys[:n]...)
		b.ads = append(b.ads, ads[:n]...)
		s.keepWeights(b, ws, n)
		ys, ads = ys[n:], ads[n:]
		if ws != nil {
			ws = ws[n:]
		}
	}
}

// room returns the last block when it has room for a row, else a new
// one of about want rows (the first block want, each next one twice the
// last's, up to maxBlock), from internal/slab.
func (s *State) room(want int) *keptBlock {
	k := len(s.more)
	if k > 0 && len(s.more[k-1].ys) < cap(s.more[k-1].ys) {
		return &s.more[k-1]
	}
	if len(s.spare) > 0 {
		s.more = append(s.more, s.spare[0])
		s.spare = s.spare[1:]
		return &s.more[k]
	}
	size := want
	if k > 0 {
		size = max(size, min(maxBlock, 2*cap(s.more[k-1].ys)))
	}
	size = min(size, maxBlock)
	s.more = append(s.more, keptBlock{ys: slab.Floats(size), ads: slab.Floats(size)})
	return &s.more[k]
}

// keepWeights appends the weights of the n rows just appended to block b
// (w nil: weights 1), when the state is weighted.
func (s *State) keepWeights(b *keptBlock, w []float64, n int) {
	if !s.weighted {
		return
	}
	if b.ws == nil {
		b.ws = appendWeights(slab.Floats(cap(b.ys)), nil, len(b.ys)-n)
	}
	var wn []float64
	if w != nil {
		wn = w[:n]
	}
	b.ws = appendWeights(b.ws, wn, n)
}

// appendAbsErr appends |y[i] − yhat[i]| to a.
func appendAbsErr(a, y, yhat []float64) []float64 {
	n := len(a)
	a = slices.Grow(a, len(y))[:n+len(y)]
	out := a[n:]
	for i := range out {
		out[i] = math.Abs(y[i] - yhat[i])
	}
	return a
}

// appendWeights appends w (nil: n weights 1) to a.
func appendWeights(a, w []float64, n int) []float64 {
	if w != nil {
		return append(a, w...)
	}
	for range n {
		a = append(a, 1)
	}
	return a
}

// handOver moves o's kept values to the end of s's, as blocks, leaving o
// without them.
func (s *State) handOver(o *State) {
	if len(o.ys) > 0 {
		b := keptBlock{ys: o.ys, ads: o.ads}
		if o.weighted {
			b.ws = o.ws
		}
		s.more = append(s.more, b)
	}
	s.more = append(s.more, o.more...)
	o.ys, o.ads, o.ws, o.more = nil, nil, nil, nil
}

// borrow appends o's kept values to s's as borrowed blocks, read where
// they are.
func (s *State) borrow(o *State) {
	add := func(b keptBlock) {
		if n := len(b.ys); n > 0 {
			c := keptBlock{ys: b.ys[:n:n], ads: b.ads[:n:n], borrowed: true}
			if b.ws != nil { // else every weight 1, as a block's nil weights
				c.ws = b.ws[:n:n]
			}
			s.more = append(s.more, c)
		}
	}
	own := keptBlock{ys: o.ys, ads: o.ads}
	if o.weighted {
		own.ws = o.ws
	}
	add(own)
	for _, b := range o.more {
		add(b)
	}
}

// appendKept copies o's kept values after s's: to the contiguous part
// while it has room and no blocks follow it, else to blocks.
func (s *State) appendKept(o *State) {
	add := func(b keptBlock) {
		if len(b.ys) > 0 {
			s.keepKept(b.ys, b.ads, b.ws)
		}
	}
	own := keptBlock{ys: o.ys, ads: o.ads}
	if o.weighted {
		own.ws = o.ws
	}
	add(own)
	for _, b := range o.more {
		add(b)
	}
}

// blockRows returns the number of rows in the blocks.
func (s *State) blockRows() int {
	n := 0
	for _, b := range s.more {
		n += len(b.ys)
	}
	return n
}

// flat joins the blocks to the contiguous part, so that ys, ads and ws
// hold every kept value in order.
func (s *State) flat() {
	if len(s.more) == 0 {
		return
	}
	n := len(s.ys) + s.blockRows()
	ys, ads := make([]float64, 0, n), make([]float64, 0, n)
	ys, ads = append(ys, s.ys...), append(ads, s.ads...)
	var ws []float64
	if s.weighted {
		ws = append(make([]float64, 0, n), s.ws...)
	}
	for i, b := range s.more {
		ys, ads = append(ys, b.ys...), append(ads, b.ads...)
		if s.weighted {
			ws = appendWeights(ws, b.ws, len(b.ys))
		}
		s.more[i] = keptBlock{}
	}
	s.ys, s.ads, s.ws, s.more = ys, ads, ws, nil
}

// parts returns the kept targets (ads false) or absolute errors (ads
// true) as slices in row order, without joining them.
func (s *State) parts(ads bool) [][]float64 {
	out := make([][]float64, 0, 1+len(s.more))
	pick := func(y, a []float64) []float64 {
		if ads {
			return a
		}
		return y
	}
	if len(s.ys) > 0 {
		out = append(out, pick(s.ys, s.ads))
	}
	for _, b := range s.more {
		out = append(out, pick(b.ys, b.ads))
	}
	return out
}

// quantileParts returns the parts of the kept targets (ads false) or
// absolute errors (ads true) for a quantile measure, which selects in
// place in a single part ([orderStatsOf]): that part is then flagged
// reordered, or, when the values are shared with another state
// ([State.Share]) and must stay as they are, cut in two, which is read
// where it is.
func (s *State) quantileParts(ads bool) [][]float64 {
	parts := s.parts(ads)
	if len(parts) != 1 {
		return parts
	}
	if s.pinned || len(s.more) == 1 && s.more[0].borrowed {
		h := len(parts[0]) / 2
		return [][]float64{parts[0][:h], parts[0][h:]}
	}
	s.reordered.Store(true)
	return parts
}

// keptBytes returns the memory of the kept values' slices.
func (s *State) keptBytes() int64 {
	c := cap(s.ys) + cap(s.ads) + cap(s.ws)
	for _, b := range s.more {
		if !b.borrowed {
			c += cap(b.ys) + cap(b.ads) + cap(b.ws)
		}
	}
	return 8 * int64(c)
}

// orderStatsOf is orderStats over the values of parts (n in all). A single
// part is orderStats's (which may reorder it); several parts are never
// reordered: fewer than bandMinSize values are selected in a copy; more,
// the band method reads them where they are, and its fallback is a radix
// selection, a few more passes that neither move nor copy a value.
func orderStatsOf(parts [][]float64, n, k int) (float64, float64) {
	if len(parts) == 1 {
		return orderStats(parts[0], k)
	}
	if n < bandMinSize {
		// A copy costs less than the radix selection's passes, each of
		// which clears 2¹⁶ counts.
		return orderStats(slices.Concat(parts...), k)
	}
	if v0, v1, ok := bandStatsParts(parts, n, k); ok {
		return v0, v1
	}
	v0 := radixSelect(parts, k)
	if k+1 >= n {
		return v0, math.Inf(1)
	}
	return v0, radixSelect(parts, k+1)
}

// bandStatsParts is bandStats over parts.
func bandStatsParts(parts [][]float64, n, k int) (float64, float64, bool) {
	ends := make([]int, len(parts)) // ends[i]: rows in parts[:i+1]
	e := 0
	for i, p := range parts {
		e += len(p)
		ends[i] = e
	}
	// A systematic sample: every (n/m)-th value from a pseudo-random
	// start, read in order (values drawn at random positions would each
	// miss the cache: most of the time of a band pass over a slice of
	// 10⁵ values).
	m := sampleFor(n)
	rng := xorshift(0x9e3779b97f4a7c15)
	u := float64(rng.next()>>11) / (1 << 53)
	step := float64(n) / float64(m)
	sample := make([]float64, m)
	p := 0
	for i := range sample {
		j := min(n-1, int((float64(i)+u)*step))
		for ends[p] <= j {
			p++
		}
		sample[i] = parts[p][j-(ends[p]-len(parts[p]))]
	}
	slices.Sort(sample)
	lo, hi := bandAround(sample, float64(k)/float64(n))
	// The pass over the parts runs on every processor: each counts the
	// values below the band and writes those inside it to windows of kept
	// it reserves; the gaps the last window of each call leaves are then
	// filled from the end. The count and the multiset kept do not depend
	// on the split.
	limit := n / 8
	in := inBand(lo, hi)
	kept := make([]float64, bandCap(n, m))
	window := max(16, len(kept)/256) // what a worker reserves at a time
	var next atomic.Int64            // the next free position of kept
	var mu sync.Mutex
	var below int
	var gaps [][2]int // unfilled [from, to) of the workers' last windows
	var over atomic.Bool
	workers := runtime.GOMAXPROCS(0)
	parallel.Chunks(len(parts), max(1, len(parts)/(8*workers)), workers, func() func(lo, hi int) {
		return func(first, last int) {
			var b, at, end int // end: the end of the call's window
			for _, a := range parts[first:last] {
				if over.Load() {
					break
				}
				for _, v := range a {
					inc := 0
					if v < lo {
						inc = 1
					}
					b += inc
					if in.in(v) {
						if at == end {
							end = int(next.Add(int64(window)))
							at = end - window
							if end > len(kept) {
								over.Store(true)
								break
							}
						}
						kept[at] = v
						at++
					}
				}
			}
			mu.Lock()
			below += b
			if at < end {
				gaps = append(gaps, [2]int{at, end})
			}
			mu.Unlock()
		}
	})
	if over.Load() {
		return 0, 0, false
	}
	// Fill the gaps, highest first, with the last values written.
	top := min(int(next.Load()), len(kept))
	slices.SortFunc(gaps, func(x, y [2]int) int { return y[0] - x[0] })
	for _, g := range gaps {
		// Values in [g[1], top) are written (later gaps were closed),
		// the gap [g[0], g[1]) is not.
		n := min(g[1]-g[0], top-g[1])
		copy(kept[g[0]:], kept[top-n:top])
		top -= g[1] - g[0]
	}
	kept = kept[:top]
	if len(kept) > limit {
		return 0, 0, false
	}
	return bandFinish(kept, below, n, k)
}

// bandFinish selects ranks k and k+1 of n values within the band kept,
// below of them being below it; false when the band misses them.
func bandFinish(kept []float64, below, n, k int) (float64, float64, bool) {
	last := k + 1
	if last >= n {
		last = k
	}
	if k < below || last >= below+len(kept) {
		return 0, 0, false
	}
	// Selection within the band, not a sort: after selectK every value
	// past rank j is ≥ the j-th, so the next order statistic is their
	// minimum.
	j := k - below
	v0 := selectK(kept, j)
	if k+1 >= n {
		return v0, math.Inf(1), true
	}
	v1 := kept[j+1]
	for _, v := range kept[j+2:] {
		if v < v1 {
			v1 = v
		}
	}
	return v0, v1, true
}

// orderKey maps a float64 to a uint64 of the same order (−0 as +0, which
// compare equal).
func orderKey(v float64) uint64 {
	if v == 0 {
		v = 0
	}
	b := math.Float64bits(v)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// radixSelect returns the k-th smallest (0-based) of the values of parts
// by a most-significant-digit radix selection on orderKey: four counting
// passes of 16 bits at most, reading the values only.
func radixSelect(parts [][]float64, k int) float64 {
	var prefix, mask uint64
	counts := make([]int, 1<<16)
	for shift := 48; shift >= 0; shift -= 16 {
		clear(counts)
		for _, a := range parts {
			for _, v := range a {
				if key := orderKey(v); key&mask == prefix {
					counts[key>>uint(shift)&0xffff]++
				}
			}
		}
		for d, c := range counts {
			if k < c {
				prefix |= uint64(d) << uint(shift)
				mask |= 0xffff << uint(shift)
				break
			}
			k -= c
		}
	}
	if prefix>>63 != 0 {
		return math.Float64frombits(prefix &^ (1 << 63))
	}
	return math.Float64frombits(^prefix)
}
