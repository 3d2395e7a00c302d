package classify

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/golden"
	"github.com/evalkit-go/evalkit/result"
)

func randomRows(rng *rand.Rand, n, k int, weighted bool) (yt, yp []string, w []float64) {
	for range n {
		t := rng.IntN(k)
		p := t
		if rng.Float64() < 0.4 {
			p = rng.IntN(k)
		}
		yt = append(yt, fmt.Sprintf("c%d", t))
		yp = append(yp, fmt.Sprintf("c%d", p))
		if weighted {
			w = append(w, math.Round(rng.Float64()*300)/100)
		}
	}
	return
}

func reportJSON(t *testing.T, labels []string, c *Confusion) []byte {
	t.Helper()
	r, err := NewReport(labels, c, Options{Beta: 2, PosLabel: labels[0]})
	if err != nil {
		t.Fatal(err)
	}
	b, err := result.JSON(r, "")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func tallyOf(yt, yp []string, w []float64) *Tally {
	t := NewTally(nil)
	for i := range yt {
		wt := -1.0
		if w != nil {
			wt = w[i]
		}
		t.Add([]byte(yt[i]), []byte(yp[i]), wt)
	}
	return t
}

// Merging the tallies of any split of the rows gives the one-shot result:
// exactly without weights, to 1e-12 with weights (compensated sums merged
// in another order may differ in the last bit).
func TestMergeEqualsOneShot(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		weighted := trial%2 == 1
		n := 1 + rng.IntN(300)
		yt, yp, w := randomRows(rng, n, 2+rng.IntN(8), weighted)
		whole := tallyOf(yt, yp, w)
		// Split into 1–5 parts at random cut points; each part has its
		// own label set, seen in its own order.
		parts := 1 + rng.IntN(5)
		cuts := []int{0}
		for range parts - 1 {
			cuts = append(cuts, rng.IntN(n+1))
		}
		cuts = append(cuts, n)
		merged := NewTally(nil)
		for i := 0; i+1 < len(cuts); i++ {
			lo, hi := min(cuts[i], cuts[i+1]), max(cuts[i], cuts[i+1])
			var pw []float64
			if w != nil {
				pw = w[lo:hi]
			}
			merged.Merge(tallyOf(yt[lo:hi], yp[lo:hi], pw))
		}
		// The cut points may overlap or leave gaps; rebuild the one-shot
		// from exactly the rows merged.
		var rt, rp []string
		var rw []float64
		for i := 0; i+1 < len(cuts); i++ {
			lo, hi := min(cuts[i], cuts[i+1]), max(cuts[i], cuts[i+1])
			rt, rp = append(rt, yt[lo:hi]...), append(rp, yp[lo:hi]...)
			if w != nil {
				rw = append(rw, w[lo:hi]...)
			}
		}
		whole = tallyOf(rt, rp, rw)
		if whole.C.N() == 0 || whole.C.Total() == 0 {
			continue
		}
		l1, c1 := whole.Sorted()
		l2, c2 := merged.Sorted()
		a, b := reportJSON(t, l1, c1), reportJSON(t, l2, c2)
		if !weighted {
			if string(a) != string(b) {
				t.Fatalf("trial %d: merged differs from one-shot:\n%s\n%s", trial, a, b)
			}
			continue
		}
		diffs, err := golden.Diff(b, a, 1e-12, 1e-15)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diffs {
			t.Errorf("trial %d: %s", trial, d)
		}
	}
}

// Permuting the rows changes nothing.
func TestPermutationInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 100 {
		yt, yp, w := randomRows(rng, 1+rng.IntN(200), 2+rng.IntN(6), trial%2 == 0)
		l1, c1 := tallyOf(yt, yp, w).Sorted()
		perm := rng.Perm(len(yt))
		var pt, pp []string
		var pw []float64
		for _, i := range perm {
			pt, pp = append(pt, yt[i]), append(pp, yp[i])
			if w != nil {
				pw = append(pw, w[i])
			}
		}
		l2, c2 := tallyOf(pt, pp, pw).Sorted()
		if c1.Total() == 0 {
			continue
		}
		diffs, _ := golden.Diff(reportJSON(t, l2, c2), reportJSON(t, l1, c1), 1e-12, 1e-15)
		for _, d := range diffs {
			t.Errorf("trial %d: %s", trial, d)
		}
	}
}

// For single-label multiclass data over all classes, micro P = R = F1 =
// accuracy.
func TestMicroF1IsAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 100 {
		yt, yp, w := randomRows(rng, 1+rng.IntN(200), 2+rng.IntN(8), trial%2 == 0)
		r, err := Evaluate(yt, yp, w, Options{})
		if err != nil {
			if trial%2 == 0 {
				continue // all weights zero
			}
			t.Fatal(err)
		}
		for name, v := range map[string]float64{"precision": r.Micro.Precision, "recall": r.Micro.Recall, "f1": r.Micro.F1} {
			if !golden.Close(v, r.Accuracy, 1e-12, 0) {
				t.Errorf("trial %d: micro %s %v ≠ accuracy %v", trial, name, v, r.Accuracy)
			}
		}
	}
}

// Zhou (2016) §2.3.2 and seed 004: macro F1 from macro-P and macro-R is the
// harmonic mean 2PR/(P+R) and differs from the mean of per-class F1.
func TestF1FromPR(t *testing.T) {
	// Hand-computed: classes a (P=1, R=2/3) and b (P=3/4, R=1) from the
	// confusion matrix [[2 1] [0 3]]: macro P = 7/8, macro R = 5/6,
	// F1 from them = 2·(7/8)(5/6)/((7/8)+(5/6)) = 35/41.
	r, err := Evaluate([]string{"a", "a", "a", "b", "b", "b"}, []string{"a", "b", "a", "b", "b", "b"}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !golden.Close(r.Macro.F1FromPR, 35.0/41, 1e-15, 0) {
		t.Errorf("f1_from_pr = %v, want 35/41", r.Macro.F1FromPR)
	}
	// mean of per-class F1 = (4/5 + 6/7)/2 = 29/35
	if !golden.Close(r.Macro.F1, 29.0/35, 1e-15, 0) {
		t.Errorf("macro f1 = %v, want 29/35", r.Macro.F1)
	}
}

// The seeds' class weights w_c = 1/log2(n_c) (seed 002).
func TestInvLog2ClassWeights(t *testing.T) {
	yt := []string{"a", "a", "a", "a", "b", "b"}
	yp := []string{"a", "a", "b", "a", "b", "a"}
	r, err := Evaluate(yt, yp, nil, Options{InvLog2ClassWeights: true})
	if err != nil {
		t.Fatal(err)
	}
	// supports 4 and 2: weights 1/2 and 1.
	if r.ClassWeights[0] != 0.5 || r.ClassWeights[1] != 1 {
		t.Fatalf("weights %v, want [0.5 1]", r.ClassWeights)
	}
	// per-class recall a = 3/4, b = 1/2: weighted (0.5·0.75 + 1·0.5)/1.5
	if want := (0.5*0.75 + 0.5) / 1.5; !golden.Close(r.ClassWeighted.Recall, want, 1e-15, 0) {
		t.Errorf("class-weighted recall %v, want %v", r.ClassWeighted.Recall, want)
	}
	if _, err := Evaluate([]string{"a", "b"}, []string{"a", "b"}, nil, Options{InvLog2ClassWeights: true}); err == nil {
		t.Error("support 1 should make 1/log2(n) an error")
	}
}

// Zhou (2016) §2.3.4: with cost01 = 1 (true 0 predicted 1) and cost10 = 5,
// E = (1·#(0→1) + 5·#(1→0)) / m.
func TestCostError(t *testing.T) {
	yt := []string{"0", "0", "0", "1", "1"}
	yp := []string{"0", "1", "1", "0", "1"}
	r, err := Evaluate(yt, yp, nil, Options{Cost: [][]float64{{0, 1}, {5, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := (1*2 + 5*1) / 5.0; *r.CostSensitiveError != want {
		t.Errorf("cost error %v, want %v", *r.CostSensitiveError, want)
	}
}

// MCC counts are int64: at 2·10⁹ rows float64 products of counts would
// lose digits (scikit-learn and pycm overflowed here once).
func TestMCCLargeCounts(t *testing.T) {
	c := NewConfusion(2)
	c.cnt = []int64{900_000_001, 100_000_000, 99_999_999, 900_000_000}
	c.n = 2_000_000_000
	got, undef := c.MCC()
	// (TP·TN − FP·FN)/√((TP+FP)(TP+FN)(TN+FP)(TN+FN)), exact by hand.
	tp, fn, fp, tn := 900_000_001.0, 100_000_000.0, 99_999_999.0, 900_000_000.0
	want := (tp*tn - fp*fn) / math.Sqrt((tp+fp)*(tp+fn)*(tn+fp)*(tn+fn))
	if undef || !golden.Close(got, want, 1e-12, 0) {
		t.Errorf("MCC = %v, want %v", got, want)
	}
}
