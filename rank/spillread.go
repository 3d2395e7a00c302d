package rank

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// flushAll spills the samples still held and frees their memory: from now
// on every sample is in the parts.
func (s *Spill) flushAll() error {
	if p, n := s.mem.Len(); p+n > 0 || s.mem.rows > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	s.mem = Builder{}
	return nil
}

// weighted reports whether the spilled samples carry weights.
func (s *Spill) weighted() bool { return len(s.files) > 0 && s.files[0].weighted }

// total returns the records of the part's file and buffer.
func (f *spillFile) total() int64 { return f.n + int64(len(f.keys)) }

// readState is what reading the parts back carries from part to part: the
// next row's index, numpy's running sums (weighted) and reused memory.
type readState struct {
	g0       int
	np       *npCum
	weighted bool
	keys     []uint64
	w        []float64
	sc, p, n []float64
}

// each reads the parts back, highest keys first, and calls fn with the
// rows of the table each part makes, in order (a part of more than half
// of MaxRows samples, or of PartRows if more, is split again first, so
// that a part with its sort buffer and table rows takes about the memory
// of MaxRows samples held).
// It can be called more than once.
func (s *Spill) each(fn func(*segment) error) error {
	st := &readState{weighted: s.weighted()}
	if st.weighted {
		st.np = &npCum{}
	}
	defer s.charge(0)
	return s.eachPart(st, fn)
}

func (s *Spill) eachPart(st *readState, fn func(*segment) error) error {
	for p := len(s.files)/2 - 1; p >= 0; p-- {
		pf, nf := s.files[2*p], s.files[2*p+1]
		if err := s.readPart(pf, nf, st, fn); err != nil {
			return err
		}
	}
	return nil
}

// readPart makes the table rows of one part (the records of pf and nf)
// and gives them to fn.
func (s *Spill) readPart(pf, nf *spillFile, st *readState, fn func(*segment) error) error {
	np, nn := pf.total(), nf.total()
	if np+nn == 0 {
		return nil
	}
	if np+nn > int64(s.partRows()) {
		return s.resplit(pf, nf, st, fn)
	}
	// Both classes' keys (and weights) in one buffer each.
	m := int(np + nn)
	per := int64(16) // keys and the sort's buffer
	if st.weighted {
		per += 16
	}
	// and, at most, a row per record: score, masses, cumulative masses
	if err := s.charge(int64(m) * (per + 40)); err != nil {
		return err
	}
	st.keys = slices.Grow(st.keys[:0], m)[:m]
	pk, nk := st.keys[:np:np], st.keys[np:]
	var pw, nw []float64
	if st.weighted {
		st.w = slices.Grow(st.w[:0], m)[:m]
		pw, nw = st.w[:np:np], st.w[np:]
	}
	if err := pf.readAll(pk, pw); err != nil {
		return err
	}
	if err := nf.readAll(nk, nw); err != nil {
		return err
	}
	b := Builder{posK: pk, negK: nk, posW: pw, negW: nw}
	b.sortKeys()
	d := distinctKeys(pk, nk)
	st.sc, st.p, st.n = grow(st.sc, d), grow(st.p, d), grow(st.n, d)
	sg := &segment{score: st.sc, pos: st.p, neg: st.n, g0: st.g0}
	if st.np != nil {
		st.np.base = st.g0 - 1
		st.np.flat = make([]uint64, (d+1+63)/64)
		sg.flat, sg.flatBase = st.np.flat, st.np.base
	}
	fillRows(sg.score, sg.pos, sg.neg, nil, st.g0, pk, nk, pw, nw, st.np)
	st.g0 += d
	return fn(sg)
}

// readAll reads the part's records into keys and w (nil: unweighted), as
// long as its total.
func (f *spillFile) readAll(keys []uint64, w []float64) error {
	if f.n > 0 {
		if err := readInto(f.keyPath, bytesOf(keys[:f.n])); err != nil {
			return err
		}
	}
	copy(keys[f.n:], f.keys)
	if w == nil {
		return nil
	}
	if f.n > 0 {
		if err := readInto(f.wPath, bytesOf(w[:f.n])); err != nil {
			return err
		}
	}
	copy(w[f.n:], f.w)
	return nil
}

// chunks calls fn with the part's records in input order, at most chunk
// at a time (w nil when unweighted).
func (f *spillFile) chunks(chunk int, fn func(keys []uint64, w []float64) error) error {
	var kf, wf *os.File
	var err error
	if f.n > 0 {
		if kf, err = os.Open(f.keyPath); err != nil {
			return err
		}
		defer kf.Close()
		if f.weighted {
			if wf, err = os.Open(f.wPath); err != nil {
				return err
			}
			defer wf.Close()
		}
	}
	keys := make([]uint64, min(int64(chunk), max(f.n, 1)))
	var w []float64
	if f.weighted {
		w = make([]float64, len(keys))
	}
	for left := f.n; left > 0; {
		m := int(min(left, int64(len(keys))))
		if _, err := io.ReadFull(kf, bytesOf(keys[:m])); err != nil {
			return fmt.Errorf("%s: %w", f.keyPath, err)
		}
		var wm []float64
		if wf != nil {
			if _, err := io.ReadFull(wf, bytesOf(w[:m])); err != nil {
				return fmt.Errorf("%s: %w", f.wPath, err)
			}
			wm = w[:m]
		}
		if err := fn(keys[:m], wm); err != nil {
			return err
		}
		left -= int64(m)
	}
	if len(f.keys) > 0 {
		var wm []float64
		if f.weighted {
			wm = f.w
		}
		return fn(f.keys, wm)
	}
	return nil
}

// resplit reads a part of more than partRows records as parts of its own,
// split by a sample of its keys, in order. A part of one key is one row,
// summed without holding its records.
func (s *Spill) resplit(pf, nf *spillFile, st *readState, fn func(*segment) error) error {
	total := pf.total() + nf.total()
	step := max(1, total/65536)
	var sample []uint64
	var i int64
	lo, hi := ^uint64(0), uint64(0)
	chunk := max(s.bufRecs, min(s.held()/4, 1<<20))
	for _, f := range [2]*spillFile{pf, nf} {
		if err := f.chunks(chunk, func(keys []uint64, _ []float64) error {
			for _, k := range keys {
				if i%step == 0 {
					sample = append(sample, k)
				}
				lo, hi = min(lo, k), max(hi, k)
				i++
			}
			return nil
		}); err != nil {
			return err
		}
	}
	if lo == hi {
		return s.oneKey(pf, nf, lo, st, fn)
	}
	parts := s.fanOut(int(min(int64(4096), 2*(total/int64(s.held())+1))))
	// The smallest key is a part of its own, so that every split makes
	// progress even when one key holds most records.
	split := []uint64{lo + 1}
	for _, k := range splitters(sample, nil, parts) {
		if k > lo+1 {
			split = append(split, k)
		}
	}
	dir, err := os.MkdirTemp(s.dir, "split")
	if err != nil {
		return err
	}
	defer os.Remove(dir)
	sub := &Spill{maxRows: s.maxRows, PartRows: s.PartRows, parts: parts, dir: dir, split: split, Charge: s.Charge, bufBytes: s.bufBytes}
	if err := sub.newFiles(dir); err != nil {
		return err
	}
	defer sub.Close()
	if pf.weighted {
		for _, f := range sub.files {
			f.weighted = true
		}
	}
	for c, f := range [2]*spillFile{pf, nf} {
		if err := f.chunks(chunk, func(keys []uint64, w []float64) error { return sub.write(c, keys, w) }); err != nil {
			return err
		}
	}
	return sub.eachPart(st, fn)
}

// oneKey makes the one row of a part whose records all have key k: the
// masses summed as fillRows sums a tie (in reverse input order).
func (s *Spill) oneKey(pf, nf *spillFile, k uint64, st *readState, fn func(*segment) error) error {
	var mass [2]float64
	for c, f := range [2]*spillFile{pf, nf} {
		if !st.weighted {
			mass[c] = float64(f.total())
			continue
		}
		var sum fsum.Sum
		add := func(w []float64) {
			for i := len(w) - 1; i >= 0; i-- {
				sum.Add(w[i])
				if c == 0 {
					st.np.tp += w[i]
				} else {
					st.np.fp += w[i]
				}
			}
		}
		add(f.w)
		if err := f.weightsBackward(1<<16, add); err != nil {
			return err
		}
		mass[c] = sum.Value()
	}
	st.sc, st.p, st.n = grow(st.sc, 1), grow(st.p, 1), grow(st.n, 1)
	st.sc[0], st.p[0], st.n[0] = unkey(k), mass[0], mass[1]
	sg := &segment{score: st.sc, pos: st.p, neg: st.n, g0: st.g0}
	if st.np != nil {
		st.np.base = st.g0 - 1
		st.np.flat = make([]uint64, 1)
		sg.flat, sg.flatBase = st.np.flat, st.np.base
		st.np.next(st.g0)
	}
	st.g0++
	return fn(sg)
}

// weightsBackward calls fn with the weights in the file, last chunk first.
func (f *spillFile) weightsBackward(chunk int, fn func(w []float64)) error {
	if f.n == 0 {
		return nil
	}
	wf, err := os.Open(f.wPath)
	if err != nil {
		return err
	}
	defer wf.Close()
	w := make([]float64, min(int64(chunk), f.n))
	for end := f.n; end > 0; {
		m := min(end, int64(len(w)))
		if _, err := wf.ReadAt(bytesOf(w[:m]), 8*(end-m)); err != nil {
			return fmt.Errorf("%s: %w", f.wPath, err)
		}
		fn(w[:m])
		end -= m
	}
	return nil
}
