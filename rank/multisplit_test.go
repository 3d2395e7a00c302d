package rank

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMultiSplit: rows split by key range and cut into units, each
// range's tables merged, each cell's ranges concatenated, give the
// MultiBuilder's tables of all rows (the same encoding), and the scalars
// its log loss and rank masses.
func TestMultiSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		k := 2 + rng.IntN(3)
		n := 50 + rng.IntN(500)
		bounds := make([]uint64, rng.IntN(6))
		for i := range bounds {
			bounds[i] = Key(float64(rng.IntN(9)) / 8)
		}
		slices.Sort(bounds)
		whole := NewMultiBuilder(k)
		units := make([]*MultiSplit, 1+rng.IntN(4))
		for i := range units {
			units[i] = NewMultiSplit(k, bounds)
		}
		p := make([]float64, k)
		for range n {
			left := 8
			for j := range k - 1 {
				v := rng.IntN(left + 1)
				p[j], left = float64(v)/8, left-v
			}
			p[k-1] = float64(left) / 8
			y, w := rng.IntN(k), 1.0
			if trial%2 == 1 {
				w = float64(rng.IntN(8)) / 4
			}
			if err := whole.Add(y, p, w); err != nil {
				t.Fatal(err)
			}
			if err := units[rng.IntN(len(units))].Add(y, p, w); err != nil {
				t.Fatal(err)
			}
		}
		want := whole.Result()
		ranged := map[int]*Table{}
		var sc *Multiclass
		for _, u := range units {
			u.Tables(func(key int, tb *Table) {
				if o := ranged[key]; o != nil {
					tb = Merge(o, tb)
				}
				ranged[key] = tb
			})
			if r := u.Scalars.Result(); sc == nil {
				sc = r
			} else {
				sc = MergeMulticlass(sc, r)
			}
		}
		for c := range k {
			for j := range k {
				var parts []*Table
				for r := len(bounds); r >= 0; r-- {
					if tb := ranged[(r*k+c)*k+j]; tb != nil {
						parts = append(parts, tb)
					}
				}
				got, _ := Concat(parts...).MarshalBinary()
				// A table built from rows also marks scikit-learn's flat
				// ROC points of its running sums in row order (npFlat),
				// which merged tables recompute: compare the rest.
				want.Cell[c][j].npFlat = nil
				exp, _ := want.Cell[c][j].MarshalBinary()
				if !bytes.Equal(got, exp) {
					g := Concat(parts...)
					e := want.Cell[c][j]
					t.Fatalf("trial %d: cell (%d, %d) differs:\n%v %v %v\n%v %v %v", trial, c, j, g.Score, g.Pos, g.Neg, e.Score, e.Pos, e.Neg)
				}
			}
		}
		if sc.LogLossSum != want.LogLossSum || sc.LogLossSq != want.LogLossSq || !slices.Equal(sc.RankMass, want.RankMass) {
			t.Fatalf("trial %d: scalars %v %v %v, want %v %v %v", trial, sc.LogLossSum, sc.LogLossSq, sc.RankMass, want.LogLossSum, want.LogLossSq, want.RankMass)
		}
	}
	if r, c, j := MultiCell((3*4+1)*4+2, 4); r != 3 || c != 1 || j != 2 {
		t.Fatalf("MultiCell: %d %d %d", r, c, j)
	}
}
