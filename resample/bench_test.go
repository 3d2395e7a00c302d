package resample

import (
	"fmt"
	"testing"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
)

func benchSizes(b *testing.B, run func(b *testing.B, n int)) {
	for _, n := range []int{1_000, 100_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			run(b, n)
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func BenchmarkKFold(b *testing.B) {
	benchSizes(b, func(b *testing.B, n int) {
		for b.Loop() {
			KFold(n, 10, Options{Shuffle: true, Seed: 1})
		}
	})
}

func BenchmarkStratifiedKFold(b *testing.B) {
	benchSizes(b, func(b *testing.B, n int) {
		y := make([]int, n)
		for i := range y {
			y[i] = (i * 7919) % 5
		}
		b.ResetTimer()
		for b.Loop() {
			StratifiedKFold(y, 10, Options{})
		}
	})
}

func BenchmarkGroupKFold(b *testing.B) {
	benchSizes(b, func(b *testing.B, n int) {
		g := make([]int, n)
		for i := range g {
			g[i] = (i * 7919) % (n/10 + 1)
		}
		b.ResetTimer()
		for b.Loop() {
			GroupKFold(g, 10)
		}
	})
}

func BenchmarkBootstrap(b *testing.B) {
	benchSizes(b, func(b *testing.B, n int) {
		for b.Loop() {
			Bootstrap(n, 1, 1)
		}
	})
}

// BenchmarkCrossValidate: 10-fold CV of logistic regression on the breast
// cancer data, 1 and 2 workers.
func BenchmarkCrossValidate(b *testing.B) {
	d := datasets.BreastCancer().Data
	y := make([]int, len(d.Y))
	for i, v := range d.Y {
		y[i] = int(v)
	}
	f, _ := StratifiedKFold(y, 10, Options{})
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				CrossValidate(func() learn.Model { return learn.Standardize(&learn.Logistic{}) }, d, f.Splits(), []Measure{Accuracy}, Config{Workers: w})
			}
			b.ReportMetric(float64(len(d.Y))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
