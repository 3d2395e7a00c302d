package rank

import (
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/benchcpu"
)

// unionCase splits n unweighted samples (scores on a grid of m values,
// so that ties cross the parts) at random among k spills holding at most
// maxRows each, and returns the spills and the table of one builder fed
// every sample.
func unionCase(t *testing.T, r *rand.Rand, n, m, k, maxRows int) ([]*Spill, *Table) {
	t.Helper()
	var all Builder
	ss := make([]*Spill, k)
	for i := range ss {
		dir := t.TempDir()
		ss[i] = NewSpill(maxRows, 8, func() (string, error) { return dir, nil })
	}
	for range n {
		s := float64(r.IntN(m)) / float64(m)
		pos := r.IntN(3) == 0
		if err := all.Add(s, pos, 1); err != nil {
			t.Fatal(err)
		}
		if err := ss[r.IntN(k)].Add(s, pos, 1); err != nil {
			t.Fatal(err)
		}
	}
	return ss, all.Table()
}

func sameUnion(t *testing.T, got, want *Table) {
	t.Helper()
	if !sameTable(got, want) {
		t.Fatalf("table of %d rows, %d scores; want %d rows, %d scores (or other masses)", got.Rows, len(got.Score), want.Rows, len(want.Score))
	}
}

// TestSpillAbsorb: a spill that absorbs others (AbsorbAll), spilled or not, gives the
// table of every sample fed to one builder, whether it spills itself or
// not.
func TestSpillAbsorb(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, maxRows := range []int{100, 1 << 20} {
		ss, want := unionCase(t, r, 3000, 400, 4, 500) // some spilled
		dir := t.TempDir()
		all := NewSpill(maxRows, 8, func() (string, error) { return dir, nil })
		if err := all.AbsorbAll(ss); err != nil {
			t.Fatal(err)
		}
		if all.Rows() != want.Rows {
			t.Fatalf("maxRows %d: %d rows, want %d", maxRows, all.Rows(), want.Rows)
		}
		got, err := all.Table()
		if err != nil {
			t.Fatal(err)
		}
		sameUnion(t, got, want)
		for _, s := range ss {
			s.Close()
		}
	}
}

// TestSpillAbsorbAll: the spill that absorbs others at once has the
// table of every sample fed to one builder, to the bit, past parallelFill
// samples too (the table built on two goroutines), and each absorbed
// spill's own table is as before.
func TestSpillAbsorbAll(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ n, m, k int }{
		{0, 10, 3}, {1, 10, 1}, {200, 7, 5}, {5000, 100000, 40}, {parallelFill + 5000, 50000, 100}, {parallelFill + 7, 1 << 30, 3},
	} {
		ss, want := unionCase(t, r, c.n, c.m, c.k, 1<<30)
		var own []*Table
		for _, s := range ss {
			var b Builder // a copy of each spill's samples
			b.Merge(&s.mem)
			own = append(own, b.Table())
		}
		all := NewSpill(1<<30, 8, nil)
		if err := all.AbsorbAll(ss); err != nil {
			t.Fatal(err)
		}
		got, err := all.Table()
		if err != nil {
			t.Fatal(err)
		}
		sameUnion(t, got, want)
		for i, s := range ss {
			tb, err := s.Table()
			if err != nil {
				t.Fatal(err)
			}
			sameUnion(t, tb, own[i])
		}
	}
}

// BenchmarkAbsorbAll makes the table of 100 spills holding 10⁷
// unweighted samples (scores of 5 decimals, so ties cross the spills)
// from their keys, each spill's keys sorted (as after its own table).
func BenchmarkAbsorbAll(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	ss := make([]*Spill, 100)
	for i := range ss {
		ss[i] = NewSpill(1<<30, 8, nil)
	}
	for range 10_000_000 {
		ss[r.IntN(100)].mem.add1(float64(r.IntN(200000))/100000, r.IntN(2) == 0)
	}
	for _, s := range ss {
		s.mem.sortKeys()
	}
	m := benchcpu.Start()
	for b.Loop() {
		all := NewSpill(1<<30, 8, nil)
		if err := all.AbsorbAll(ss); err != nil {
			b.Fatal(err)
		}
		if _, err := all.Table(); err != nil {
			b.Fatal(err)
		}
	}
	m.Report(b, 10_000_000)
}
