package regress_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/regress"
)

// The one-call functions take targets, predictions and optional weights,
// like scikit-learn's. (Expected values: scikit-learn 1.2.1 docstrings.)
func ExampleR2() {
	y := []float64{3, -0.5, 2, 7}
	yhat := []float64{2.5, 0.0, 2, 8}
	mse, _ := regress.MSE(y, yhat, nil)
	r2, _ := regress.R2(y, yhat, nil)
	fmt.Printf("MSE %.4f  R² %.4f\n", mse, r2)
	// Output: MSE 0.3750  R² 0.9486
}

// A zero target makes MAPE an error naming the row, unless an epsilon
// bounds the denominator.
func ExampleMAPE() {
	y := []float64{1, 0, 2.4, 7}
	yhat := []float64{1.2, 0.1, 2.4, 8}
	_, err := regress.MAPE(y, yhat, nil, 0)
	fmt.Println(err)
	v, _ := regress.MAPE(y, yhat, nil, 2.220446049250313e-16) // scikit-learn's ε
	fmt.Printf("%.6g\n", v)
	// Output:
	// row 1: a zero target under MAPE (an epsilon, regress.StateOptions.MAPEEpsilon, bounds the denominator)
	// 1.1259e+14
}

// A State accumulates rows in batches (or on several machines) and merges;
// every measure is computed from it.
func ExampleState() {
	opt := regress.StateOptions{KeepValues: true} // for the median absolute error
	a, b := regress.New(opt), regress.New(opt)
	a.Add(3, 2.5)
	a.Add(-0.5, 0)
	b.Add(2, 2)
	b.Add(7, 8)
	a.Merge(b)
	mae, _ := a.MAE()
	medae, _ := a.MedAE()
	ev, _ := a.ExplainedVariance()
	fmt.Printf("n %d  MAE %.2f  MedAE %.2f  EV %.4f\n", a.N(), mae, medae, ev)
	// Output: n 4  MAE 0.50  MedAE 0.50  EV 0.9572
}

// Multi-output targets combine per-output values raw, uniformly or
// weighted by each output's variance (scikit-learn 1.2.1 r2_score:
// 0.9654, 0.9082 raw and 0.9383 variance_weighted).
func ExampleScoreMulti() {
	y := [][]float64{{0.5, 1}, {-1, 1}, {7, -6}}
	yhat := [][]float64{{0, 2}, {-1, 2}, {8, -5}}
	raw, _ := regress.ScoreMulti(y, yhat, nil, regress.StateOptions{}, (*regress.State).R2, regress.Raw)
	vw, _ := regress.ScoreMulti(y, yhat, nil, regress.StateOptions{}, (*regress.State).R2, regress.VarianceWeighted)
	fmt.Printf("raw %.4f  variance-weighted %.4f\n", raw, vw[0])
	// Output: raw [0.9654 0.9082]  variance-weighted 0.9383
}

// Rows can carry positions, such as their input lines: errors name the
// row by position, and states filled from chunks of a file — on several
// goroutines, merged in any order — name the first offending row of the
// file.
func ExampleState_AddBatchAt() {
	name := func(line int64) string { return fmt.Sprintf("data.csv:%d", line) }
	early, late := regress.New(regress.StateOptions{}), regress.New(regress.StateOptions{})
	early.SetRowName(name)
	late.SetRowName(name)
	early.AddBatchAt([]float64{4, 0, 2}, []float64{3, 1, 2}, nil, []int64{2, 3, 5}) // lines 2, 3, 5
	late.AddBatchAt([]float64{0, 1}, []float64{1, 1}, nil, []int64{6, 7})
	late.Merge(early) // the later chunk finished first
	_, err := late.MAPE()
	fmt.Println(err)
	// Output: data.csv:3: a zero target under MAPE (an epsilon, regress.StateOptions.MAPEEpsilon, bounds the denominator)
}
