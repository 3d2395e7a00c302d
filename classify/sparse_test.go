package classify

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/golden"
)

// The sparse form gives the same bits as the dense form for every measure,
// weighted or not, one-shot or merged from random splits.
func TestSparseSameBitsAsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		weighted := trial%2 == 1
		n := 1 + rng.IntN(400)
		yt, yp, w := randomRows(rng, n, 2+rng.IntN(12), weighted)
		dense := tallyOf(yt, yp, w)
		// The same rows merged from parts, each part sparse.
		merged := &Tally{Labels: NewTally(nil).Labels, C: newSparse(0)}
		for lo := 0; lo < n; {
			hi := min(n, lo+1+rng.IntN(n))
			var pw []float64
			if w != nil {
				pw = w[lo:hi]
			}
			part := tallyOf(yt[lo:hi], yp[lo:hi], pw)
			part.C = part.C.sparseCopy()
			merged.Merge(part)
			lo = hi
		}
		if !merged.C.Sparse() || dense.C.Sparse() {
			t.Fatal("forms not as intended")
		}
		if dense.C.Total() == 0 {
			continue
		}
		l1, c1 := dense.Sorted()
		l2, c2 := merged.Sorted()
		a, b := reportJSON(t, l1, c1), reportJSON(t, l2, c2)
		if !weighted {
			if !bytes.Equal(a, b) {
				t.Fatalf("trial %d: sparse differs from dense:\n%s\n%s", trial, a, b)
			}
		} else {
			diffs, _ := golden.Diff(b, a, 1e-12, 1e-15)
			for _, d := range diffs {
				t.Errorf("trial %d: %s", trial, d)
			}
		}
		// One-shot in either form: the same bits, weighted or not.
		s := c1.sparseCopy()
		if a, b := reportJSON(t, l1, c1), reportJSON(t, l1, s); !bytes.Equal(a, b) {
			t.Fatalf("trial %d: sparseCopy differs:\n%s\n%s", trial, a, b)
		}
		// Cost error over the same cells.
		cost := make([][]float64, c1.K())
		for i := range cost {
			cost[i] = make([]float64, c1.K())
			for j := range cost[i] {
				cost[i][j] = float64(rng.IntN(5)) - 1
			}
		}
		if x, y := c1.CostError(cost), s.CostError(cost); x != y {
			t.Errorf("trial %d: cost error %v vs %v", trial, x, y)
		}
	}
}

// Above kappaDirectMax classes the expected disagreement is computed in
// O(K); it agrees with the K² sum to 1e-12.
func TestKappaLinearTime(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	defer func(v int) { kappaDirectMax = v }(kappaDirectMax)
	for trial := range 100 {
		yt, yp, w := randomRows(rng, 1+rng.IntN(300), 2+rng.IntN(40), trial%2 == 1)
		_, c := tallyOf(yt, yp, w).Sorted()
		if c.Total() == 0 {
			continue
		}
		for _, kw := range []KappaWeighting{KappaUnweighted, KappaLinear, KappaQuadratic} {
			kappaDirectMax = 1 << 30
			want := c.CohenKappa(kw)
			kappaDirectMax = 0
			got := c.CohenKappa(kw)
			if !golden.Close(got, want, 1e-12, 1e-15) {
				t.Errorf("trial %d weighting %d: O(K) kappa %v, direct %v", trial, kw, got, want)
			}
		}
	}
}

// A tally grows from dense to sparse past DenseMaxClasses without changing
// any count, and a matrix over many classes holds O(cells), not K².
func TestTallyGrowsSparse(t *testing.T) {
	tl := NewTally(nil)
	k := DenseMaxClasses + 500
	for i := range 3 * k {
		tl.Add(fmt.Appendf(nil, "c%d", i%k), fmt.Appendf(nil, "c%d", (i*7)%k), -1)
	}
	if !tl.C.Sparse() {
		t.Fatal("not sparse")
	}
	if b := tl.C.Bytes(); b > 1<<20 {
		t.Errorf("%d classes, %d cells: %d bytes", k, tl.C.Cells(), b)
	}
	labels, c := tl.Sorted()
	if len(labels) != k || c.K() != k || c.N() != int64(3*k) {
		t.Fatalf("K %d, labels %d, n %d", c.K(), len(labels), c.N())
	}
	var sum int64
	for _, cell := range c.NonZero() {
		sum += int64(cell.Mass)
		if labels[cell.True] == labels[cell.Pred] && cell.True != cell.Pred {
			t.Fatal("permutation broke a cell")
		}
	}
	if sum != int64(3*k) {
		t.Errorf("cells sum to %d", sum)
	}
	// Row 0 is label c0 (numeric order is not used: labels start with c).
	// c0 is predicted for i ≡ 0 (mod k) only: a diagonal cell of 3.
	if got := c.Count(0, 0); got != 3 {
		t.Errorf("Count(c0, c0) = %d", got)
	}
}
