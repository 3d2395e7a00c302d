package text

import (
	"fmt"
	"testing"
)

// benchCorpus returns n sentences of WMT17 (uedin-nmt and the reference),
// repeated as needed.
func benchCorpus(b *testing.B, n int) (hyps []string, refs [][]string) {
	b.Helper()
	h := readGzLines(b, "testdata/wmt17/newstest2017.uedin-nmt.4722.en-de.txt.gz")
	r := readGzLines(b, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")
	hyps = make([]string, n)
	ref := make([]string, n)
	for i := range n {
		hyps[i], ref[i] = h[i%len(h)], r[i%len(r)]
	}
	return hyps, [][]string{ref}
}

func BenchmarkCorpusBLEU(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			hyps, refs := benchCorpus(b, n)
			b.ResetTimer()
			for range b.N {
				if _, err := CorpusBLEU(hyps, refs, BLEUOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func BenchmarkCorpusCHRF(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			hyps, refs := benchCorpus(b, n)
			b.ResetTimer()
			for range b.N {
				if _, err := CorpusCHRF(hyps, refs, CHRFOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
