package classify

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
	"github.com/evalkit-go/evalkit/result"
)

// A joint state of several models survives MarshalBinary/UnmarshalBinary:
// re-encoding gives the same bytes, the report the same value, and the
// restored state merges as the original; truncated and corrupt encodings
// are errors.
func TestModelsMarshalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name     string
		m        int
		fixed    []string
		weighted bool
	}{{"open", 2, nil, false}, {"weighted", 3, nil, true}, {"fixed", 2, []string{"c", "a", "b", "z"}, false}, {"wide", 8, nil, true}} {
		t.Run(tc.name, func(t *testing.T) {
			fill := func(s *Models, n int) {
				preds := make([][]byte, tc.m)
				for range n {
					yt := []byte(string(rune('a' + rng.IntN(3))))
					for j := range preds {
						preds[j] = yt
						if rng.IntN(3) == 0 {
							preds[j] = []byte(string(rune('a' + rng.IntN(3))))
						}
					}
					w := -1.0
					if tc.weighted {
						w = float64(rng.IntN(8)) / 4
					}
					s.Add(yt, preds, w)
				}
			}
			a := NewModels(tc.m, tc.fixed)
			fill(a, 300)
			enc, err := a.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var b Models
			if err := b.UnmarshalBinary(enc); err != nil {
				t.Fatal(err)
			}
			if enc2, _ := b.MarshalBinary(); !bytes.Equal(enc, enc2) {
				t.Fatal("re-encoding differs")
			}
			names := []string{"m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"}[:tc.m]
			mo := board.Options{Compare: []string{"accuracy"}, Bootstrap: 50, Seed: 1, Level: 0.95, Adjust: "holm"}
			ra, err := NewModelsReport(a, names, Options{Beta: 1}, mo, nil)
			if err != nil {
				t.Fatal(err)
			}
			rb, err := NewModelsReport(&b, names, Options{Beta: 1}, mo, nil)
			ja, _ := result.JSON(ra, "")
			jb, _ := result.JSON(rb, "")
			if err != nil || !bytes.Equal(ja, jb) {
				t.Fatalf("reports differ (%v)", err)
			}
			more := NewModels(tc.m, tc.fixed)
			fill(more, 100)
			a.Merge(more)
			b.Merge(more)
			ea, _ := a.MarshalBinary()
			eb, _ := b.MarshalBinary()
			if !bytes.Equal(ea, eb) {
				t.Fatal("merging into the restored state differs")
			}
			for i := range len(enc) {
				var c Models
				if err := c.UnmarshalBinary(enc[:i]); !errors.Is(err, ErrBadEncoding) {
					t.Fatalf("truncated at %d: %v", i, err)
				}
			}
		})
	}
}

// FuzzModelsUnmarshal: any bytes decode to an error wrapping
// ErrBadEncoding or to a state whose encoding decodes to itself; never a
// panic.
func FuzzModelsUnmarshal(f *testing.F) {
	for _, w := range []float64{-1, 1.5} {
		a := NewModels(2, nil)
		a.Add([]byte("x"), [][]byte{[]byte("y"), []byte("x")}, w)
		a.Add([]byte("y"), [][]byte{[]byte("y"), []byte("z")}, w)
		enc, _ := a.MarshalBinary()
		f.Add(enc)
	}
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Models](t, data, ErrBadEncoding) })
}
