package regress

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkState measures adding rows and computing every measure, with
// and without the kept values, reporting rows/s.
func BenchmarkState(b *testing.B) {
	for _, n := range []int{1e3, 1e5, 1e6} {
		rng := rand.New(rand.NewPCG(1, 1))
		y, p := make([]float64, n), make([]float64, n)
		for i := range y {
			y[i] = rng.ExpFloat64() * 10
			p[i] = y[i] + rng.NormFloat64()
			if p[i] < 0 {
				p[i] = 0.01
			}
		}
		for _, keep := range []bool{false, true} {
			b.Run(fmt.Sprintf("n=%d/keep=%v", n, keep), func(b *testing.B) {
				for b.Loop() {
					s := New(Options{KeepValues: keep, MAPEEpsilon: 1e-12})
					for i := range y {
						s.Add(y[i], p[i])
					}
					_ = s.Report(0)
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}
