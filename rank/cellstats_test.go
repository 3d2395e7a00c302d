package rank

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteStats returns each distinct score's rows and Σw² by class, in
// decreasing score order, from the rows (weight 0 left out).
func bruteStats(score []float64, pos []bool, w []float64) (pr, nr, ps, ns []float64) {
	idx := map[float64]int{}
	var keys []float64
	for i, s := range score {
		if w[i] == 0 {
			continue
		}
		if _, ok := idx[s]; !ok {
			idx[s] = 0
			keys = append(keys, s)
		}
	}
	slices.Sort(keys)
	slices.Reverse(keys)
	for g, s := range keys {
		idx[s] = g
	}
	pr, nr, ps, ns = make([]float64, len(keys)), make([]float64, len(keys)), make([]float64, len(keys)), make([]float64, len(keys))
	for i, s := range score {
		if w[i] == 0 {
			continue
		}
		g := idx[s]
		if pos[i] {
			pr[g]++
			ps[g] += w[i] * w[i]
		} else {
			nr[g]++
			ns[g] += w[i] * w[i]
		}
	}
	return
}

// quarterData returns rows with tied scores and weights in quarters (every
// sum of them, and of their squares, exact), some of weight 0 or 1.
func quarterData(r *rand.Rand, n int) (score []float64, pos []bool, w []float64) {
	for range n {
		score = append(score, float64(r.IntN(n/3+1))/4)
		pos = append(pos, r.IntN(2) == 0)
		w = append(w, float64(r.IntN(12))/4)
	}
	return
}

// TestCellStats checks a weighted table's per-cell rows and Σw² against the
// rows, through the builder, Merge of any split, Concat of key ranges, the
// spill and the encoding (version 2); an unweighted table has none and
// encodes as version 1.
func TestCellStats(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		score, pos, w := quarterData(r, 5+r.IntN(200))
		whole, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		if !whole.Weighted {
			continue
		}
		pr, nr, ps, ns := bruteStats(score, pos, w)
		if !slices.Equal(whole.PosRows, pr) || !slices.Equal(whole.NegRows, nr) || !slices.Equal(whole.PosSq, ps) || !slices.Equal(whole.NegSq, ns) {
			t.Fatalf("trial %d: stats differ from the rows", trial)
		}
		// Merge of a random split, the second part possibly unweighted.
		cut := r.IntN(len(score) + 1)
		w2 := slices.Clone(w[cut:])
		if r.IntN(2) == 0 {
			for i := range w2 {
				w2[i] = 1
			}
		}
		a, _ := NewTable(score[:cut], pos[:cut], w[:cut])
		b, _ := NewTable(score[cut:], pos[cut:], w2)
		wm := append(slices.Clone(w[:cut]), w2...)
		m := Merge(a, b)
		pr, nr, ps, ns = bruteStats(score, pos, wm)
		if m.Weighted && (!slices.Equal(m.PosRows, pr) || !slices.Equal(m.NegRows, nr) || !slices.Equal(m.PosSq, ps) || !slices.Equal(m.NegSq, ns)) {
			t.Fatalf("trial %d: merged stats differ", trial)
		}
		// Concat of key ranges.
		k := Key(score[r.IntN(len(score))])
		var hi, lo Builder
		for i, s := range score {
			if Key(s) >= k {
				hi.Add(s, pos[i], w[i])
			} else {
				lo.Add(s, pos[i], w[i])
			}
		}
		c := Concat(hi.Table(), lo.Table())
		if c.Weighted && !sameStats(c, whole) {
			t.Fatalf("trial %d: concatenated stats differ", trial)
		}
		// The encoding.
		enc, _ := whole.MarshalBinary()
		if want := []byte{tableVersionCompact, 3}; whole.Weighted && (enc[0] != want[0] || enc[1] != want[1]) {
			t.Fatalf("weighted table encoded with header %v, want %v", enc[:2], want)
		}
		for _, enc := range [][]byte{enc, marshalV12(whole)} {
			var back Table
			if err := back.UnmarshalBinary(enc); err != nil {
				t.Fatal(err)
			}
			if !sameTable(&back, whole) || !sameStats(&back, whole) {
				t.Fatalf("trial %d: the encoding of version %d changed the table", trial, enc[0])
			}
		}
		// The spill.
		st, _ := spillTable(t, r, score, pos, w, 1+r.IntN(len(score)), 1+r.IntN(4))
		if !sameStats(st, whole) {
			t.Fatalf("trial %d: spilled stats differ", trial)
		}
	}
	u, _ := NewTable([]float64{3, 2, 2, 1}, []bool{true, false, true, false}, nil)
	if u.PosRows != nil || u.PosSq != nil {
		t.Fatal("unweighted table has stats")
	}
	enc, _ := u.MarshalBinary()
	if enc[0] != tableVersionCompact || len(enc) >= len(marshalV12(u)) {
		t.Fatalf("unweighted encoding: version %d, %d bytes", enc[0], len(enc))
	}
}

func sameStats(a, b *Table) bool {
	return slices.Equal(a.PosRows, b.PosRows) && slices.Equal(a.NegRows, b.NegRows) &&
		slices.Equal(a.PosSq, b.PosSq) && slices.Equal(a.NegSq, b.NegSq)
}

// TestTableVersion1Weighted decodes a weighted table of the old encoding
// (no stats): it has none, re-encodes to the same bytes, and merging it
// drops the stats of the other table.
func TestTableVersion1Weighted(t *testing.T) {
	tab, _ := NewTable([]float64{1, 3, 2}, []bool{true, false, true}, []float64{1, 2, 0.5})
	old := Table{Score: tab.Score, Pos: tab.Pos, Neg: tab.Neg, Rows: tab.Rows, Weighted: true, npFlat: tab.npFlat}
	enc := marshalV12(&old)
	if enc[0] != tableVersion || enc[1] != 1 {
		t.Fatalf("header %v", enc[:2])
	}
	var back Table
	if err := back.UnmarshalBinary(enc); err != nil {
		t.Fatal(err)
	}
	if !back.Weighted || back.hasStats() {
		t.Fatal("version 1 weighted table: want weighted without stats")
	}
	if enc2 := marshalV12(&back); !slices.Equal(enc, enc2) {
		t.Fatal("re-encoding differs")
	}
	enc3, _ := back.MarshalBinary()
	var again Table
	if err := again.UnmarshalBinary(enc3); err != nil || !sameTable(&again, &back) || again.hasStats() || !again.Weighted {
		t.Fatalf("version 3 of a weighted table without stats: %v", err)
	}
	if m := Merge(&back, tab); m.hasStats() {
		t.Fatal("merge with a table without stats has stats")
	}
	if m := Concat(tab, nil); !m.hasStats() {
		t.Fatal("concat of a table with stats lost them")
	}
}
