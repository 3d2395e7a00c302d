package rank

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/wire"
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
	stats := true // every part has its cells' rows and Σw²
	for _, p := range parts {
		if p != nil {
			n += len(p.Score)
			t.Weighted = t.Weighted || p.Weighted
			stats = stats && p.hasStats()
		}
	}
	stats = stats && t.Weighted
	t.Score = make([]float64, 0, n)
	t.Pos = make([]float64, 0, n)
	t.Neg = make([]float64, 0, n)
	var ts [4][]float64
	if stats {
		for k := range ts {
			ts[k] = make([]float64, 0, n)
		}
	}
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
		if stats {
			for k, c := range statCols(p) {
				ts[k] = append(ts[k], c...)
			}
		}
		t.Rows += p.Rows
	}
	if stats {
		t.PosRows, t.NegRows, t.PosSq, t.NegSq = ts[0], ts[1], ts[2], ts[3]
	}
	return t
}

// ErrBadEncoding is returned by [Table.UnmarshalBinary] for bytes that
// [Table.MarshalBinary] did not make.
var ErrBadEncoding = errors.New("rank: bad binary encoding")

// The encoding's versions: 1 has the scores and masses as float64s; 2, for
// a weighted table that keeps its cells' rows and Σw² ([Table.PosRows]),
// has those four columns after the masses; 3, which MarshalBinary
// writes, is compact: the scores as the varint differences of their keys
// (the first key whole), and each column of masses, cell rows or Σw² as
// varints when every value is a whole number below 2⁵³ (counts, and
// integer weights), as float64s otherwise. Every version is read.
const (
	tableVersion        = 1
	tableVersionStats   = 2
	tableVersionCompact = 3
)

// Column modes of the compact encoding.
const (
	colFloats = 0 // float64s
	colWhole  = 1 // uvarints of whole numbers
)

// MarshalBinary encodes the table (scores, masses, rows, weighted, the
// cells' rows and Σw² of a weighted table and its collinear-vertex marks)
// so that a distributed engine can ship it between workers;
// [Table.UnmarshalBinary] restores it bit for bit.
func (t *Table) MarshalBinary() ([]byte, error) {
	cols := [][]float64{t.Pos, t.Neg}
	var flags byte
	if t.Weighted {
		flags |= 1
		if t.PosRows != nil {
			flags |= 2
			cols = append(cols, t.PosRows, t.NegRows, t.PosSq, t.NegSq)
		}
	}
	n := len(t.Score)
	a := make(wire.Appender, 0, 32+n*(4+2*len(cols))+8*len(t.npFlat))
	a.Byte(tableVersionCompact)
	a.Byte(flags)
	a.Uvarint(uint64(t.Rows))
	a.Uvarint(uint64(n))
	a.Uvarint(uint64(len(t.npFlat)))
	for i, s := range t.Score {
		k := key(s)
		if i == 0 {
			a.Uvarint(k)
		} else {
			a.Uvarint(key(t.Score[i-1]) - k)
		}
	}
	for _, col := range cols {
		whole := true
		for _, v := range col {
			if !(v >= 0 && v < 1<<53 && v == math.Trunc(v)) || math.Signbit(v) {
				whole = false
				break
			}
		}
		if !whole {
			a.Byte(colFloats)
			a.Floats(col)
			continue
		}
		a.Byte(colWhole)
		for _, v := range col {
			a.Uvarint(uint64(v))
		}
	}
	a.Uint64s(t.npFlat)
	return a, nil
}

// UnmarshalBinary replaces t with the table encoded in data by
// [Table.MarshalBinary] (either version). It returns an error wrapping
// ErrBadEncoding for anything else, including scores that are not finite
// and strictly decreasing, masses or sums of squared weights that are not
// finite and ≥ 0, or row counts that are not whole numbers ≥ 0.
func (t *Table) UnmarshalBinary(data []byte) error {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrBadEncoding, what) }
	r := wire.NewReader(data, ErrBadEncoding)
	version, flags := r.Byte(), r.Byte()
	if r.Err() == nil && version == tableVersionCompact {
		return t.unmarshalCompact(r, flags)
	}
	if r.Err() != nil || (version != tableVersion && version != tableVersionStats) || flags > 1 ||
		(version == tableVersionStats && flags != 1) {
		return bad("unknown version")
	}
	weighted := flags == 1
	ncol := 3
	if version == tableVersionStats {
		ncol = 7
	}
	rows, n := r.Uvarint(math.MaxInt64), r.Count(8*ncol)
	nf := r.Count(8)
	if r.Err() != nil {
		return r.Err()
	}
	if r.Len() != 8*ncol*n+8*nf {
		return bad("wrong length")
	}
	col := func() []float64 {
		out := make([]float64, n)
		r.Floats(out)
		return out
	}
	score, pos, neg := col(), col(), col()
	var st [4][]float64
	if ncol == 7 {
		for k := range st {
			st[k] = col()
		}
	}
	var flat []uint64
	if nf > 0 {
		flat = make([]uint64, nf)
		r.Uint64s(flat)
	}
	if err := checkColumns(score, pos, neg, st, ncol == 7); err != nil {
		return err
	}
	*t = Table{Score: score, Pos: pos, Neg: neg, Rows: int64(rows), Weighted: weighted, npFlat: flat,
		PosRows: st[0], NegRows: st[1], PosSq: st[2], NegSq: st[3]}
	return nil
}

// checkColumns checks decoded columns: scores finite and strictly
// decreasing, masses finite and ≥ 0, and, with stats, the cells' rows
// whole numbers and their Σw² finite and ≥ 0.
func checkColumns(score, pos, neg []float64, st [4][]float64, stats bool) error {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrBadEncoding, what) }
	finite := func(v float64) bool { return v >= 0 && !math.IsInf(v, 0) }
	for i := range score {
		if math.IsInf(score[i], 0) || math.IsNaN(score[i]) || (i > 0 && !(score[i] < score[i-1])) {
			return bad("scores not finite and strictly decreasing")
		}
		if !finite(pos[i]) || !finite(neg[i]) {
			return bad("masses not finite and ≥ 0")
		}
		if stats {
			for k, c := range st {
				if !finite(c[i]) || (k < 2 && c[i] != math.Trunc(c[i])) {
					return bad("cell rows or squared weights not finite and ≥ 0")
				}
			}
		}
	}
	return nil
}

// unmarshalCompact reads the rest of an encoding of version 3.
func (t *Table) unmarshalCompact(r *wire.Reader, flags byte) error {
	if flags > 3 || flags == 2 {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	weighted, stats := flags&1 != 0, flags&2 != 0
	rows, n := r.Uvarint(math.MaxInt64), r.Count(1)
	nf := r.Count(8)
	if r.Err() != nil {
		return r.Err()
	}
	score := make([]float64, n)
	var k uint64
	for i := range score {
		d := r.Uvarint(math.MaxUint64)
		switch {
		case i == 0:
			k = d
		case d == 0 || d > k:
			r.Fail("scores not strictly decreasing")
		default:
			k -= d
		}
		score[i] = unkey(k)
	}
	ncol := 2
	if stats {
		ncol = 6
	}
	cols := make([][]float64, ncol)
	for c := range cols {
		switch r.Byte() {
		case colFloats:
			if r.Len() < 8*n {
				r.Fail("truncated")
				break
			}
			cols[c] = make([]float64, n)
			r.Floats(cols[c])
		case colWhole:
			cols[c] = make([]float64, n)
			for i := range cols[c] {
				cols[c][i] = float64(r.Uvarint(1<<53 - 1))
			}
		default:
			r.Fail("unknown column mode")
		}
	}
	var flat []uint64
	if nf > 0 {
		flat = make([]uint64, nf)
		r.Uint64s(flat)
	}
	if err := r.End(); err != nil {
		return err
	}
	var st [4][]float64
	if stats {
		copy(st[:], cols[2:])
	}
	if err := checkColumns(score, cols[0], cols[1], st, stats); err != nil {
		return err
	}
	*t = Table{Score: score, Pos: cols[0], Neg: cols[1], Rows: int64(rows), Weighted: weighted, npFlat: flat,
		PosRows: st[0], NegRows: st[1], PosSq: st[2], NegSq: st[3]}
	return nil
}
