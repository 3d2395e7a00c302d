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

const tallyVersion = 1

// MarshalBinary encodes the tally (its labels in first-seen order, whether
// the list was fixed, and the confusion matrix over them, compensated weight
// sums included) so that a distributed engine can ship it between workers.
// [Tally.UnmarshalBinary] restores the same state bit for bit.
func (t *Tally) MarshalBinary() ([]byte, error) {
	names := t.Labels.Names()
	c := t.C.trim(len(names))
	var flags byte
	if t.Labels.Fixed() {
		flags |= 1
	}
	if c.weighted {
		flags |= 2
	}
	a := wire.Appender{tallyVersion, flags}
	a = appendLabels(a, names)
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
	if r.Byte() != tallyVersion {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	set := readLabels(r, flags&1 != 0)
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

// readLabels decodes a label set encoded by appendLabels: a fixed list,
// or labels in first-seen order.
func readLabels(r *wire.Reader, fixed bool) *label.Set {
	k := r.Count(1)
	names := make([]string, 0, k)
	for range k {
		names = append(names, string(r.Block()))
	}
	if r.Err() != nil {
		return nil
	}
	set := labelSet(names, fixed)
	if set == nil {
		r.Fail("repeated label")
	}
	return set
}

// labelSet returns the label set of names, a fixed list or labels in
// first-seen order, or nil if a name repeats.
func labelSet(names []string, fixed bool) *label.Set {
	if fixed {
		if _, _, dup := label.Repeated(names); dup {
			return nil
		}
		return label.NewSet(names)
	}
	set := label.NewSet(nil)
	for _, n := range names {
		set.ID([]byte(n))
	}
	if set.Len() != len(names) {
		return nil
	}
	return set
}
