package rank

import (
	"bytes"
	"encoding"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
)

func TestKeyOrder(t *testing.T) {
	xs := []float64{math.Inf(-1), -math.MaxFloat64, -1, -math.SmallestNonzeroFloat64, math.Copysign(0, -1), 0, math.SmallestNonzeroFloat64, 0.5, 1, math.MaxFloat64, math.Inf(1)}
	for i := 1; i < len(xs); i++ {
		a, b := Key(xs[i-1]), Key(xs[i])
		if xs[i-1] == xs[i] {
			if a != b {
				t.Errorf("Key(%v) = %x, Key(%v) = %x: equal scores, different keys", xs[i-1], a, xs[i], b)
			}
		} else if !(a < b) {
			t.Errorf("Key(%v) = %x ≥ Key(%v) = %x", xs[i-1], a, xs[i], b)
		}
		if ScoreOfKey(b) != xs[i] {
			t.Errorf("ScoreOfKey(Key(%v)) = %v", xs[i], ScoreOfKey(b))
		}
	}
}

// The tables of key ranges, concatenated highest range first, are the
// table of all the rows (unweighted: to the bit), whatever the ranges; and
// each table survives MarshalBinary/UnmarshalBinary bit for bit.
func TestConcatRangesAndEncoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 50 {
		n := 1 + rng.IntN(500)
		score := make([]float64, n)
		pos := make([]bool, n)
		w := make([]float64, n)
		for i := range score {
			score[i] = float64(rng.IntN(40)) / 8 // many ties
			if rng.IntN(9) == 0 {
				score[i] = math.Copysign(0, -1)
			}
			pos[i] = rng.IntN(3) == 0
			w[i] = float64(rng.IntN(8)) / 4
		}
		for _, weight := range [][]float64{nil, w} {
			whole, err := NewTable(score, pos, weight)
			if err != nil {
				t.Fatal(err)
			}
			var cuts []uint64
			for range rng.IntN(5) {
				cuts = append(cuts, Key(score[rng.IntN(n)]))
			}
			slices.Sort(cuts)
			parts := make([]Builder, len(cuts)+1)
			for i, s := range score {
				r, _ := slices.BinarySearch(cuts, Key(s))
				for r < len(cuts) && cuts[r] <= Key(s) {
					r++
				}
				if weight == nil {
					parts[r].Add(s, pos[i], 1)
				} else {
					parts[r].Add(s, pos[i], weight[i])
				}
			}
			var tables []*Table
			for r := len(parts) - 1; r >= 0; r-- {
				pt := parts[r].Table()
				enc, _ := pt.MarshalBinary()
				var back Table
				if err := back.UnmarshalBinary(enc); err != nil {
					t.Fatal(err)
				}
				if !sameTable(pt, &back) {
					t.Fatalf("trial %d: encoding changed the table", trial)
				}
				enc2, _ := back.MarshalBinary()
				if !bytes.Equal(enc, enc2) {
					t.Fatal("re-encoding differs")
				}
				tables = append(tables, &back)
			}
			got := Concat(tables...)
			if weight == nil {
				if !sameTable(got, whole) {
					t.Fatalf("trial %d: concatenated ranges differ from the whole table", trial)
				}
			} else {
				// Weights in quarters: every sum exact, so the masses agree;
				// the whole table's vertex marks are dropped by Concat.
				if !slices.Equal(got.Score, whole.Score) || !slices.Equal(got.Pos, whole.Pos) || !slices.Equal(got.Neg, whole.Neg) || got.Rows != whole.Rows {
					t.Fatalf("trial %d (weighted): concatenated ranges differ", trial)
				}
				a, errA := got.ROC(true)
				b, errB := whole.ROC(true)
				if (errA == nil) != (errB == nil) || errA == nil && !slices.Equal(a.FPR, b.FPR) {
					t.Fatalf("trial %d (weighted): ROC differs", trial)
				}
			}
		}
	}
}

func TestConcatInterleavedPanics(t *testing.T) {
	a, _ := NewTable([]float64{1, 3}, []bool{true, false}, nil)
	b, _ := NewTable([]float64{2}, []bool{true}, nil)
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	Concat(a, b)
}

func TestTableUnmarshalBad(t *testing.T) {
	tab, _ := NewTable([]float64{1, 3, 2}, []bool{true, false, true}, []float64{1, 2, 0.5})
	enc, _ := tab.MarshalBinary()
	for n := range len(enc) {
		var b Table
		if err := b.UnmarshalBinary(enc[:n]); !errors.Is(err, ErrBadEncoding) {
			t.Fatalf("prefix %d: err = %v", n, err)
		}
	}
	bad := marshalV12(tab)
	bad[5+8+7] ^= 0x80 // flip the second score's sign: no longer decreasing
	var b Table
	if err := b.UnmarshalBinary(bad); !errors.Is(err, ErrBadEncoding) {
		t.Fatalf("unordered scores: err = %v", err)
	}
}

func FuzzTableUnmarshal(f *testing.F) {
	tab, _ := NewTable([]float64{1, 3, 2}, []bool{true, false, true}, []float64{1, 2, 0.5})
	enc, _ := tab.MarshalBinary()
	f.Add(enc)
	f.Add(marshalV12(tab))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Table
		if b.UnmarshalBinary(data) == nil {
			b.AUC()
			b.ROC(true)
		}
	})
}

// TestTableEncodingPinned pins the bytes of the table encoding (version
// 3, compact): the SHA-256 of the encodings of fixed tables, unweighted
// and weighted (with the cells' rows, Σw² and collinear-vertex marks).
func TestTableEncodingPinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var states []encoding.BinaryMarshaler
	for _, weighted := range []bool{false, true} {
		n := 300
		score, pos, w := make([]float64, n), make([]bool, n), make([]float64, n)
		for i := range score {
			score[i] = float64(rng.IntN(90)) / 8
			pos[i] = rng.IntN(3) == 0
			w[i] = float64(1+rng.IntN(7)) / 2
		}
		if !weighted {
			w = nil
		}
		tab, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		if weighted && (tab.PosRows == nil || tab.npFlat == nil) {
			t.Fatal("weighted table without its cell statistics")
		}
		states = append(states, tab)
	}
	wiretest.Pin(t, "9705c1942b611033c4571dd45da09f4294a92b3a156e1971ce5f54a0d3a51d0a", states...)
}
