package text_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/text"
)

// The numbers are sacreBLEU 2.6.0's: corpus_bleu(hyps, refs) prints
// BLEU = 70.21 83.3/70.0/62.5/66.7 (BP = 1.000 ratio = 1.091 hyp_len = 12 ref_len = 11).
func ExampleCorpusBLEU() {
	hyps := []string{"The cat sat on the mat.", "It is raining today."}
	refs := [][]string{{"The cat sat on the mat.", "It rains today."}}
	s, err := text.CorpusBLEU(hyps, refs, text.BLEUOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("BLEU = %.2f %.1f/%.1f/%.1f/%.1f (BP = %.3f ratio = %.3f hyp_len = %d ref_len = %d)\n",
		s.Score, s.Precisions[0], s.Precisions[1], s.Precisions[2], s.Precisions[3], s.BP, s.Ratio, s.HypLen, s.RefLen)
	fmt.Println(text.BLEUOptions{}.Signature(len(refs)))
	// Output:
	// BLEU = 70.21 83.3/70.0/62.5/66.7 (BP = 1.000 ratio = 1.091 hyp_len = 12 ref_len = 11)
	// nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0+evalkit
}

// sacreBLEU 2.6.0: corpus_chrf(hyps, refs, word_order=2).score = 79.30097892864258.
func ExampleCorpusCHRF() {
	hyps := []string{"The cat sat on the mat.", "It is raining today."}
	refs := [][]string{{"The cat sat on the mat.", "It rains today."}}
	o := text.CHRFOptions{WordOrder: 2}
	s, _ := text.CorpusCHRF(hyps, refs, o)
	fmt.Printf("%s = %.2f\n%s\n", o.Name(), s, o.Signature(1))
	// Output:
	// chrF2++ = 79.30
	// nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0+evalkit
}

// Statistics of separate batches merge into the corpus statistics.
func ExampleBLEUStats_Add() {
	b, _ := text.NewBLEU(text.BLEUOptions{})
	var total text.BLEUStats
	total.Add(b.Sentence("The cat sat on the mat.", []string{"The cat sat on the mat."}))
	total.Add(b.Sentence("It is raining today.", []string{"It rains today."}))
	fmt.Printf("%.2f\n", b.Score(total).Score)
	// Output: 70.21
}

// sacreBLEU 2.6.0's PairedTest (numpy's random numbers) gives the same
// scores and p = 0.132 for these four sentences.
func ExamplePaired() {
	b, _ := text.NewBLEU(text.BLEUOptions{})
	refs := [][]string{{"the cat sat on the mat", "it rains today", "he reads a book", "we walk home now"}}
	base, _ := b.Corpus([]string{"the cat sat on a mat", "it rains today", "he read a book", "we go home now"}, refs)
	sys, _ := b.Corpus([]string{"the cat sat on the mat", "it is raining today", "he reads a book", "we walk home now"}, refs)
	r, _ := b.PairedBLEU(base, [][]text.BLEUStats{sys}, text.PairedOptions{Method: text.PairedAR, N: 1000, Seed: text.DefaultSeed})
	fmt.Printf("baseline %.2f, system %.2f, p = %.3f\n", r.Baseline.Score, r.Systems[0].Score, r.Systems[0].PValue)
	// Output: baseline 41.47, system 82.60, p = 0.118
}
