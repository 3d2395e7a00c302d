package regress

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/fixed"
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
//
// A block of unweighted rows whose targets and predictions are all
// decimal numbers of a few digits — each the quotient m/10^k, rounded
// once, of an int32 m and a power of ten of the block — keeps the two
// mantissas of each row (8 bytes a row, not 16): the target is rebuilt as
// fl(m_y/10^k), the absolute error as |fl(m_y/10^k) − fl(m_ŷ/10^k)|, the
// very bits that were added ([State.keepCompact]).

// keptBlock is a block of kept values: targets, absolute errors and, once
// the state is weighted, weights (nil: every weight 1); or, in compact
// form (my not nil), the mantissas my and mp of the rows' targets and
// predictions, whose values are my[i]/div and mp[i]/div rounded once
// (div = 10^k, k ≤ maxScale; every weight 1). A borrowed block is
// another state's, read where it is ([State.Share]): its slices have no
// room past their length, so nothing is ever appended to it, and its
// memory is charged to its owner.
type keptBlock struct {
	ys, ads, ws []float64
	my, mp      []int32
	div         float64 // 10^k of a compact block; 0 for a block of float64s
	borrowed    bool
}

// rows returns the number of rows of b.
func (b *keptBlock) rows() int {
	if b.my != nil {
		return len(b.my)
	}
	return len(b.ys)
}

// capacity returns the most rows b holds.
func (b *keptBlock) capacity() int {
	if b.my != nil {
		return cap(b.my)
	}
	return cap(b.ys)
}

// maxBlock is the most rows of a block: a state's first block holds the
// rows of the batch at hand, each next one twice as many as the last (or
// the batch), up to maxBlock.
const maxBlock = 1 << 10

// compactKept enables compact blocks (tests turn it off to compare).
var compactKept = true

// keep appends rows (y, |y − ŷ|, w) to the kept values: to the contiguous
// part while it has room and no blocks follow it, else to the last block
// and new ones — compact blocks while the state is unweighted and its
// values allow ([State.keepCompact]).
func (s *State) keep(y, yhat, w []float64) {
	if len(s.more) == 0 && cap(s.ys)-len(s.ys) >= len(y) && cap(s.ads)-len(s.ads) >= len(y) {
		s.ys = append(s.ys, y...)
		s.ads = appendAbsErr(s.ads, y, yhat)
		if s.weighted {
			s.ws = appendWeights(s.ws, w, len(y))
		}
		return
	}
	if !s.weighted && !s.wide && compactKept {
		n := s.keepCompact(y, yhat)
		y, yhat = y[n:], yhat[n:]
	}
	for len(y) > 0 {
		b := s.room(len(y), 0)
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

// maxScale is the largest k of a compact block's 10^k.
const maxScale = 9

// pow10k[k] is 10^k, exact.
var pow10k = [maxScale + 1]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// keepCompact appends unweighted rows (y, ŷ) to compact blocks, from the
// first, while every value of a row is m/div rounded once for an int32 m
// (div = 10^k: the state's scale, raised when a value needs more
// decimals; a value that no k ≤ maxScale fits makes the state keep
// float64s from then on: s.wide), and returns the number of rows kept.
//
// Rebuilding a value as fl(m/div) is exact by construction: a value is
// kept in compact form only if that quotient, computed here as it is
// computed when read, has its very bits (so −0, which would come back as
// +0, is not).
func (s *State) keepCompact(y, yhat []float64) int {
	done := 0
	for done < len(y) {
		if s.div == 0 {
			k := scaleOf(y[done:], yhat[done:])
			if k < 0 {
				s.wide = true
				return done
			}
			s.div = pow10k[k]
		}
		b := s.room(len(y)-done, s.div)
		n := min(len(y)-done, cap(b.my)-len(b.my))
		if !encode(b, y[done:done+n], yhat[done:done+n]) {
			// A value needs more decimals, or fits no scale.
			k := scaleOf(y[done:done+n], yhat[done:done+n])
			if k < 0 || pow10k[k] <= s.div {
				s.wide = true
				return done
			}
			s.div = pow10k[k]
			continue
		}
		done += n
	}
	return done
}

// scaleOf returns the smallest k ≤ maxScale for which every value of y and
// yhat has a mantissa (see [fixed.Mantissa]) of div 10^k, or −1.
func scaleOf(y, yhat []float64) int {
	k := 0
	for _, vs := range [2][]float64{y, yhat} {
		for _, v := range vs {
			for {
				if _, ok := fixed.Mantissa(v, pow10k[k]); ok {
					break
				}
				if k == maxScale || math.Abs(v*pow10k[k]) >= 1<<31 {
					return -1
				}
				k++
			}
		}
	}
	return k
}

// encode appends rows (y, ŷ) to the compact block b, which has room for
// them, if every value has a mantissa of b's div; else it leaves b as it
// was and returns false.
func encode(b *keptBlock, y, yhat []float64) bool {
	n := len(b.my)
	my, mp := b.my[n:n+len(y)], b.mp[n:n+len(y)]
	if !fixed.Encode(my, y, b.div) || !fixed.Encode(mp, yhat[:len(y)], b.div) {
		return false
	}
	b.my, b.mp = b.my[:n+len(y)], b.mp[:n+len(y)]
	return true
}

// keepKept appends kept rows (targets ys, absolute errors ads, weights
// ws, nil meaning 1) as keep does, in float64 form.
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
		b := s.room(len(ys), 0)
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

// room returns the last block when it has room for a row and is of the
// form asked for (div: a compact block's, 0 for float64s), else a spare
// block of that form or a new one of about want rows (the first block
// want, each next one twice the last's, up to maxBlock), from
// internal/slab.
func (s *State) room(want int, div float64) *keptBlock {
	k := len(s.more)
	if k > 0 {
		if b := &s.more[k-1]; b.div == div && b.rows() < b.capacity() {
			return b
		}
	}
	for i, b := range s.spare {
		if (b.my != nil) == (div != 0) {
			b.div = div
			s.spare[i] = s.spare[0]
			s.spare = s.spare[1:]
			s.more = append(s.more, b)
			return &s.more[k]
		}
	}
	size := want
	if k > 0 {
		size = max(size, min(maxBlock, 2*s.more[k-1].capacity()))
	}
	size = min(size, maxBlock)
	b := keptBlock{div: div}
	if div != 0 {
		b.my, b.mp = slab.Int32s(size), slab.Int32s(size)
	} else {
		b.ys, b.ads = slab.Floats(size), slab.Floats(size)
	}
	s.more = append(s.more, b)
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
		n := b.rows()
		switch {
		case n == 0:
		case b.my != nil:
			s.more = append(s.more, keptBlock{my: b.my[:n:n], mp: b.mp[:n:n], div: b.div, borrowed: true})
		default:
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
		if b.my == nil {
			if len(b.ys) > 0 {
				s.keepKept(b.ys, b.ads, b.ws)
			}
			return
		}
		// A compact block's rows, rebuilt, are kept as rows are.
		var y, p [decodeRows]float64
		for lo := 0; lo < len(b.my); lo += decodeRows {
			hi := min(lo+decodeRows, len(b.my))
			ys := decode(b.my[lo:hi], b.div, y[:])
			s.keep(ys, decode(b.mp[lo:hi], b.div, p[:]), nil)
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

// decodeRows is the most values a compact block's reader rebuilds at a
// time.
const decodeRows = 512

// decode writes m[i]/div to out and returns them.
func decode(m []int32, div float64, out []float64) []float64 {
	out = out[:len(m)]
	for i, v := range m {
		out[i] = float64(v) / div
	}
	return out
}

// decodeAbs writes |my[i]/div − mp[i]/div| (each quotient rounded) to
// out and returns them.
func decodeAbs(my, mp []int32, div float64, out []float64) []float64 {
	out = out[:len(my)]
	mp = mp[:len(my)]
	for i, v := range my {
		out[i] = math.Abs(float64(v)/div - float64(mp[i])/div)
	}
	return out
}

// blockRows returns the number of rows in the blocks.
func (s *State) blockRows() int {
	n := 0
	for _, b := range s.more {
		n += b.rows()
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
		m := b.rows()
		if b.my != nil {
			at := len(ys)
			ys, ads = ys[:at+m], ads[:at+m]
			decode(b.my, b.div, ys[at:])
			decodeAbs(b.my, b.mp, b.div, ads[at:])
		} else {
			ys, ads = append(ys, b.ys...), append(ads, b.ads...)
		}
		if s.weighted {
			ws = appendWeights(ws, b.ws, m)
		}
		s.more[i] = keptBlock{}
	}
	s.ys, s.ads, s.ws, s.more = ys, ads, ws, nil
}

// part is a run of kept values in row order: the float64s f, or a compact
// block's targets (ads false) or absolute errors (ads true), rebuilt from
// its mantissas my, mp and div as they are read.
type part struct {
	f      []float64
	my, mp []int32
	div    float64
	ads    bool
}

// floatParts returns the slices of a as parts.
func floatParts(a ...[]float64) []part {
	out := make([]part, len(a))
	for i, f := range a {
		out[i] = part{f: f}
	}
	return out
}

// slice returns the values [lo, hi) of p as a part.
func (p *part) slice(lo, hi int) part {
	if p.my == nil {
		return part{f: p.f[lo:hi]}
	}
	q := part{my: p.my[lo:hi], div: p.div, ads: p.ads}
	if p.mp != nil {
		q.mp = p.mp[lo:hi]
	}
	return q
}

// size returns the number of values of p.
func (p *part) size() int {
	if p.my != nil {
		return len(p.my)
	}
	return len(p.f)
}

// at returns value i of p.
func (p *part) at(i int) float64 {
	if p.my == nil {
		return p.f[i]
	}
	y := float64(p.my[i]) / p.div
	if !p.ads {
		return y
	}
	return math.Abs(y - float64(p.mp[i])/p.div)
}

// values returns the values [lo, hi) of p (hi − lo ≤ decodeRows): a
// slice of f, or rebuilt into buf.
func (p *part) values(lo, hi int, buf *[decodeRows]float64) []float64 {
	switch {
	case p.my == nil:
		return p.f[lo:hi]
	case p.ads:
		return decodeAbs(p.my[lo:hi], p.mp[lo:hi], p.div, buf[:])
	}
	return decode(p.my[lo:hi], p.div, buf[:])
}

// concatParts returns the values of parts in one new slice.
func concatParts(parts []part, n int) []float64 {
	out := make([]float64, 0, n)
	var buf [decodeRows]float64
	for i := range parts {
		p := &parts[i]
		for lo := 0; lo < p.size(); lo += decodeRows {
			out = append(out, p.values(lo, min(lo+decodeRows, p.size()), &buf)...)
		}
	}
	return out
}

// parts returns the kept targets (ads false) or absolute errors (ads
// true) as parts in row order, without joining them.
func (s *State) parts(ads bool) []part {
	out := make([]part, 0, 1+len(s.more))
	if len(s.ys) > 0 {
		if ads {
			out = append(out, part{f: s.ads})
		} else {
			out = append(out, part{f: s.ys})
		}
	}
	for _, b := range s.more {
		switch {
		case b.my != nil:
			out = append(out, part{my: b.my, mp: b.mp, div: b.div, ads: ads})
		case ads:
			out = append(out, part{f: b.ads})
		default:
			out = append(out, part{f: b.ys})
		}
	}
	return out
}

// quantileParts returns the parts of the kept targets (ads false) or
// absolute errors (ads true) for a quantile measure, which selects in
// place in a single float64 part ([orderStatsOf]): that part is then
// flagged reordered, or, when the values are shared with another state
// ([State.Share]) and must stay as they are, cut in two, which is read
// where it is.
func (s *State) quantileParts(ads bool) []part {
	parts := s.parts(ads)
	if len(parts) != 1 || parts[0].my != nil {
		return parts
	}
	if s.pinned || len(s.more) == 1 && s.more[0].borrowed {
		f := parts[0].f
		h := len(f) / 2
		return floatParts(f[:h], f[h:])
	}
	s.reordered.Store(true)
	return parts
}

// keptBytes returns the memory of the kept values' slices.
func (s *State) keptBytes() int64 {
	c := 8 * (cap(s.ys) + cap(s.ads) + cap(s.ws))
	for _, b := range s.more {
		if !b.borrowed {
			c += 8*(cap(b.ys)+cap(b.ads)+cap(b.ws)) + 4*(cap(b.my)+cap(b.mp))
		}
	}
	return int64(c)
}

// orderStatsOf is orderStats over the values of parts (n in all). A single
// float64 part is orderStats's (which may reorder it); other parts are
// never reordered: fewer than bandMinSize values are selected in a copy;
// more, the band method reads them where they are, and its fallback is a
// radix selection, a few more passes that neither move nor copy a value.
func orderStatsOf(parts []part, n, k int) (float64, float64) {
	if len(parts) == 1 && parts[0].my == nil {
		return orderStats(parts[0].f, k)
	}
	if n < bandMinSize {
		// A copy costs less than the radix selection's passes, each of
		// which clears 2¹⁶ counts.
		return orderStats(concatParts(parts, n), k)
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
func bandStatsParts(parts []part, n, k int) (float64, float64, bool) {
	ends := make([]int, len(parts)) // ends[i]: rows in parts[:i+1]
	e := 0
	for i := range parts {
		e += parts[i].size()
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
		sample[i] = parts[p].at(j - (ends[p] - parts[p].size()))
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
	kept := slab.Floats(bandCap(n, m))
	kept = kept[:cap(kept)]
	window := max(16, len(kept)/256) // what a worker reserves at a time
	var next atomic.Int64            // the next free position of kept
	var mu sync.Mutex
	var below int
	var gaps [][2]int // unfilled [from, to) of the workers' last windows
	var over atomic.Bool
	workers := runtime.GOMAXPROCS(0)
	parallel.Chunks(len(parts), max(1, len(parts)/(8*workers)), workers, func() func(lo, hi int) {
		buf := new([decodeRows]float64)
		return func(first, last int) {
			var b, at, end int // end: the end of the call's window
		scan:
			for i := first; i < last; i++ {
				if over.Load() {
					break
				}
				pt := &parts[i]
				for from := 0; from < pt.size(); from += decodeRows {
					to := min(from+decodeRows, pt.size())
					var vs []float64
					if pt.my != nil {
						var nb int
						nb, vs = pt.screen(from, to, bandCut(lo, hi, pt.div), buf)
						b += nb
					} else {
						vs = pt.f[from:to]
					}
					for _, v := range vs {
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
									break scan
								}
							}
							kept[at] = v
							at++
						}
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

// cut is a band [lo, hi] as integers for a compact part's rows (see
// [part.screen]): a row's key (its target's mantissa, or |m_y − m_ŷ| for
// its absolute error) below lo is surely below the band, one above hi
// surely above it.
type cut struct{ lo, hi int64 }

// bandCut returns the cut of the band [lo, hi] for compact parts of
// div = 10^k. A row's value v is within 2⁻²⁰/div of key/div (a target's
// mantissa and the rebuilt target, |m_y − m_ŷ| and the rebuilt absolute
// error: |m| < 2³¹, so each quotient rounds by at most 2⁻²²/div, and
// the difference by 2⁻²¹/div), so a key at least two units below
// lo·div (one from the floor, one of margin) has v < lo, and likewise
// above hi.
func bandCut(lo, hi, div float64) cut {
	const far = 1 << 61 // beyond every key; far − (−far) fits an int64
	clamp := func(x float64) int64 { return int64(max(-far, min(far, x))) }
	return cut{lo: clamp(math.Floor(lo*div - 1)), hi: clamp(math.Ceil(hi*div + 1))}
}

// screen reads the rows [from, to) of a compact part against the cut c
// of a band: it returns the number of them surely below the band and,
// rebuilt into buf, the values of the others that may be in it (keys in
// [c.lo, c.hi]), which the caller tests exactly. Only those few values are
// rebuilt: the rest are told by their integer keys alone.
func (p *part) screen(from, to int, c cut, buf *[decodeRows]float64) (int, []float64) {
	my := p.my[from:to]
	width := uint64(c.hi - c.lo)
	n, below := 0, 0
	if !p.ads {
		for _, m := range my {
			d := int64(m) - c.lo
			below += int(uint64(d) >> 63)
			if uint64(d) <= width {
				buf[n] = float64(m) / p.div
				n++
			}
		}
		return below, buf[:n]
	}
	mp := p.mp[from:to]
	mp = mp[:len(my)]
	for i, m := range my {
		k := int64(m) - int64(mp[i])
		sign := k >> 63
		d := (k ^ sign) - sign - c.lo
		below += int(uint64(d) >> 63)
		if uint64(d) <= width {
			buf[n] = math.Abs(float64(m)/p.div - float64(mp[i])/p.div)
			n++
		}
	}
	return below, buf[:n]
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
func radixSelect(parts []part, k int) float64 {
	var prefix, mask uint64
	counts := make([]int, 1<<16)
	var buf [decodeRows]float64
	for shift := 48; shift >= 0; shift -= 16 {
		clear(counts)
		for i := range parts {
			p := &parts[i]
			for lo := 0; lo < p.size(); lo += decodeRows {
				for _, v := range p.values(lo, min(lo+decodeRows, p.size()), &buf) {
					if key := orderKey(v); key&mask == prefix {
						counts[key>>uint(shift)&0xffff]++
					}
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
