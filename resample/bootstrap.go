package resample

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/learn"
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

// NoInformation is γ of the .632+ estimator: the loss expected if inputs
// and targets were independent, the mean loss over all n² pairings of a
// target with a prediction (Efron & Tibshirani 1997, eq. 27),
//
//	γ = (1/n²) Σ_i Σ_j L(y_i, ŷ_j)
//
// where ŷ are the predictions, on the same rows, of a model trained on all
// the data. For 0-1 loss that is Σ_c p_c(1 − q_c), with p_c and q_c the
// shares of class c among targets and predictions; for squared loss it is
// mean(y²) − 2·mean(y)·mean(ŷ) + mean(ŷ²). It takes O(n) time. It panics if
// the lengths differ or are zero.
func NoInformation(loss Loss, y, pred []float64) float64 {
	if len(y) != len(pred) || len(y) == 0 {
		panic(fmt.Sprintf("resample: NoInformation of %d targets and %d predictions", len(y), len(pred)))
	}
	n := float64(len(y))
	if loss == SquaredLoss {
		var sy, sy2, sp, sp2 fsum.Sum
		for i := range y {
			sy.Add(y[i])
			sy2.Add(y[i] * y[i])
			sp.Add(pred[i])
			sp2.Add(pred[i] * pred[i])
		}
		return sy2.Value()/n - 2*(sy.Value()/n)*(sp.Value()/n) + sp2.Value()/n
	}
	p, q := map[float64]float64{}, map[float64]float64{}
	for i := range y {
		p[y[i]]++
		q[pred[i]]++
	}
	var g fsum.Sum
	for _, c := range slices.Sorted(maps.Keys(p)) {
		g.Add(p[c] / n * (1 - q[c]/n))
	}
	return g.Value()
}

// BootstrapEstimate holds the bootstrap estimates of a model's prediction
// error.
type BootstrapEstimate struct {
	Loss     string  `json:"loss"`
	Rounds   int     `json:"rounds"`
	Train    float64 `json:"train"`     // err: resubstitution error of a model trained on all rows
	OOB      float64 `json:"oob"`       // Err¹: leave-one-out bootstrap error
	Gamma    float64 `json:"gamma"`     // γ: no-information error
	E632     float64 `json:"e632"`      // Err.632
	E632Plus float64 `json:"e632_plus"` // Err.632+
	Covered  int     `json:"oob_rows"`  // rows out of bag at least once (Err¹ averages over them)
}

// BootstrapError estimates the prediction error of the models from
// newModel on d by the bootstrap: a model trained on all rows gives the
// resubstitution error err and the predictions for γ ([NoInformation]);
// rounds models trained on bootstrap samples (drawn with seed) give Efron's
// leave-one-out bootstrap error
//
//	Err¹ = (1/n') Σ_i  mean over rounds where i is out of bag of L(y_i, ŷ_i)
//
// over the n' rows out of bag at least once; then [Estimate632] and
// [Estimate632Plus]. It panics if rounds < 1.
func BootstrapError(newModel func() learn.Model, d learn.Data, loss Loss, rounds int, seed uint64, c Config) (*BootstrapEstimate, error) {
	n := len(d.Y)
	boots, err := Bootstrap(n, rounds, seed)
	if err != nil {
		return nil, err
	}
	all := newModel()
	if err := all.Fit(d); err != nil {
		return nil, fmt.Errorf("all rows: fit: %w", err)
	}
	fitted := all.Predict(d.X)
	var resub fsum.Sum
	for i := range d.Y {
		resub.Add(loss.Of(d.Y[i], fitted[i]))
	}
	oobLoss := make([][]float64, rounds) // per round, loss of each out-of-bag row
	err = runJobs(rounds, c, func(r int) error {
		m := newModel()
		if err := m.Fit(d.Subset(boots[r].Train)); err != nil {
			return fmt.Errorf("bootstrap round %d: fit: %w", r+1, err)
		}
		test := d.Subset(boots[r].Test)
		p := m.Predict(test.X)
		ls := make([]float64, len(p))
		for j := range p {
			ls[j] = loss.Of(test.Y[j], p[j])
		}
		oobLoss[r] = ls
		return nil
	})
	if err != nil {
		return nil, err
	}
	sum := make([]fsum.Sum, n)
	cnt := make([]int, n)
	for r, b := range boots {
		for j, i := range b.Test {
			sum[i].Add(oobLoss[r][j])
			cnt[i]++
		}
	}
	var e1 fsum.Sum
	covered := 0
	for i := range n {
		if cnt[i] > 0 {
			e1.Add(sum[i].Value() / float64(cnt[i]))
			covered++
		}
	}
	est := &BootstrapEstimate{Loss: loss.String(), Rounds: rounds, Train: resub.Value() / float64(n),
		Gamma: NoInformation(loss, d.Y, fitted), Covered: covered}
	if covered == 0 {
		return nil, fmt.Errorf("%w: no row was ever out of bag in %d rounds", ErrTooFewRows, rounds)
	}
	est.OOB = e1.Value() / float64(covered)
	est.E632 = Estimate632(est.Train, est.OOB)
	est.E632Plus = Estimate632Plus(est.Train, est.OOB, est.Gamma)
	return est, nil
}
