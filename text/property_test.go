package text

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

func wmtSample(t testing.TB, n int) (hyps []string, refs [][]string) {
	t.Helper()
	h := readGzLines(t, "testdata/wmt17/newstest2017.online-B.0.en-de.txt.gz")[:n]
	r1 := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")[:n]
	r2 := readGzLines(t, "testdata/wmt17/newstest2017.LMU-nmt-single.4893.en-de.txt.gz")[:n]
	return h, [][]string{r1, r2}
}

// TestMergeEqualsOneShot: statistics summed over any split of the lines,
// in any order, equal the one-shot statistics, so the scores are equal.
func TestMergeEqualsOneShot(t *testing.T) {
	hyps, refs := wmtSample(t, 400)
	b, _ := NewBLEU(BLEUOptions{Tokenize: TokIntl})
	c, _ := NewCHRF(CHRFOptions{WordOrder: 2})
	allB, _ := b.Corpus(hyps, refs)
	allC, _ := c.Corpus(hyps, refs)
	wantB, wantC := SumBLEU(allB), SumCHRF(allC)
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		cut := rng.IntN(len(hyps)-1) + 1
		part := func(lo, hi int) (BLEUStats, CHRFStats) {
			rs := [][]string{refs[0][lo:hi], refs[1][lo:hi]}
			sb, err := b.Corpus(hyps[lo:hi], rs)
			if err != nil {
				t.Fatal(err)
			}
			sc, _ := c.Corpus(hyps[lo:hi], rs)
			return SumBLEU(sb), SumCHRF(sc)
		}
		b2, c2 := part(cut, len(hyps))
		b1, c1 := part(0, cut)
		b2.Add(b1) // merged in the other order
		c2.Add(c1)
		if b2 != wantB || !slices.Equal(c2, wantC) {
			t.Errorf("trial %d (cut %d): merged statistics differ", trial, cut)
		}
		if b.Score(b2) != b.Score(wantB) || c.Score(c2) != c.Score(wantC) {
			t.Errorf("trial %d: merged scores differ", trial)
		}
		var back BLEUStats = b2
		back.Sub(b1)
		if back != SumBLEU(allB[cut:]) {
			t.Errorf("trial %d: Sub does not undo Add", trial)
		}
	}
	// Permuting the sentences changes nothing.
	perm := rng.Perm(len(hyps))
	ph := make([]string, len(hyps))
	pr := [][]string{make([]string, len(hyps)), make([]string, len(hyps))}
	for i, j := range perm {
		ph[i], pr[0][i], pr[1][i] = hyps[j], refs[0][j], refs[1][j]
	}
	pb, _ := b.Corpus(ph, pr)
	if SumBLEU(pb) != wantB {
		t.Error("permuted corpus gives other statistics")
	}
	// Sentence equals the corpus row.
	for i := range 20 {
		if got := b.Sentence(hyps[i], []string{refs[0][i], refs[1][i]}); got != allB[i] {
			t.Errorf("sentence %d: %+v, corpus row %+v", i, got, allB[i])
		}
		if got := c.Sentence(hyps[i], []string{refs[0][i], refs[1][i]}); !slices.Equal(got, allC[i]) {
			t.Errorf("sentence %d chrF: %v, corpus row %v", i, got, allC[i])
		}
	}
}

// TestSelfScore: a corpus scored against itself gets BLEU 100 (every
// tokenizer, every smoothing) and chrF 100.
func TestSelfScore(t *testing.T) {
	_, refs := wmtSample(t, 300)
	ref := refs[0]
	for _, tok := range Tokenizers {
		for _, sm := range Smooths {
			o := BLEUOptions{Tokenize: tok, Smooth: sm}
			s, err := CorpusBLEU(ref, [][]string{ref}, o)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(s.Score-100) > 1e-12 || s.BP != 1 || s.Counts != s.Totals {
				t.Errorf("%s/%s: self-BLEU %.17g, bp %g", tok, sm, s.Score, s.BP)
			}
		}
	}
	for _, o := range []CHRFOptions{{}, {WordOrder: 2}, {EpsSmoothing: true}, {Whitespace: true, Lowercase: true}} {
		if s, _ := CorpusCHRF(ref, [][]string{ref}, o); math.Abs(s-100) > 1e-12 {
			t.Errorf("%+v: self-chrF %.17g", o, s)
		}
	}
}

// TestEdgeCases: sacreBLEU's behaviour on empty input and zero matches
// (checked against sacreBLEU 2.6.0 by hand: corpus_bleu([""], [[""]]) is
// 0 with bp 1 and ratio 0; corpus_bleu(["a b"], [["c d"]]) is 0 with
// bp 1 and precisions 0; chrF of empty lines is 0).
func TestEdgeCases(t *testing.T) {
	s, err := CorpusBLEU([]string{""}, [][]string{{""}}, BLEUOptions{})
	if err != nil || s.Score != 0 || s.BP != 1 || s.Ratio != 0 {
		t.Errorf("empty: %+v %v", s, err)
	}
	s, _ = CorpusBLEU([]string{""}, [][]string{{"a b"}}, BLEUOptions{})
	if s.Score != 0 || s.BP != 0 || s.RefLen != 2 {
		t.Errorf("empty hypothesis: %+v", s)
	}
	s, _ = CorpusBLEU([]string{"a b"}, [][]string{{"c d"}}, BLEUOptions{})
	if s.Score != 0 || s.Precisions != [OrderLimit]float64{} {
		t.Errorf("no match: %+v", s)
	}
	if f, _ := CorpusCHRF([]string{""}, [][]string{{""}}, CHRFOptions{}); f != 0 {
		t.Errorf("empty chrF %g", f)
	}
	if _, err := CorpusBLEU(nil, [][]string{{}}, BLEUOptions{}); err == nil {
		t.Error("no sentences: no error")
	}
	if _, err := CorpusBLEU([]string{"a"}, nil, BLEUOptions{}); err == nil {
		t.Error("no references: no error")
	}
	if _, err := CorpusBLEU([]string{"a"}, [][]string{{"a", "b"}}, BLEUOptions{}); err == nil {
		t.Error("length mismatch: no error")
	}
	for _, o := range []BLEUOptions{{Tokenize: "moses"}, {Smooth: "lin"}, {Smooth: SmoothFloor, SmoothValue: ptrf(math.NaN())}, {Smooth: SmoothAddK, SmoothValue: ptrf(-1)}} {
		if _, err := NewBLEU(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := NewCHRF(CHRFOptions{Beta: -1}); err == nil {
		t.Error("negative beta: no error")
	}
}

func ptrf(f float64) *float64 { return &f }

// FuzzTokenize: every tokenizer returns valid UTF-8 made of single-space
// separated fields, without panicking, for any valid UTF-8 input.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"", " ", "Hello, world!", "3.14 1,000 2017. 10-20", "&amp;quot; <skipped> x-\ny",
		"«Ça» — ¿qué? € 5 ☺", "中文，我们。ＡＢＣ", "ΟΔΟΣ İstanbul", "\u00a0\u3000\x1c", "a\u0301Σ."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		for _, tok := range Tokenizers {
			out, err := Tokenize(tok, s)
			if err != nil {
				t.Fatal(err)
			}
			if !utf8.ValidString(out) || out != joinPyFields(out) {
				t.Errorf("%s(%q) = %q: not single-spaced fields", tok, s, out)
			}
		}
		if l := pyLower(s); !utf8.ValidString(l) {
			t.Errorf("pyLower(%q) invalid", s)
		}
	})
}

// FuzzScores: BLEU and chrF of arbitrary text are finite and in [0, 100],
// and a sentence against itself scores 100 when it has four tokens.
func FuzzScores(f *testing.F) {
	f.Add("the cat sat on the mat", "the cat is on the mat", "13a")
	f.Add("", "x", "intl")
	f.Add("中文 测试", "中文测试", "zh")
	f.Add("a b", "a b c d e", "char")
	f.Fuzz(func(t *testing.T, hyp, ref, tok string) {
		if !utf8.ValidString(hyp) || !utf8.ValidString(ref) {
			return
		}
		b, err := NewBLEU(BLEUOptions{Tokenize: tok, EffectiveOrder: true})
		if err != nil {
			return
		}
		s := b.Score(b.Sentence(hyp, []string{ref, hyp}))
		if !(s.Score >= 0 && s.Score <= 100+1e-9) {
			t.Errorf("BLEU %v for %q vs %q", s.Score, hyp, ref)
		}
		for _, o := range []CHRFOptions{{}, {WordOrder: 2}, {EpsSmoothing: true}} {
			c, _ := NewCHRF(o)
			if v := c.Score(c.Sentence(hyp, []string{ref})); !(v >= 0 && v <= 100+1e-9) {
				t.Errorf("chrF %v for %q vs %q", v, hyp, ref)
			}
		}
	})
}
