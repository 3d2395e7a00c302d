package hyptest_test

import (
	"fmt"
	"math"
	"sort"

	"github.com/evalkit-go/evalkit/hyptest"
)

// Zhou (2016) table 2.5: ranks of three algorithms on four data sets.
func ExampleFriedman() {
	ranks := [][]float64{{1, 2, 3}, {1, 2.5, 2.5}, {1, 2, 3}, {1, 2, 3}}
	r, err := hyptest.Friedman(ranks, hyptest.FriedmanOptions{LowerIsBetter: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("average ranks %v\n", r.AvgRanks)
	fmt.Printf("tau_F = %.3f, CD = %.3f\n", r.ImanDavenport, r.CD)
	// Output:
	// average ranks [1 2.125 2.875]
	// tau_F = 24.429, CD = 1.657
}

func ExampleMcNemar() {
	r, _ := hyptest.McNemar(10, 2, hyptest.McNemarOptions{})
	fmt.Printf("chi2 = %.4f, p = %.4f\n", r.Statistic, r.PValue)
	// Output:
	// chi2 = 4.0833, p = 0.0433
}

func ExampleStudentizedRange() {
	d := hyptest.StudentizedRange{K: 3, DF: 20}
	fmt.Printf("q(0.95; 3, 20) = %.4f\n", d.UpperQuantile(0.05))
	// Output:
	// q(0.95; 3, 20) = 3.5779
}

// Accuracies of two models on ten folds.
func ExampleWilcoxon() {
	a := []float64{0.86, 0.80, 0.86, 0.84, 0.83, 0.88, 0.85, 0.87, 0.81, 0.84}
	b := []float64{0.85, 0.77, 0.85, 0.83, 0.84, 0.86, 0.84, 0.85, 0.80, 0.835}
	r, _ := hyptest.Wilcoxon(a, b, hyptest.WilcoxonOptions{})
	fmt.Printf("T = %v, p = %.4f, exact: %v\n", r.Statistic, r.PValue, r.Exact)
	// The differences tie, so the normal approximation is used (scipy 1.10
	// wilcoxon(a, b, method="approx") gives the same 4.5 and 0.01634).
	// Output:
	// T = 4.5, p = 0.0163, exact: false
}

// Zhou §2.4.1: 28 errors on 200 test rows; is the error rate above 10 %?
func ExampleErrorRateBinomial() {
	r, _ := hyptest.ErrorRateBinomial(28, 200, 0.1, 0.05)
	fmt.Printf("p = %.4f, critical error rate %.3f, reject: %v\n", r.PValue, r.CriticalError, r.Reject)
	// Output:
	// p = 0.0434, critical error rate 0.135, reject: true
}

func ExampleTwoProportions() {
	r, _ := hyptest.TwoProportions(231, 2500, 262, 2400, hyptest.TwoSided, 0.95)
	n, _ := hyptest.SampleSize(hyptest.PowerZ, hyptest.CohenH(0.0924, 0.1124), 0.05, 0.8, 1, hyptest.TwoSided)
	fmt.Printf("diff = %.4f, z = %.3f, p = %.4f, 95%% CI [%.4f, %.4f]\n", r.Diff, r.Statistic, r.PValue, r.CI[0], r.CI[1])
	fmt.Printf("per group for 80%% power to detect +2 points: %.0f\n", math.Ceil(n))
	// statsmodels 0.13 NormalIndPower().solve_power gives 3600 too.
	// Output:
	// diff = 0.0168, z = 1.950, p = 0.0511, 95% CI [-0.0001, 0.0336]
	// per group for 80% power to detect +2 points: 3600
}

// A BCa interval for the median of a sample.
func ExampleResample() {
	x := []float64{3.1, 0.4, 2.2, 5.9, 1.0, 0.3, 2.8, 4.4, 1.7, 0.9, 2.5, 3.3}
	median := func(idx []int) float64 {
		v := make([]float64, len(idx))
		for i, j := range idx {
			v[i] = x[j]
		}
		sort.Float64s(v)
		n := len(v)
		return (v[(n-1)/2] + v[n/2]) / 2
	}
	bs := hyptest.Resample(len(x), 2000, 1, true, median)
	lo, hi, _ := bs.Percentile(0.95)
	fmt.Printf("median %.2f, percentile 95%% CI [%.2f, %.2f]\n", bs.Estimate, lo, hi)
	// Output:
	// median 2.35, percentile 95% CI [0.95, 3.20]
}

// pROC's own test of power.roc.test with binormal parameters (pROC
// 1.18.0, tests/testthat/test-power.roc.test.R): partial AUCs over FPR
// 0–0.2 differing by 0.037 need 107.0238 cases for power 0.8, and 107
// cases give power 0.7999286.
func ExampleROCDiffPower_SolveBinormal() {
	b := hyptest.BinormalPair{A1: 2.6, B1: 1, A2: 1.9, B2: 1, RCases: 0.6, RControls: 0.6, FPR: &[2]float64{0, 0.2}}
	n, err := hyptest.ROCDiffPower{Delta: 0.037, Cases: math.NaN(), Kappa: 1, SigLevel: 0.05, Power: 0.8}.SolveBinormal(b)
	if err != nil {
		panic(err)
	}
	p, _ := hyptest.ROCDiffPower{Delta: 0.037, Cases: 107, Kappa: 1, SigLevel: 0.05, Power: math.NaN()}.SolveBinormal(b)
	fmt.Printf("%s %.4f, %s %.7f\n", n.Solved, n.Cases, p.Solved, p.Power)
	// Output:
	// ncases 107.0238, power 0.7999286
}
