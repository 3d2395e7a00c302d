package rank

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// multiBuilderVersion is the version of [MultiBuilder]'s binary encoding.
const multiBuilderVersion = 1

// appendBuilder appends the rows of a score table's builder: their
// number, the positive and negative keys, and the weights once one was
// not 1.
func appendBuilder(a *wire.Appender, b *Builder) {
	a.Uvarint(uint64(b.rows))
	a.Uvarint(uint64(len(b.posK)))
	a.Uint64s(b.posK)
	a.Uvarint(uint64(len(b.negK)))
	a.Uint64s(b.negK)
	if b.posW == nil {
		a.Byte(0)
		return
	}
	a.Byte(1)
	a.Floats(b.posW)
	a.Floats(b.negW)
}

// readBuilder reads what appendBuilder wrote into b.
func readBuilder(r *wire.Reader, b *Builder) {
	b.rows = int64(r.Uvarint(math.MaxInt64))
	b.posK = make([]uint64, r.Count(8))
	r.Uint64s(b.posK)
	b.negK = make([]uint64, r.Count(8))
	r.Uint64s(b.negK)
	switch r.Byte() {
	case 0:
	case 1:
		b.posW = make([]float64, len(b.posK))
		r.Floats(b.posW)
		b.negW = make([]float64, len(b.negK))
		r.Floats(b.negW)
	default:
		r.Fail("bad weights flag")
	}
}

// MarshalBinary encodes the builder's state — every score table's rows
// as added (not sorted), the exact and compensated sums, the arg-max
// matrix, the row of the largest log loss — so that a distributed engine
// can ship a part's builder between workers; [MultiBuilder.UnmarshalBinary]
// restores it bit for bit, and the restored builder merges and gives
// its [MultiBuilder.Result] as the original would.
func (m *MultiBuilder) MarshalBinary() ([]byte, error) {
	a := wire.Appender{multiBuilderVersion}
	var flags byte
	if m.cell != nil {
		flags |= 1
	}
	if m.weighted {
		flags |= 2
	}
	if m.Renormalize {
		flags |= 4
	}
	a.Byte(flags)
	a.Uvarint(uint64(m.k))
	if m.cell != nil {
		for c := range m.cell {
			for j := range m.cell[c] {
				appendBuilder(&a, &m.cell[c][j])
			}
		}
	}
	for _, s := range []*xsum.Sum{&m.ll, &m.ll2, &m.hl, &m.hl2} {
		a.XSum(s)
	}
	for _, s := range m.rankMass {
		a.FSum(s)
	}
	if m.weighted {
		for i := range m.rankSq {
			a.XSum(&m.rankSq[i])
		}
		for _, s := range []*xsum.Sum{&m.sll, &m.sll2, &m.shl, &m.shl2} {
			a.XSum(s)
		}
	}
	if err := appendArgmax(&a, m.k, m.argmax); err != nil {
		return nil, err
	}
	a.Varint(m.top.Row)
	a.Float(m.top.Weight)
	a.Float(m.top.Loss)
	a.Uvarint(uint64(m.rows))
	return a, nil
}

// UnmarshalBinary replaces m with the builder encoded in data by
// [MultiBuilder.MarshalBinary]; an error wraps ErrBadEncoding.
func (m *MultiBuilder) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, fmt.Errorf("%w: multiclass builder", ErrBadEncoding))
	if v := r.Byte(); r.Err() == nil && v != multiBuilderVersion {
		return fmt.Errorf("%w: multiclass builder: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	k := r.Count(16) // the rank masses alone take 16 bytes a class
	if r.Err() != nil {
		return r.Err()
	}
	if k < 2 || flags&^7 != 0 {
		return fmt.Errorf("%w: multiclass builder: bad header", ErrBadEncoding)
	}
	out := NewMultiBuilder(k)
	if flags&1 == 0 {
		out.cell = nil
	} else {
		for c := range out.cell {
			for j := range out.cell[c] {
				readBuilder(r, &out.cell[c][j])
			}
		}
	}
	for _, s := range []*xsum.Sum{&out.ll, &out.ll2, &out.hl, &out.hl2} {
		*s = r.XSum()
	}
	for i := range out.rankMass {
		out.rankMass[i] = r.FSum()
	}
	if flags&2 != 0 {
		out.weighted = true
		out.rankSq = make([]xsum.Sum, k)
		for i := range out.rankSq {
			out.rankSq[i] = r.XSum()
		}
		for _, s := range []*xsum.Sum{&out.sll, &out.sll2, &out.shl, &out.shl2} {
			*s = r.XSum()
		}
	}
	out.Renormalize = flags&4 != 0
	var err error
	if out.argmax, err = readArgmax(r, k, "multiclass builder"); err != nil {
		return err
	}
	out.top = TopLoss{Row: r.Varint(), Weight: r.Float(), Loss: r.Float()}
	out.rows = int64(r.Uvarint(math.MaxInt64))
	if r.Err() == nil && !(out.top.Row == -1 || out.top.Row >= 0 && out.top.Row < out.rows) {
		r.Fail("bad row of the largest log loss")
	}
	if err := r.End(); err != nil {
		return err
	}
	*m = *out
	return nil
}

// MarshalBinary encodes the rows (their classes, every model's
// probabilities and the weights, if kept) so that a distributed engine
// can ship them between workers; [MulticlassRows.UnmarshalBinary]
// restores them bit for bit.
func (r *MulticlassRows) MarshalBinary() ([]byte, error) {
	a := wire.Appender{1}
	var flags byte
	if r.W != nil {
		flags |= 1
	}
	if r.Renormalize {
		flags |= 2
	}
	a.Byte(flags)
	a.Uvarint(uint64(r.K))
	a.Uvarint(uint64(len(r.P)))
	a.Uvarint(uint64(len(r.Y)))
	for _, y := range r.Y {
		a.Uvarint(uint64(y))
	}
	for _, p := range r.P {
		if len(p) != r.K*len(r.Y) {
			return nil, fmt.Errorf("rank: MulticlassRows.MarshalBinary: %d probabilities for %d rows of %d classes", len(p), len(r.Y), r.K)
		}
		a.Floats(p)
	}
	if r.W != nil {
		a.Floats(r.W)
	}
	return a, nil
}

// UnmarshalBinary replaces r with the rows encoded in data by
// [MulticlassRows.MarshalBinary]; an error wraps ErrBadEncoding.
func (r *MulticlassRows) UnmarshalBinary(data []byte) error {
	rd := wire.NewReader(data, fmt.Errorf("%w: multiclass rows", ErrBadEncoding))
	if v := rd.Byte(); rd.Err() == nil && v != 1 {
		return fmt.Errorf("%w: multiclass rows: unknown version", ErrBadEncoding)
	}
	flags := rd.Byte()
	k := int(rd.Uvarint(1 << 24))
	m := int(rd.Uvarint(1 << 24))
	n := rd.Count(1) // each row's class takes a byte at least
	if rd.Err() != nil {
		return rd.Err()
	}
	if flags&^3 != 0 || (n > 0 && m > 0 && k == 0) {
		return fmt.Errorf("%w: multiclass rows: bad header", ErrBadEncoding)
	}
	out := MulticlassRows{K: k, P: make([][]float64, m), Renormalize: flags&2 != 0}
	if n > 0 { // an empty state's rows are nil, as before any row
		out.Y = make([]int32, n)
	}
	for i := range out.Y {
		y := rd.Uvarint(uint64(max(k, 1) - 1))
		out.Y[i] = int32(y)
	}
	for j := range out.P {
		if rd.Err() == nil && uint64(rd.Len()) < 8*uint64(k)*uint64(n) {
			rd.Fail("truncated")
		}
		if rd.Err() != nil {
			return rd.Err()
		}
		if n > 0 {
			out.P[j] = make([]float64, k*n)
			rd.Floats(out.P[j])
		}
	}
	if flags&1 != 0 {
		if rd.Err() == nil && uint64(rd.Len()) < 8*uint64(n) {
			rd.Fail("truncated")
		}
		if rd.Err() != nil {
			return rd.Err()
		}
		out.W = make([]float64, n)
		rd.Floats(out.W)
	}
	if err := rd.End(); err != nil {
		return err
	}
	*r = out
	return nil
}
