package hyptest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"testing"
)

// testdata/bayes.json: the closed form computed directly with scipy 1.10.1
// stats.t by tools/oracle/hyptest_bayes.py. 1e-9 relative on the
// posterior's parameters and the statistic, 1e-8 relative (1e-14
// absolute) on probabilities.
func TestCorrelatedTTestScipy(t *testing.T) {
	raw, err := os.ReadFile("testdata/bayes.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Corrttest []struct {
			A, B            []float64
			NTrain          int `json:"n_train"`
			NTest           int `json:"n_test"`
			Rope            float64
			Lower           bool
			Mean, Scale, DF float64
			PA              float64 `json:"p_a_better"`
			PB              float64 `json:"p_b_better"`
			PEq             float64 `json:"p_equivalent"`
			NBStatistic     float64 `json:"nb_statistic"`
			NBPValue        float64 `json:"nb_p_value"`
		}
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	for i, c := range f.Corrttest {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			r, err := CorrelatedTTest(c.A, c.B, CorrelatedTTestOptions{NTrain: c.NTrain, NTest: c.NTest, Rope: c.Rope, LowerIsBetter: c.Lower})
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				name      string
				got, want float64
				rel, abs  float64
			}{
				{"mean", r.Mean, c.Mean, 1e-9, 1e-15}, {"scale", r.Scale, c.Scale, 1e-9, 0}, {"df", r.DF, c.DF, 0, 0},
				{"nb_statistic", r.NBStatistic, c.NBStatistic, 1e-9, 1e-12}, {"nb_p_value", r.NBPValue, c.NBPValue, 1e-8, 1e-14},
				{"p_a_better", r.PABetter, c.PA, 1e-8, 1e-14}, {"p_b_better", r.PBBetter, c.PB, 1e-8, 1e-14},
				{"p_equivalent", r.PEquivalent, c.PEq, 1e-8, 1e-14},
			} {
				if !approxEq(x.got, x.want, x.rel, x.abs) {
					t.Errorf("%s = %v, scipy %v", x.name, x.got, x.want)
				}
			}
			if s := r.PABetter + r.PEquivalent + r.PBBetter; math.Abs(s-1) > 1e-12 {
				t.Errorf("probabilities sum to %v", s)
			}
		})
	}
}

func TestCorrelatedTTestErrors(t *testing.T) {
	a, b := []float64{0.8, 0.82, 0.81}, []float64{0.7, 0.71, 0.7}
	for _, c := range []struct {
		name string
		a, b []float64
		opt  CorrelatedTTestOptions
		want error
	}{
		{"no sizes", a, b, CorrelatedTTestOptions{}, ErrInvalid},
		{"negative rope", a, b, CorrelatedTTestOptions{NTrain: 9, NTest: 1, Rope: -0.1}, ErrInvalid},
		{"NaN rope", a, b, CorrelatedTTestOptions{NTrain: 9, NTest: 1, Rope: math.NaN()}, ErrInvalid},
		{"one fold", a[:1], b[:1], CorrelatedTTestOptions{NTrain: 9, NTest: 1}, ErrTooFew},
		{"constant difference", []float64{1, 2, 3}, []float64{0.5, 1.5, 2.5}, CorrelatedTTestOptions{NTrain: 9, NTest: 1}, ErrZeroVariance},
		{"NaN", []float64{0.8, math.NaN(), 0.81}, b, CorrelatedTTestOptions{NTrain: 9, NTest: 1}, ErrNotFinite},
	} {
		if _, err := CorrelatedTTest(c.a, c.b, c.opt); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// The Monte Carlo test is checked by its limits and by a second seed.
func TestSignedRankLimits(t *testing.T) {
	n := 20
	a, b := make([]float64, n), make([]float64, n)
	for i := range a {
		a[i] = 0.8 + 0.001*float64(i%5)
		b[i] = a[i] - 0.002 - 0.001*float64(i%3) // differences 0.002…0.004
	}
	// Every difference inside the rope 0.01: P(equivalent) → 1.
	r, err := SignedRank(a, b, SignedRankOptions{Rope: 0.01, Samples: 5000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.PEquivalent != 1 {
		t.Errorf("inside the rope: %+v", r.BayesResult)
	}
	// Every difference far above the rope 0.001: P(A better) → 1; and
	// the mirror image under LowerIsBetter.
	if r, _ = SignedRank(a, b, SignedRankOptions{Rope: 0.001, Samples: 5000, Seed: 1}); r.PABetter < 0.999 {
		t.Errorf("above the rope: %+v", r.BayesResult)
	}
	if r, _ = SignedRank(a, b, SignedRankOptions{Rope: 0.001, Samples: 5000, Seed: 1, LowerIsBetter: true}); r.PBBetter < 0.999 {
		t.Errorf("lower is better: %+v", r.BayesResult)
	}
	if r, _ = SignedRank(b, a, SignedRankOptions{Samples: 5000, Seed: 1}); r.PBBetter < 0.999 {
		t.Errorf("below: %+v", r.BayesResult)
	}
	// Mixed differences: the three probabilities sum to 1, two seeds
	// agree within Monte Carlo error (4 binomial standard errors), and a
	// seed repeats its bits.
	mixed := []float64{0.012, -0.004, 0.03, 0.001, -0.02, 0.015, 0.008, -0.001, 0.004, 0.022, -0.006, 0.011}
	zero := make([]float64, len(mixed))
	o := SignedRankOptions{Rope: 0.005, Samples: 20000, Seed: 7, KeepSamples: true}
	r1, err := SignedRank(mixed, zero, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Seed = 8
	r2, _ := SignedRank(mixed, zero, o)
	o.Seed = 7
	r3, _ := SignedRank(mixed, zero, o)
	if r1.BayesResult != r3.BayesResult || r1.Theta[123] != r3.Theta[123] {
		t.Errorf("seed 7 twice: %+v, %+v", r1.BayesResult, r3.BayesResult)
	}
	p1 := []float64{r1.PABetter, r1.PEquivalent, r1.PBBetter}
	p2 := []float64{r2.PABetter, r2.PEquivalent, r2.PBBetter}
	if s := p1[0] + p1[1] + p1[2]; math.Abs(s-1) > 1e-12 {
		t.Errorf("sum %v", s)
	}
	for i := range p1 {
		se := math.Sqrt(2 * (p1[i]*(1-p1[i]) + 1e-4) / 20000)
		if math.Abs(p1[i]-p2[i]) > 4*se {
			t.Errorf("seeds 7 and 8: %v vs %v (4 se = %v)", p1, p2, 4*se)
		}
	}
	if p1[0] < 0.5 {
		t.Errorf("mostly positive differences: %v", p1)
	}
	for _, th := range r1.Theta[:100] {
		if s := th[0] + th[1] + th[2]; math.Abs(s-1) > 1e-12 || th[0] < 0 || th[1] < 0 || th[2] < 0 {
			t.Fatalf("theta %v", th)
		}
	}
}

func TestSignedRankErrors(t *testing.T) {
	a, b := []float64{0.8, 0.82, 0.81}, []float64{0.7, 0.71, 0.7}
	for _, c := range []struct {
		name string
		a, b []float64
		opt  SignedRankOptions
		want error
	}{
		{"negative rope", a, b, SignedRankOptions{Rope: -1}, ErrInvalid},
		{"negative samples", a, b, SignedRankOptions{Samples: -1}, ErrInvalid},
		{"negative prior", a, b, SignedRankOptions{Prior: -1}, ErrInvalid},
		{"one data set", a[:1], b[:1], SignedRankOptions{}, ErrTooFew},
		{"Inf", []float64{math.Inf(1), 0.8, 0.8}, b, SignedRankOptions{}, ErrNotFinite},
	} {
		if _, err := SignedRank(c.a, c.b, c.opt); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}
