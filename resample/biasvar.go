package resample

import (
	"fmt"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/learn"
)

// Decomposition is the bias–variance decomposition of a learner's expected
// loss on a test set, estimated by training it on Rounds bootstrap samples
// of the training set (seed 001 §8). For each test point x with target t,
// the main prediction y_m is the mean of the Rounds predictions (squared
// loss) or their most frequent class (0-1 loss; the lowest class on a tie),
// and, with y one round's prediction and E the mean over rounds:
//
// Squared loss:
//
//	loss = E[(y − t)²],  bias = (y_m − t)²,  variance = E[(y − y_m)²]
//	loss = bias + variance exactly (noise is not separated: the test
//	target is taken as the truth).
//
// 0-1 loss (Domingos 2000, "A unified bias-variance decomposition"):
//
//	loss = P(y ≠ t),  bias B = [y_m ≠ t],  variance V = P(y ≠ y_m)
//	loss = B + c·V, where c = 1 if B = 0 and c = −P(y = t | y ≠ y_m)
//	if B = 1 (c = −1 with two classes).
//
// Variance on unbiased points adds to the loss and variance on biased
// points reduces it. All fields are means over the test points:
// UnbiasedVariance = mean of (1−B)·V, BiasedVariance = mean of B·V (both
// before the factor c), NetVariance = mean of c·V, so that
// Loss = Bias + NetVariance exactly. For squared loss NetVariance equals
// Variance and the other two are zero.
type Decomposition struct {
	Loss             string  `json:"loss"` // "squared" or "zero_one"
	Rounds           int     `json:"rounds"`
	TestRows         int     `json:"test_rows"`
	ExpectedLoss     float64 `json:"expected_loss"`
	Bias             float64 `json:"bias"` // squared bias for squared loss
	Variance         float64 `json:"variance"`
	NetVariance      float64 `json:"net_variance"`
	UnbiasedVariance float64 `json:"unbiased_variance"`
	BiasedVariance   float64 `json:"biased_variance"`
}

// BiasVariance estimates the decomposition of loss for the models from
// newModel trained on rounds bootstrap samples of train (drawn with seed)
// and evaluated on test, fitting up to c.Workers models at once. Results do
// not depend on the number of workers. For 0-1 loss the data must be
// classification data. It panics if rounds < 1 or the loss does not fit
// the data.
func BiasVariance(newModel func() learn.Model, train, test learn.Data, loss Loss, rounds int, seed uint64, c Config) (*Decomposition, error) {
	if loss == ZeroOneLoss && train.Classes == 0 {
		panic("resample: 0-1 loss needs classification data")
	}
	if err := test.Check(); err != nil {
		return nil, fmt.Errorf("test set: %w", err)
	}
	boots, err := Bootstrap(len(train.Y), rounds, seed)
	if err != nil {
		return nil, err
	}
	preds := make([][]float64, rounds)
	err = runJobs(rounds, c, func(r int) error {
		m := newModel()
		if err := m.Fit(train.Subset(boots[r].Train)); err != nil {
			return fmt.Errorf("bootstrap round %d: fit: %w", r+1, err)
		}
		preds[r] = m.Predict(test.X)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return decompose(preds, test.Y, loss, test.Classes), nil
}

// decompose computes the decomposition from preds[round][point].
func decompose(preds [][]float64, y []float64, loss Loss, classes int) *Decomposition {
	rounds, n := len(preds), len(y)
	var lossSum, biasSum, varSum, netSum, unbSum, bSum fsum.Sum
	col := make([]float64, rounds)
	votes := make([]int, classes)
	for i := range n {
		for r := range rounds {
			col[r] = preds[r][i]
		}
		t := y[i]
		var main float64
		if loss == SquaredLoss {
			main = fsum.Of(col) / float64(rounds)
		} else {
			clear(votes)
			for _, p := range col {
				votes[int(p)]++
			}
			best := 0
			for c, v := range votes {
				if v > votes[best] {
					best = c
				}
			}
			main = float64(best)
		}
		var l, v fsum.Sum
		hitGivenOff, off := 0, 0
		for _, p := range col {
			l.Add(loss.Of(t, p))
			v.Add(loss.Of(main, p))
			if p != main {
				off++
				if p == t {
					hitGivenOff++
				}
			}
		}
		li, vi := l.Value()/float64(rounds), v.Value()/float64(rounds)
		bi := loss.Of(t, main)
		lossSum.Add(li)
		biasSum.Add(bi)
		varSum.Add(vi)
		switch {
		case loss == SquaredLoss:
			netSum.Add(vi)
		case bi == 0:
			unbSum.Add(vi)
			netSum.Add(vi)
		default:
			bSum.Add(vi)
			if off > 0 {
				// c·V = −P(y = t | y ≠ y_m)·P(y ≠ y_m) = −P(y = t)
				netSum.Add(-float64(hitGivenOff) / float64(rounds))
			}
		}
	}
	fn := float64(n)
	return &Decomposition{Loss: loss.String(), Rounds: rounds, TestRows: n,
		ExpectedLoss: lossSum.Value() / fn, Bias: biasSum.Value() / fn, Variance: varSum.Value() / fn,
		NetVariance: netSum.Value() / fn, UnbiasedVariance: unbSum.Value() / fn, BiasedVariance: bSum.Value() / fn}
}
