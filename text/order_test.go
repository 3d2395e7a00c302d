package text

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// Golden numbers for BLEUOptions.MaxNgramOrder come from
// tools/oracle/sacrebleu_ngram_order.py, which runs sacreBLEU 2.6.0's
// BLEU(max_ngram_order=N) (the file's "source" field says which Python).

type goldenOrderOpts struct {
	goldenBLEUOpts
	MaxNgramOrder int `json:"max_ngram_order"`
}

func (g goldenOrderOpts) options() BLEUOptions {
	o := g.goldenBLEUOpts.options()
	o.MaxNgramOrder = g.MaxNgramOrder
	return o
}

type orderGolden struct {
	Source string `json:"source"`
	Own    []struct {
		Options  goldenOrderOpts `json:"options"`
		Hyps     []string        `json:"hyps"`
		Refs     [][]string      `json:"refs"`
		Expected *string         `json:"expected"` // the score sacreBLEU's test_max_ngram_order expects
		goldenBLEU
	} `json:"own"`
	WMT17 []struct {
		System  string          `json:"system"`
		Options goldenOrderOpts `json:"options"`
		goldenBLEU
	} `json:"wmt17"`
	Sentence []struct {
		System     string          `json:"system"`
		Options    goldenOrderOpts `json:"options"`
		Signature  string          `json:"signature"`
		Scores     []float64       `json:"scores"`
		Precisions [][]float64     `json:"precisions"`
	} `json:"sentence"`
}

// orderSig is sacreBLEU's signature sig (with evalkit's version field)
// as evalkit writes it for order n: sacreBLEU's has no field for
// max_ngram_order, evalkit adds order:n before the version unless n is 4.
func orderSig(sig string, n int) string {
	if n == DefaultOrder {
		return sig
	}
	i := strings.LastIndex(sig, "|version:")
	return sig[:i] + "|order:" + strconv.Itoa(n) + sig[i:]
}

func readOrderGolden(t *testing.T) orderGolden {
	t.Helper()
	var g orderGolden
	readGzipJSON(t, "testdata/bleu_order_golden.json.gz", &g)
	if len(g.Own) == 0 || len(g.WMT17) == 0 || len(g.Sentence) == 0 {
		t.Fatal("empty golden file")
	}
	return g
}

// TestMaxNgramOrderSacreBLEUOwn checks sacreBLEU's own test_max_ngram_order
// sentences: its expected two-decimal scores for N = 1…6 and its full
// results for N = 1…6 and 9, on both n-gram paths.
func TestMaxNgramOrderSacreBLEUOwn(t *testing.T) {
	g := readOrderGolden(t)
	for _, slow := range []bool{false, true} {
		for _, c := range g.Own {
			o := c.Options.options()
			t.Run(strconv.Itoa(o.MaxNgramOrder)+map[bool]string{true: "/slow"}[slow], func(t *testing.T) {
				defer func(old bool) { slowPath = old }(slowPath)
				slowPath = slow
				got, err := CorpusBLEU(c.Hyps, c.Refs, o)
				if err != nil {
					t.Fatal(err)
				}
				if c.Expected != nil && strconv.FormatFloat(got.Score, 'f', 2, 64) != *c.Expected {
					t.Errorf("BLEU %.2f, sacreBLEU's test expects %s", got.Score, *c.Expected)
				}
				checkBLEU(t, o, got, o.Signature(len(c.Refs)), c.goldenBLEU)
			})
		}
	}
}

// TestMaxNgramOrderWMT17 checks corpus BLEU of every order on the WMT17
// systems under every smoothing, effective order, lowercase and the intl
// and char tokenizers.
func TestMaxNgramOrderWMT17(t *testing.T) {
	g := readOrderGolden(t)
	ref := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")
	hyps := map[string][]string{}
	worst := 0.0
	defer func() { t.Logf("largest relative difference of a score from sacreBLEU's: %.3g", worst) }()
	for _, c := range g.WMT17 {
		if hyps[c.System] == nil {
			hyps[c.System] = readGzLines(t, "testdata/wmt17/"+c.System)
		}
		o := c.Options.options()
		got, err := CorpusBLEU(hyps[c.System], [][]string{ref}, o)
		if err != nil {
			t.Fatal(err)
		}
		worst = max(worst, relDiff(got.Score, c.Score))
		t.Run(c.System+"/"+o.Signature(1), func(t *testing.T) { checkBLEU(t, o, got, o.Signature(1), c.goldenBLEU) })
	}
}

// TestMaxNgramOrderSentence checks sentence-level BLEU (effective order,
// as sacreBLEU's sentence_bleu) of every order and smoothing.
func TestMaxNgramOrderSentence(t *testing.T) {
	g := readOrderGolden(t)
	ref := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")
	worst := 0.0
	defer func() { t.Logf("largest relative difference of a score from sacreBLEU's: %.3g", worst) }()
	for _, c := range g.Sentence {
		hyp := readGzLines(t, "testdata/wmt17/"+c.System)
		o := c.Options.options()
		b, err := NewBLEU(o)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := b.Signature(1), orderSig(sigFromSacre(t, c.Signature), o.Order()); got != want {
			t.Errorf("signature %q, want %q", got, want)
		}
		for i, want := range c.Scores {
			got := b.Score(b.Sentence(hyp[i], []string{ref[i]}))
			worst = max(worst, relDiff(got.Score, want))
			if !near(got.Score, want) {
				t.Errorf("%s line %d: BLEU %.17g, sacreBLEU %.17g", b.Signature(1), i+1, got.Score, want)
			}
			for n, p := range c.Precisions[i] {
				if !near(got.Precisions[n], p) {
					t.Errorf("%s line %d: precision %d %.17g, sacreBLEU %.17g", b.Signature(1), i+1, n+1, got.Precisions[n], p)
				}
			}
		}
	}
}

func relDiff(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / math.Max(math.Abs(a), math.Abs(b))
}
