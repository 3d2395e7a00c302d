package evalbeam

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
)

// Units' states merged in any order and grouping, after a trip through
// the coder, give the same bits: the state merged in unit order. (The
// sums are exact, so the combiner keeps no order.) The interval sums
// (Moments) and the first rows of domain problems (negative targets) are
// among the bits.
func TestRegressStateMergeOrder(t *testing.T) {
	opt := regress.StateOptions{Power: 1.5, Moments: true}
	f := &regressCombineFn{K: 1, Options: opt}
	rng := rand.New(rand.NewPCG(3, 4))
	var raw [][]byte
	for u := range 5 {
		m := regress.NewMulti(1, opt)
		n := rng.IntN(40)
		y, p, w, pos := make([]float64, n), make([]float64, n), make([]float64, n), make([]int64, n)
		for i := range n {
			y[i], p[i], w[i] = rng.NormFloat64()*1e3+1e5, rng.NormFloat64()*1e3+1e5, rng.Float64()
			pos[i] = int64(u)<<lineBits | int64(i+2)
			if rng.IntN(30) == 0 {
				y[i] = -y[i]
			}
		}
		if err := m.AddBatchAt([][]float64{y}, [][]float64{p}, w, pos); err != nil {
			t.Fatal(err)
		}
		b, err := encodeRegressState(&regressState{Units: 1, Multi: m, Rows: map[int64]string{}})
		if err != nil {
			t.Fatal(err)
		}
		raw = append(raw, b)
	}
	state := func(u int) *regressState {
		s, err := decodeRegressState(raw[u])
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	final := func(s *regressState) []byte {
		b, err := s.Multi.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if s.Units != 5 {
			t.Fatalf("%d units merged", s.Units)
		}
		return b
	}
	want := f.CreateAccumulator()
	for u := range 5 {
		want = f.MergeAccumulators(want, state(u))
	}
	wb := final(want)
	for trial := range 50 {
		order := rng.Perm(5)
		accs := []*regressState{}
		for _, u := range order {
			accs = append(accs, state(u))
		}
		for len(accs) > 1 { // merge random neighbours, through the coder
			i := rng.IntN(len(accs) - 1)
			m := f.MergeAccumulators(accs[i], accs[i+1])
			b, err := encodeRegressState(m)
			if err != nil {
				t.Fatal(err)
			}
			if m, err = decodeRegressState(b); err != nil {
				t.Fatal(err)
			}
			accs = append(append(accs[:i], m), accs[i+2:]...)
		}
		if got := final(accs[0]); !bytes.Equal(got, wb) {
			t.Errorf("trial %d, order %v: merged state differs", trial, order)
		}
	}
}
