package classify

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

const modelsVersion = 1

// MarshalBinary encodes the joint state of several models (the number of
// models, the labels in first-seen order or the fixed list, and every
// cell: its tuple of label ids, its row count and, when weighted, its
// compensated weight sum) so that a distributed engine can ship it between
// workers. [Models.UnmarshalBinary] restores an equal state: the same
// cells in the same order, so the same reports.
func (s *Models) MarshalBinary() ([]byte, error) {
	b := []byte{modelsVersion, 0}
	if s.Labels.Fixed() {
		b[1] |= 1
	}
	if s.weighted {
		b[1] |= 2
	}
	b = binary.AppendUvarint(b, uint64(s.m))
	b = appendLabels(b, s.Labels.Names())
	b = binary.AppendUvarint(b, uint64(s.n))
	b = binary.AppendUvarint(b, uint64(len(s.cnt)))
	for c, v := range s.cnt {
		for _, id := range s.keys[c*(s.m+1) : (c+1)*(s.m+1)] {
			b = binary.AppendUvarint(b, uint64(id))
		}
		b = binary.AppendUvarint(b, uint64(v))
		if s.weighted {
			sum, e := s.wsum[c].Parts()
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(sum))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(e))
		}
	}
	return b, nil
}

// UnmarshalBinary replaces s with the state encoded in data by
// [Models.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else.
func (s *Models) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	if d.byte() != modelsVersion {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := d.byte()
	m := d.count()
	if d.err == nil && (m < 1 || m > 1<<16) {
		d.fail("bad number of models")
	}
	set := d.labels(flags&1 != 0)
	n := int64(d.uvarint())
	cells := d.count()
	if d.err != nil {
		return d.err
	}
	if cells*(m+2) > len(d.b) { // every id and count takes at least one byte
		return fmt.Errorf("%w: short data", ErrBadEncoding)
	}
	var fixed []string
	if set.Fixed() {
		fixed = set.Names()
	}
	out := NewModels(m, fixed)
	out.Labels = set
	if flags&2 != 0 {
		out.toWeighted()
	}
	ids := make([]int32, m+1)
	var total int64
	for range cells {
		for j := range ids {
			id := d.uvarint()
			if d.err == nil && id >= uint64(set.Len()) {
				d.fail("label id out of range")
			}
			ids[j] = int32(id)
		}
		v := int64(d.uvarint())
		var w fsum.Sum
		if flags&2 != 0 {
			sum := d.float()
			e := d.float()
			w = fsum.FromParts(sum, e)
		}
		if d.err != nil {
			return d.err
		}
		before := len(out.cnt)
		if flags&2 != 0 {
			out.addIDs(ids, v, 0, &w)
		} else {
			out.addIDs(ids, v, -1, nil)
		}
		if len(out.cnt) == before {
			return fmt.Errorf("%w: repeated cell", ErrBadEncoding)
		}
		total += v
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d trailing bytes", ErrBadEncoding, len(d.b))
	}
	if total != n {
		return fmt.Errorf("%w: the cells hold %d rows, not %d", ErrBadEncoding, total, n)
	}
	*s = *out
	return nil
}
