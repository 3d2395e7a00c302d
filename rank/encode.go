package rank

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Key returns the order-preserving bits of a finite score: Key(a) < Key(b)
// exactly when a < b, and −0 and +0 share one key. A distributed engine
// partitions the rows of a [Table] by ranges of keys (no tie group then
// spans two ranges) and joins the ranges' tables with [Concat].
func Key(score float64) uint64 {
	if score == 0 {
		score = 0 // fold −0 into +0
	}
	return key(score)
}

// ScoreOfKey inverts [Key].
func ScoreOfKey(k uint64) float64 { return unkey(k) }

// Concat returns the table of parts whose scores do not interleave: every
// score of parts[i] is greater than every score of parts[i+1] (as the
// tables of ranges of [Key], highest range first, are). Nil parts are
// skipped. It panics if the parts interleave. The parts are not modified.
//
// The collinear-vertex rule of [Table.ROC] on a weighted result works on
// its compensated cumulative masses, as for [Merge]: the rule scikit-learn
// applies to its rounded running sums depends on the order of all rows.
func Concat(parts ...*Table) *Table {
	t := &Table{}
	n := 0
	for _, p := range parts {
		if p != nil {
			n += len(p.Score)
		}
	}
	t.Score = make([]float64, 0, n)
	t.Pos = make([]float64, 0, n)
	t.Neg = make([]float64, 0, n)
	for _, p := range parts {
		if p == nil {
			continue
		}
		if len(p.Score) > 0 && len(t.Score) > 0 && !(p.Score[0] < t.Score[len(t.Score)-1]) {
			panic("rank: Concat: the parts' scores interleave")
		}
		t.Score = append(t.Score, p.Score...)
		t.Pos = append(t.Pos, p.Pos...)
		t.Neg = append(t.Neg, p.Neg...)
		t.Rows += p.Rows
		t.Weighted = t.Weighted || p.Weighted
	}
	return t
}

// ErrBadEncoding is returned by [Table.UnmarshalBinary] for bytes that
// [Table.MarshalBinary] did not make.
var ErrBadEncoding = errors.New("rank: bad binary encoding")

const tableVersion = 1

// MarshalBinary encodes the table (scores, masses, rows, weighted and the
// collinear-vertex marks of a weighted table) so that a distributed engine
// can ship it between workers; [Table.UnmarshalBinary] restores it bit for
// bit.
func (t *Table) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 2+2*binary.MaxVarintLen64+24*len(t.Score)+8*len(t.npFlat))
	b = append(b, tableVersion, 0)
	if t.Weighted {
		b[1] = 1
	}
	b = binary.AppendUvarint(b, uint64(t.Rows))
	b = binary.AppendUvarint(b, uint64(len(t.Score)))
	b = binary.AppendUvarint(b, uint64(len(t.npFlat)))
	for _, col := range [][]float64{t.Score, t.Pos, t.Neg} {
		for _, v := range col {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	for _, w := range t.npFlat {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b, nil
}

// UnmarshalBinary replaces t with the table encoded in data by
// [Table.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else, including scores that are not finite and strictly
// decreasing or masses that are not finite and ≥ 0.
func (t *Table) UnmarshalBinary(data []byte) error {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrBadEncoding, what) }
	if len(data) < 2 || data[0] != tableVersion || data[1] > 1 {
		return bad("unknown version")
	}
	weighted := data[1] == 1
	d := data[2:]
	var hdr [3]uint64
	for i := range hdr {
		v, n := binary.Uvarint(d)
		if n <= 0 || v > math.MaxInt64 {
			return bad("bad varint")
		}
		hdr[i], d = v, d[n:]
	}
	rows, n, nf := hdr[0], hdr[1], hdr[2]
	if n > uint64(len(d))/24 || nf > uint64(len(d))/8 || uint64(len(d)) != 24*n+8*nf {
		return bad("wrong length")
	}
	col := func() []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = math.Float64frombits(binary.LittleEndian.Uint64(d))
			d = d[8:]
		}
		return out
	}
	score, pos, neg := col(), col(), col()
	var flat []uint64
	if nf > 0 {
		flat = make([]uint64, nf)
		for i := range flat {
			flat[i] = binary.LittleEndian.Uint64(d)
			d = d[8:]
		}
	}
	for i := range score {
		if math.IsInf(score[i], 0) || math.IsNaN(score[i]) || (i > 0 && !(score[i] < score[i-1])) {
			return bad("scores not finite and strictly decreasing")
		}
		if !(pos[i] >= 0 && neg[i] >= 0) || math.IsInf(pos[i], 0) || math.IsInf(neg[i], 0) {
			return bad("masses not finite and ≥ 0")
		}
	}
	*t = Table{Score: score, Pos: pos, Neg: neg, Rows: int64(rows), Weighted: weighted, npFlat: flat}
	return nil
}
