package regress

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/internal/benchcpu"
)

// benchSizes are the row counts of the benchmarks (10⁷ rows is what
// bench/regress.sh runs end to end through the CLI).
var benchSizes = []int{1e3, 1e5, 1e6}

func benchData(n int) (y, p []float64) {
	rng := rand.New(rand.NewPCG(1, 1))
	y, p = make([]float64, n), make([]float64, n)
	for i := range y {
		y[i] = rng.ExpFloat64() * 10
		p[i] = y[i] + rng.NormFloat64()
		if p[i] < 0 {
			p[i] = 0.01
		}
	}
	return y, p
}

// BenchmarkState adds rows one at a time or in batches of 4096, with and
// without the kept values, and computes every measure; it reports rows/s
// and the CPU time per row.
func BenchmarkState(b *testing.B) {
	for _, n := range benchSizes {
		y, p := benchData(n)
		for _, batch := range []bool{false, true} {
			for _, keep := range []bool{false, true} {
				b.Run(fmt.Sprintf("n=%d/batch=%v/keep=%v", n, batch, keep), func(b *testing.B) {
					cpu := benchcpu.Start()
					for b.Loop() {
						s := New(StateOptions{KeepValues: keep, MAPEEpsilon: 1e-12})
						if batch {
							for lo := 0; lo < n; lo += 4096 {
								hi := min(n, lo+4096)
								s.AddBatch(y[lo:hi], p[lo:hi], nil)
							}
						} else {
							for i := range y {
								s.Add(y[i], p[i])
							}
						}
						_ = s.Report(0)
					}
					cpu.Report(b, n)
				})
			}
		}
	}
}

// BenchmarkMedian measures the exact median of n values (band selection).
func BenchmarkMedian(b *testing.B) {
	for _, n := range benchSizes {
		y, _ := benchData(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cpu := benchcpu.Start()
			for b.Loop() {
				median(y)
			}
			cpu.Report(b, n)
		})
	}
}

// BenchmarkFoldOnlyDeviances measures FoldOnly and the score of each
// deviance (Tweedie at power 1.5) on 10⁶ rows as bench/python.py draws
// them: y ~ Γ(2, 1) + 0.01, ŷ = y·e^{0.3 N(0, 1)}.
func BenchmarkFoldOnlyDeviances(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 1000000
	y, p := make([]float64, n), make([]float64, n)
	for i := range y {
		y[i] = rng.ExpFloat64() + rng.ExpFloat64() + 0.01
		p[i] = y[i] * math.Exp(0.3*rng.NormFloat64())
	}
	for _, key := range []string{"poisson_deviance", "gamma_deviance", "tweedie_deviance", "d2_tweedie"} {
		var f func(*State) (float64, error)
		for _, sp := range Specs {
			if sp.Key == key {
				f = sp.F
			}
		}
		b.Run(key, func(b *testing.B) {
			cpu := benchcpu.Start()
			for b.Loop() {
				m, err := FoldOnly([]string{key}, false, StateOptions{Power: 1.5}, [][]float64{y}, [][]float64{p}, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := m.Score(f, Raw); err != nil {
					b.Fatal(err)
				}
				m.Release()
			}
			cpu.Report(b, n)
		})
	}
}
