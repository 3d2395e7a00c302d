package classify

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/wire"
)

// modelsVersion is the version of the encoding: 2 adds listed label sets (flag
// 4). A state without one is written as version 1, byte for byte as
// before (encodings that embed it, such as rank's, keep their bytes).
const modelsVersion = 2

// MarshalBinary encodes the joint state of several models (the number of
// models, the labels in first-seen order and how many a list gave, and every
// cell: its tuple of label ids, its row count and, when weighted, its
// compensated weight sum) so that a distributed engine can ship it between
// workers. [Models.UnmarshalBinary] restores an equal state: the same
// cells in the same order, so the same reports.
func (s *Models) MarshalBinary() ([]byte, error) {
	flags := setFlags(s.Labels)
	if s.weighted {
		flags |= 2
	}
	version := byte(1)
	if flags&4 != 0 {
		version = modelsVersion
	}
	a := wire.Appender{version, flags}
	a.Uvarint(uint64(s.m))
	a = appendSet(a, s.Labels)
	a.Uvarint(uint64(s.n))
	a.Uvarint(uint64(len(s.cnt)))
	for c, v := range s.cnt {
		for _, id := range s.keys[c*(s.m+1) : (c+1)*(s.m+1)] {
			a.Uvarint(uint64(id))
		}
		a.Uvarint(uint64(v))
		if s.weighted {
			a.FSum(s.wsum[c])
		}
	}
	return a, nil
}

// UnmarshalBinary replaces s with the state encoded in data by
// [Models.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else.
func (s *Models) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, ErrBadEncoding)
	v := r.Byte()
	if v != modelsVersion && v != 1 {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	if (v == 1) == (flags&4 != 0) {
		return fmt.Errorf("%w: version %d with flags %d", ErrBadEncoding, v, flags)
	}
	m := r.Count(1)
	if r.Err() == nil && (m < 1 || m > 1<<16) {
		r.Fail("bad number of models")
	}
	set := readSet(r, flags)
	n := int64(r.Uvarint(math.MaxInt64))
	cells := r.Count(1)
	if r.Err() != nil {
		return r.Err()
	}
	if cells*(m+2) > r.Len() { // every id and count takes at least one byte
		return fmt.Errorf("%w: short data", ErrBadEncoding)
	}
	var fixed []string
	if set.Listed() > 0 {
		fixed = set.Names()[:set.Listed()]
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
			id := r.Uvarint(math.MaxInt64)
			if r.Err() == nil && id >= uint64(set.Len()) {
				r.Fail("label id out of range")
			}
			ids[j] = int32(id)
		}
		v := int64(r.Uvarint(math.MaxInt64))
		var w fsum.Sum
		if flags&2 != 0 {
			w = r.FSum()
		}
		if r.Err() != nil {
			return r.Err()
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
	if err := r.End(); err != nil {
		return err
	}
	if total != n {
		return fmt.Errorf("%w: the cells hold %d rows, not %d", ErrBadEncoding, total, n)
	}
	*s = *out
	return nil
}
