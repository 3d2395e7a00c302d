package classify

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
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

// The multilabel encoding (version 3) is pinned: the SHA-256 of the
// encodings of fixed states (unweighted and weighted, with and without a
// fixed list, and one past MultilabelCrossCap), computed with the encoder
// as it was before it moved to internal/wire.
func TestMultilabelEncodingPinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var states []encoding.BinaryMarshaler
	set := func(k int) [][]byte {
		var out [][]byte
		for l := range k {
			if rng.IntN(3) == 0 {
				out = append(out, []byte{byte('a' + l)})
			}
		}
		return out
	}
	for _, fixed := range [][]string{nil, {"e", "d", "c", "b", "a"}} {
		for _, weighted := range []bool{false, true} {
			m := NewMultilabel(fixed, 2)
			for range 200 {
				w := 1.0
				if weighted {
					w = rng.Float64() * 3
				}
				m.Add(set(5), set(5), w)
			}
			states = append(states, m)
		}
	}
	wide := NewMultilabel(nil, 1)
	for i := range MultilabelCrossCap + 2 {
		wide.Add([][]byte{[]byte(fmt.Sprint(i))}, [][]byte{[]byte(fmt.Sprint(i + 1))}, 1)
	}
	states = append(states, wide)
	wiretest.Pin(t, "049e91002bc981fa0e601d1f99ff9ce0337307372b9e09d473a7f43de8821b8a", states...)
}

func FuzzMultilabelUnmarshal(f *testing.F) {
	m := NewMultilabel(nil, 1)
	m.Add([][]byte{[]byte("a"), []byte("b")}, [][]byte{[]byte("b")}, 2)
	enc, _ := m.MarshalBinary()
	f.Add(enc)
	f.Add(encodeV2(m))
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Multilabel](t, data, ErrBadEncoding) })
}
