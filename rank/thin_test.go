package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// segDist is the distance from (px, py) to the segment from a to b,
// computed apart from thin's own code (by projection onto the line and
// the two end points).
func segDist(px, py, ax, ay, bx, by float64) float64 {
	d := math.Min(math.Hypot(px-ax, py-ay), math.Hypot(px-bx, py-by))
	dx, dy := bx-ax, by-ay
	if l := math.Hypot(dx, dy); l > 0 {
		t := ((px-ax)*dx + (py-ay)*dy) / (l * l)
		if t >= 0 && t <= 1 {
			d = math.Min(d, math.Abs((px-ax)*dy-(py-ay)*dx)/l)
		}
	}
	return d
}

// checkThin checks the promises of thin on one polyline: at most n kept
// vertices, the ends kept, increasing, and the error equal to the largest
// distance of a dropped vertex from its chord, which bounds the distance of
// every dropped vertex from the whole thinned curve.
func checkThin(t *testing.T, x, y []float64, n int) {
	t.Helper()
	keep, e := thin(x, y, n)
	if len(x) <= n {
		if keep != nil || e != 0 {
			t.Fatalf("%d vertices, n = %d: thinned", len(x), n)
		}
		return
	}
	if len(keep) > n || keep[0] != 0 || keep[len(keep)-1] != len(x)-1 {
		t.Fatalf("n = %d: kept %d vertices, first %d, last %d of %d", n, len(keep), keep[0], keep[len(keep)-1], len(x))
	}
	var worst float64
	for j := 1; j < len(keep); j++ {
		a, b := keep[j-1], keep[j]
		if b <= a {
			t.Fatalf("kept indices not increasing: %d then %d", a, b)
		}
		for i := a + 1; i < b; i++ {
			worst = math.Max(worst, segDist(x[i], y[i], x[a], y[a], x[b], y[b]))
		}
	}
	if math.Abs(worst-e) > 1e-12 {
		t.Fatalf("n = %d: error %v, largest distance of a dropped vertex from its chord %v", n, e, worst)
	}
	if len(keep) < n && e != 0 {
		t.Fatalf("n = %d: kept only %d vertices with error %v", n, len(keep), e)
	}
}

func TestThinProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for trial := range 200 {
		n := 2 + r.IntN(40)
		score, pos, w := randomData(r, 5+r.IntN(400), trial%3 == 0, trial%2 == 0)
		tb, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		roc, _ := tb.ROC(trial%4 != 1)
		checkThin(t, roc.FPR, roc.TPR, n)
		pr, _ := tb.PR()
		checkThin(t, pr.Recall, pr.Precision, n)
	}
	// Degenerate polylines: every vertex in one place; collinear vertices.
	same := make([]float64, 50)
	checkThin(t, same, same, 5)
	line := make([]float64, 50)
	for i := range line {
		line[i] = float64(i) / 49
	}
	checkThin(t, line, line, 5)
	if _, e := thin(line, line, 5); e > 1e-15 { // rounding of i/49
		t.Errorf("collinear vertices: error %v, want 0", e)
	}
}

// TestThinCurves checks that a thinned curve is made of the full curve's
// own vertices (and thresholds), that a curve of at most n vertices is
// returned unchanged, and that the error shrinks as n grows.
func TestThinCurves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	score, pos, _ := randomData(r, 20000, false, false)
	tb, _ := NewTable(score, pos, nil)
	roc, _ := tb.ROC(true)
	pr, _ := tb.PR()
	same, e := roc.Thin(len(roc.FPR))
	if e != 0 || len(same.FPR) != len(roc.FPR) {
		t.Fatalf("a curve of n vertices was thinned")
	}
	prev := math.Inf(1)
	for _, n := range []int{2, 10, 100, 1000, 5000} {
		th, e := roc.Thin(n)
		if len(th.FPR) > n || len(th.Thresholds) != len(th.FPR) {
			t.Fatalf("n = %d: %d vertices, %d thresholds", n, len(th.FPR), len(th.Thresholds))
		}
		if !math.IsInf(th.Thresholds[0], 1) || th.FPR[len(th.FPR)-1] != 1 || th.TPR[len(th.TPR)-1] != 1 {
			t.Fatalf("n = %d: ends not kept", n)
		}
		j := 0
		for k := range th.FPR {
			for j < len(roc.FPR) && roc.Thresholds[j] != th.Thresholds[k] {
				j++
			}
			if j == len(roc.FPR) || roc.FPR[j] != th.FPR[k] || roc.TPR[j] != th.TPR[k] {
				t.Fatalf("n = %d: vertex %d is not a vertex of the full curve", n, k)
			}
		}
		if e > prev {
			t.Errorf("n = %d: error %v grew from %v", n, e, prev)
		}
		prev = e
		pt, pe := pr.Thin(n)
		if len(pt.Precision) > n || len(pt.Thresholds) != len(pt.Precision)-1 || pt.Precision[len(pt.Precision)-1] != 1 || pt.Recall[len(pt.Recall)-1] != 0 {
			t.Fatalf("n = %d: P-R curve of %d points, %d thresholds", n, len(pt.Precision), len(pt.Thresholds))
		}
		if pe <= 0 || pe > 1 {
			t.Errorf("n = %d: P-R error %v", n, pe)
		}
	}
	if prev > 2e-3 {
		t.Errorf("5000 of %d vertices: error %v", len(roc.FPR), prev)
	}
}

// FuzzThin checks thin's promises on polylines made of the fuzzer's
// bytes (coordinates in [0, 1] on a grid of 1/255, with repeats).
func FuzzThin(f *testing.F) {
	f.Add([]byte{0, 0, 10, 200, 30, 30, 255, 255}, uint8(3))
	f.Add([]byte{5, 5, 5, 5, 5, 5, 5, 5, 9, 9}, uint8(2))
	f.Fuzz(func(t *testing.T, b []byte, n uint8) {
		if len(b) < 4 {
			return
		}
		x := make([]float64, len(b)/2)
		y := make([]float64, len(b)/2)
		for i := range x {
			x[i], y[i] = float64(b[2*i])/255, float64(b[2*i+1])/255
		}
		checkThin(t, x, y, 2+int(n)%40)
	})
}

// TestThinFromTable: the printed curves thinned straight from the table
// (Table.thinROC, thinPR: no full curve built) are the same bits as the
// full curves thinned, weighted or not, with ties or not, for every n.
func TestThinFromTable(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, weighted := range []bool{false, true} {
		for _, ties := range []bool{false, true} {
			score, pos, w := randomData(r, 30000, ties, weighted)
			tb, err := NewTable(score, pos, w)
			if err != nil {
				t.Fatal(err)
			}
			roc, _ := tb.ROC(true)
			pr, _ := tb.PR()
			rows := rowsBound(tb.Rows)
			for _, n := range []int{2, 3, 10, 777, 5000, len(roc.FPR) - 1, len(roc.FPR), len(pr.Recall) + 1} {
				wantR, wantRE := roc.thin(n, rows)
				wantP, wantPE := pr.thin(n, rows)
				gotR, nr, gotRE, err := tb.thinROC(n, rows)
				if err != nil {
					t.Fatal(err)
				}
				gotP, np, gotPE, err := tb.thinPR(n, rows)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("weighted %v ties %v n %d", weighted, ties, n)
				if nr != len(roc.FPR) || np != len(pr.Recall) {
					t.Errorf("%s: %d and %d vertices, want %d and %d", name, nr, np, len(roc.FPR), len(pr.Recall))
				}
				if !sameBits(gotR.FPR, wantR.FPR) || !sameBits(gotR.TPR, wantR.TPR) || !sameBits(gotR.Thresholds, wantR.Thresholds) || math.Float64bits(gotRE) != math.Float64bits(wantRE) {
					t.Errorf("%s: thinROC differs from ROC(true).thin", name)
				}
				if !sameBits(gotP.Precision, wantP.Precision) || !sameBits(gotP.Recall, wantP.Recall) || !sameBits(gotP.Thresholds, wantP.Thresholds) || math.Float64bits(gotPE) != math.Float64bits(wantPE) {
					t.Errorf("%s: thinPR differs from PR().thin", name)
				}
			}
		}
	}
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
