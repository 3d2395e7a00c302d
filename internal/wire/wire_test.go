package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

var errBad = errors.New("test: bad encoding")

// sample writes one of every piece.
func sample() (Appender, xsum.Sum) {
	var x xsum.Sum
	x.Add(0.1)
	x.Add(1e300)
	x.Add(-3)
	var a Appender
	a.Byte(7)
	a.Uvarint(300)
	a.Varint(-5)
	a.Float(math.Copysign(0, -1))
	a.FSum(fsum.FromParts(1, 1e-17))
	a.XSum(&x)
	a.String("héllo")
	a.String("")
	a.Block([]byte{1, 2})
	a.Uint64(1<<63 | 5)
	a.Floats([]float64{1.5, -2})
	a.Uint64s([]uint64{7, 1 << 40})
	return a, x
}

// Every piece reads back as written; the bytes are encoding/binary's.
func TestRoundTrip(t *testing.T) {
	a, x := sample()
	want := []byte{7}
	want = binary.AppendUvarint(want, 300)
	want = binary.AppendVarint(want, -5)
	want = binary.LittleEndian.AppendUint64(want, 1<<63)
	want = binary.LittleEndian.AppendUint64(want, math.Float64bits(1))
	want = binary.LittleEndian.AppendUint64(want, math.Float64bits(1e-17))
	want = x.AppendBinary(want)
	want = append(binary.AppendUvarint(want, 6), "héllo"...)
	want = append(want, 0, 2, 1, 2)
	for _, v := range []uint64{1<<63 | 5, math.Float64bits(1.5), math.Float64bits(-2), 7, 1 << 40} {
		want = binary.LittleEndian.AppendUint64(want, v)
	}
	if !bytes.Equal(a, want) {
		t.Fatalf("bytes\n%x, want\n%x", []byte(a), want)
	}
	r := NewReader(a, errBad)
	if r.Byte() != 7 || r.Uvarint(300) != 300 || r.Varint() != -5 {
		t.Fatal("integers differ")
	}
	if f := r.Float(); f != 0 || !math.Signbit(f) {
		t.Fatalf("float %v", f)
	}
	if s := r.FSum(); s != fsum.FromParts(1, 1e-17) {
		t.Fatalf("fsum %v", s)
	}
	if s := r.XSum(); s.Value() != x.Value() {
		t.Fatalf("xsum %v, want %v", s.Value(), x.Value())
	}
	if s := string(r.Block()); s != "héllo" {
		t.Fatalf("block %q", s)
	}
	if b := r.Block(); len(b) != 0 {
		t.Fatalf("empty block %q", b)
	}
	if b := r.Block(); !bytes.Equal(b, []byte{1, 2}) {
		t.Fatalf("block %x", b)
	}
	if v := r.Uint64(); v != 1<<63|5 {
		t.Fatalf("uint64 %x", v)
	}
	fs, us := make([]float64, 2), make([]uint64, 2)
	r.Floats(fs)
	r.Uint64s(us)
	if fs[0] != 1.5 || fs[1] != -2 || us[0] != 7 || us[1] != 1<<40 {
		t.Fatalf("columns %v %v", fs, us)
	}
	if err := r.End(); err != nil {
		t.Fatal(err)
	}
}

// Every strict prefix of an encoding and every trailing byte is an error
// wrapping the Reader's; after the first problem every read is zero.
func TestProblems(t *testing.T) {
	a, _ := sample()
	read := func(r *Reader) error {
		r.Byte()
		r.Uvarint(300)
		r.Varint()
		r.Float()
		r.FSum()
		r.XSum()
		r.Block()
		r.Block()
		r.Block()
		r.Uint64()
		r.Floats(make([]float64, 2))
		r.Uint64s(make([]uint64, 2))
		return r.End()
	}
	for n := range len(a) {
		if err := read(NewReader(a[:n], errBad)); !errors.Is(err, errBad) {
			t.Fatalf("prefix %d: %v", n, err)
		}
	}
	if err := read(NewReader(append(a, 0), errBad)); !errors.Is(err, errBad) {
		t.Fatalf("trailing byte: %v", err)
	}
	r := NewReader(a, errBad)
	r.Byte()
	if v := r.Uvarint(299); v != 0 || !errors.Is(r.Err(), errBad) {
		t.Fatalf("300 read with limit 299: %d, %v", v, r.Err())
	}
	first := r.Err()
	if r.Len() != 0 || r.Byte() != 0 || r.Varint() != 0 || r.Float() != 0 || r.Block() != nil || r.Err() != first {
		t.Fatal("reads after a problem are not zero, or the problem changed")
	}
	// A count is bounded by the bytes left.
	long := binary.AppendUvarint(nil, 3)
	long = append(long, 1, 2, 3, 4, 5)
	if r := NewReader(long, errBad); r.Count(1) != 3 || r.Err() != nil {
		t.Fatal("count 3 of 5 bytes")
	}
	if r := NewReader(long, errBad); r.Count(2) != 0 || r.Err() == nil {
		t.Fatal("count 3 of 2-byte items in 5 bytes")
	}
	if r := NewReader(binary.AppendUvarint(nil, math.MaxUint64), errBad); r.Count(1) != 0 || r.Err() == nil {
		t.Fatal("huge count")
	}
	if r := NewReader([]byte{0x80}, errBad); r.Varint() != 0 || r.Err() == nil {
		t.Fatal("truncated varint")
	}
}

// FuzzReader reads arbitrary bytes as a script of pieces: no panic, a
// Count never exceeds what is left, and a problem sticks.
func FuzzReader(f *testing.F) {
	a, _ := sample()
	f.Add([]byte(a), []byte{0, 1, 2, 3, 4, 5, 6, 6})
	f.Add([]byte{0xff, 0xff, 0xff}, []byte{1, 7, 6})
	f.Fuzz(func(t *testing.T, data, ops []byte) {
		r := NewReader(data, errBad)
		var failed error
		for _, op := range ops {
			left := r.Len()
			switch op % 10 {
			case 0:
				r.Byte()
			case 1:
				r.Uvarint(uint64(op))
			case 2:
				r.Varint()
			case 3:
				r.Float()
			case 4:
				r.FSum()
			case 5:
				r.XSum()
			case 6:
				if b := r.Block(); len(b) > left {
					t.Fatalf("block of %d from %d bytes", len(b), left)
				}
			case 7:
				if n := r.Count(1 + int(op)/10); n > left {
					t.Fatalf("count %d from %d bytes", n, left)
				}
			case 8:
				r.Floats(make([]float64, op/10))
			case 9:
				r.Uint64s(make([]uint64, op/10))
			}
			if failed != nil && r.Err() != failed {
				t.Fatal("the first problem did not stick")
			}
			if failed = r.Err(); failed != nil && !errors.Is(failed, errBad) {
				t.Fatalf("error %v does not wrap the Reader's", failed)
			}
		}
	})
}
