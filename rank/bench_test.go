package rank

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchSizes = []int{1e3, 1e5, 1e7}

func benchData(n int) ([]float64, []bool) {
	r := rand.New(rand.NewPCG(9, 10))
	s := make([]float64, n)
	p := make([]bool, n)
	for i := range s {
		p[i] = r.IntN(2) == 0
		s[i] = r.Float64()
		if p[i] {
			s[i] = s[i]*0.8 + 0.2
		}
	}
	return s, p
}

// BenchmarkAUC measures the in-memory exact AUC of n scores, AUC(p, s,
// nil): keys, radix sort, one merge pass.
func BenchmarkAUC(b *testing.B) {
	for _, n := range benchSizes {
		s, p := benchData(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := AUC(p, s, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkTable measures building the full score table (every curve
// and measure derives from it) and the AUC from it.
func BenchmarkTable(b *testing.B) {
	for _, n := range benchSizes {
		s, p := benchData(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				t, err := NewTable(s, p, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := t.AUC(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkRadixSort is the floor BenchmarkAUC is compared with: a bare
// radix sort of the same scores' keys (allocation and conversion to keys
// included, as in AUC).
func BenchmarkRadixSort(b *testing.B) {
	for _, n := range benchSizes {
		s, _ := benchData(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				k := make([]uint64, n)
				buf := make([]uint64, n)
				for i, v := range s {
					k[i] = key(v)
				}
				radixSort(k, buf)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkThin measures thinning the ROC and P-R curves of 10⁷ distinct
// scores to 10000 vertices (the default of evalkit rank --curve-points).
func BenchmarkThin(b *testing.B) {
	s, p := benchData(1e7)
	t, _ := NewTable(s, p, nil)
	roc, _ := t.ROC(true)
	pr, _ := t.PR()
	b.Run("roc", func(b *testing.B) {
		for b.Loop() {
			roc.Thin(10000)
		}
	})
	b.Run("pr", func(b *testing.B) {
		for b.Loop() {
			pr.Thin(10000)
		}
	})
}
