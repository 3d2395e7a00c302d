package resample

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Bootstrap draws b bootstrap samples of n rows: each training set is n
// rows drawn uniformly with replacement (ascending, repeats kept), and its
// test set is the out-of-bag rows, those never drawn. A row is out of bag
// with probability (1 − 1/n)ⁿ → e⁻¹ ≈ 0.368. It returns ErrTooFewRows when
// n < 2 and panics if b < 1.
func Bootstrap(n, b int, seed uint64) ([]Split, error) {
	if b < 1 {
		panic(fmt.Sprintf("resample: %d bootstrap samples, need at least 1", b))
	}
	if n < 2 {
		return nil, fmt.Errorf("%w: the bootstrap needs at least 2 rows, have %d", ErrTooFewRows, n)
	}
	r := newRNG(seed)
	out := make([]Split, b)
	counts := make([]int, n)
	for s := range out {
		clear(counts)
		for range n {
			counts[r.intn(n)]++
		}
		out[s] = fromCounts(counts)
	}
	return out, nil
}

// fromCounts turns draw counts into a split: row i appears counts[i] times
// in Train and is in Test when counts[i] is 0.
func fromCounts(counts []int) Split {
	var s Split
	s.Train = make([]int, 0, len(counts))
	for i, c := range counts {
		if c == 0 {
			s.Test = append(s.Test, i)
		}
		for range c {
			s.Train = append(s.Train, i)
		}
	}
	return s
}

// Counts returns how many times each of the n rows occurs in s.Train — the
// form `evalkit split --bootstrap` writes, usable as row weights.
func (s Split) Counts(n int) []int {
	c := make([]int, n)
	for _, i := range s.Train {
		c[i]++
	}
	return c
}

// Estimate632 is Efron's (1983) .632 bootstrap estimate of the error,
//
//	Err.632 = 0.368·err + 0.632·Err¹
//
// where err is the resubstitution (training) error of a model trained on
// all the data and Err¹ is the leave-one-out bootstrap (out-of-bag) error.
func Estimate632(errTrain, errOOB float64) float64 {
	return (1-w632)*errTrain + w632*errOOB
}

const w632 = 1 - 0.368 // Efron's rounded 1 − e⁻¹, as every implementation uses

// Estimate632Plus is Efron & Tibshirani's (1997) .632+ estimate, which
// corrects .632 for overfitting. With γ the no-information error rate
// (see [NoInformationRate]),
//
//	Err¹' = min(Err¹, γ)
//	R     = (Err¹' − err)/(γ − err)   if Err¹' > err and γ > err, else 0
//	w     = 0.632 / (1 − 0.368·R)
//	Err.632+ = (1 − w)·err + w·Err¹'
//
// R ∈ [0, 1] is the relative overfitting rate; R = 0 gives Err.632 (with
// Err¹'), R = 1 gives Err¹'. NaN inputs give NaN.
func Estimate632Plus(errTrain, errOOB, gamma float64) float64 {
	e1 := math.Min(errOOB, gamma)
	r := 0.0
	if e1 > errTrain && gamma > errTrain {
		r = (e1 - errTrain) / (gamma - errTrain)
	}
	w := w632 / (1 - (1-w632)*r)
	return (1-w)*errTrain + w*e1
}

// NoInformationRate is γ of the .632+ estimator for 0-1 loss: the error
// expected if inputs and labels were independent,
//
//	γ = Σ_c p_c (1 − q_c)
//
// where p_c is the share of class c among y and q_c its share among the
// predictions pred (of a model trained on all the data). y and pred are
// class codes; it panics if their lengths differ or are zero.
func NoInformationRate(y, pred []int) float64 {
	if len(y) != len(pred) || len(y) == 0 {
		panic(fmt.Sprintf("resample: NoInformationRate of %d labels and %d predictions", len(y), len(pred)))
	}
	p, q := map[int]float64{}, map[int]float64{}
	for i := range y {
		p[y[i]]++
		q[pred[i]]++
	}
	n := float64(len(y))
	classes := slices.Sorted(maps.Keys(p))
	var g fsum.Sum
	for _, c := range classes {
		g.Add(p[c] / n * (1 - q[c]/n))
	}
	return g.Value()
}
