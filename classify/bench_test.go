package classify

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSizes are the row counts of every benchmark, 1e3…1e7.
var benchSizes = []int{1e3, 1e4, 1e5, 1e6, 1e7}

// forSizes runs fn for each size and reports rows per second.
func forSizes(b *testing.B, fn func(b *testing.B, n int)) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			fn(b, n)
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func benchIndices(n, k int) (yt, yp []int) {
	rng := rand.New(rand.NewPCG(1, 1))
	yt, yp = make([]int, n), make([]int, n)
	for i := range yt {
		yt[i] = rng.IntN(k)
		yp[i] = yt[i]
		if rng.IntN(3) == 0 {
			yp[i] = rng.IntN(k)
		}
	}
	return
}

// Adding class indices to the confusion accumulator.
func BenchmarkConfusionAdd(b *testing.B) {
	forSizes(b, func(b *testing.B, n int) {
		yt, yp := benchIndices(n, 10)
		for b.Loop() {
			c := NewConfusion(10)
			for i := range yt {
				c.Add(yt[i], yp[i])
			}
		}
	})
}

// Adding weighted rows (compensated sums).
func BenchmarkConfusionAddWeighted(b *testing.B) {
	forSizes(b, func(b *testing.B, n int) {
		yt, yp := benchIndices(n, 10)
		for b.Loop() {
			c := NewConfusion(10)
			for i := range yt {
				c.AddWeighted(yt[i], yp[i], 0.5)
			}
		}
	})
}

// Adding string labels (the CLI's path: label lookup, then the count).
func BenchmarkTallyAdd(b *testing.B) {
	forSizes(b, func(b *testing.B, n int) {
		yt, yp := benchIndices(n, 10)
		names := make([][]byte, 10)
		for i := range names {
			names[i] = []byte(fmt.Sprintf("class_%d", i))
		}
		for b.Loop() {
			t := NewTally(nil)
			for i := range yt {
				t.Add(names[yt[i]], names[yp[i]], -1)
			}
		}
	})
}

// The whole report from a 10-class matrix (independent of n).
func BenchmarkReport(b *testing.B) {
	yt, yp := benchIndices(1e5, 10)
	c, _ := FromIndices(yt, yp, 10, nil)
	labels := make([]string, 10)
	for i := range labels {
		labels[i] = fmt.Sprint(i)
	}
	for b.Loop() {
		if _, err := NewReport(labels, c, Options{PosLabel: "1"}); err != nil {
			b.Fatal(err)
		}
	}
}

// 10⁵ classes (sparse state): tallying string labels of 10⁷ rows, 80 %
// correct, then every measure (Sorted and NewReport) — issue 14's figure.
// Run: go test ./classify -run - -bench ManyClasses -benchtime 1x
func BenchmarkManyClasses(b *testing.B) {
	const n, k = 10_000_000, 100_000
	rng := rand.New(rand.NewPCG(4, 2))
	names := make([][]byte, k)
	for i := range names {
		names[i] = fmt.Appendf(nil, "c%d", i)
	}
	yt, yp := make([]int32, n), make([]int32, n)
	for i := range yt {
		yt[i] = int32(rng.IntN(k))
		yp[i] = yt[i]
		if rng.IntN(5) == 0 {
			yp[i] = int32(rng.IntN(k))
		}
	}
	for b.Loop() {
		t := NewTally(nil)
		for i := range yt {
			t.Add(names[yt[i]], names[yp[i]], -1)
		}
		labels, c := t.Sorted()
		if _, err := NewReport(labels, c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
