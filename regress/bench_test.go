package regress

import (
	"fmt"
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
