package classify

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
)

// A multilabel state through its encoding reports, merges and re-encodes
// as the state itself, bit for bit; every strict prefix of an encoding is
// an error.
func TestMultilabelMarshalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, fixed := range [][]string{nil, {"d", "a", "b", "c"}} {
		a := NewMultilabel(fixed, 2)
		set := func() [][]byte {
			var out [][]byte
			for _, l := range []string{"a", "b", "c"} {
				if rng.IntN(2) == 0 {
					out = append(out, []byte(l))
				}
			}
			return out
		}
		for range 100 {
			a.Add(set(), set(), float64(rng.IntN(8))/3)
		}
		enc, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var b Multilabel
		if err := b.UnmarshalBinary(enc); err != nil {
			t.Fatal(err)
		}
		if enc2, _ := b.MarshalBinary(); !bytes.Equal(enc, enc2) {
			t.Fatal("re-encoding differs")
		}
		ra, err := a.Report(ZeroDivNaN)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.Report(ZeroDivNaN)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(ra)
		jb, _ := json.Marshal(rb)
		if !bytes.Equal(ja, jb) {
			t.Fatalf("reports differ:\n%s\n%s", ja, jb)
		}
		b.Add([][]byte{[]byte("a")}, nil, 1) // the restored state keeps working
		a.Merge(&b)
		for cut := range len(enc) {
			var c Multilabel
			if err := c.UnmarshalBinary(enc[:cut]); !errors.Is(err, ErrBadEncoding) {
				t.Fatalf("prefix of %d of %d bytes: %v", cut, len(enc), err)
			}
		}
	}
}

// TestMultilabelEncodingPinned pins the bytes of the multilabel encoding
// (version 3): the SHA-256 of the encodings of fixed states, open or
// fixed, weighted or not, and past MultilabelCrossCap, computed with the
// encoder as it was before it moved to internal/wire.
func TestMultilabelEncodingPinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	var states []encoding.BinaryMarshaler
	row := func(k int) [][]byte {
		var out [][]byte
		for l := range k {
			if rng.IntN(3) == 0 {
				out = append(out, []byte(strconv.Itoa(l)))
			}
		}
		return out
	}
	for _, k := range []int{4, MultilabelCrossCap + 1} {
		for _, fixed := range [][]string{nil, {"3", "0", "2", "1", "x"}} {
			for _, weighted := range []bool{false, true} {
				if k > 4 && fixed != nil {
					continue
				}
				m := NewMultilabel(fixed, 1.5)
				for range 80 {
					w := 1.0
					if weighted {
						w = float64(rng.IntN(9)) / 4
					}
					m.Add(row(k), row(k), w)
				}
				if m.noCross != (k > MultilabelCrossCap) {
					t.Fatalf("%d labels: noCross %v", k, m.noCross)
				}
				states = append(states, m)
			}
		}
	}
	wiretest.Pin(t, "25c75e2a5313b40ffa3edf5fe521330711cf086a62cf5124a6bd182726207664", states...)
}

// FuzzMultilabelUnmarshal: any bytes decode to an error wrapping
// ErrBadEncoding or to a state whose encoding decodes to itself; never a
// panic.
func FuzzMultilabelUnmarshal(f *testing.F) {
	for _, w := range []float64{1, 0.5} {
		m := NewMultilabel(nil, 1)
		m.Add([][]byte{[]byte("a")}, [][]byte{[]byte("a"), []byte("b")}, w)
		m.Add(nil, [][]byte{[]byte("b")}, w)
		enc, _ := m.MarshalBinary()
		f.Add(enc)
	}
	// Labels that are numbers, one spelled two ways in a row: the rows by
	// value follow, nested.
	m := NewMultilabel(nil, 1)
	m.Add([][]byte{[]byte("1")}, [][]byte{[]byte("1.0"), []byte("2")}, 1)
	enc, _ := m.MarshalBinary()
	f.Add(enc)
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Multilabel](t, data, ErrBadEncoding) })
}
