package classify

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
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
