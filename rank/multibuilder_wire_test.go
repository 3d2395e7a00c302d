package rank

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestMultiBuilderBinary: a builder (with tables or scalars only,
// weighted or not, renormalizing) decoded from its encoding encodes to
// the same bytes and gives the same statistic; truncated encodings are
// errors.
func TestMultiBuilderBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, scalars := range []bool{false, true} {
		for _, weighted := range []bool{false, true} {
			m := NewMultiBuilder(3)
			if scalars {
				m = NewMultiScalars(3)
			}
			m.Renormalize = weighted
			for range 100 {
				p := []float64{float64(rng.IntN(5)) / 4, float64(rng.IntN(5)) / 4, float64(rng.IntN(5)) / 4}
				if p[0]+p[1]+p[2] == 0 {
					p[0] = 1
				}
				w := 1.0
				if weighted {
					w = float64(rng.IntN(5)) / 3
				}
				if err := m.Add(rng.IntN(3), p, w); err != nil {
					if !weighted {
						continue
					}
					t.Fatal(err)
				}
			}
			enc, err := m.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back MultiBuilder
			if err := back.UnmarshalBinary(enc); err != nil {
				t.Fatal(err)
			}
			again, _ := back.MarshalBinary()
			if !bytes.Equal(again, enc) {
				t.Fatalf("scalars=%v weighted=%v: decode(encode(builder)) encodes differently", scalars, weighted)
			}
			a, _ := m.Result().MarshalBinary()
			b, _ := back.Result().MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Errorf("scalars=%v weighted=%v: a decoded builder's statistic differs", scalars, weighted)
			}
			for cut := range len(enc) {
				if err := new(MultiBuilder).UnmarshalBinary(enc[:cut]); err == nil {
					t.Fatalf("%d bytes of %d decoded", cut, len(enc))
				}
			}
		}
	}
}

// TestMulticlassRowsBinary: rows round-trip, weighted or not, empty or
// not.
func TestMulticlassRowsBinary(t *testing.T) {
	for _, r := range []*MulticlassRows{
		{K: 3, P: make([][]float64, 2)},
		{K: 2, Y: []int32{0, 1, 1}, P: [][]float64{{0.5, 0.5, 0, 1, 0.25, 0.75}}},
		{K: 2, Y: []int32{1, 0}, P: [][]float64{{0.5, 0.5, 0, 1}, {1, 0, 0.75, 0.25}}, W: []float64{1, 0.5}, Renormalize: true},
	} {
		enc, err := r.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back MulticlassRows
		if err := back.UnmarshalBinary(enc); err != nil {
			t.Fatal(err)
		}
		again, _ := back.MarshalBinary()
		if !bytes.Equal(again, enc) || back.K != r.K || len(back.P) != len(r.P) || (back.W == nil) != (r.W == nil) || (back.Y == nil) != (r.Y == nil) {
			t.Errorf("%+v round-trips as %+v", r, back)
		}
		for cut := range len(enc) {
			if err := new(MulticlassRows).UnmarshalBinary(enc[:cut]); err == nil {
				t.Fatalf("%d bytes of %d decoded", cut, len(enc))
			}
		}
	}
}
