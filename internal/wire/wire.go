// Package wire writes and reads the binary encodings of evalkit's
// mergeable states (classify's tally, regress's state, rank's binned
// scores, …), which a distributed engine ships between workers.
//
// The encodings are built from a few pieces, each written by an
// [Appender] method and read back by the [Reader] method of the same name:
//
//	Byte     one byte
//	Uvarint  an unsigned varint (encoding/binary's AppendUvarint)
//	Varint   a signed, zig-zag varint (encoding/binary's AppendVarint)
//	Uint64   8 bytes little-endian
//	Float    a float64's IEEE 754 bits as a Uint64
//	FSum     a compensated sum (fsum.Sum): its two parts as Floats
//	XSum     an exact sum (xsum.Sum): its canonical encoding
//	String   a Uvarint length, then the bytes (Reader.Block reads it)
//	Block    the same from a []byte
//
// A Reader checks every read against the bytes left. The first problem
// sticks: the reads after it return zeros and [Reader.Err] the error,
// which wraps the error the Reader was made with (a package's
// ErrBadEncoding), so that a decoder reads a whole encoding and checks
// once, and corrupt input is an error, never a panic nor an allocation
// larger than the input justifies ([Reader.Count]).
package wire

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// Appender is an encoding being written: each method appends one piece.
// Its zero value is an empty encoding; Appender(b) appends to b.
type Appender []byte

// Byte appends c.
func (a *Appender) Byte(c byte) { *a = append(*a, c) }

// Uvarint appends v as an unsigned varint.
func (a *Appender) Uvarint(v uint64) { *a = binary.AppendUvarint(*a, v) }

// Varint appends v as a signed (zig-zag) varint.
func (a *Appender) Varint(v int64) { *a = binary.AppendVarint(*a, v) }

// Uint64 appends v, 8 bytes little-endian.
func (a *Appender) Uint64(v uint64) { *a = binary.LittleEndian.AppendUint64(*a, v) }

// Float appends the IEEE 754 bits of x, little-endian.
func (a *Appender) Float(x float64) { a.Uint64(math.Float64bits(x)) }

// Floats appends each of xs as a Float.
func (a *Appender) Floats(xs []float64) {
	b := *a
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	*a = b
}

// Uint64s appends each of vs as a Uint64.
func (a *Appender) Uint64s(vs []uint64) {
	b := *a
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	*a = b
}

// FSum appends a compensated sum: its sum and compensation parts.
func (a *Appender) FSum(s fsum.Sum) {
	x, c := s.Parts()
	a.Float(x)
	a.Float(c)
}

// XSum appends an exact sum's canonical encoding ([xsum.Sum.AppendBinary]).
func (a *Appender) XSum(s *xsum.Sum) { *a = s.AppendBinary(*a) }

// String appends the length of s as a Uvarint, then s.
func (a *Appender) String(s string) {
	a.Uvarint(uint64(len(s)))
	*a = append(*a, s...)
}

// Block appends the length of p as a Uvarint, then p: the bytes of
// [Appender.String].
func (a *Appender) Block(p []byte) {
	a.Uvarint(uint64(len(p)))
	*a = append(*a, p...)
}

// Reader reads an encoding piece by piece, checking each read against
// the bytes left; the first problem sticks (see the package doc).
type Reader struct {
	b   []byte
	err error
	bad error // what every error wraps
}

// NewReader returns a Reader of data whose errors wrap bad.
func NewReader(data []byte, bad error) *Reader {
	return &Reader{b: data, bad: bad}
}

// Fail records the problem what (unless one is recorded already) and
// drops the bytes left.
func (r *Reader) Fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", r.bad, what)
	}
	r.b = nil
}

// Err returns the first problem, or nil.
func (r *Reader) Err() error { return r.err }

// Len returns the number of bytes left (0 after a problem).
func (r *Reader) Len() int { return len(r.b) }

// End returns the first problem, or an error if bytes are left over.
func (r *Reader) End() error {
	if r.err == nil && len(r.b) != 0 {
		r.Fail(fmt.Sprintf("%d trailing bytes", len(r.b)))
	}
	return r.err
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.b) < 1 {
		r.Fail("truncated")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// Uvarint reads an unsigned varint; a value above limit is a problem.
func (r *Reader) Uvarint(limit uint64) uint64 {
	v := readVarint(r, binary.Uvarint)
	if v > limit {
		r.Fail("varint out of range")
		return 0
	}
	return v
}

// Varint reads a signed varint.
func (r *Reader) Varint() int64 { return readVarint(r, binary.Varint) }

// readVarint reads a varint by read (binary.Uvarint or binary.Varint).
func readVarint[V int64 | uint64](r *Reader, read func([]byte) (V, int)) V {
	if r.err != nil {
		return 0
	}
	v, n := read(r.b)
	if n <= 0 {
		r.Fail("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Count reads a Uvarint number of items that take at least size bytes
// each (size ≥ 1): more than the bytes left can hold is a problem, so
// that a decoder may allocate the items before reading them.
func (r *Reader) Count(size int) int {
	v := r.Uvarint(math.MaxUint64)
	if r.err == nil && v > uint64(len(r.b)/size) {
		r.Fail("length beyond the data")
		return 0
	}
	return int(v)
}

// Bytes reads n bytes; the result shares the Reader's data.
func (r *Reader) Bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.Fail("truncated")
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// Block reads what [Appender.Block] or [Appender.String] wrote: a Uvarint length, then as
// many bytes (shared with the Reader's data).
func (r *Reader) Block() []byte { return r.Bytes(r.Count(1)) }

// Uint64 reads 8 bytes little-endian.
func (r *Reader) Uint64() uint64 {
	if len(r.b) < 8 {
		r.Fail("truncated")
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

// Float reads a float64 written by [Appender.Float].
func (r *Reader) Float() float64 { return math.Float64frombits(r.Uint64()) }

// Floats reads len(out) Floats into out: a column of numbers at the
// speed of one bounds check.
func (r *Reader) Floats(out []float64) {
	b := r.Bytes(8 * len(out))
	if b == nil {
		return
	}
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
}

// Uint64s reads len(out) Uint64s into out (as Floats).
func (r *Reader) Uint64s(out []uint64) {
	b := r.Bytes(8 * len(out))
	if b == nil {
		return
	}
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
}

// FSum reads a compensated sum written by [Appender.FSum].
func (r *Reader) FSum() fsum.Sum {
	s := r.Float()
	return fsum.FromParts(s, r.Float())
}

// XSum reads an exact sum written by [Appender.XSum].
func (r *Reader) XSum() xsum.Sum {
	if r.err != nil {
		return xsum.Sum{}
	}
	s, rest, ok := xsum.Decode(r.b)
	if !ok {
		r.Fail("bad exact sum")
		return xsum.Sum{}
	}
	r.b = rest
	return s
}
