package rank

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// The versions of the binned encoding: 2 added the exact log loss, Brier
// and mass sums; 3, written for a weighted state only (an unweighted one
// is still written as version 2, byte for byte), adds each bin's row
// counts and Σw² (the statistics of its intervals). A weighted state that
// has none (decoded from version 2) is written as version 2.
const (
	binnedVersion      = 2
	binnedVersionStats = 3
)

// MarshalBinary encodes the binned scores (the grid or the float-bit bins
// with their current coarseness, the bins holding a sample, the counts
// and the exact log loss and Brier sums) so that a distributed engine can
// ship them between workers; [Binned.UnmarshalBinary] restores them bit
// for bit, so that merging restored states gives what merging the
// originals gives. Only the bins holding a sample are written.
func (b *Binned) MarshalBinary() ([]byte, error) {
	flags := byte(0)
	if b.weighted {
		flags |= 1
	}
	if b.notProb {
		flags |= 2
	}
	if b.fb != nil {
		flags |= 4
	}
	st := b.stats()
	version := byte(binnedVersion)
	if st != nil {
		version = binnedVersionStats
	}
	a := wire.Appender{version, flags}
	a.Uvarint(uint64(b.rows))
	a.Uvarint(uint64(b.outside))
	for _, s := range []*xsum.Sum{&b.ll, &b.br, &b.mass} {
		a.XSum(s)
	}
	if b.fb != nil {
		f := b.fb
		a.Uvarint(uint64(f.max))
		a.Uvarint(uint64(f.m))
		a.Uvarint(uint64(f.blocks))
		// The blocks in the order they were allocated, each as its octave.
		octs := make([]int, f.blocks)
		for oct, bl := range f.block {
			if bl != 0 {
				octs[bl-1] = oct
			}
		}
		for bl, oct := range octs {
			a.Uvarint(uint64(oct))
			appendCells(&a, f.pos[bl<<f.m:(bl+1)<<f.m], f.neg[bl<<f.m:(bl+1)<<f.m], st, bl<<f.m)
		}
		return a, nil
	}
	a.Float(b.Lo)
	a.Float(b.Hi)
	a.Uvarint(uint64(len(b.pos)))
	appendCells(&a, b.pos, b.neg, st, 0)
	return a, nil
}

// appendCells writes the number of cells holding a sample, then each
// one's index and sums, and, when st is not nil, the cell's row counts and
// Σw² (cell i of pos is cell i0 + i of st).
func appendCells(a *wire.Appender, pos, neg []fsum.Sum, st *binStats, i0 int) {
	n := 0
	for i := range pos {
		if pos[i] != (fsum.Sum{}) || neg[i] != (fsum.Sum{}) {
			n++
		}
	}
	a.Uvarint(uint64(n))
	for i := range pos {
		if pos[i] != (fsum.Sum{}) || neg[i] != (fsum.Sum{}) {
			a.Uvarint(uint64(i))
			a.FSum(pos[i])
			a.FSum(neg[i])
			if st != nil {
				a.Uvarint(uint64(st.posN[i0+i]))
				a.Uvarint(uint64(st.negN[i0+i]))
				a.FSum(st.posQ[i0+i])
				a.FSum(st.negQ[i0+i])
			}
		}
	}
}

// readCells reads what appendCells wrote into pos and neg (len ≥ 1), and
// the statistics into st from cell i0 when st is not nil, and returns the
// number of cells read.
func readCells(r *wire.Reader, pos, neg []fsum.Sum, st *binStats, i0 int) int {
	n := r.Uvarint(uint64(len(pos)))
	last := -1
	for range n {
		i := int(r.Uvarint(uint64(len(pos)) - 1))
		if r.Err() != nil {
			return 0
		}
		if i <= last {
			r.Fail("cells out of order")
			return 0
		}
		last = i
		pos[i], neg[i] = r.FSum(), r.FSum()
		if st != nil {
			st.posN[i0+i] = int64(r.Uvarint(math.MaxInt64))
			st.negN[i0+i] = int64(r.Uvarint(math.MaxInt64))
			st.posQ[i0+i], st.negQ[i0+i] = r.FSum(), r.FSum()
		}
	}
	return int(n)
}

// maxBinnedBins bounds the bins a decoded state may allocate.
const maxBinnedBins = 1 << 28

// UnmarshalBinary replaces b with the binned scores encoded in data by
// [Binned.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else.
func (b *Binned) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, fmt.Errorf("%w: binned scores", ErrBadEncoding))
	version, flags := r.Byte(), r.Byte()
	if r.Err() != nil || (version != binnedVersion && version != binnedVersionStats) || flags > 7 {
		return fmt.Errorf("%w: binned scores: unknown version", ErrBadEncoding)
	}
	if version == binnedVersionStats && flags&1 == 0 {
		return fmt.Errorf("%w: binned scores: version %d of unweighted scores", ErrBadEncoding, version)
	}
	out := Binned{weighted: flags&1 != 0, notProb: flags&2 != 0}
	var st *binStats // the bins' statistics, read from version 3
	if version == binnedVersionStats {
		st = &binStats{}
	}
	out.rows = int64(r.Uvarint(math.MaxInt64))
	out.outside = int64(r.Uvarint(math.MaxInt64))
	out.ll, out.br, out.mass = r.XSum(), r.XSum(), r.XSum()
	if flags&4 != 0 {
		n := int(r.Uvarint(maxBinnedBins))
		if r.Err() == nil && n < 1 {
			r.Fail("no bins")
		}
		f := newFloatBins(max(n, 1))
		m := uint(r.Uvarint(uint64(f.m)))
		blocks := int(r.Uvarint(uint64(len(f.block))))
		if r.Err() == nil && blocks<<m > 4*n && m > 0 {
			r.Fail("too many blocks")
		}
		f.m = m
		for range blocks {
			oct := r.Uvarint(uint64(len(f.block) - 1))
			if r.Err() != nil {
				break
			}
			if f.block[oct] != 0 {
				r.Fail("an octave twice")
				break
			}
			bl := f.blocks
			f.blocks++
			f.block[oct] = int32(f.blocks)
			f.pos = append(f.pos, make([]fsum.Sum, 1<<m)...)
			f.neg = append(f.neg, make([]fsum.Sum, 1<<m)...)
			if st != nil {
				st.grow(1 << m)
			}
			f.used += readCells(r, f.pos[bl<<m:(bl+1)<<m], f.neg[bl<<m:(bl+1)<<m], st, bl<<m)
		}
		f.st = st
		out.fb = f
	} else {
		out.Lo, out.Hi = r.Float(), r.Float()
		n := int(r.Uvarint(maxBinnedBins))
		if r.Err() == nil && (n < 1 || !(out.Lo < out.Hi) || math.IsInf(out.Lo, 0) || math.IsInf(out.Hi, 0)) {
			r.Fail("bad grid")
		}
		if r.Err() == nil {
			out.pos, out.neg = make([]fsum.Sum, n), make([]fsum.Sum, n)
			if st != nil {
				st.grow(n)
				out.st = st
			}
			readCells(r, out.pos, out.neg, st, 0)
		}
	}
	if err := r.End(); err != nil {
		return err
	}
	*b = out
	return nil
}
