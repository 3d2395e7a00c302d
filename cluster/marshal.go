package cluster

import (
	"encoding/binary"
	"errors"
	"fmt"
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
	b := []byte{contingencyVersion, 0}
	if t.overflow {
		b[1] = 1
	}
	b = binary.AppendUvarint(b, uint64(t.rows))
	b = binary.AppendUvarint(b, uint64(t.cols))
	b = binary.AppendUvarint(b, uint64(t.n))
	var k uint64
	t.each(func(int, int, int64) { k++ })
	b = binary.AppendUvarint(b, k)
	t.each(func(i, j int, v int64) {
		b = binary.AppendUvarint(b, uint64(i))
		b = binary.AppendUvarint(b, uint64(j))
		b = binary.AppendUvarint(b, uint64(v))
	})
	return b, nil
}

// UnmarshalBinary replaces t with the table encoded in data by
// [Contingency.MarshalBinary]. It returns an error wrapping ErrBadEncoding
// for anything else (a truncated encoding included).
func (t *Contingency) UnmarshalBinary(data []byte) error {
	bad := func(what string) error { return fmt.Errorf("%w: %s", ErrBadEncoding, what) }
	if len(data) < 2 || data[0] != contingencyVersion || data[1] > 1 {
		return bad("unknown version or flags")
	}
	overflow := data[1] == 1
	data = data[2:]
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(data)
		if n <= 0 {
			return 0, false
		}
		data = data[n:]
		return v, true
	}
	var h [4]uint64
	for i := range h {
		v, ok := next()
		if !ok {
			return bad("truncated header")
		}
		h[i] = v
	}
	rows, cols, n, k := h[0], h[1], h[2], h[3]
	const maxID = 1 << 40
	if rows > maxID || cols > maxID || n > 1<<63-1 || k > uint64(len(data))/3 {
		return bad("header out of range")
	}
	u := Contingency{}
	var sum uint64
	for range k {
		i, ok1 := next()
		j, ok2 := next()
		v, ok3 := next()
		if !ok1 || !ok2 || !ok3 {
			return bad("truncated cells")
		}
		if i >= rows || j >= cols || v == 0 || v > 1<<63-1 {
			return bad("cell out of range")
		}
		u.Add(int(i), int(j), int64(v))
		sum += v
	}
	if len(data) != 0 {
		return bad("trailing bytes")
	}
	if !overflow && sum != n {
		return bad("total does not match the cells")
	}
	if rows > 0 && cols > 0 && (u.rows < int(rows) || u.cols < int(cols)) {
		u.Add(int(rows)-1, int(cols)-1, 0)
	}
	u.n, u.overflow = int64(n), overflow
	*t = u
	return nil
}
