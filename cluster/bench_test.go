package cluster

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSizes runs f for each size n, reporting rows/s.
func benchSizes(b *testing.B, sizes []int, f func(b *testing.B, n int)) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			f(b, n)
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func benchLabels(n int) (truth, pred []int) {
	rng := rand.New(rand.NewPCG(1, 1))
	truth, pred = make([]int, n), make([]int, n)
	for i := range truth {
		truth[i] = rng.IntN(20)
		pred[i] = truth[i]
		if rng.IntN(10) < 3 {
			pred[i] = rng.IntN(25)
		}
	}
	return
}

func benchFeatures(n, dim, k int) ([]float64, []int) {
	rng := rand.New(rand.NewPCG(2, 2))
	labels := make([]int, n)
	x := make([]float64, n*dim)
	for i := range labels {
		labels[i] = rng.IntN(k)
		for t := range dim {
			x[i*dim+t] = rng.NormFloat64() + float64((labels[i]*7+t)%5)
		}
	}
	return x, labels
}

// BenchmarkExternal: building the contingency table row by row and every
// external index from it (AMI's expected mutual information included).
func BenchmarkExternal(b *testing.B) {
	benchSizes(b, []int{1e3, 1e5, 1e7}, func(b *testing.B, n int) {
		truth, pred := benchLabels(n)
		b.ResetTimer()
		for range b.N {
			var t Contingency
			for i := range truth {
				t.Add(truth[i], pred[i], 1)
			}
			if _, err := t.External(1); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSilhouette: the O(n²) pass (silhouette, avg, diam, d_min) on
// 16 features, 10 clusters, all cores.
func BenchmarkSilhouette(b *testing.B) {
	benchSizes(b, []int{1e3, 5e3, 2e4}, func(b *testing.B, n int) {
		x, labels := benchFeatures(n, 16, 10)
		b.ResetTimer()
		for range b.N {
			if _, err := EvaluateInternal(x, 16, labels, InternalOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCentroidIndices: Davies–Bouldin and Calinski–Harabasz (O(n·d))
// on 16 features, 10 clusters.
func BenchmarkCentroidIndices(b *testing.B) {
	benchSizes(b, []int{1e3, 1e5, 1e6}, func(b *testing.B, n int) {
		x, labels := benchFeatures(n, 16, 10)
		b.ResetTimer()
		for range b.N {
			if _, err := EvaluateInternal(x, 16, labels, InternalOptions{MaxPairwise: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
