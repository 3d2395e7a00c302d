package cluster

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/wire"
)

// ErrBadEncoding is returned by [Contingency.UnmarshalBinary] for bytes
// that are not an encoding made by [Contingency.MarshalBinary].
var ErrBadEncoding = errors.New("cluster: bad binary encoding")

const contingencyVersion = 1

// MarshalBinary encodes the table (its extent, total, overflow flag and
// non-zero cells in row-major order) so that a distributed engine can ship
// it between workers. [Contingency.UnmarshalBinary] restores a table with
// the same cells, extent and total.
func (t *Contingency) MarshalBinary() ([]byte, error) {
	a := wire.Appender{contingencyVersion, 0}
	if t.overflow {
		a[1] = 1
	}
	a.Uvarint(uint64(t.rows))
	a.Uvarint(uint64(t.cols))
	a.Uvarint(uint64(t.n))
	var k uint64
	t.each(func(int, int, int64) { k++ })
	a.Uvarint(k)
	t.each(func(i, j int, v int64) {
		a.Uvarint(uint64(i))
		a.Uvarint(uint64(j))
		a.Uvarint(uint64(v))
	})
	return a, nil
}

// UnmarshalBinary replaces t with the table encoded in data by
// [Contingency.MarshalBinary]. It returns an error wrapping ErrBadEncoding
// for anything else (a truncated encoding included).
func (t *Contingency) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, ErrBadEncoding)
	version, flags := r.Byte(), r.Byte()
	if r.Err() != nil || version != contingencyVersion || flags > 1 {
		return fmt.Errorf("%w: unknown version or flags", ErrBadEncoding)
	}
	const maxID = 1 << 40
	rows, cols := r.Uvarint(maxID), r.Uvarint(maxID)
	n := r.Uvarint(math.MaxInt64)
	k := r.Count(3) // a cell takes at least three bytes
	u := Contingency{}
	var sum uint64
	for range k {
		i, j, v := r.Uvarint(rows), r.Uvarint(cols), r.Uvarint(math.MaxInt64)
		if r.Err() != nil {
			break
		}
		if i >= rows || j >= cols || v == 0 {
			r.Fail("cell out of range")
			break
		}
		u.Add(int(i), int(j), int64(v))
		sum += v
	}
	if err := r.End(); err != nil {
		return err
	}
	if flags == 0 && sum != n {
		return fmt.Errorf("%w: total does not match the cells", ErrBadEncoding)
	}
	if rows > 0 && cols > 0 && (u.rows < int(rows) || u.cols < int(cols)) {
		u.Add(int(rows)-1, int(cols)-1, 0)
	}
	u.n, u.overflow = int64(n), flags == 1
	*t = u
	return nil
}
