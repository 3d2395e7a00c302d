package rank

import (
	"bytes"
	"encoding"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// binnedParts fills a Binned over all rows and one per part (parts cut at
// random), with scores over many orders of magnitude so that the float-bit
// bins coarsen differently in each part.
func binnedParts(t *testing.T, fresh func() *Binned, weighted bool, seed uint64) (whole *Binned, parts []*Binned) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	whole = fresh()
	cur := fresh()
	for i := range 20000 {
		s := rng.Float64()
		if i%3 == 0 {
			s = math.Exp(rng.NormFloat64() * 8)
		}
		if i%11 == 0 {
			s = -s
		}
		if i%7 == 0 {
			s = math.Round(s*100) / 100 // ties
		}
		w := 1.0
		if weighted {
			w = rng.Float64() * 3
		}
		pos := rng.Float64() < s/(1+math.Abs(s))
		if err := whole.Add(s, pos, w); err != nil {
			t.Fatal(err)
		}
		if err := cur.Add(s, pos, w); err != nil {
			t.Fatal(err)
		}
		if rng.IntN(1500) == 0 {
			parts = append(parts, cur)
			cur = fresh()
		}
	}
	return whole, append(parts, cur, fresh()) // an empty part too
}

func roundTrip(t *testing.T, b *Binned) *Binned {
	t.Helper()
	data, err := b.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Binned
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !sameBinned(&got, b) {
		t.Fatalf("round trip changed the state")
	}
	again, _ := got.MarshalBinary()
	if !bytes.Equal(again, data) {
		t.Fatalf("re-encoding differs")
	}
	return &got
}

// TestBinnedEncoding: a binned state survives its encoding bit for bit;
// merging decoded parts gives the bits of merging the parts; and the bins
// of merged parts are the bins of all rows in one accumulator (the
// float-bit bins coarsen by the whole data, not by what a part saw), with
// equal counts when unweighted.
func TestBinnedEncoding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fresh func() *Binned
	}{
		{"bits-1000", func() *Binned { return NewBinnedBits(1000) }},
		{"bits-7", func() *Binned { return NewBinnedBits(7) }},
		{"bits-100000", func() *Binned { return NewBinnedBits(100000) }},
		{"grid", func() *Binned { return NewBinned(50, -0.5, 1.5) }},
	} {
		for _, weighted := range []bool{false, true} {
			whole, parts := binnedParts(t, tc.fresh, weighted, 3)
			roundTrip(t, whole)
			a, b := tc.fresh(), tc.fresh()
			for _, p := range parts {
				a.Merge(p)
				b.Merge(roundTrip(t, p))
			}
			if !sameBinned(a, b) {
				t.Fatalf("%s weighted=%v: merging decoded parts differs", tc.name, weighted)
			}
			wt, mt := whole.Table(), a.Table()
			if !reflect.DeepEqual(wt.Score, mt.Score) {
				t.Fatalf("%s weighted=%v: merged parts have other bins than one accumulator (%d vs %d)", tc.name, weighted, len(mt.Score), len(wt.Score))
			}
			if !weighted && (!reflect.DeepEqual(wt.Pos, mt.Pos) || !reflect.DeepEqual(wt.Neg, mt.Neg)) {
				t.Fatalf("%s: unweighted counts differ", tc.name)
			}
			if whole.Bins() != a.Bins() {
				t.Fatalf("%s: Bins %d vs %d", tc.name, a.Bins(), whole.Bins())
			}
		}
	}
}

func TestBinnedEncodingBad(t *testing.T) {
	b := NewBinnedBits(100)
	for i := range 1000 {
		b.Add(float64(i)/7, i%2 == 0, 1)
	}
	data, _ := b.MarshalBinary()
	for _, bad := range [][]byte{nil, {9, 0}, data[:len(data)-1], append(append([]byte{}, data...), 0), {binnedVersion, 4, 0, 0}} {
		var got Binned
		if err := got.UnmarshalBinary(bad); !errors.Is(err, ErrBadEncoding) {
			t.Fatalf("%x: err %v", bad, err)
		}
	}
}

// TestMulticlassEncoding: a multiclass statistic survives its encoding bit
// for bit; bad bytes are ErrBadEncoding.
func TestMulticlassEncoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := NewMultiBuilder(3)
	for range 500 {
		p := []float64{rng.Float64(), rng.Float64(), rng.Float64()}
		s := p[0] + p[1] + p[2]
		p[0], p[1] = p[0]/s, p[1]/s
		p[2] = 1 - p[0] - p[1]
		if p[2] < 0 {
			p[2] = 0
		}
		if err := b.Add(rng.IntN(3), p, float64(rng.IntN(4))); err != nil {
			continue
		}
	}
	m := b.Result()
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Multiclass
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	// The exact sums' inner layout may differ; their values and encodings
	// may not.
	again, _ := got.MarshalBinary()
	if !bytes.Equal(again, data) || got.ll.Value() != m.ll.Value() || got.ll2.Value() != m.ll2.Value() {
		t.Fatal("round trip changed the log loss sums")
	}
	if got.hl.Value() != m.hl.Value() || got.hl2.Value() != m.hl2.Value() || got.NoHinge {
		t.Fatal("round trip changed the hinge loss sums")
	}
	got.ll, got.ll2, m.ll, m.ll2 = xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}
	got.hl, got.hl2, m.hl, m.hl2 = xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}
	if data[0] != multiclassWeightedHingeVersion || got.sq == nil || !m.Weighted {
		t.Fatalf("weighted rows: version %d, squared-weight sums %v", data[0], got.sq != nil)
	}
	if !sameSq(got.sq, m.sq) {
		t.Fatal("round trip changed the sums of squared weights")
	}
	got.sq, m.sq = nil, nil
	if got.Argmax == nil || got.Argmax.N() != m.Argmax.N() || !reflect.DeepEqual(got.Argmax.Matrix(), m.Argmax.Matrix()) {
		t.Fatal("round trip changed the arg-max confusion matrix")
	}
	// Without the arg-max matrix (a statistic of version 3 or 4) the
	// encoding is version 4, and decodes without it.
	legacy := *m
	legacy.Argmax = nil
	if data4, _ := legacy.MarshalBinary(); data4[0] != multiclassWeightedVersion {
		t.Fatalf("without the arg-max matrix: version %d", data4[0])
	} else {
		var x Multiclass
		if err := x.UnmarshalBinary(data4); err != nil || x.Argmax != nil {
			t.Fatalf("version 4: %v, arg-max %v", err, x.Argmax != nil)
		}
	}
	// Without the hinge loss sums (a statistic of version 5 or 6) the
	// encoding is version 6, and decodes without them but with the
	// arg-max matrix.
	v6 := *m
	v6.NoHinge = true
	if data6, _ := v6.MarshalBinary(); data6[0] != multiclassWeightedArgmaxVersion {
		t.Fatalf("without the hinge loss sums: version %d", data6[0])
	} else {
		var x Multiclass
		if err := x.UnmarshalBinary(data6); err != nil || x.Argmax == nil || !x.NoHinge || x.HingeSum != 0 {
			t.Fatalf("version 6: %v, arg-max %v, no hinge %v", err, x.Argmax != nil, x.NoHinge)
		}
		if _, err := x.HingeLoss(); !errors.Is(err, ErrBadEncoding) {
			t.Fatalf("version 6: hinge loss error %v", err)
		}
	}
	got.Argmax, m.Argmax = nil, nil
	if !reflect.DeepEqual(&got, m) {
		t.Fatal("round trip changed the statistic")
	}
	for _, bad := range [][]byte{nil, {2}, data[:len(data)-3], append(append([]byte{}, data...), 1), {multiclassVersion, 1}, {multiclassWeightedHingeVersion + 1}} {
		var x Multiclass
		if err := x.UnmarshalBinary(bad); !errors.Is(err, ErrBadEncoding) {
			t.Fatalf("%x: %v", bad, err)
		}
	}
}

// sameSq compares the values of two sets of sums of squared weights.
func sameSq(a, b *multiSq) bool {
	if a == nil || b == nil || len(a.rank) != len(b.rank) || a.ll.Value() != b.ll.Value() || a.ll2.Value() != b.ll2.Value() ||
		a.hl.Value() != b.hl.Value() || a.hl2.Value() != b.hl2.Value() {
		return a == b
	}
	for i := range a.rank {
		if a.rank[i].Value() != b.rank[i].Value() {
			return false
		}
	}
	return true
}

// sameBinned compares two states: their encodings, and every field but the
// exact sums, whose inner layout may differ for the same value.
func sameBinned(a, b *Binned) bool {
	ea, _ := a.MarshalBinary()
	eb, _ := b.MarshalBinary()
	x, y := *a, *b
	x.ll, x.br, x.mass, y.ll, y.br, y.mass = xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}
	return bytes.Equal(ea, eb) && reflect.DeepEqual(&x, &y)
}

// TestEncodingPinned pins the bytes of the binned and multiclass
// encodings: the SHA-256 of the encodings of fixed states, computed with
// the encoders as they were before they moved to internal/wire. A change
// of the format must change the version and this digest on purpose. The
// unweighted binned states keep the bytes of version 2 (the multiclass
// one holds its tables in the table encoding's version 3); weighted binned states moved to version 3 (the bins' row
// counts and Σw²), and without those (withoutStats) they are still
// written as version 2, byte for byte. The multiclass state moved to
// version 5 (the arg-max matrix and the row of the largest log loss) and
// then 7 (the hinge loss sums); without the hinge sums it is still
// version 5, and without both version 3, byte for byte.
func TestEncodingPinned(t *testing.T) {
	var unweighted, weighted, weightedV2 []encoding.BinaryMarshaler
	for _, fresh := range []func() *Binned{
		func() *Binned { return NewBinnedBits(1000) },
		func() *Binned { return NewBinnedBits(7) },
		func() *Binned { return NewBinned(50, -0.5, 1.5) },
	} {
		for _, w := range []bool{false, true} {
			whole, parts := binnedParts(t, fresh, w, 5)
			for _, b := range append(parts, whole) {
				if !w {
					unweighted = append(unweighted, b)
					continue
				}
				weighted = append(weighted, b)
				weightedV2 = append(weightedV2, withoutStats(b))
			}
		}
	}
	rng := rand.New(rand.NewPCG(15, 16))
	mb := NewMultiBuilder(3)
	for range 300 {
		p := []float64{rng.Float64(), rng.Float64(), 0}
		p[0], p[1] = p[0]/2, p[1]/2
		p[2] = 1 - p[0] - p[1]
		if err := mb.Add(rng.IntN(3), p, 1); err != nil { // unweighted tables
			t.Fatal(err)
		}
	}
	mc := mb.Result()
	legacy := *mc
	legacy.Argmax, legacy.NoHinge = nil, true // as version 3 wrote it: the same bytes
	wiretest.Pin(t, "5a7d46fdddff4e52c4a4fd577cd1eef3ebf43e1e93436607e41604c70d4e9584", append(unweighted, &legacy)...)
	v5 := *mc
	v5.NoHinge = true                                                                        // as version 5 wrote it: the same bytes
	wiretest.Pin(t, "3d260b29701f6b5e60df6ed509b865275c944d040047fb91ab9a263bd5189d34", &v5) // version 5: with the arg-max matrix, the rows and the row of the largest log loss
	wiretest.Pin(t, "bb9d89c3559e2e7ef1ec9a9bc444b9d7f6b85b290c9bc934bb679959d0436367", mc)  // version 7: 5 with the hinge loss sums
	wiretest.Pin(t, "7bc4c62aa4267dfdccc1e0c17e81a93f82ba1040ceb7b99d159ee7d48e8b37f6", weightedV2...)
	wiretest.Pin(t, "e1bc1ac5ad1e115468f4ee169cf2be66d2505120fdccbe98129e7516c574fbd4", weighted...)
}

// FuzzBinnedUnmarshal: any bytes decode to an error wrapping
// ErrBadEncoding or to a state whose encoding decodes to itself; never a
// panic.
func FuzzBinnedUnmarshal(f *testing.F) {
	for _, b := range []*Binned{NewBinnedBits(8), NewBinned(4, 0, 1)} {
		for i := range 30 {
			b.Add(float64(i)/29, i%3 == 0, 1+float64(i%2))
		}
		enc, _ := b.MarshalBinary()
		f.Add(enc)
	}
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Binned](t, data, ErrBadEncoding) })
}

// FuzzMulticlassUnmarshal: any bytes decode to an error wrapping
// ErrBadEncoding or to a statistic whose encoding decodes to itself;
// never a panic.
func FuzzMulticlassUnmarshal(f *testing.F) {
	b := NewMultiBuilder(2)
	for i := range 10 {
		p := float64(i) / 9
		b.Add(i%2, []float64{p, 1 - p}, 1+float64(i%3))
	}
	enc, _ := b.Result().MarshalBinary()
	f.Add(enc)
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Multiclass](t, data, ErrBadEncoding) })
}

// withoutStats returns b without the bins' row counts and Σw², as a
// weighted state of encoding version 2 decodes.
func withoutStats(b *Binned) *Binned {
	c := *b
	c.st = nil
	if c.fb != nil {
		f := *c.fb
		f.st = nil
		c.fb = &f
	}
	return &c
}
