package regress

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// MSE's interval is the bootstrap-t interval of the per-row squared
// errors, MAE's of the absolute errors (checked against a studentized
// bootstrap of the rows computed here directly, replicate b drawing from
// PCG(seed, b)), RMSE's the square roots of MSE's; without kept values
// they are the t-intervals of the rows. The bootstrap is the same bits on
// any number of workers.
func TestAddIntervals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := New(StateOptions{KeepValues: true})
	var sq, ab []float64
	for range 300 {
		x := rng.NormFloat64()
		y := x + 0.5*rng.NormFloat64()
		if err := s.Add(y, x); err != nil {
			t.Fatal(err)
		}
		sq = append(sq, (y-x)*(y-x))
		ab = append(ab, math.Abs(y-x))
	}
	tci := func(x []float64) hyptest.Interval {
		m, v := 0.0, 0.0
		for _, a := range x {
			m += a
		}
		m /= float64(len(x))
		for _, a := range x {
			v += (a - m) * (a - m)
		}
		iv, _ := hyptest.MeanCI(float64(len(x)), m, v/float64(len(x)-1), 0.95)
		return iv
	}
	boott := func(x []float64, seed uint64, b int) hyptest.Interval {
		mse := func(idx func(int) int) (m, se float64) {
			n := float64(len(x))
			for i := range x {
				m += x[idx(i)]
			}
			m /= n
			var v float64
			for i := range x {
				d := x[idx(i)] - m
				v += d * d
			}
			return m, math.Sqrt(v / (n - 1) / n)
		}
		est, se := mse(func(i int) int { return i })
		ts := make([]float64, b)
		for r := range ts {
			rng := rand.New(rand.NewPCG(seed, uint64(r)))
			idx := make([]int, len(x))
			for i := range idx {
				idx[i] = rng.IntN(len(x))
			}
			m, s := mse(func(i int) int { return idx[i] })
			ts[r] = (m - est) / s
		}
		iv, err := hyptest.StudentizedMeanCI(est, se, ts, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		return iv
	}
	get := func(workers int) *Intervals {
		iv, err := s.Intervals(hyptest.CIOptions{Seed: 4, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return iv
	}
	iv1, iv3 := get(1), get(3)
	for _, k := range []string{"r2", "mse", "mae", "mape"} {
		if iv3.Intervals[k] != iv1.Intervals[k] {
			t.Errorf("%s: 3 workers %+v, 1 worker %+v", k, iv3.Intervals[k], iv1.Intervals[k])
		}
	}
	bounded := New(StateOptions{})
	for i := range sq {
		// The same residuals (sign and all) with y = |d|, ŷ = 0 … only d matters.
		if err := bounded.Add(ab[i], 0); err != nil {
			t.Fatal(err)
		}
	}
	biv, err := bounded.Intervals(hyptest.CIOptions{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]hyptest.Interval{"mse": tci(sq), "mae": tci(ab)} {
		got := biv.Intervals[key]
		if math.Abs(got.Low-want.Low) > 1e-9*math.Abs(want.Low) || math.Abs(got.High-want.High) > 1e-9*math.Abs(want.High) || got.Method != hyptest.CIT {
			t.Errorf("bounded memory: %s: %+v, t-interval of the rows %+v", key, got, want)
		}
	}
	rep := s.Report(0)
	r := &rep
	r.SetIntervals(iv1, nil)
	for key, want := range map[string]hyptest.Interval{"mse": boott(sq, 4, 1000), "mae": boott(ab, 4, 1000)} {
		got := r.Intervals[key]
		if math.Abs(got.Low-want.Low) > 1e-9*math.Abs(want.Low) || math.Abs(got.High-want.High) > 1e-9*math.Abs(want.High) || got.Method != hyptest.CIBootT {
			t.Errorf("%s: %+v, bootstrap-t of the rows %+v", key, got, want)
		}
	}
	if got := r.Intervals["rmse"]; got.Low != math.Sqrt(r.Intervals["mse"].Low) || got.High != math.Sqrt(r.Intervals["mse"].High) {
		t.Errorf("rmse %+v", got)
	}
	if iv := r.Intervals["r2"]; !(iv.Low < r.R2 && r.R2 < iv.High) || iv.Method != hyptest.CIBCa {
		t.Errorf("r2 %v: %+v", r.R2, iv)
	}
	if _, err := s.Intervals(hyptest.CIOptions{}); !errors.Is(err, ErrReordered) {
		t.Errorf("after Report: %v, want ErrReordered", err)
	}
}

// Coverage of the 95% intervals of MSE (bootstrap-t) and R² (BCa
// bootstrap; BCa up to 2000 rows) over 1000 simulated data sets: y = x + e,
// x ~ N(0, 1), e ~ N(0, 0.6²), ŷ = x, so MSE = 0.36 and R² = 1 − 0.36/1.36.
// MSE's interval is the bootstrap-t (the t-interval covered 92.4% at
// n = 50: squared errors are skewed).
// 200 bootstrap replicates per data set (1000 in the CLI). The n = 2000
// case takes about a minute on a loaded machine: it runs in CI (CI set)
// or with EVALKIT_COVERAGE=1.
func TestCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	const sigma = 0.6
	truth := map[string]float64{"mse": sigma * sigma, "r2": 1 - sigma*sigma/(1+sigma*sigma)}
	for _, n := range []int{50, 2000} {
		if n > 1000 && os.Getenv("EVALKIT_COVERAGE") == "" && os.Getenv("CI") == "" {
			continue
		}
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2026, uint64(n)))
			hits := map[string]int{}
			const nsim = 1000
			s := New(StateOptions{KeepValues: true})
			for k := range nsim {
				s.Reset()
				for range n {
					x := rng.NormFloat64()
					s.Add(x+sigma*rng.NormFloat64(), x)
				}
				iv, err := s.Intervals(hyptest.CIOptions{Seed: uint64(k), Bootstrap: 200})
				if err != nil {
					t.Fatal(err)
				}
				r := &Report{Intervals: iv.Intervals}
				for key, v := range truth {
					if r.Intervals[key].Contains(v) {
						hits[key]++
					}
				}
			}
			for _, key := range []string{"mse", "r2"} {
				c := float64(hits[key]) / nsim
				t.Logf("n = %d  %-4s coverage %.3f", n, key, c)
				lo := 0.93
				if !(c >= lo && c <= 0.97) {
					t.Errorf("n = %d: %s covers %.3f, want %.2f–0.97", n, key, c, lo)
				}
			}
		})
	}
}
