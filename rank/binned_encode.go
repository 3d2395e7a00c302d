package rank

import (
	"encoding/binary"
	"fmt"
	"github.com/evalkit-go/evalkit/internal/xsum"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

const binnedVersion = 2 // 2: exact log loss, Brier and mass sums

// MarshalBinary encodes the binned scores (the grid or the float-bit bins
// with their current coarseness, the bins holding a sample, the counts
// and the exact log loss and Brier sums) so that a distributed engine can
// ship them between workers; [Binned.UnmarshalBinary] restores them bit
// for bit, so that merging restored states gives what merging the
// originals gives. Only the bins holding a sample are written.
func (b *Binned) MarshalBinary() ([]byte, error) {
	e := binnedEncoder{b: []byte{binnedVersion}}
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
	e.b = append(e.b, flags)
	e.uvarint(uint64(b.rows))
	e.uvarint(uint64(b.outside))
	for _, s := range []*xsum.Sum{&b.ll, &b.br, &b.mass} {
		e.b = s.AppendBinary(e.b)
	}
	if b.fb != nil {
		f := b.fb
		e.uvarint(uint64(f.max))
		e.uvarint(uint64(f.m))
		e.uvarint(uint64(f.blocks))
		// The blocks in the order they were allocated, each as its octave.
		octs := make([]int, f.blocks)
		for oct, bl := range f.block {
			if bl != 0 {
				octs[bl-1] = oct
			}
		}
		for bl, oct := range octs {
			e.uvarint(uint64(oct))
			e.cells(f.pos[bl<<f.m:(bl+1)<<f.m], f.neg[bl<<f.m:(bl+1)<<f.m])
		}
		return e.b, nil
	}
	e.float(b.Lo)
	e.float(b.Hi)
	e.uvarint(uint64(len(b.pos)))
	e.cells(b.pos, b.neg)
	return e.b, nil
}

type binnedEncoder struct{ b []byte }

func (e *binnedEncoder) uvarint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }

func (e *binnedEncoder) float(v float64) {
	e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v))
}

func (e *binnedEncoder) sum(s fsum.Sum) {
	x, c := s.Parts()
	e.float(x)
	e.float(c)
}

// cells writes the number of cells holding a sample, then each one's
// index and sums.
func (e *binnedEncoder) cells(pos, neg []fsum.Sum) {
	n := 0
	for i := range pos {
		if pos[i] != (fsum.Sum{}) || neg[i] != (fsum.Sum{}) {
			n++
		}
	}
	e.uvarint(uint64(n))
	for i := range pos {
		if pos[i] != (fsum.Sum{}) || neg[i] != (fsum.Sum{}) {
			e.uvarint(uint64(i))
			e.sum(pos[i])
			e.sum(neg[i])
		}
	}
}

type binnedDecoder struct {
	d   []byte
	err error
}

func (d *binnedDecoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: binned scores: %s", ErrBadEncoding, what)
	}
}

func (d *binnedDecoder) uvarint(limit uint64) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.d)
	if n <= 0 || v > limit {
		d.fail("bad or out-of-range varint")
		return 0
	}
	d.d = d.d[n:]
	return v
}

func (d *binnedDecoder) float() float64 {
	if d.err != nil {
		return 0
	}
	if len(d.d) < 8 {
		d.fail("truncated")
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.d))
	d.d = d.d[8:]
	return v
}

func (d *binnedDecoder) sum() fsum.Sum {
	s := d.float()
	return fsum.FromParts(s, d.float())
}

// xsum reads an exact sum (xsum.Sum.AppendBinary).
func (d *binnedDecoder) xsum() xsum.Sum {
	if d.err != nil {
		return xsum.Sum{}
	}
	s, rest, ok := xsum.Decode(d.d)
	if !ok {
		d.fail("bad exact sum")
		return xsum.Sum{}
	}
	d.d = rest
	return s
}

// cells reads what binnedEncoder.cells wrote into pos and neg.
func (d *binnedDecoder) cells(pos, neg []fsum.Sum) int {
	n := d.uvarint(uint64(len(pos)))
	last := -1
	for range n {
		i := int(d.uvarint(uint64(len(pos)) - 1))
		if d.err != nil {
			return 0
		}
		if i <= last {
			d.fail("cells out of order")
			return 0
		}
		last = i
		pos[i], neg[i] = d.sum(), d.sum()
	}
	return int(n)
}

// maxBinnedBins bounds the bins a decoded state may allocate.
const maxBinnedBins = 1 << 28

// UnmarshalBinary replaces b with the binned scores encoded in data by
// [Binned.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else.
func (b *Binned) UnmarshalBinary(data []byte) error {
	if len(data) < 2 || data[0] != binnedVersion || data[1] > 7 {
		return fmt.Errorf("%w: binned scores: unknown version", ErrBadEncoding)
	}
	flags := data[1]
	d := &binnedDecoder{d: data[2:]}
	out := Binned{weighted: flags&1 != 0, notProb: flags&2 != 0}
	out.rows = int64(d.uvarint(math.MaxInt64))
	out.outside = int64(d.uvarint(math.MaxInt64))
	out.ll, out.br, out.mass = d.xsum(), d.xsum(), d.xsum()
	if flags&4 != 0 {
		n := int(d.uvarint(maxBinnedBins))
		if d.err == nil && n < 1 {
			d.fail("no bins")
		}
		f := newFloatBins(max(n, 1))
		m := uint(d.uvarint(uint64(f.m)))
		blocks := int(d.uvarint(uint64(len(f.block))))
		if d.err == nil && blocks<<m > 4*n && m > 0 {
			d.fail("too many blocks")
		}
		f.m = m
		for range blocks {
			oct := d.uvarint(uint64(len(f.block) - 1))
			if d.err != nil {
				break
			}
			if f.block[oct] != 0 {
				d.fail("an octave twice")
				break
			}
			bl := f.blocks
			f.blocks++
			f.block[oct] = int32(f.blocks)
			f.pos = append(f.pos, make([]fsum.Sum, 1<<m)...)
			f.neg = append(f.neg, make([]fsum.Sum, 1<<m)...)
			f.used += d.cells(f.pos[bl<<m:], f.neg[bl<<m:])
		}
		out.fb = f
	} else {
		out.Lo, out.Hi = d.float(), d.float()
		n := int(d.uvarint(maxBinnedBins))
		if d.err == nil && (n < 1 || !(out.Lo < out.Hi) || math.IsInf(out.Lo, 0) || math.IsInf(out.Hi, 0)) {
			d.fail("bad grid")
		}
		if d.err == nil {
			out.pos, out.neg = make([]fsum.Sum, n), make([]fsum.Sum, n)
			d.cells(out.pos, out.neg)
		}
	}
	if d.err == nil && len(d.d) != 0 {
		d.fail("trailing bytes")
	}
	if d.err != nil {
		return d.err
	}
	*b = out
	return nil
}
