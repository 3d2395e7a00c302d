package regress

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// bigPrec is the precision of the reference sums: far beyond float64, so
// that the references below are exact to well under 1e-30.
const bigPrec = 512

func bf(x float64) *big.Float { return new(big.Float).SetPrec(bigPrec).SetFloat64(x) }

// refMoments returns Σ w and Σ w (x − x̄_w)², x̄_w the weighted mean,
// computed in big.Float.
func refMoments(x, w []float64) (sw, m2 float64) {
	s, s1 := bf(0), bf(0)
	for i, v := range x {
		s.Add(s, bf(w[i]))
		s1.Add(s1, new(big.Float).SetPrec(bigPrec).Mul(bf(w[i]), bf(v)))
	}
	mean := new(big.Float).SetPrec(bigPrec).Quo(s1, s)
	acc := bf(0)
	for i, v := range x {
		d := new(big.Float).SetPrec(bigPrec).Sub(bf(v), mean)
		d.Mul(d, d)
		acc.Add(acc, d.Mul(d, bf(w[i])))
	}
	sw, _ = s.Float64()
	m2, _ = acc.Float64()
	return sw, m2
}

// refSum returns Σ w f(x) in big.Float, f given as a big.Float function of
// exact inputs.
func refSum(n int, w []float64, f func(i int) *big.Float) float64 {
	acc := bf(0)
	for i := range n {
		acc.Add(acc, f(i).Mul(f(i), bf(w[i])))
	}
	v, _ := acc.Float64()
	return v
}

// TestCancellation checks the blocked sums and the moments against exact
// (big.Float) references on data built to defeat naive summation: targets
// with a large mean and a tiny spread (the variance of y, and so R², is
// then all cancellation), predictions with a large bias (the same for the
// variance of the residual: explained variance), residuals spanning
// sixteen orders of magnitude, large and zero weights; the rows are added
// in batches of random sizes to several states that are then merged, as
// the command-line reader does. Every measure built from them must agree
// to 1e-12 relative — far inside the 1e-9 of the oracle tests.
func TestCancellation(t *testing.T) {
	const n = 20000
	for _, off := range []float64{0, 1e6, 1e12} {
		for _, sigma := range []float64{1, 1e-4} {
			for _, bias := range []float64{0, 1e9} {
				for _, weighted := range []bool{false, true} {
					name := fmt.Sprintf("mean=%g/sd=%g/bias=%g/weighted=%v", off, sigma, bias, weighted)
					t.Run(name, func(t *testing.T) {
						rng := rand.New(rand.NewPCG(uint64(off)+1, uint64(sigma*1e6)))
						y, p, w := make([]float64, n), make([]float64, n), make([]float64, n)
						for i := range y {
							y[i] = off + sigma*rng.NormFloat64()
							// Residuals of every magnitude from 1e-8σ to 1e8σ.
							scale := math.Pow(10, float64(rng.IntN(17)-8))
							p[i] = y[i] - bias - sigma*scale*rng.NormFloat64()
							w[i] = 1
							if weighted {
								w[i] = []float64{0, 0.5, 3, 1e6}[rng.IntN(4)]
							}
						}
						var wts []float64
						if weighted {
							wts = w
						}
						var s *State
						for lo := 0; lo < n; {
							part := New(StateOptions{})
							for end := min(n, lo+1+rng.IntN(5000)); lo < end; {
								hi := min(end, lo+1+rng.IntN(700))
								var wb []float64
								if wts != nil {
									wb = wts[lo:hi]
								}
								if err := part.AddBatch(y[lo:hi], p[lo:hi], wb); err != nil {
									t.Fatal(err)
								}
								lo = hi
							}
							if s == nil {
								s = part
							} else {
								s.Merge(part)
							}
						}
						d := make([]float64, n)
						for i := range d {
							d[i] = y[i] - p[i]
						}
						sw, m2y := refMoments(y, w)
						_, m2d := refMoments(d, w)
						sq := refSum(n, w, func(i int) *big.Float { x := bf(d[i]); return x.Mul(x, x) })
						abs := refSum(n, w, func(i int) *big.Float { return bf(math.Abs(d[i])) })
						check := func(what string, got, want float64) {
							t.Helper()
							if math.Abs(got-want) > 1e-12*math.Abs(want) {
								t.Errorf("%s = %v, want %v (relative error %.2g)", what, got, want, math.Abs(got-want)/math.Abs(want))
							}
						}
						check("Σw", s.WeightSum(), sw)
						check("Σw(y−ȳ)²", s.y.m2(&s.w), m2y)
						check("Σw(d−d̄)²", s.d.m2(&s.w), m2d)
						mse, _ := s.MSE()
						check("MSE", mse, sq/sw)
						mae, _ := s.MAE()
						check("MAE", mae, abs/sw)
						r2, _ := s.R2()
						check("1 − R²", 1-r2, sq/m2y)
						ev, _ := s.ExplainedVariance()
						check("1 − explained variance", 1-ev, m2d/m2y)
					})
				}
			}
		}
	}
}
