package hyptest

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// Zhou (2016) §2.4.3, table 2.5: ranks of algorithms A, B, C on data sets
// D1–D4 (lower is better; B and C tie on D2). The book gives
// τ_F = 24.429 and, with q_0.05 = 2.344 for k = 3 (table 2.7),
// CD = 1.657.
func TestZhouFriedmanExample(t *testing.T) {
	ranks := [][]float64{
		{1, 2, 3},
		{1, 2.5, 2.5},
		{1, 2, 3},
		{1, 2, 3},
	}
	r, err := Friedman(ranks, FriedmanOptions{LowerIsBetter: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1, 2.125, 2.875} {
		if r.AvgRanks[i] != want {
			t.Errorf("avg rank %d = %v, want %v", i, r.AvgRanks[i], want)
		}
	}
	// Exact: τ_χ² = 7.125 and τ_F = 3·7.125/(8 − 7.125) = 24.428571…
	if !near(r.ChiSquare, 7.125, 1e-12, 0) {
		t.Errorf("chi2 = %v, want 7.125", r.ChiSquare)
	}
	if math.Round(r.ImanDavenport*1000)/1000 != 24.429 {
		t.Errorf("τ_F = %v, want 24.429 (Zhou)", r.ImanDavenport)
	}
	if math.Round(r.QAlpha*1000)/1000 != 2.344 {
		t.Errorf("q_0.05 = %v, want 2.344 (Zhou table 2.7)", r.QAlpha)
	}
	if math.Round(r.CD*1000)/1000 != 1.657 {
		t.Errorf("CD = %v, want 1.657 (Zhou)", r.CD)
	}
	// Zhou: A differs from C (|1 − 2.875| > CD) but not from B.
	if !(math.Abs(r.AvgRanks[0]-r.AvgRanks[2]) > r.CD) || math.Abs(r.AvgRanks[0]-r.AvgRanks[1]) > r.CD {
		t.Errorf("Nemenyi conclusions differ from Zhou's")
	}
	if r.NemenyiP[0][2] >= 0.05 || r.NemenyiP[0][1] < 0.05 {
		t.Errorf("Nemenyi p-values %v disagree with CD", r.NemenyiP)
	}
}

// Zhou eq. 2.33 on a hand count: e01 = 10, e10 = 2 gives
// (|10 − 2| − 1)²/12 = 49/12.
func TestMcNemarZhou(t *testing.T) {
	r, err := McNemar(10, 2, McNemarOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Statistic, 49.0/12, 1e-15, 0) {
		t.Errorf("statistic = %v, want 49/12", r.Statistic)
	}
	n01, n10 := Discordant([]string{"a", "b", "a", "b"}, []string{"b", "b", "a", "a"}, []string{"a", "b", "b", "a"})
	if n01 != 1 || n10 != 1 {
		t.Errorf("Discordant = %d, %d, want 1, 1", n01, n10)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"ttest one value", func() error { _, e := OneSampleTTest([]float64{1}, 0, TwoSided); return e }(), ErrTooFew},
		{"ttest constant", func() error { _, e := PairedTTest([]float64{1, 2}, []float64{0, 1}, TwoSided); return e }(), ErrZeroVariance},
		{"ttest NaN", func() error { _, e := PairedTTest([]float64{1, math.NaN()}, []float64{0, 1}, TwoSided); return e }(), ErrNotFinite},
		{"mcnemar no pairs", func() error { _, e := McNemar(0, 0, McNemarOptions{}); return e }(), ErrTooFew},
		{"mcnemar negative", func() error { _, e := McNemar(-1, 0, McNemarOptions{}); return e }(), ErrInvalid},
		{"binom k > n", func() error { _, e := BinomTest(5, 4, 0.5, TwoSided); return e }(), ErrInvalid},
		{"zhou eps", func() error { _, e := ErrorRateBinomial(1, 10, 1.5, 0.05); return e }(), ErrInvalid},
		{"friedman 2 algorithms", func() error { _, e := Friedman([][]float64{{1, 2}, {2, 1}}, FriedmanOptions{}); return e }(), ErrTooFew},
		{"friedman ragged", func() error { _, e := Friedman([][]float64{{1, 2, 3}, {2, 1}}, FriedmanOptions{}); return e }(), ErrInvalid},
		{"wilcoxon all zero", func() error { _, e := Wilcoxon([]float64{1, 2}, []float64{1, 2}, WilcoxonOptions{}); return e }(), ErrTooFew},
		{"cv5x2 constant", func() error { _, e := CV5x2(make([]float64, 10), make([]float64, 10)); return e }(), ErrZeroVariance},
		{"proportions", func() error { _, e := TwoProportions(0, 10, 0, 10, TwoSided, 0); return e }(), ErrZeroVariance},
		{"bca one-sided", func() error {
			_, _, e := (&Bootstrap{Estimate: 0, Replicates: []float64{1, 2}, Jackknife: []float64{1, 2}}).BCa(0.95)
			return e
		}(), ErrInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !errors.Is(c.err, c.want) {
				t.Errorf("error %v, want %v", c.err, c.want)
			}
		})
	}
}

// Properties: swapping the samples negates t and keeps p; permuting the
// pairs changes nothing; Friedman does not depend on the order of data sets.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		n := 3 + rng.IntN(30)
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i] = rng.NormFloat64()
			b[i] = a[i] + rng.NormFloat64()*0.5 + 0.1
		}
		r1, _ := PairedTTest(a, b, TwoSided)
		r2, _ := PairedTTest(b, a, TwoSided)
		if !near(r1.Statistic, -r2.Statistic, 1e-12, 0) || !near(r1.PValue, r2.PValue, 1e-12, 0) {
			t.Fatalf("swap: %+v vs %+v", r1, r2)
		}
		perm := rng.Perm(n)
		pa, pb := make([]float64, n), make([]float64, n)
		for i, j := range perm {
			pa[i], pb[i] = a[j], b[j]
		}
		w1, _ := Wilcoxon(a, b, WilcoxonOptions{})
		w2, _ := Wilcoxon(pa, pb, WilcoxonOptions{})
		if w1.Statistic != w2.Statistic || !near(w1.PValue, w2.PValue, 1e-12, 0) {
			t.Fatalf("permutation changed Wilcoxon: %+v vs %+v", w1, w2)
		}
		// Exact and approximate Wilcoxon agree roughly for n ≥ 20.
		if n >= 20 {
			e, _ := Wilcoxon(a, b, WilcoxonOptions{Method: Exact})
			ap, _ := Wilcoxon(a, b, WilcoxonOptions{Method: Approx})
			if math.Abs(e.PValue-ap.PValue) > 0.02 {
				t.Errorf("exact %v vs approx %v", e.PValue, ap.PValue)
			}
		}
	}
}

func TestBootstrapDeterministic(t *testing.T) {
	x := []float64{3.1, 0.4, 2.2, 5.9, 1.0, 0.3, 2.8, 4.4, 1.7, 0.9}
	mean := func(idx []int) float64 {
		s := 0.0
		for _, i := range idx {
			s += x[i]
		}
		return s / float64(len(idx))
	}
	b1 := Resample(len(x), 500, 42, true, mean)
	b2 := Resample(len(x), 500, 42, true, mean)
	for i := range b1.Replicates {
		if b1.Replicates[i] != b2.Replicates[i] {
			t.Fatal("same seed, different replicates")
		}
	}
	lo, hi, err := b1.BCa(0.95)
	if err != nil || !(lo < b1.Estimate && b1.Estimate < hi) {
		t.Errorf("BCa = [%v, %v], %v; estimate %v", lo, hi, err, b1.Estimate)
	}
}

func FuzzWilcoxon(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0, 0, 1, 1, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		n := len(data) / 2
		x, y := make([]float64, n), make([]float64, n)
		for i := 0; i < n; i++ {
			x[i], y[i] = float64(data[2*i]%16), float64(data[2*i+1]%16)
		}
		for _, m := range []WilcoxonMethod{Auto, Exact, Approx} {
			r, err := Wilcoxon(x, y, WilcoxonOptions{Method: m, ZeroMethod: ZeroMethod(n % 3)})
			if err != nil {
				if !errors.Is(err, ErrTooFew) {
					t.Fatal(err)
				}
				continue
			}
			if !(r.PValue >= 0 && r.PValue <= 1) {
				t.Fatalf("p = %v", r.PValue)
			}
		}
	})
}

func FuzzFriedman(f *testing.F) {
	f.Add([]byte{1, 2, 3, 3, 2, 1, 1, 1, 1}, uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		kk := 3 + int(k%5)
		var rows [][]float64
		for i := 0; i+kk <= len(data) && len(rows) < 20; i += kk {
			row := make([]float64, kk)
			for j := range row {
				row[j] = float64(data[i+j] % 8)
			}
			rows = append(rows, row)
		}
		r, err := Friedman(rows, FriedmanOptions{TieCorrection: k%2 == 0})
		if err != nil {
			return
		}
		if !(r.PValue >= 0 && r.PValue <= 1) || math.IsNaN(r.ChiSquare) {
			t.Fatalf("chi2 %v p %v", r.ChiSquare, r.PValue)
		}
	})
}

func FuzzCounts(f *testing.F) {
	f.Add(int64(3), int64(10), int64(4), int64(12), 0.3)
	f.Add(int64(0), int64(0), int64(0), int64(1), 0.5)
	f.Fuzz(func(t *testing.T, a, na, b, nb int64, p float64) {
		na, nb = na%100000, nb%100000
		if r, err := McNemar(a%100000, b%100000, McNemarOptions{Exact: a%2 == 0}); err == nil && !(r.PValue >= 0 && r.PValue <= 1) {
			t.Fatalf("mcnemar p = %v", r.PValue)
		}
		if r, err := BinomTest(a%1000, na%1000, p, Alternative(uint64(b)%3)); err == nil && !(r.PValue >= 0 && r.PValue <= 1) {
			t.Fatalf("binomtest p = %v", r.PValue)
		}
		if r, err := TwoProportions(a, na, b, nb, TwoSided, 0.95); err == nil && (!(r.PValue >= 0 && r.PValue <= 1) || math.IsNaN(r.CI[0])) {
			t.Fatalf("proportions %+v", r)
		}
	})
}
