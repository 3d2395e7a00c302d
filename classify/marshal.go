package classify

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/label"
)

// ErrBadEncoding is returned by UnmarshalBinary for bytes that are not an
// encoding made by the matching MarshalBinary.
var ErrBadEncoding = errors.New("classify: bad binary encoding")

// tallyVersion is the version of the encoding: 2 adds listed label sets (flag
// 4). A state without one is written as version 1, byte for byte as
// before (encodings that embed it, such as rank's, keep their bytes).
const tallyVersion = 2

// MarshalBinary encodes the tally (its labels in first-seen order, how
// many of them a list gave, and the confusion matrix over them, compensated weight
// sums included) so that a distributed engine can ship it between workers.
// [Tally.UnmarshalBinary] restores the same state bit for bit.
func (t *Tally) MarshalBinary() ([]byte, error) {
	names := t.Labels.Names()
	c := t.C.trim(len(names))
	flags := setFlags(t.Labels)
	if c.weighted {
		flags |= 2
	}
	version := byte(1)
	if flags&4 != 0 {
		version = tallyVersion
	}
	a := wire.Appender{version, flags}
	a = appendSet(a, t.Labels)
	a.Uvarint(uint64(c.n))
	for _, v := range c.cnt {
		a.Uvarint(uint64(v))
	}
	if c.weighted {
		for _, w := range c.wsum {
			a.FSum(w)
		}
	}
	return a, nil
}

// UnmarshalBinary replaces t with the tally encoded in data by
// [Tally.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// anything else.
func (t *Tally) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, ErrBadEncoding)
	v := r.Byte()
	if v != tallyVersion && v != 1 {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	if (v == 1) == (flags&4 != 0) {
		return fmt.Errorf("%w: version %d with flags %d", ErrBadEncoding, v, flags)
	}
	set := readSet(r, flags)
	if r.Err() != nil {
		return r.Err()
	}
	k := set.Len()
	if k*k > r.Len() { // every count takes at least one byte
		return fmt.Errorf("%w: short data", ErrBadEncoding)
	}
	c := NewConfusion(k)
	c.n = int64(r.Uvarint(math.MaxInt64))
	for i := range c.cnt {
		c.cnt[i] = int64(r.Uvarint(math.MaxInt64))
	}
	if flags&2 != 0 {
		c.weighted = true
		c.wsum = make([]fsum.Sum, k*k)
		for i := range c.wsum {
			c.wsum[i] = r.FSum()
		}
	}
	if err := r.End(); err != nil {
		return err
	}
	t.Labels, t.C = set, c
	return nil
}

// setFlags are the flag bits of a label set's kind: 1 a fixed list, 4
// a listed set ([label.NewListedSet]), neither an open set.
func setFlags(s *label.Set) byte {
	switch {
	case s.Fixed():
		return 1
	case s.Listed() > 0:
		return 4
	}
	return 0
}

// appendLabels appends the encoding of a label set's names (in first-seen
// order, or the fixed list's).
func appendLabels(b []byte, names []string) []byte {
	a := wire.Appender(b)
	a.Uvarint(uint64(len(names)))
	for _, n := range names {
		a.String(n)
	}
	return a
}

// appendSet appends the encoding of a label set: appendLabels of its
// names, then, for a listed set, how many were listed.
func appendSet(b []byte, s *label.Set) []byte {
	a := wire.Appender(appendLabels(b, s.Names()))
	if !s.Fixed() && s.Listed() > 0 {
		a.Uvarint(uint64(s.Listed()))
	}
	return a
}

// readLabels decodes a label set encoded by appendLabels: a fixed list,
// or labels in first-seen order.
func readLabels(r *wire.Reader, fixed bool) *label.Set {
	var flags byte
	if fixed {
		flags = 1
	}
	return readSet(r, flags)
}

// readSet decodes a label set encoded by appendSet with the kind flags
// gives (setFlags).
func readSet(r *wire.Reader, flags byte) *label.Set {
	k := r.Count(1)
	names := make([]string, 0, k)
	for range k {
		names = append(names, string(r.Block()))
	}
	listed := -1
	switch {
	case flags&1 != 0:
		listed = len(names)
	case flags&4 != 0:
		listed = r.Count(1)
		if r.Err() == nil && (listed < 1 || listed > len(names)) {
			r.Fail("bad number of listed labels")
		}
	}
	if r.Err() != nil {
		return nil
	}
	set := labelSet(names, flags&1 != 0, listed)
	if set == nil {
		r.Fail("repeated label")
	}
	return set
}

// labelSet returns the label set of names, a fixed list (fixed), a listed
// set of the first listed names, or labels in first-seen order (listed
// −1), or nil if a name repeats.
func labelSet(names []string, fixed bool, listed int) *label.Set {
	if fixed {
		if _, _, dup := label.Repeated(names); dup {
			return nil
		}
		return label.NewSet(names)
	}
	set := label.NewSet(nil)
	if listed > 0 {
		if _, _, dup := label.Repeated(names[:listed]); dup {
			return nil
		}
		set = label.NewListedSet(names[:listed])
		names = names[listed:]
	}
	for _, n := range names {
		set.ID([]byte(n))
	}
	if set.Len() != len(names)+max(listed, 0) {
		return nil
	}
	return set
}
