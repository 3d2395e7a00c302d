package regress

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/wire/wiretest"
)

// A state through its encoding merges and reports as the state itself,
// bit for bit, weighted or not, with kept values or without; every strict
// prefix of an encoding is an error.
func TestMarshalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, opt := range []StateOptions{{}, {KeepValues: true, Alpha: 0.3, Power: 1.5, MAPEEpsilon: 1e-9}} {
		for _, weighted := range []bool{false, true} {
			parts := make([]*Multi, 3)
			for i := range parts {
				parts[i] = NewMulti(2, opt)
				n := 1 + rng.IntN(50)
				ys, ps := [][]float64{make([]float64, n), make([]float64, n)}, [][]float64{make([]float64, n), make([]float64, n)}
				var w []float64
				pos := make([]int64, n)
				for r := range n {
					for j := range 2 {
						ys[j][r], ps[j][r] = float64(rng.IntN(20))-2, rng.Float64()*10
					}
					if weighted {
						w = append(w, rng.Float64()*3)
					}
					pos[r] = int64(100*i + r)
				}
				if err := parts[i].AddBatchAt(ys, ps, w, pos); err != nil {
					t.Fatal(err)
				}
			}
			direct, viaCoder := NewMulti(2, opt), NewMulti(2, opt)
			for _, p := range parts {
				direct.Merge(p)
				b, err := p.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				var q Multi
				if err := q.UnmarshalBinary(b); err != nil {
					t.Fatal(err)
				}
				viaCoder.Merge(&q)
				for cut := range len(b) {
					var r Multi
					if err := r.UnmarshalBinary(b[:cut]); !errors.Is(err, ErrBadEncoding) {
						t.Fatalf("prefix of %d of %d bytes: %v", cut, len(b), err)
					}
				}
			}
			a, _ := direct.MarshalBinary()
			b, _ := viaCoder.MarshalBinary()
			if !bytes.Equal(a, b) {
				t.Errorf("%+v weighted=%v: merged through the coder differs", opt, weighted)
			}
			ropt := Options{Trues: []string{"a", "b"}, Preds: []string{"p", "q"}}
			ra, err := NewResult(direct, ropt)
			if err != nil {
				t.Fatal(err)
			}
			rb, err := NewResult(viaCoder, ropt)
			if err != nil {
				t.Fatal(err)
			}
			if ja, jb := mustJSON(t, ra), mustJSON(t, rb); !bytes.Equal(ja, jb) {
				t.Errorf("reports differ:\n%s\n%s", ja, jb)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEncodingPinned pins the bytes of the state's encoding: the SHA-256
// of the encodings of fixed states (one and two outputs, every option
// flag), computed with the encoder as it was before it moved to
// internal/wire. A change of the format must change the version and this
// digest on purpose.
func TestEncodingPinned(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var states []encoding.BinaryMarshaler
	for _, opt := range []StateOptions{{}, {KeepValues: true, Alpha: 0.3, Power: 1.5, MAPEEpsilon: 1e-9}, {Moments: true}} {
		for _, weighted := range []bool{false, true} {
			for k := 1; k <= 2; k++ {
				m := NewMulti(k, opt)
				n := 40
				ys, ps := make([][]float64, k), make([][]float64, k)
				var w []float64
				pos := make([]int64, n)
				for r := range n {
					for j := range k {
						ys[j] = append(ys[j], float64(rng.IntN(20))-2)
						ps[j] = append(ps[j], rng.NormFloat64()*10)
					}
					if weighted {
						w = append(w, rng.Float64()*3)
					}
					pos[r] = int64(3*r + 1)
				}
				if err := m.AddBatchAt(ys, ps, w, pos); err != nil {
					t.Fatal(err)
				}
				if len(m.Output(0).IssueRows()) == 0 {
					t.Fatal("no domain problem on record") // negative targets under MSLE
				}
				states = append(states, m)
			}
		}
	}
	wiretest.Pin(t, "594eabae26c9dc706704f386d6692f20408f9f6d346e80a0f7739b5ffff975b4", states...)
}

// FuzzUnmarshal: any bytes decode to an error wrapping ErrBadEncoding or
// to a state whose encoding decodes to itself; never a panic.
func FuzzUnmarshal(f *testing.F) {
	for _, opt := range []StateOptions{{}, {KeepValues: true, Moments: true, Power: 1.5}} {
		m := NewMulti(2, opt)
		if err := m.AddBatchAt([][]float64{{1, 2, -1}, {0, 3, 4}}, [][]float64{{1.5, 2, 0}, {1, 1, 4}}, []float64{1, 2, 0.5}, []int64{4, 5, 6}); err != nil {
			f.Fatal(err)
		}
		enc, _ := m.MarshalBinary()
		f.Add(enc)
	}
	f.Fuzz(func(t *testing.T, data []byte) { wiretest.Redecode[Multi](t, data, ErrBadEncoding) })
}
