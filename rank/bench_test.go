package rank

import (
	"fmt"
	"math/rand/v2"
	"sync"
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
// scores to 10000 vertices (the default of evalkit rank --curve-points),
// and of 10⁵ (a slice's of rank --by on such a file's 100 slices).
func BenchmarkThin(b *testing.B) {
	for _, n := range []int{1e5, 1e7} {
		s, p := benchData(n)
		t, _ := NewTable(s, p, nil)
		roc, _ := t.ROC(true)
		pr, _ := t.PR()
		b.Run(fmt.Sprintf("roc/%d", n), func(b *testing.B) {
			for b.Loop() {
				roc.Thin(10000)
			}
		})
		b.Run(fmt.Sprintf("pr/%d", n), func(b *testing.B) {
			for b.Loop() {
				pr.Thin(10000)
			}
		})
	}
}

// BenchmarkBinnedBits adds 10⁷ normal scores (positives shifted by 1) to
// 10⁵ bins on the float bits and reports the AUC error bound (the goal of
// issue 11: ≤ 1e-4) and the bins used.
func BenchmarkBinnedBits(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	s := make([]float64, 1e7)
	p := make([]bool, len(s))
	for i := range s {
		p[i] = r.IntN(2) == 0
		s[i] = r.NormFloat64()
		if p[i] {
			s[i]++
		}
	}
	var bound float64
	var bins int
	for b.Loop() {
		bn := NewBinnedBits(100000)
		for i, v := range s {
			bn.Add(v, p[i], 1)
		}
		bound, _ = bn.AUCErrorBound()
		bins = bn.Bins()
	}
	b.ReportMetric(bound, "auc_error_bound")
	b.ReportMetric(float64(bins), "bins")
	b.ReportMetric(float64(len(s))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkReport measures NewReport with the default options (what
// evalkit rank computes after reading) on rows shaped as bench/rank.sh's:
// labels 0/1, scores normal around 0.4 (0.6 for positives), sd 0.2,
// clipped to [0, 1], nearly all distinct. 10⁷ rows is a whole file's
// table; 10⁵ a slice's of rank --by on such a file's 100 slices.
func BenchmarkReport(b *testing.B) {
	for _, n := range []int{1e5, 1e7} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(20261122, 1))
			s := make([]float64, n)
			p := make([]bool, len(s))
			for i := range s {
				p[i] = r.IntN(2) == 1
				y := 0.0
				if p[i] {
					y = 1
				}
				s[i] = min(1, max(0, 0.4+0.2*y+0.2*r.NormFloat64()))
			}
			t, err := NewTable(s, p, nil)
			if err != nil {
				b.Fatal(err)
			}
			opt := DefaultOptions()
			for b.Loop() {
				t.cums = sync.Once{} // each run computes the table's running sums anew, as the CLI does
				if _, err := NewReport(t, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFillRows measures the merge of the sorted keys of the two
// classes into the table's rows (distinctKeys, then fillRows), on one
// goroutine: 4·10⁶ rows of random distinct scores.
func BenchmarkFillRows(b *testing.B) {
	s, p := benchData(4e6)
	var bl Builder
	for i, v := range s {
		bl.add1(v, p[i])
	}
	bl.sortKeys()
	pk, nk := bl.posK, bl.negK
	d := distinctKeys(pk, nk)
	score, pos, neg := make([]float64, d), make([]float64, d), make([]float64, d)
	for b.Loop() {
		if distinctKeys(pk, nk) != d {
			b.Fatal("distinct keys differ")
		}
		fillRows(score, pos, neg, nil, 0, pk, nk, nil, nil, nil)
	}
	b.ReportMetric(float64(len(s))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
