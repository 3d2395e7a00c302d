package text

import (
	"errors"
	"slices"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
)

// rows returns every sentence's numbers of p, in order.
func rows[S any](p *Packed[S]) [][]int64 {
	out := make([][]int64, p.Len())
	for i := range out {
		out[i] = make([]int64, p.dim)
		p.addRow(out[i], i)
	}
	return out
}

func samePacked[S any](t *testing.T, what string, got, want *Packed[S]) {
	t.Helper()
	if got.Len() != want.Len() || got.dim != want.dim || got.nrefs != want.nrefs || got.Bytes() != want.Bytes() ||
		(got.wide != nil) != (want.wide != nil) {
		t.Fatalf("%s: %d sentences of %d (%d refs, %d bytes, wide %v); want %d of %d (%d, %d, %v)", what,
			got.Len(), got.dim, got.nrefs, got.Bytes(), got.wide != nil, want.Len(), want.dim, want.nrefs, want.Bytes(), want.wide != nil)
	}
	g, w := rows(got), rows(want)
	for i := range w {
		if !slices.Equal(g[i], w[i]) {
			t.Fatalf("%s: sentence %d = %v, want %v", what, i, g[i], w[i])
		}
	}
}

// TestPackedJoin: statistics cut into pieces (across block edges, one
// piece widened), each packed, sent through MarshalBinary and
// UnmarshalBinary and joined in order with AppendPacked, are the same
// rows as packed whole, and score and resample to the same bits; so a
// corpus read shard by shard (evalkit-beam) gives the command line's
// results.
func TestPackedJoin(t *testing.T) {
	const n = 2*packBlock + 500
	st := make([]TERStats, n)
	for i := range st {
		st[i] = TERStats{Sentences: 1, Edits: int64(i % 11), RefWords: 5 + int64(i%7), NRefs: 2}
	}
	st[packBlock+3].RefWords = 1 << 17 // the second piece is wide
	var whole Packed[TERStats]
	if err := whole.Append(st...); err != nil {
		t.Fatal(err)
	}
	for _, cuts := range [][]int{{0, n}, {0, 5, n}, {0, packBlock - 1, packBlock + 10, n}, {0, 1, 2, packBlock, 2 * packBlock, n - 1, n}} {
		var joined Packed[TERStats]
		for j := 1; j < len(cuts); j++ {
			var piece Packed[TERStats]
			if err := piece.Append(st[cuts[j-1]:cuts[j]]...); err != nil {
				t.Fatal(err)
			}
			b, err := piece.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back Packed[TERStats]
			if err := back.UnmarshalBinary(b); err != nil {
				t.Fatalf("cuts %v: %v", cuts, err)
			}
			samePacked(t, "round trip", &back, &piece)
			if err := joined.AppendPacked(&back); err != nil {
				t.Fatal(err)
			}
		}
		samePacked(t, "joined", &joined, &whole)
		a := packedSet[TERStats]{all: []*Packed[TERStats]{&joined, &joined}, score: TERScoreOf}
		w := packedSet[TERStats]{all: []*Packed[TERStats]{&whole, &whole}, score: TERScoreOf}
		if !slices.Equal(a.bootstrap(5, 3)[0], w.bootstrap(5, 3)[0]) || !slices.Equal(a.scores(), w.scores()) {
			t.Errorf("cuts %v: joined rows resample differently", cuts)
		}
	}
	// Appending after a join goes on as Append would.
	var p Packed[TERStats]
	var q Packed[TERStats]
	q.Append(st[:10]...)
	p.AppendPacked(&q)
	p.Append(st[10:]...)
	samePacked(t, "append after join", &p, &whole)

	// Not laid out alike: refused, nothing added.
	var other Packed[TERStats]
	other.Append(TERStats{Sentences: 1, Edits: 1, RefWords: 2, NRefs: 1})
	if err := p.AppendPacked(&other); !errors.Is(err, ErrPack) || p.Len() != n {
		t.Errorf("TER of 1 reference after 2: %v, %d sentences", err, p.Len())
	}
	var empty Packed[BLEUStats]
	b, _ := empty.MarshalBinary()
	var e2 Packed[BLEUStats]
	if err := e2.UnmarshalBinary(b); err != nil || e2.Len() != 0 || e2.Bytes() != 0 {
		t.Errorf("empty: %v, %d", err, e2.Len())
	}
	good, _ := whole.MarshalBinary()
	for _, bad := range [][]byte{nil, {9}, good[:3], good[:len(good)-1], append(slices.Clone(good), 0)} {
		if err := e2.UnmarshalBinary(bad); err == nil {
			t.Errorf("%d bytes decoded", len(bad))
		}
	}
}

// TestPackedEncodingPinned pins the bytes of the packed encoding: the
// SHA-256 of the encodings of fixed statistics (narrow, wide, empty),
// computed with the encoder as it was before it moved to internal/wire.
// A change of the format must change packedVersion and this digest on
// purpose.
func TestPackedEncodingPinned(t *testing.T) {
	st := make([]TERStats, packBlock+300)
	for i := range st {
		st[i] = TERStats{Sentences: 1, Edits: int64(i % 13), RefWords: 3 + int64(i%5), NRefs: 2}
	}
	var narrow, wide Packed[TERStats]
	var empty Packed[BLEUStats]
	if err := narrow.Append(st...); err != nil {
		t.Fatal(err)
	}
	st[7].RefWords = 1 << 20
	if err := wide.Append(st...); err != nil {
		t.Fatal(err)
	}
	wiretest.Pin(t, "6ff1421dcdf75fe95298ed1ee344fb10bae9ca9cf8534f724e54663ebfc64741", &narrow, &wide, &empty)
}

// FuzzPackedUnmarshal: any bytes decode to an error wrapping errPacked or to statistics
// whose encoding decodes to itself; never a panic.
func FuzzPackedUnmarshal(f *testing.F) {
	var p Packed[TERStats]
	p.Append(TERStats{Sentences: 1, Edits: 2, RefWords: 5, NRefs: 1}, TERStats{Sentences: 1, Edits: 0, RefWords: 1 << 17, NRefs: 1})
	enc, _ := p.MarshalBinary()
	f.Add(enc)
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Packed[TERStats]](t, data, errPacked) })
}
