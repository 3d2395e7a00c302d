package text

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalkit-go/evalkit/table"
)

// terGolden is one result written by tools/oracle/ter.py (sacreBLEU 2.6.0
// metrics.TER; the files' meta says which Python produced them).
type terGolden struct {
	System        string    `json:"system"`
	Options       string    `json:"options"`
	Score         float64   `json:"score"`
	NumEdits      int64     `json:"num_edits"`
	RefLength     float64   `json:"ref_length"`
	Signature     string    `json:"signature"`
	SentEdits     []int64   `json:"sent_edits"`
	SentRefLength []float64 `json:"sent_ref_length"`
	SentScores    []float64 `json:"sentence_scores"`
}

func terOptionsOf(t *testing.T, s string) TEROptions {
	var o TEROptions
	if s == "default" {
		return o
	}
	for _, f := range strings.Split(s, ",") {
		switch f {
		case "case_sensitive":
			o.CaseSensitive = true
		case "normalized":
			o.Normalized = true
		case "no_punct":
			o.NoPunct = true
		case "asian_support":
			o.AsianSupport = true
		default:
			t.Fatalf("unknown option %q", f)
		}
	}
	return o
}

func terReadJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func terClose(got, want, tol float64) bool {
	if got == want {
		return true
	}
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1e-300)
}

// checkTER compares evalkit's corpus and sentence statistics with a golden
// result: counts exactly, score and reference length to 1e-9 relative,
// the signature byte for byte.
func checkTER(t *testing.T, hyps []string, refs [][]string, g terGolden) {
	t.Helper()
	o := terOptionsOf(t, g.Options)
	total, each := TERStatsOf(hyps, refs, o, true)
	r := total.Result()
	if r.NumEdits != g.NumEdits {
		t.Errorf("num_edits = %d, sacreBLEU %d", r.NumEdits, g.NumEdits)
	}
	if !terClose(r.RefLength, g.RefLength, 1e-9) {
		t.Errorf("ref_length = %v, sacreBLEU %v", r.RefLength, g.RefLength)
	}
	if !terClose(r.Score, g.Score, 1e-9) {
		t.Errorf("score = %v, sacreBLEU %v", r.Score, g.Score)
	}
	if sig := o.Signature(len(refs)); sig != sigFromSacre(t, g.Signature) {
		t.Errorf("signature = %q, sacreBLEU %q", sig, g.Signature)
	}
	if g.SentEdits == nil {
		return
	}
	bad := 0
	for i := range each {
		if each[i].Edits != g.SentEdits[i] || !terClose(each[i].RefLength(), g.SentRefLength[i], 1e-12) {
			if bad++; bad <= 5 {
				t.Errorf("sentence %d: edits %d ref_length %v, sacreBLEU %d %v\n  hyp %q\n  refs %q",
					i+1, each[i].Edits, each[i].RefLength(), g.SentEdits[i], g.SentRefLength[i], hyps[i], terSentRefs(refs, i))
			}
		}
	}
	for i, want := range g.SentScores {
		if got := SentenceTER(hyps[i], terSentRefs(refs, i), o).Score; !terClose(got, want, 1e-9) {
			t.Errorf("sentence %d: SentenceTER = %v, sacreBLEU sentence_score %v", i+1, got, want)
		}
	}
}

func terSentRefs(refs [][]string, i int) []string {
	out := make([]string, len(refs))
	for k := range refs {
		out[k] = refs[k][i]
	}
	return out
}

// TestTERGenerated checks the generated corpora of tools/oracle/ter.py
// (sacreBLEU 2.6.0) under every combination of the four flags.
func TestTERGenerated(t *testing.T) {
	var g struct {
		Corpora []struct {
			Name    string      `json:"name"`
			Hyps    []string    `json:"hyps"`
			Refs    [][]string  `json:"refs"`
			Results []terGolden `json:"results"`
		} `json:"corpora"`
	}
	terReadJSON(t, "testdata/ter/generated.json", &g)
	if len(g.Corpora) < 200 {
		t.Fatalf("%d generated corpora, want ≥ 200", len(g.Corpora))
	}
	for _, c := range g.Corpora {
		for _, r := range c.Results {
			t.Run(c.Name+"/"+r.Options, func(t *testing.T) {
				checkTER(t, c.Hyps, c.Refs, r)
			})
		}
	}
}

// TestTERWMT17Copied checks the WMT17 systems copied into testdata against
// sacreBLEU 2.6.0, sentence by sentence.
func TestTERWMT17Copied(t *testing.T) {
	testTERWMT17(t, "testdata/wmt17", true)
}

// TestTERWMT17All checks all 16 WMT17 systems in ../shared/data (skipped
// when it is absent) against sacreBLEU 2.6.0 corpus scores.
func TestTERWMT17All(t *testing.T) {
	dir := "../../shared/data/wmt17-en-de"
	if _, err := os.Stat(dir); err != nil {
		dir = "../shared/data/wmt17-en-de"
		if _, err := os.Stat(dir); err != nil {
			t.Skip("shared WMT17 data not present")
		}
	}
	if testing.Short() {
		t.Skip("short mode")
	}
	testTERWMT17(t, dir, false)
}

func testTERWMT17(t *testing.T, dir string, copiedOnly bool) {
	var g struct {
		Copied  []string    `json:"copied"`
		Results []terGolden `json:"results"`
	}
	terReadJSON(t, "testdata/ter/wmt17.json", &g)
	read := func(name string) []string {
		lines, err := table.ReadLines(filepath.Join(dir, "newstest2017."+name+".en-de.txt.gz"), nil)
		if err != nil {
			t.Fatal(err)
		}
		return lines
	}
	ref := read("ref")
	copied := map[string]bool{}
	for _, c := range g.Copied {
		copied[c] = true
	}
	hyps := map[string][]string{}
	n := 0
	for _, r := range g.Results {
		// The copied systems are checked sentence by sentence in
		// TestTERWMT17Copied; here only the others, by corpus score.
		if copiedOnly != copied[r.System] {
			continue
		}
		if hyps[r.System] == nil {
			hyps[r.System] = read(r.System)
		}
		n++
		t.Run(r.System+"/"+r.Options, func(t *testing.T) {
			checkTER(t, hyps[r.System], [][]string{ref}, r)
		})
	}
	if copiedOnly && n < 3*6 || !copiedOnly && len(hyps)+len(g.Copied) != 16 {
		t.Fatalf("checked %d results of %d systems", n, len(hyps))
	}
}

// TestTERHandChecked works small cases out by hand.
func TestTERHandChecked(t *testing.T) {
	cases := []struct {
		name       string
		hyp        string
		refs       []string
		o          TEROptions
		edits      int64
		refLength  float64
		score      float64
		wantWarned bool
	}{
		// "a cat" → "the cat": one substitution out of 2 reference words.
		{"substitution", "a cat", []string{"the cat"}, TEROptions{}, 1, 2, 50, false},
		// Moving "sat on the mat" in front of "the cat" is one shift.
		{"one shift", "sat on the mat the cat", []string{"the cat sat on the mat"}, TEROptions{}, 1, 6, 100.0 / 6, false},
		// Case folds by default, not with CaseSensitive.
		{"case", "The Cat", []string{"the cat"}, TEROptions{}, 0, 2, 0, false},
		{"case-sensitive", "The Cat", []string{"the cat"}, TEROptions{CaseSensitive: true}, 2, 2, 100, false},
		// The best reference gives the edits, the mean length the denominator.
		{"two refs", "a b c", []string{"a b c", "x y z w"}, TEROptions{}, 0, 3.5, 0, false},
		// Empty reference, non-empty hypothesis: every word is an edit and TER is 100.
		{"empty ref", "a b", []string{""}, TEROptions{}, 2, 0, 100, true},
		{"both empty", "", []string{"  "}, TEROptions{}, 0, 0, 0, false},
		{"empty hyp", "", []string{"a b c"}, TEROptions{}, 3, 3, 100, false},
		// Normalisation splits off punctuation.
		{"normalized", "hello, world.", []string{"hello , world ."}, TEROptions{Normalized: true}, 0, 4, 0, false},
		// Without it "hello," and "world." are words: 2 substitutions and 2 insertions.
		{"not normalized", "hello, world.", []string{"hello , world ."}, TEROptions{}, 4, 4, 100, false},
		{"no punct", "hello, world.", []string{"hello world"}, TEROptions{NoPunct: true}, 0, 2, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := SentenceTER(c.hyp, c.refs, c.o)
			if r.NumEdits != c.edits || r.RefLength != c.refLength || !terClose(r.Score, c.score, 1e-12) {
				t.Errorf("got edits %d ref_length %v score %v, want %d %v %v", r.NumEdits, r.RefLength, r.Score, c.edits, c.refLength, c.score)
			}
			if (len(r.Warnings) > 0) != c.wantWarned {
				t.Errorf("warnings %q", r.Warnings)
			}
		})
	}
}

// TestTERPyLower compares pyLower with Python's str.lower for every code point
// that Python lowercases (testdata/ter/lower.json, written by
// tools/oracle/ter.py from Python's Unicode database) and with a sample of
// those it leaves alone.
func TestTERPyLower(t *testing.T) {
	var g struct {
		Meta struct {
			Unicode string `json:"unicode"`
		} `json:"meta"`
		Map [][2]json.RawMessage `json:"map"`
	}
	terReadJSON(t, "testdata/ter/lower.json", &g)
	changed := map[rune]bool{}
	bad := 0
	for _, e := range g.Map {
		var cp int
		var want string
		if err := json.Unmarshal(e[0], &cp); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(e[1], &want); err != nil {
			t.Fatal(err)
		}
		changed[rune(cp)] = true
		if got := pyLower(string(rune(cp))); got != want {
			if bad++; bad <= 10 {
				t.Errorf("pyLower(%U) = %q, Python (Unicode %s) %q", cp, got, g.Meta.Unicode, want)
			}
		}
	}
	for r := rune(0); r < 0x20000; r++ {
		if changed[r] || r == 0x3a3 || (r >= 0xd800 && r <= 0xdfff) {
			continue
		}
		if got := pyLower(string(r)); got != string(r) {
			if bad++; bad <= 10 {
				t.Errorf("pyLower(%U) = %q, Python leaves it", r, got)
			}
		}
	}
	if bad > 10 {
		t.Errorf("%d mismatches in all", bad)
	}
}

func TestTERSignature(t *testing.T) {
	cases := []struct {
		o     TEROptions
		nrefs int
		want  string
	}{
		// sacreBLEU 2.6.0 TER().get_signature() after corpus_score
		{TEROptions{}, 1, "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0"},
		{TEROptions{CaseSensitive: true, Normalized: true, NoPunct: true, AsianSupport: true}, 3,
			"nrefs:3|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|version:2.6.0"},
		{TEROptions{}, -1, "nrefs:var|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			if got := c.o.Signature(c.nrefs); got != sigFromSacre(t, c.want) {
				t.Errorf("got %q", got)
			}
		})
	}
}

func ExampleCorpusTER() {
	hyps := []string{"The cat sat on the mat.", "sat on the mat the dog"}
	refs := [][]string{{"The cat sat on the mat.", "the dog sat on the mat"}}
	r := CorpusTER(hyps, refs, TEROptions{})
	fmt.Printf("TER = %.2f (%d edits / %g reference words)\n", r.Score, r.NumEdits, r.RefLength)
	fmt.Println(TEROptions{}.Signature(1))
	// Output:
	// TER = 8.33 (1 edits / 12 reference words)
	// nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0+evalkit
}

func ExampleSentenceTER() {
	r := SentenceTER("a cat", []string{"the cat", "a dog"}, TEROptions{})
	fmt.Println(r.Score, r.NumEdits, r.RefLength)
	// Output:
	// 50 1 2
}

// TestTERProperties: any split of the sentences, merged, equals the
// one-shot statistics; a corpus against itself has TER 0; the result does
// not depend on the number of goroutines.
func TestTERProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := strings.Fields("the a cat dog sat on mat , . ( ) 東京 ΟΔΟΣ It's")
	sent := func() string {
		var b []string
		for range rng.IntN(30) {
			b = append(b, vocab[rng.IntN(len(vocab))])
		}
		return strings.Join(b, " ")
	}
	for trial := range 40 {
		n := 1 + rng.IntN(60)
		nrefs := 1 + rng.IntN(3)
		hyps := make([]string, n)
		refs := make([][]string, nrefs)
		for k := range refs {
			refs[k] = make([]string, n)
		}
		for i := range hyps {
			hyps[i] = sent()
			for k := range refs {
				refs[k][i] = sent()
			}
		}
		o := TEROptions{CaseSensitive: trial%2 == 0, Normalized: trial%3 == 0, NoPunct: trial%5 == 0, AsianSupport: trial%4 == 0}
		t.Run(fmt.Sprint(trial), func(t *testing.T) {
			all, each := TERStatsOf(hyps, refs, o, true)
			k := rng.IntN(n + 1)
			part := func(lo, hi int) [][]string {
				out := make([][]string, nrefs)
				for j := range refs {
					out[j] = refs[j][lo:hi]
				}
				return out
			}
			a, _ := TERStatsOf(hyps[:k], part(0, k), o, false)
			b, _ := TERStatsOf(hyps[k:], part(k, n), o, false)
			if err := a.Merge(b); err != nil {
				t.Fatal(err)
			}
			if a != all {
				t.Errorf("merged %+v, one shot %+v", a, all)
			}
			var seq TERStats
			for i := range hyps {
				if err := seq.Add(hyps[i], terSentRefs(refs, i), o); err != nil {
					t.Fatal(err)
				}
				if one := TERSentenceStats(hyps[i], terSentRefs(refs, i), o); one != each[i] {
					t.Errorf("sentence %d: %+v alone, %+v in the corpus", i, one, each[i])
				}
			}
			if seq != all {
				t.Errorf("sequential %+v, parallel %+v", seq, all)
			}
			if self := CorpusTER(refs[0], [][]string{refs[0]}, o); self.Score != 0 && !o.Normalized {
				t.Errorf("TER of the references against themselves = %v", self.Score)
			}
		})
	}
	var s TERStats
	s.Add("a", []string{"a"}, TEROptions{})
	if err := s.Add("a", []string{"a", "b"}, TEROptions{}); !errors.Is(err, ErrTERRefCount) {
		t.Errorf("mixing reference counts: %v", err)
	}
}

// TestTERLimits checks the shift limits on constructed cases whose edits
// are fixed by the limits (and agree with sacreBLEU 2.6.0, in
// generated.json as well): a block longer than 10 words moves as two
// shifts; a block more than 50 words away is not shifted at all.
func TestTERLimits(t *testing.T) {
	words := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	join := func(parts ...[]string) string {
		var all []string
		for _, p := range parts {
			all = append(all, p...)
		}
		return strings.Join(all, " ")
	}
	a, b := words("a", 12), words("b", 12)
	// Swapping two 12-word blocks: 12 > 10, so two shifts (10 + 2 words).
	if r := SentenceTER(join(b, a), []string{join(a, b)}, TEROptions{}); r.NumEdits != 2 {
		t.Errorf("12-word swap: %d edits, want 2", r.NumEdits)
	}
	// A 3-word block that must travel 60 positions is deleted and inserted.
	x, far := words("x", 3), words("f", 60)
	if r := SentenceTER(join(x, far), []string{join(far, x)}, TEROptions{}); r.NumEdits != 6 {
		t.Errorf("far block: %d edits, want 6", r.NumEdits)
	}
	if r := SentenceTER(join(x, far[:40]), []string{join(far[:40], x)}, TEROptions{}); r.NumEdits != 1 {
		t.Errorf("near block: %d edits, want 1", r.NumEdits)
	}
}

func FuzzTER(f *testing.F) {
	f.Add("the cat sat on the mat", "on the mat the cat sat", uint8(0))
	f.Add("Hello, World! &amp; 東京。", "hello world & 東京", uint8(15))
	f.Add("", "x", uint8(3))
	f.Add("ΣΑΣ İ", "σας i̇", uint8(1))
	f.Fuzz(func(t *testing.T, hyp, ref string, flags uint8) {
		o := TEROptions{CaseSensitive: flags&1 != 0, Normalized: flags&2 != 0, NoPunct: flags&4 != 0, AsianSupport: flags&8 != 0}
		s := TERSentenceStats(hyp, []string{ref}, o)
		nh := int64(len(TERTokenize(hyp, o)))
		nr := int64(len(TERTokenizeRef(ref, o)))
		// Never more edits than substituting and inserting/deleting everything.
		if s.Edits < 0 || s.Edits > max(nh, nr) || s.RefWords != nr {
			t.Errorf("edits %d, words %d/%d", s.Edits, nh, nr)
		}
		if r := s.Result(); math.IsNaN(r.Score) || r.Score < 0 {
			t.Errorf("score %v", r.Score)
		}
		// A sentence against itself needs no edit, except that sacreBLEU
		// normalises references twice and hypotheses once.
		if self := TERSentenceStats(ref, []string{ref}, o); self.Edits != 0 && !o.Normalized {
			t.Errorf("self edits %d", self.Edits)
		}
	})
}

// terNormalizeWesternRE is sacreBLEU 2.6.0's _normalize_general_and_western
// transcribed pattern for pattern into Go regular expressions (RE2 and
// Python's re agree on these: no alternation, no backreference, no
// lookaround); the hand-written scans of terNormalizeWestern must agree.
func terNormalizeWesternRE(s string) string {
	s = strings.ReplaceAll(s, "\n-", "")
	s = strings.ReplaceAll(s, "\n", " ")
	s = strings.ReplaceAll(s, "&quot;", `"`)
	s = strings.ReplaceAll(s, "&amp;", "&")
	s = strings.ReplaceAll(s, "&lt;", "<")
	s = strings.ReplaceAll(s, "&gt;", ">")
	s = " " + s + " "
	s = regexp.MustCompile("([{-~\\[-`"+` -&(-+:-@/])`).ReplaceAllString(s, " ${1} ")
	s = regexp.MustCompile(`'s `).ReplaceAllString(s, " 's ")
	s = regexp.MustCompile(`'s$`).ReplaceAllString(s, " 's")
	s = regexp.MustCompile(`([^0-9])([\.,])`).ReplaceAllString(s, "${1} ${2} ")
	s = regexp.MustCompile(`([\.,])([^0-9])`).ReplaceAllString(s, " ${1} ${2}")
	s = regexp.MustCompile(`([0-9])(-)`).ReplaceAllString(s, "${1} ${2} ")
	return s
}

func TestTERNormalizeScansMatchRegexps(t *testing.T) {
	for _, s := range []string{"", "a", "it's here", "'s", "x's", "1,000.5", "a.b,c", "..", ",,", ".,.,", "5-3-", "9-", "-9",
		"&amp;lt;", "&quot;x&quot;", "ü.ü", ".ü", "ü,", "1.ü", "a\n-b\nc", "'s's 's", "{[`~]}", "\x00.\x7f"} {
		if got, want := terNormalizeWestern(s), terNormalizeWesternRE(s); got != want {
			t.Errorf("%q: scans %q, regexps %q", s, got, want)
		}
	}
}

func FuzzTERNormalize(f *testing.F) {
	f.Add("Hello, world. It's 1,000.5 -- 9-10 &amp;lt; (x)")
	f.Add("ü.ü,1.ü's")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		if got, want := terNormalizeWestern(s), terNormalizeWesternRE(s); got != want {
			t.Errorf("%q: scans %q, regexps %q", s, got, want)
		}
	})
}

// Statistics of parts of a corpus, merged, give the corpus score exactly
// (here the two sentences of ExampleCorpusTER, scored apart).
func ExampleTERStats_Merge() {
	var a, b TERStats
	a.Add("The cat sat on the mat.", []string{"The cat sat on the mat."}, TEROptions{})
	b.Add("sat on the mat the dog", []string{"the dog sat on the mat"}, TEROptions{})
	if err := a.Merge(b); err != nil {
		panic(err)
	}
	r := a.Result()
	fmt.Printf("%d sentences, %d edits, %d reference words: TER = %.2f\n", a.Sentences, a.Edits, a.RefWords, r.Score)
	// Output:
	// 2 sentences, 1 edits, 12 reference words: TER = 8.33
}

// TER's paired bootstrap and approximate randomisation against sacreBLEU
// 2.6.0's command line (testdata/ter/paired.json, tools/oracle/ter_paired.py):
// first 400 lines of four WMT17 systems, baseline uedin-nmt. Scores agree to
// 1e-9; p-values, means and CIs within sampling error (checkPairedSystem),
// since the random streams differ.
func TestPairedTERAgainstSacreBLEU(t *testing.T) {
	var g struct {
		Lines   int      `json:"lines"`
		Systems []string `json:"systems"`
		Tests   map[string][]struct {
			Score  float64  `json:"score"`
			PValue *float64 `json:"p_value"`
			Mean   *float64 `json:"mean"`
			CI     *float64 `json:"ci"`
		} `json:"tests"`
	}
	terReadJSON(t, "testdata/ter/paired.json", &g)
	ref := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")[:g.Lines]
	var stats [][]TERStats
	for _, name := range g.Systems {
		hyp := readGzLines(t, "testdata/wmt17/newstest2017."+name+".en-de.txt.gz")[:g.Lines]
		_, each := TERStatsOf(hyp, [][]string{ref}, TEROptions{}, true)
		stats = append(stats, each)
	}
	for test, want := range g.Tests {
		t.Run(test, func(t *testing.T) {
			opts := PairedOptions{Method: test, Seed: SacreBLEUSeed}
			res, err := PairedTER(stats[0], stats[1:], opts)
			if err != nil {
				t.Fatal(err)
			}
			n := 1000.0
			if test == PairedAR {
				n = 10000
			}
			for k, w := range want {
				got := res.Baseline
				if k > 0 {
					got = res.Systems[k-1]
				}
				checkPairedSystem(t, g.Systems[k], got, w.Score, w.PValue, w.Mean, w.CI, n)
			}
		})
	}
}
