package rank

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

func sameTable(a, b *Table) bool {
	return a.Rows == b.Rows && a.Weighted == b.Weighted && slices.Equal(a.Score, b.Score) &&
		slices.Equal(a.Pos, b.Pos) && slices.Equal(a.Neg, b.Neg) && slices.Equal(a.npFlat, b.npFlat) &&
		slices.Equal(a.PosRows, b.PosRows) && slices.Equal(a.NegRows, b.NegRows) &&
		slices.Equal(a.PosSq, b.PosSq) && slices.Equal(a.NegSq, b.NegSq)
}

// spillTable feeds the samples to a Spill holding at most maxRows in
// memory, in chunks of random sizes merged in order, and returns its
// table and the folder it spilled to.
func spillTable(t *testing.T, r *rand.Rand, score []float64, pos []bool, w []float64, maxRows, parts int) (*Table, *Spill) {
	t.Helper()
	dir := t.TempDir()
	s := NewSpill(maxRows, parts, func() (string, error) { return dir, nil })
	var chunk Builder
	for lo := 0; lo < len(score); {
		hi := min(len(score), lo+1+r.IntN(50))
		chunk.Reset()
		for i := lo; i < hi; i++ {
			wi := 1.0
			if w != nil {
				wi = w[i]
			}
			if err := chunk.Add(score[i], pos[i], wi); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Merge(&chunk); err != nil {
			t.Fatal(err)
		}
		lo = hi
	}
	tb, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d files left in the spill folder", len(ents))
	}
	return tb, s
}

// TestSpillGolden forces tiny memory limits on every golden case: the
// spilled table is the in-memory one to the bit (scores, masses, the
// collinear-vertex marks), so the whole report is the same JSON.
func TestSpillGolden(t *testing.T) {
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 3 // write the parts' files often
	g := loadBinary(t)
	r := rand.New(rand.NewPCG(12, 13))
	spilled := 0
	for _, c := range g.Cases {
		want, err := NewTable(c.Score, c.Y, c.Weight)
		if err != nil {
			t.Fatal(err)
		}
		maxRows := 1 + len(c.Score)/(2+r.IntN(8))
		got, s := spillTable(t, r, c.Score, c.Y, c.Weight, maxRows, 2+r.IntN(20))
		if s.Spilled() {
			spilled++
		}
		if !sameTable(got, want) {
			t.Fatalf("%s: spilled table (max %d rows) differs", c.Name, maxRows)
		}
		if len(c.Score) > 200 {
			continue // the reports of the small cases are enough
		}
		a, err1 := NewReport(got, DefaultOptions())
		b, err2 := NewReport(want, DefaultOptions())
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if (err1 == nil) != (err2 == nil) || string(ja) != string(jb) {
			t.Fatalf("%s: reports differ", c.Name)
		}
	}
	if spilled < len(g.Cases)/2 {
		t.Errorf("only %d of %d cases spilled", spilled, len(g.Cases))
	}
}

// TestSpillWeightsLater: weights that first differ from 1 after some rows
// were spilled (the earlier rows are then written with weight 1), ties
// across chunks, one part, and a Spill that never spills.
func TestSpillWeightsLater(t *testing.T) {
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 5
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		n := 50 + r.IntN(2000)
		score, pos, w := randomData(r, n, trial%2 == 0, true)
		for i := range n * 2 / 3 {
			w[i] = 1
		}
		if trial%5 == 0 {
			w = nil
		}
		want, _ := NewTable(score, pos, w)
		maxRows := []int{1, 7, n / 3, 10 * n}[trial%4]
		got, s := spillTable(t, r, score, pos, w, maxRows, 1+r.IntN(6))
		if !sameTable(got, want) {
			t.Fatalf("trial %d (max %d rows, spilled %v): tables differ", trial, maxRows, s.Spilled())
		}
		roc1, _ := got.ROC(true)
		roc2, _ := want.ROC(true)
		if !slices.Equal(roc1.FPR, roc2.FPR) {
			t.Fatalf("trial %d: ROC curves differ", trial)
		}
	}
}
