package text

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// terBenchCorpus returns n hypothesis–reference pairs of 10–40 words from a
// 300-word vocabulary, the hypothesis a perturbed copy (block moves,
// substitutions), as MT output is.
func terBenchCorpus(n int) (hyps, refs []string) {
	rng := rand.New(rand.NewPCG(7, 7))
	vocab := make([]string, 300)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	for range n {
		m := 10 + rng.IntN(31)
		r := make([]string, m)
		for i := range r {
			r[i] = vocab[rng.IntN(len(vocab))]
		}
		h := append([]string(nil), r...)
		for range rng.IntN(5) {
			h[rng.IntN(m)] = vocab[rng.IntN(len(vocab))]
		}
		if m > 6 {
			a := rng.IntN(m - 3)
			l := 1 + rng.IntN(3)
			blk := append([]string(nil), h[a:a+l]...)
			h = append(h[:a], h[a+l:]...)
			b := rng.IntN(len(h) + 1)
			h = append(h[:b], append(blk, h[b:]...)...)
		}
		hyps = append(hyps, strings.Join(h, " "))
		refs = append(refs, strings.Join(r, " "))
	}
	return hyps, refs
}

func BenchmarkTER(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		hyps, refs := terBenchCorpus(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				CorpusTER(hyps, [][]string{refs}, TEROptions{})
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkTERSentence measures one goroutine's sentence loop, which must
// not allocate in the edit-distance search.
func BenchmarkTERSentence(b *testing.B) {
	hyps, refs := terBenchCorpus(1000)
	a := newTERAligner()
	rs := make([]string, 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rs[0] = refs[i%len(refs)]
		a.stats(hyps[i%len(hyps)], rs, TEROptions{})
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func BenchmarkWER(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		hyps, refs := terBenchCorpus(n)
		for _, chars := range []bool{false, true} {
			b.Run(fmt.Sprintf("%d/chars=%v", n, chars), func(b *testing.B) {
				for b.Loop() {
					WERStatsOf(hyps, refs, chars, false)
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}
