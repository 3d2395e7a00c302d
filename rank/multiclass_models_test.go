package rank

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/board"
)

// multiModels builds each model's statistic from rows, as the task does.
func multiModels(t *testing.T, rows *MulticlassRows) []*Multiclass {
	t.Helper()
	ms := make([]*Multiclass, len(rows.P))
	for j := range rows.P {
		b := NewMultiBuilder(rows.K)
		b.Renormalize = rows.Renormalize
		for i, y := range rows.Y {
			w := 1.0
			if rows.W != nil {
				w = rows.W[i]
			}
			if err := b.Add(int(y), rows.P[j][i*rows.K:(i+1)*rows.K], w); err != nil {
				t.Fatal(err)
			}
		}
		ms[j] = b.Result()
	}
	return ms
}

// TestMacroDeLongTwoClasses: with two classes, the macro one-vs-rest AUC
// is the AUC and its comparison is DeLong's paired test (pROC's
// roc.test(paired=TRUE), as DeLongTest): the same z and p-value.
func TestMacroDeLongTwoClasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		n := 20 + rng.IntN(200)
		rows := &MulticlassRows{K: 2, P: make([][]float64, 2)}
		var pos []bool
		var sa, sb []float64
		for range n {
			y := rng.IntN(2)
			if len(rows.Y) < 2 {
				y = len(rows.Y) // both classes, twice over
			}
			rows.Y = append(rows.Y, int32(y))
			pos = append(pos, y == 1)
			// probabilities on a grid of 1/1024, so that 1 − p is exact
			// and the two one-vs-rest orders are each other's reverse
			pa := float64(min(max(int(512+300*float64(y)+200*rng.NormFloat64()), 0), 1024)) / 1024
			pb := float64(min(max(int(512+150*float64(y)+250*rng.NormFloat64()), 0), 1024)) / 1024
			if trial%3 == 0 {
				pa = math.Round(pa*8) / 8 // many ties
			}
			rows.P[0] = append(rows.P[0], 1-pa, pa)
			rows.P[1] = append(rows.P[1], 1-pb, pb)
			sa, sb = append(sa, pa), append(sb, pb)
		}
		rows.Y[0], rows.Y[1], pos[0], pos[1] = 0, 1, false, true
		rows.P[0][0], rows.P[0][1], rows.P[0][2], rows.P[0][3] = 1-sa[0], sa[0], 1-sa[1], sa[1]
		var nc [2]int
		for _, y := range rows.Y {
			nc[y]++
		}
		if nc[0] < 2 || nc[1] < 2 {
			continue
		}
		want, err := DeLongTest(pos, sa, sb)
		if err != nil {
			t.Fatal(err)
		}
		out, err := NewMulticlassModelsReport(multiModels(t, rows), rows, []string{"0", "1"}, []string{"a", "b"}, DefaultOptions(), board.Options{Adjust: "none"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := out.Comparisons[0]
		if c.Measure != "roc_auc_ovr_macro" || c.Test != "delong" {
			t.Fatalf("first comparison %+v", c)
		}
		if math.Abs(c.Statistic-want.Z) > 1e-9*math.Max(1, math.Abs(want.Z)) || math.Abs(c.PValue-want.P) > 1e-12 {
			t.Errorf("trial %d (n %d): z %v p %v, DeLongTest z %v p %v", trial, n, c.Statistic, c.PValue, want.Z, want.P)
		}
		lo, hi := want.DiffCI(0.95)
		if math.Abs(c.CI[0]-lo) > 1e-12 || math.Abs(c.CI[1]-hi) > 1e-12 {
			t.Errorf("trial %d: interval %v, DeLong's [%v, %v]", trial, *c.CI, lo, hi)
		}
	}
}

// TestMacroDeLongSize: the size of the macro one-vs-rest AUC comparison
// under the null. Two models of equal skill score three classes
// (independent noise); in 600 simulated data sets of 150 rows the test
// at 5 % rejects at a rate within the binomial band of 5 %.
func TestMacroDeLongSize(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	const runs, n, k = 600, 150, 3
	reject := 0
	for range runs {
		rows := &MulticlassRows{K: k, P: make([][]float64, 2)}
		for i := range n {
			y := i % k
			rows.Y = append(rows.Y, int32(y))
			for j := range 2 {
				var e [k]float64
				var s float64
				for c := range k {
					mu := 0.0
					if c == y {
						mu = 0.8
					}
					e[c] = math.Exp(mu + rng.NormFloat64())
					s += e[c]
				}
				for c := range k {
					rows.P[j] = append(rows.P[j], e[c]/s)
				}
			}
		}
		rows.Renormalize = true
		psi, err := macroPlacements(rows)
		if err != nil {
			t.Fatal(err)
		}
		ms := multiModels(t, rows)
		a0, _ := ms[0].AUC()
		a1, _ := ms[1].AUC()
		z := (a0.OvRMacro - a1.OvRMacro) / math.Sqrt(macroDiffVar(rows, psi[0], psi[1]))
		if math.Erfc(math.Abs(z)/math.Sqrt2) < 0.05 {
			reject++
		}
	}
	rate := float64(reject) / runs
	// 5 % ± 2.6 binomial standard errors
	if se := math.Sqrt(0.05 * 0.95 / runs); math.Abs(rate-0.05) > 2.6*se {
		t.Errorf("size %.3f in %d runs, want 0.05 ± %.3f", rate, runs, 2.6*se)
	}
	t.Logf("size at 5 %%: %.3f (%d of %d)", rate, reject, runs)
}
