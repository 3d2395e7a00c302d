package rank

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPairedSumsSplit: the paired sums of rows split into random parts,
// each part encoded and decoded and merged in a random order, give the
// same bits as the sums of all rows at once; and the covariance matrix
// agrees with a direct float computation of DeLong's formula.
func TestPairedSumsSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 40 {
		n, m := 20+rng.IntN(400), 2+rng.IntN(4)
		pos := make([]bool, n)
		scores := make([][]float64, m)
		levels := 1 + rng.IntN(30) // ties when small
		for i := range pos {
			pos[i] = rng.IntN(3) == 0
		}
		pos[0], pos[1], pos[2], pos[3] = true, true, false, false
		for j := range scores {
			scores[j] = make([]float64, n)
			for i := range scores[j] {
				s := float64(rng.IntN(levels))
				if pos[i] {
					s += float64(j) * 0.3
				}
				scores[j][i] = s
			}
		}
		tables := make([]*Table, m)
		for j := range tables {
			var err error
			if tables[j], err = NewTable(scores[j], pos, nil); err != nil {
				t.Fatal(err)
			}
		}
		pl, err := NewPlacements(tables)
		if err != nil {
			t.Fatal(err)
		}
		all, err := pl.SumsOf(pos, scores)
		if err != nil {
			t.Fatal(err)
		}
		auc, cov, err := pl.Result(all)
		if err != nil {
			t.Fatal(err)
		}
		// Random parts, merged in a random order through the encoding.
		cuts := []int{0, n}
		for range rng.IntN(6) {
			cuts = append(cuts, rng.IntN(n))
		}
		slices.Sort(cuts)
		var parts []*PairedSums
		for k := 0; k+1 < len(cuts); k++ {
			s := pl.NewSums()
			row := make([]float64, m)
			for i := cuts[k]; i < cuts[k+1]; i++ {
				for j := range m {
					row[j] = scores[j][i]
				}
				if err := pl.Add(s, pos[i], row, nil); err != nil {
					t.Fatal(err)
				}
			}
			b, _ := s.MarshalBinary()
			var d PairedSums
			if err := d.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, &d)
		}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		for _, p := range parts[1:] {
			if err := parts[0].Merge(p); err != nil {
				t.Fatal(err)
			}
		}
		_, cov2, err := pl.Result(parts[0])
		if err != nil {
			t.Fatal(err)
		}
		for i := range cov {
			if math.Float64bits(cov[i]) != math.Float64bits(cov2[i]) {
				t.Fatalf("trial %d: cov[%d] %v after merging parts, %v at once", trial, i, cov2[i], cov[i])
			}
		}
		// DeLong's formula in floats.
		np, nn := 0.0, 0.0
		for _, p := range pos {
			if p {
				np++
			} else {
				nn++
			}
		}
		v := func(j, i int) float64 {
			var c float64
			for k := range n {
				if pos[k] == pos[i] {
					continue
				}
				a, b := scores[j][i], scores[j][k]
				if !pos[i] {
					a, b = b, a
				}
				switch {
				case a > b:
					c++
				case a == b:
					c += 0.5
				}
			}
			if pos[i] {
				return c / nn
			}
			return c / np
		}
		for a := range m {
			for b := range m {
				var x, y float64
				for i := range n {
					d := (v(a, i) - auc[a]) * (v(b, i) - auc[b])
					if pos[i] {
						x += d
					} else {
						y += d
					}
				}
				want := x/(np*(np-1)) + y/(nn*(nn-1))
				if math.Abs(cov[a*m+b]-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Fatalf("trial %d: cov[%d,%d] = %v, want %v", trial, a, b, cov[a*m+b], want)
				}
			}
		}
	}
}

func TestPairedSumsCorrupt(t *testing.T) {
	s := &PairedSums{M: 2, P: 3, N: 4, S10: make([]U128, 2), S01: make([]U128, 2), X: make([]U128, 3), Y: make([]U128, 3)}
	b, _ := s.MarshalBinary()
	for k := range len(b) {
		var d PairedSums
		if err := d.UnmarshalBinary(b[:k]); err == nil {
			t.Errorf("truncated to %d bytes: no error", k)
		}
	}
	var d PairedSums
	if err := d.UnmarshalBinary(append(b, 0)); err == nil {
		t.Error("a trailing byte: no error")
	}
	if err := d.UnmarshalBinary(b); err != nil || d.M != 2 || d.P != 3 || d.N != 4 {
		t.Errorf("round trip: %v %+v", err, d)
	}
	// A row whose score is in no table.
	tab, _ := NewTable([]float64{1, 2, 3, 4}, []bool{true, true, false, false}, nil)
	pl, err := NewPlacements([]*Table{tab, tab})
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Add(pl.NewSums(), true, []float64{1, 9}, nil); err == nil {
		t.Error("a score in no table: no error")
	}
	if _, _, err := pl.Result(pl.NewSums()); err == nil {
		t.Error("sums of no rows: no error")
	}
}
