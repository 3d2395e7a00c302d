package text

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

type werGolden struct {
	Rate          *float64 `json:"rate"`
	Errors        int64    `json:"errors"`
	RefTokens     int64    `json:"ref_tokens"`
	SentErrors    []int64  `json:"sent_errors"`
	SentRefTokens []int64  `json:"sent_ref_tokens"`
}

// TestWERGolden compares with tools/oracle/ter_wer.py (a textbook
// Levenshtein oracle following the torchmetrics/jiwer corpus definition).
func TestWERGolden(t *testing.T) {
	var g struct {
		Corpora []struct {
			Name  string    `json:"name"`
			Hyps  []string  `json:"hyps"`
			Refs  []string  `json:"refs"`
			Words werGolden `json:"words"`
			Chars werGolden `json:"chars"`
		} `json:"corpora"`
	}
	terReadJSON(t, "testdata/ter/wer.json", &g)
	if len(g.Corpora) < 200 {
		t.Fatalf("%d corpora", len(g.Corpora))
	}
	for _, c := range g.Corpora {
		for _, chars := range []bool{false, true} {
			want := c.Words
			name := c.Name + "/words"
			if chars {
				want, name = c.Chars, c.Name+"/chars"
			}
			t.Run(name, func(t *testing.T) {
				total, each := WERStatsOf(c.Hyps, c.Refs, chars, true)
				r := total.Result()
				if r.Errors != want.Errors || r.RefTokens != want.RefTokens {
					t.Errorf("errors %d ref_tokens %d, oracle %d %d", r.Errors, r.RefTokens, want.Errors, want.RefTokens)
				}
				if want.Rate == nil {
					if !math.IsNaN(r.Rate) || len(r.Warnings) == 0 {
						t.Errorf("rate %v warnings %q, want undefined", r.Rate, r.Warnings)
					}
				} else if !terClose(r.Rate, *want.Rate, 1e-12) {
					t.Errorf("rate %v, oracle %v", r.Rate, *want.Rate)
				}
				for i, s := range each {
					if s.Errors != want.SentErrors[i] || s.RefTokens != want.SentRefTokens[i] {
						t.Errorf("sentence %d: %d/%d, oracle %d/%d", i+1, s.Errors, s.RefTokens, want.SentErrors[i], want.SentRefTokens[i])
					}
					checkWERInvariants(t, s)
				}
			})
		}
	}
}

// checkWERInvariants: S+D+I = errors, H+S+D = N, H+S+I = hypothesis tokens.
func checkWERInvariants(t *testing.T, s WERStats) {
	t.Helper()
	if s.Substitutions+s.Deletions+s.Insertions != s.Errors ||
		s.Hits+s.Substitutions+s.Deletions != s.RefTokens ||
		s.Hits+s.Substitutions+s.Insertions != s.HypTokens || s.Hits < 0 {
		t.Errorf("inconsistent counts %+v", s)
	}
}

// TestWERHandChecked works small cases out by hand.
func TestWERHandChecked(t *testing.T) {
	cases := []struct {
		name             string
		hyp, ref         string
		chars            bool
		errors, n        int64
		sub, del, ins, h int64
	}{
		{"identical", "a b c", "a b c", false, 0, 3, 0, 0, 0, 3},
		{"one substitution", "a x c", "a b c", false, 1, 3, 1, 0, 0, 2},
		{"one deletion", "a c", "a b c", false, 1, 3, 0, 1, 0, 2},
		{"one insertion", "a b x c", "a b c", false, 1, 3, 0, 0, 1, 3},
		{"whitespace runs", "a\t b\u00a0c", "a b c", false, 0, 3, 0, 0, 0, 3},
		{"empty hypothesis", "", "a b", false, 2, 2, 0, 2, 0, 0},
		{"empty reference", "a b", "", false, 2, 0, 0, 0, 2, 0},
		// kitten → sitting: the classic distance 3 (2 substitutions, 1 insertion).
		{"kitten", "sitting", "kitten", true, 3, 6, 2, 0, 1, 4},
		{"spaces count", "ab", "a b", true, 1, 3, 0, 1, 0, 2},
		{"code points", "straße", "strasse", true, 2, 7, 1, 1, 0, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s WERStats
			if c.chars {
				s = CERSentenceStats(c.hyp, c.ref)
			} else {
				s = WERSentenceStats(c.hyp, c.ref)
			}
			want := WERStats{Sentences: 1, RefTokens: c.n, Errors: c.errors, Substitutions: c.sub,
				Deletions: c.del, Insertions: c.ins, Hits: c.h, HypTokens: c.h + c.sub + c.ins}
			if s != want {
				t.Errorf("got %+v\nwant %+v", s, want)
			}
		})
	}
}

// TestWERMerge: merged statistics of any split equal the one-shot ones.
func TestWERMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("a b c d e f")
	sent := func() string {
		var b []string
		for range rng.IntN(8) {
			b = append(b, words[rng.IntN(len(words))])
		}
		return strings.Join(b, " ")
	}
	for trial := range 50 {
		n := 1 + rng.IntN(20)
		hyps, refs := make([]string, n), make([]string, n)
		for i := range hyps {
			hyps[i], refs[i] = sent(), sent()
		}
		for _, chars := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/chars=%v", trial, chars), func(t *testing.T) {
				all, _ := WERStatsOf(hyps, refs, chars, false)
				k := rng.IntN(n + 1)
				a, _ := WERStatsOf(hyps[:k], refs[:k], chars, false)
				b, _ := WERStatsOf(hyps[k:], refs[k:], chars, false)
				a.Merge(b)
				if a != all {
					t.Errorf("merged %+v, one shot %+v", a, all)
				}
				// The edit distance is symmetric: swapping sides keeps errors
				// and swaps deletions with insertions.
				sw, _ := WERStatsOf(refs, hyps, chars, false)
				if sw.Errors != all.Errors {
					t.Errorf("swapped errors %d, want %d", sw.Errors, all.Errors)
				}
			})
		}
	}
}

func ExampleWER() {
	hyps := []string{"the cat sat", "hello world"}
	refs := []string{"a cat sat down", "hello there world"}
	r := WER(hyps, refs)
	fmt.Printf("WER = %.4f (%d errors / %d words: S=%d D=%d I=%d)\n",
		r.Rate, r.Errors, r.RefTokens, r.Substitutions, r.Deletions, r.Insertions)
	c := CER(hyps, refs)
	fmt.Printf("CER = %.4f (%d / %d characters)\n", c.Rate, c.Errors, c.RefTokens)
	// Output:
	// WER = 0.4286 (3 errors / 7 words: S=1 D=2 I=0)
	// CER = 0.4516 (14 / 31 characters)
}

func FuzzWER(f *testing.F) {
	f.Add("a b c", "a x c")
	f.Add("", "x")
	f.Add("ΟΔΟΣ\t東京", "東京 ΟΔΟΣ")
	f.Fuzz(func(t *testing.T, hyp, ref string) {
		for _, s := range []WERStats{WERSentenceStats(hyp, ref), CERSentenceStats(hyp, ref)} {
			checkWERInvariants(t, s)
			if s.Errors < max(s.RefTokens, s.HypTokens)-min(s.RefTokens, s.HypTokens) || s.Errors > max(s.RefTokens, s.HypTokens) {
				t.Errorf("errors %d outside [|N−M|, max(N, M)] for %+v", s.Errors, s)
			}
		}
		if hyp == ref && (WERSentenceStats(hyp, ref).Errors != 0 || CERSentenceStats(hyp, ref).Errors != 0) {
			t.Error("identical strings have errors")
		}
	})
}
