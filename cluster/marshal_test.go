package cluster

import (
	"encoding"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
)

// A table, dense or sparse, survives the round trip cell for cell, and
// gives the same external indices.
func TestContingencyMarshalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{1, 5, 3000} { // 3000² cells: sparse
		var a Contingency
		for range 500 {
			a.Add(rng.IntN(size), rng.IntN(size), int64(rng.IntN(4)))
		}
		a.Add(size-1, 0, 1)
		b, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var c Contingency
		if err := c.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if c.N() != a.N() || c.rows != a.rows || c.cols != a.cols {
			t.Fatalf("size %d: n %d rows %d cols %d, want %d %d %d", size, c.N(), c.rows, c.cols, a.N(), a.rows, a.cols)
		}
		for i := range size {
			for j := range size {
				if c.Count(i, j) != a.Count(i, j) {
					t.Fatalf("size %d: cell %d,%d = %d, want %d", size, i, j, c.Count(i, j), a.Count(i, j))
				}
			}
		}
		ea, err1 := a.External(1)
		ec, err2 := c.External(1)
		if err1 != nil || err2 != nil || ea.AdjustedRand != ec.AdjustedRand || ea.MutualInfo != ec.MutualInfo {
			t.Errorf("size %d: external %v %v / %v %v", size, ea.AdjustedRand, err1, ec.AdjustedRand, err2)
		}
		b2, _ := c.MarshalBinary()
		if string(b2) != string(b) {
			t.Errorf("size %d: re-encoding differs", size)
		}
	}
	var empty Contingency
	b, _ := empty.MarshalBinary()
	var e Contingency
	if err := e.UnmarshalBinary(b); err != nil || e.N() != 0 {
		t.Errorf("empty table: n %d, %v", e.N(), err)
	}
}

// Every truncation of an encoding, and a corrupted one, is an error
// wrapping ErrBadEncoding, never a panic.
func TestContingencyUnmarshalTruncated(t *testing.T) {
	var a Contingency
	a.Add(0, 1, 3)
	a.Add(2, 0, 200)
	b, _ := a.MarshalBinary()
	for n := range len(b) {
		var c Contingency
		if err := c.UnmarshalBinary(b[:n]); !errors.Is(err, ErrBadEncoding) {
			t.Errorf("%d of %d bytes: %v, want ErrBadEncoding", n, len(b), err)
		}
	}
	bad := append([]byte(nil), b...)
	bad[4]++ // the total
	var c Contingency
	if err := c.UnmarshalBinary(bad); !errors.Is(err, ErrBadEncoding) {
		t.Errorf("wrong total: %v", err)
	}
	if err := c.UnmarshalBinary(append(b, 0)); !errors.Is(err, ErrBadEncoding) {
		t.Errorf("trailing byte: %v", err)
	}
}

// TestEncodingPinned pins the bytes of the table's encoding: the SHA-256
// of the encodings of fixed tables, computed with the encoder as it was
// before it moved to internal/wire. A change of the format must change
// the version and this digest on purpose.
func TestEncodingPinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var states []encoding.BinaryMarshaler
	for _, size := range []int{1, 5, 300} {
		a := new(Contingency)
		for range 500 {
			a.Add(rng.IntN(size), rng.IntN(size), int64(rng.IntN(400)))
		}
		states = append(states, a)
	}
	wiretest.Pin(t, "bf77ffcaec8ab0ab6a80fba086ab124bec153433e08d6b2642bc7bf1bb051bd2", states...)
}

// FuzzUnmarshal: any bytes decode to an error wrapping ErrBadEncoding or
// to a table whose encoding decodes to itself; never a panic.
func FuzzUnmarshal(f *testing.F) {
	var a Contingency
	a.Add(0, 1, 3)
	a.Add(2, 0, 1)
	enc, _ := a.MarshalBinary()
	f.Add(enc)
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Contingency](t, data, ErrBadEncoding) })
}
