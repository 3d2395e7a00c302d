package hyptest

import (
	"math/rand/v2"
	"testing"
)

// Batch-merged state = one-shot result.
func TestPairedDiffsMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		n := 2 + rng.IntN(200)
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i] = 0.8 + 0.05*rng.NormFloat64()
			b[i] = a[i] - 0.01 + 0.02*rng.NormFloat64()
		}
		want, err := PairedTTest(a, b, TwoSided)
		if err != nil {
			t.Fatal(err)
		}
		var parts [3]PairedDiffs
		for i := range a {
			parts[rng.IntN(3)].Add(a[i], b[i])
		}
		var s PairedDiffs
		for _, p := range parts {
			s.Merge(p)
		}
		got, err := s.TTest(TwoSided)
		if err != nil {
			t.Fatal(err)
		}
		if !near(got.Statistic, want.Statistic, 1e-9, 0) || !near(got.PValue, want.PValue, 1e-9, 0) {
			t.Errorf("merged %+v, one-shot %+v", got, want)
		}
	}
}

func TestAgreementMerge(t *testing.T) {
	var a, b, all Agreement
	for i := 0; i < 100; i++ {
		ar, br := i%3 != 0, i%5 != 0
		all.Add(ar, br)
		if i < 40 {
			a.Add(ar, br)
		} else {
			b.Add(ar, br)
		}
	}
	a.Merge(b)
	if a != all {
		t.Errorf("merged %+v, one-shot %+v", a, all)
	}
	r, err := all.McNemar(McNemarOptions{Exact: true})
	if err != nil || r.N01 != all.N01 {
		t.Errorf("%+v %v", r, err)
	}
}

// The exact Wilcoxon distribution with tied ranks equals brute-force
// enumeration of the 2ⁿ sign patterns.
func TestWilcoxonExactTiesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 30; trial++ {
		n := 3 + rng.IntN(10)
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i] = float64(rng.IntN(5))
			y[i] = x[i] + float64(1+rng.IntN(3))*float64(1-2*rng.IntN(2))
		}
		r, err := Wilcoxon(x, y, WilcoxonOptions{Method: Exact})
		if err != nil {
			t.Fatal(err)
		}
		abs := make([]float64, n)
		for i := range x {
			abs[i] = x[i] - y[i]
			if abs[i] < 0 {
				abs[i] = -abs[i]
			}
		}
		ranks, _ := averageRanks(abs)
		total := 0.0
		for _, v := range ranks {
			total += v
		}
		le, ge := 0, 0
		for mask := 0; mask < 1<<n; mask++ {
			s := 0.0
			for i := 0; i < n; i++ {
				if mask>>i&1 == 1 {
					s += ranks[i]
				}
			}
			if s <= r.RPlus+1e-9 {
				le++
			}
			if s >= r.RPlus-1e-9 {
				ge++
			}
		}
		want := 2 * float64(min(le, ge)) / float64(int(1)<<n)
		if 2*r.RPlus == total {
			want = 1
		}
		if want > 1 {
			want = 1
		}
		if !near(r.PValue, want, 1e-12, 0) {
			t.Errorf("n=%d ranks %v R+=%v: p = %v, brute force %v", n, ranks, r.RPlus, r.PValue, want)
		}
	}
}
