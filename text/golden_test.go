package text

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden files come from tools/oracle/sacrebleu_golden.py, which runs
// sacreBLEU 2.6.0 (Python 3.11.2); each file's "source" field says so.

const relTol = 1e-9

func near(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= relTol*math.Max(math.Abs(a), math.Abs(b))
}

// sigFromSacre turns sacreBLEU's signature into evalkit's: the version
// field names evalkit (see SignatureVersion) and a seed is followed by
// rng:chacha8 (see RNG); every other field is equal.
func sigFromSacre(t *testing.T, s string) string {
	t.Helper()
	i := strings.LastIndex(s, "|version:")
	if i < 0 || s[i+len("|version:"):] != SacreBLEUVersion {
		t.Fatalf("golden signature %q is not from sacreBLEU %s", s, SacreBLEUVersion)
	}
	s = s[:i] + "|version:" + SignatureVersion
	if j := strings.Index(s, "|seed:"); j >= 0 {
		k := j + 1 + strings.IndexByte(s[j+1:], '|')
		s = s[:k] + "|rng:" + RNG + s[k:]
	}
	return s
}

type goldenBLEUOpts struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	Smooth         string   `json:"smooth"`
	SmoothValue    *float64 `json:"smooth_value"`
	EffectiveOrder bool     `json:"effective_order"`
}

func (g goldenBLEUOpts) options() BLEUOptions {
	return BLEUOptions{Tokenize: g.Tokenize, Lowercase: g.Lowercase, Smooth: g.Smooth,
		SmoothValue: g.SmoothValue, EffectiveOrder: g.EffectiveOrder}
}

type goldenBLEU struct {
	Score      float64   `json:"score"`
	Precisions []float64 `json:"precisions"`
	Counts     []float64 `json:"counts"`
	Totals     []float64 `json:"totals"`
	BP         float64   `json:"bp"`
	Ratio      float64   `json:"ratio"`
	HypLen     int64     `json:"hyp_len"`
	RefLen     int64     `json:"ref_len"`
	Signature  string    `json:"signature"`
}

type goldenCHRFOpts struct {
	CharOrder    int  `json:"char_order"`
	WordOrder    int  `json:"word_order"`
	Beta         int  `json:"beta"`
	Lowercase    bool `json:"lowercase"`
	Whitespace   bool `json:"whitespace"`
	EpsSmoothing bool `json:"eps_smoothing"`
}

func (g goldenCHRFOpts) options() CHRFOptions {
	return CHRFOptions{CharOrder: g.CharOrder, WordOrder: g.WordOrder, Beta: g.Beta,
		Lowercase: g.Lowercase, Whitespace: g.Whitespace, EpsSmoothing: g.EpsSmoothing}
}

// checkBLEU compares got with sacreBLEU's want: score, precisions, bp and
// ratio to 1e-9 relative, counts, totals and lengths exactly, and the
// signature exactly.
func checkBLEU(t *testing.T, o BLEUOptions, got BLEUScore, sig string, want goldenBLEU) {
	t.Helper()
	if !near(got.Score, want.Score) {
		t.Errorf("score = %.17g, sacreBLEU %.17g", got.Score, want.Score)
	}
	// sacreBLEU adds add-k's k to its reported counts and totals for
	// n ≥ 2 (when any count is non-zero); evalkit reports raw counts.
	k := 0.0
	anyCount := false
	for _, c := range got.Counts {
		anyCount = anyCount || c != 0
	}
	if o.smooth() == SmoothAddK && anyCount {
		k = o.smoothValue()
	}
	if got.Order != len(want.Precisions) {
		t.Errorf("order %d, sacreBLEU's has %d precisions", got.Order, len(want.Precisions))
		return
	}
	for n := range got.Order {
		add := 0.0
		if n > 0 {
			add = k
		}
		if !near(got.Precisions[n], want.Precisions[n]) {
			t.Errorf("precision %d = %.17g, sacreBLEU %.17g", n+1, got.Precisions[n], want.Precisions[n])
		}
		if float64(got.Counts[n])+add != want.Counts[n] || float64(got.Totals[n])+add != want.Totals[n] {
			t.Errorf("order %d: counts/totals %d/%d (+%g), sacreBLEU %g/%g", n+1, got.Counts[n], got.Totals[n], add, want.Counts[n], want.Totals[n])
		}
	}
	if !near(got.BP, want.BP) || !near(got.Ratio, want.Ratio) {
		t.Errorf("bp, ratio = %.17g, %.17g; sacreBLEU %.17g, %.17g", got.BP, got.Ratio, want.BP, want.Ratio)
	}
	if got.HypLen != want.HypLen || got.RefLen != want.RefLen {
		t.Errorf("lengths = %d, %d; sacreBLEU %d, %d", got.HypLen, got.RefLen, want.HypLen, want.RefLen)
	}
	if w := sigFromSacre(t, want.Signature); sig != w && sig != orderSig(w, got.Order) {
		t.Errorf("signature = %q, want %q", sig, w)
	}
}

type generatedCorpus struct {
	Name         string              `json:"name"`
	Hyps         []string            `json:"hyps"`
	Refs         [][]string          `json:"refs"`
	Lower        []string            `json:"lower"`
	Tokens       map[string][]string `json:"tokens"`
	BLEUOptions  goldenBLEUOpts      `json:"bleu_options"`
	BLEU         goldenBLEU          `json:"bleu"`
	SentenceBLEU []goldenBLEU        `json:"sentence_bleu"`
	CHRFOptions  goldenCHRFOpts      `json:"chrf_options"`
	CHRFName     string              `json:"chrf_name"`
	CHRF         float64             `json:"chrf"`
	CHRFSig      string              `json:"chrf_signature"`
	SentenceCHRF []float64           `json:"sentence_chrf"`
}

func readGzipJSON(t testing.TB, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r = bufio.NewReader(f)
	var dec *json.Decoder
	if strings.HasSuffix(path, ".gz") {
		g, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		dec = json.NewDecoder(g)
	} else {
		dec = json.NewDecoder(r)
	}
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestGenerated compares evalkit with sacreBLEU 2.6.0 on ≥ 200 generated
// corpora: tokenizations (every tokenizer, every line), Python lowercasing,
// corpus and sentence BLEU, corpus and sentence chrF.
func TestGenerated(t *testing.T) {
	var g struct {
		Source  string            `json:"source"`
		Corpora []generatedCorpus `json:"corpora"`
	}
	readGzipJSON(t, "testdata/generated_golden.json.gz", &g)
	if len(g.Corpora) < 200 {
		t.Fatalf("only %d generated corpora", len(g.Corpora))
	}
	for _, c := range g.Corpora {
		t.Run(c.Name, func(t *testing.T) {
			lines := append([]string{}, c.Hyps...)
			for _, r := range c.Refs {
				lines = append(lines, r...)
			}
			for _, tok := range Tokenizers {
				want := c.Tokens[tok]
				for i, l := range lines {
					got, err := Tokenize(tok, l)
					// sacreBLEU's char and none keep the line's spacing;
					// BLEU splits at whitespace anyway, and Tokenize
					// returns the fields joined by single spaces.
					if err != nil || got != joinPyFields(want[i]) {
						t.Errorf("Tokenize(%s, %q) = %q, %v; sacreBLEU %q", tok, l, got, err, want[i])
					}
				}
			}
			for i, h := range c.Hyps {
				if got := pyLower(h); got != c.Lower[i] {
					t.Errorf("pyLower(%q) = %q, Python %q", h, got, c.Lower[i])
				}
			}
			o := c.BLEUOptions.options()
			got, err := CorpusBLEU(c.Hyps, c.Refs, o)
			if err != nil {
				t.Fatal(err)
			}
			t.Run("corpus", func(t *testing.T) { checkBLEU(t, o, got, o.Signature(len(c.Refs)), c.BLEU) })
			so := o
			so.EffectiveOrder = true
			for i, h := range c.Hyps {
				refs := make([]string, len(c.Refs))
				for k := range c.Refs {
					refs[k] = c.Refs[k][i]
				}
				s, err := SentenceBLEU(h, refs, so)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprintf("sentence%d", i), func(t *testing.T) {
					checkBLEU(t, so, s, so.Signature(len(c.Refs)), c.SentenceBLEU[i])
				})
				co := c.CHRFOptions.options()
				f, err := SentenceCHRF(h, refs, co)
				if err != nil || !near(f, c.SentenceCHRF[i]) {
					t.Errorf("sentence %d chrF = %.17g, %v; sacreBLEU %.17g", i, f, err, c.SentenceCHRF[i])
				}
			}
			co := c.CHRFOptions.options()
			f, err := CorpusCHRF(c.Hyps, c.Refs, co)
			if err != nil || !near(f, c.CHRF) {
				t.Errorf("corpus chrF = %.17g, %v; sacreBLEU %.17g", f, err, c.CHRF)
			}
			if co.Name() != c.CHRFName {
				t.Errorf("chrF name %q, sacreBLEU %q", co.Name(), c.CHRFName)
			}
			if s, w := co.Signature(len(c.Refs)), sigFromSacre(t, c.CHRFSig); s != w {
				t.Errorf("chrF signature %q, want %q", s, w)
			}
		})
	}
}

// wmt17Dirs are where the WMT17 files may be: the copies in testdata (the
// reference and three systems) and the shared data set (all 16 systems).
var wmt17Dirs = []string{"testdata/wmt17", "../../shared/data/wmt17-en-de"}

func findWMT17(name string) string {
	for _, d := range wmt17Dirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// readGzLines reads a gzipped one-sentence-a-line file as sacreBLEU's
// command line does (line.rstrip()).
func readGzLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(g)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []string
	for sc.Scan() {
		out = append(out, pyRstrip(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWMT17 compares corpus BLEU and chrF of the WMT17 en-de systems with
// sacreBLEU 2.6.0 (testdata/wmt17_golden.json). Systems whose file is
// neither in testdata/wmt17 nor in ../shared/data are skipped.
func TestWMT17(t *testing.T) {
	var g struct {
		Source    string `json:"source"`
		Reference string `json:"reference"`
		Cases     []struct {
			System      string         `json:"system"`
			Metric      string         `json:"metric"`
			BLEUOptions goldenBLEUOpts `json:"-"`
			Options     json.RawMessage
			Name        string  `json:"name"`
			Score       float64 `json:"score"`
			Signature   string  `json:"signature"`
			goldenBLEU
		} `json:"cases"`
	}
	readGzipJSON(t, "testdata/wmt17_golden.json", &g)
	refPath := findWMT17(g.Reference)
	if refPath == "" {
		t.Skip("WMT17 reference not found")
	}
	refs := [][]string{readGzLines(t, refPath)}
	hyps := map[string][]string{}
	ran := 0
	systems := map[string]bool{}
	for _, c := range g.Cases {
		systems[c.System] = true
		t.Run(c.System+"/"+c.Metric+"/"+string(c.Options), func(t *testing.T) {
			p := findWMT17(c.System)
			if p == "" {
				t.Skip("system file not found")
			}
			h, ok := hyps[c.System]
			if !ok {
				h = readGzLines(t, p)
				hyps[c.System] = h
			}
			ran++
			switch c.Metric {
			case "bleu":
				var bo goldenBLEUOpts
				if err := json.Unmarshal(c.Options, &bo); err != nil {
					t.Fatal(err)
				}
				o := bo.options()
				got, err := CorpusBLEU(h, refs, o)
				if err != nil {
					t.Fatal(err)
				}
				c.goldenBLEU.Score, c.goldenBLEU.Signature = c.Score, c.Signature
				checkBLEU(t, o, got, o.Signature(1), c.goldenBLEU)
			case "chrf":
				var co goldenCHRFOpts
				if err := json.Unmarshal(c.Options, &co); err != nil {
					t.Fatal(err)
				}
				o := co.options()
				got, err := CorpusCHRF(h, refs, o)
				if err != nil || !near(got, c.Score) {
					t.Errorf("chrF = %.17g, %v; sacreBLEU %.17g", got, err, c.Score)
				}
				if o.Name() != c.Name || o.Signature(1) != sigFromSacre(t, c.Signature) {
					t.Errorf("name, signature = %q, %q; sacreBLEU %q, %q", o.Name(), o.Signature(1), c.Name, c.Signature)
				}
			}
		})
	}
	t.Logf("%d of %d cases over %d systems compared", ran, len(g.Cases), len(systems))
}

// TestGeneratedSlowPath reruns TestGenerated with the string-keyed n-gram
// path that very long lines fall back to.
func TestGeneratedSlowPath(t *testing.T) {
	slowPath = true
	defer func() { slowPath = false }()
	TestGenerated(t)
}
