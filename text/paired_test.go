package text

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"strconv"
	"testing"
)

// TestPairedAgainstSacreBLEU compares Paired with sacreBLEU 2.6.0's
// PairedTest on the first 400 WMT17 sentences
// (testdata/significance_golden.json). Scores must agree to 1e-9. The
// random draws are numpy's in sacreBLEU and ChaCha8 here, so p-values,
// bootstrap means and CI half-widths agree only up to Monte Carlo error;
// the tolerances are 4.5 standard errors of the difference of two
// independent estimates with N draws each:
//
//	p-value:  4.5·√(2·p(1−p)/N) + 2/(N+1)        (binomial proportion)
//	mean:     4.5·√2·σ/√N, σ = CI/1.96            (mean of N resamples)
//	CI:       25% relative                         (2.5% and 97.5% order
//	          statistics of N = 1000 normal draws have a standard error of
//	          about 0.085σ each, i.e. ≈ 4.3% of the half-width per estimate)
func TestPairedAgainstSacreBLEU(t *testing.T) {
	var g struct {
		Source string `json:"source"`
		Cases  []struct {
			Test      string `json:"test"`
			Metric    string `json:"metric"`
			Samples   int    `json:"samples"`
			Lines     int    `json:"lines"`
			Signature string `json:"signature"`
			Systems   []struct {
				System string   `json:"system"`
				Score  float64  `json:"score"`
				PValue *float64 `json:"p_value"`
				Mean   *float64 `json:"mean"`
				CI     *float64 `json:"ci"`
			} `json:"systems"`
		} `json:"cases"`
	}
	readGzipJSON(t, "testdata/significance_golden.json", &g)
	refPath := findWMT17("newstest2017.ref.en-de.txt.gz")
	if refPath == "" {
		t.Skip("WMT17 reference not found")
	}
	bleu, _ := NewBLEU(BLEUOptions{})
	chrf, _ := NewCHRF(CHRFOptions{})
	for _, c := range g.Cases {
		t.Run(c.Test+"/"+c.Metric, func(t *testing.T) {
			refs := [][]string{readGzLines(t, refPath)[:c.Lines]}
			var idx []int // golden rows we have files for; idx[0] = baseline
			var sysLines [][]string
			for k, s := range c.Systems {
				p := findWMT17(s.System)
				if p == "" {
					if k == 0 {
						t.Skip("baseline file not found")
					}
					continue
				}
				idx = append(idx, k)
				sysLines = append(sysLines, readGzLines(t, p)[:c.Lines])
			}
			opts := PairedOptions{Method: c.Test, N: c.Samples, Seed: SacreBLEUSeed}
			var res PairedResult
			var sig string
			switch c.Metric {
			case "bleu":
				st := make([][]BLEUStats, len(sysLines))
				for k, h := range sysLines {
					st[k], _ = bleu.Corpus(h, refs)
				}
				if c.Test == "confidence" {
					m, ci, err := BootstrapCI(st[0], (*BLEUStats).Add, func(s BLEUStats) float64 { return bleu.Score(s).Score }, c.Samples, SacreBLEUSeed)
					if err != nil {
						t.Fatal(err)
					}
					res.Baseline = SystemResult{Score: bleu.Score(SumBLEU(st[0])).Score, Mean: m, CI: ci, HasCI: true}
					sig = BLEUOptions{}.BootstrapSignature(1, c.Samples, SacreBLEUSeed)
					break
				}
				var err error
				if res, err = bleu.PairedBLEU(st[0], st[1:], opts); err != nil {
					t.Fatal(err)
				}
				sig = BLEUOptions{}.PairedSignature(1, opts)
			case "chrf":
				st := make([][]CHRFStats, len(sysLines))
				for k, h := range sysLines {
					st[k], _ = chrf.Corpus(h, refs)
				}
				var err error
				if res, err = chrf.PairedCHRF(st[0], st[1:], opts); err != nil {
					t.Fatal(err)
				}
				sig = CHRFOptions{}.PairedSignature(1, opts)
			}
			if w := sigFromSacre(t, c.Signature); sig != w {
				t.Errorf("signature %q, want %q", sig, w)
			}
			n := float64(c.Samples)
			for j, k := range idx {
				want := c.Systems[k]
				got := res.Baseline
				if j > 0 {
					got = res.Systems[j-1]
				}
				t.Logf("%-50s p %.4f (sacreBLEU %v)  mean %.4f ± %.4f (sacreBLEU %v ± %v)", want.System, got.PValue, fmtp(want.PValue), got.Mean, got.CI, fmtp(want.Mean), fmtp(want.CI))
				checkPairedSystem(t, want.System, got, want.Score, want.PValue, want.Mean, want.CI, n)
			}
		})
	}
}

// checkPairedSystem compares one system of a paired test with sacreBLEU's
// result over n resamples or trials: the score exactly (1e-9), the p-value,
// mean and CI within the tolerances above.
func checkPairedSystem(t *testing.T, system string, got SystemResult, score float64, pValue, mean, ci *float64, n float64) {
	t.Helper()
	if !near(got.Score, score) {
		t.Errorf("%s: score %.17g, sacreBLEU %.17g", system, got.Score, score)
	}
	if pValue != nil {
		p := *pValue
		tol := 4.5*math.Sqrt(2*p*(1-p)/n) + 2/(n+1)
		if math.Abs(got.PValue-p) > tol {
			t.Errorf("%s: p = %.4f, sacreBLEU %.4f (tolerance %.4f)", system, got.PValue, p, tol)
		}
	}
	if mean != nil {
		if !got.HasCI {
			t.Fatalf("%s: no confidence interval", system)
		}
		sigma := *ci / 1.96
		if tol := 4.5 * math.Sqrt2 * sigma / math.Sqrt(n); math.Abs(got.Mean-*mean) > tol {
			t.Errorf("%s: mean %.4f, sacreBLEU %.4f (tolerance %.4f)", system, got.Mean, *mean, tol)
		}
		if math.Abs(got.CI-*ci) > 0.25**ci {
			t.Errorf("%s: CI %.4f, sacreBLEU %.4f (tolerance 25%%)", system, got.CI, *ci)
		}
	} else if got.HasCI {
		t.Errorf("%s: a confidence interval sacreBLEU does not give", system)
	}
}

func fmtp(p *float64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatFloat(*p, 'f', 4, 64)
}

// pairedFixture returns BLEU statistics of a baseline and two systems over
// 300 WMT17 sentences.
func pairedFixture(t *testing.T) (*BLEU, []BLEUStats, [][]BLEUStats) {
	t.Helper()
	b, _ := NewBLEU(BLEUOptions{})
	ref := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")[:300]
	var st [][]BLEUStats
	for _, s := range []string{"uedin-nmt.4722", "online-B.0", "LMU-nmt-single.4893"} {
		h := readGzLines(t, "testdata/wmt17/newstest2017."+s+".en-de.txt.gz")[:300]
		x, err := b.Corpus(h, [][]string{ref})
		if err != nil {
			t.Fatal(err)
		}
		st = append(st, x)
	}
	return b, st[0], st[1:]
}

// TestPairedDeterministic: the same seed gives bit-identical results,
// whatever the number of goroutines; another seed gives other draws.
func TestPairedDeterministic(t *testing.T) {
	b, base, sys := pairedFixture(t)
	for _, m := range []string{PairedBS, PairedAR} {
		t.Run(m, func(t *testing.T) {
			o := PairedOptions{Method: m, N: 200, Seed: 7, ConfidenceN: 100}
			r1, err := b.PairedBLEU(base, sys, o)
			if err != nil {
				t.Fatal(err)
			}
			prev := runtime.GOMAXPROCS(1)
			r2, _ := b.PairedBLEU(base, sys, o)
			runtime.GOMAXPROCS(prev)
			for k := range r1.Systems {
				if r1.Systems[k] != r2.Systems[k] {
					t.Errorf("system %d: %+v with GOMAXPROCS=%d, %+v with 1", k, r1.Systems[k], prev, r2.Systems[k])
				}
			}
			if r1.Baseline != r2.Baseline {
				t.Errorf("baseline differs: %+v, %+v", r1.Baseline, r2.Baseline)
			}
			o.Seed = 8
			r3, _ := b.PairedBLEU(base, sys, o)
			if r3.Baseline.Mean == r1.Baseline.Mean && r3.Systems[0].Mean == r1.Systems[0].Mean {
				t.Errorf("seeds 7 and 8 gave the same bootstrap means")
			}
		})
	}
}

func TestPairedErrors(t *testing.T) {
	b, base, sys := pairedFixture(t)
	cases := []struct {
		name string
		base []BLEUStats
		sys  [][]BLEUStats
		opts PairedOptions
		want error
	}{
		{"empty baseline", nil, sys, PairedOptions{}, ErrEmpty},
		{"no systems", base, nil, PairedOptions{}, ErrEmpty},
		{"length", base, [][]BLEUStats{sys[0][:10]}, PairedOptions{}, ErrLength},
		{"method", base, sys, PairedOptions{Method: "t-test"}, ErrBadOption},
		{"negative n", base, sys, PairedOptions{N: -1}, ErrBadOption},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := b.PairedBLEU(c.base, c.sys, c.opts); !errors.Is(err, c.want) {
				t.Errorf("error %v, want %v", err, c.want)
			}
		})
	}
	if _, _, err := BootstrapCI(base, (*BLEUStats).Add, func(s BLEUStats) float64 { return 0 }, 0, 1); !errors.Is(err, ErrBadOption) {
		t.Errorf("BootstrapCI n=0: %v", err)
	}
}

// checkPackedSet: the packed statistics give exactly the generic path's
// corpus scores, bootstrap scores (same draws) and randomisation trials
// (same random bits), and they pack into dim numbers a sentence.
func checkPackedSet[S any](t *testing.T, name string, all [][]S, add func(*S, S), score func(S) float64, dim int) {
	t.Helper()
	packed, ok := newSentenceSet(all, add, score).(packedSet[S])
	if !ok {
		t.Fatalf("%s: not packed", name)
	}
	if d := packed.all[0].dim; d != dim || packed.all[0].Bytes() != int64(2*dim*len(all[0])) {
		t.Errorf("%s: %d numbers a sentence, want %d", name, d, dim)
	}
	slow := sliceSet[S]{all: all, add: add, score: score}
	if !slices.Equal(packed.scores(), slow.scores()) {
		t.Errorf("%s: corpus scores differ", name)
	}
	for _, n := range []int{1, 7, 40} {
		fast, want := packed.bootstrap(n, 5), slow.bootstrap(n, 5)
		for k := range all {
			if !slices.Equal(fast[k], want[k]) {
				t.Errorf("%s: n=%d: system %d: packed bootstrap differs from the generic one", name, n, k)
			}
		}
		for k := 1; k < len(all); k++ {
			if !slices.Equal(packed.randomisation(k, n, 3), slow.randomisation(k, n, 3)) {
				t.Errorf("%s: n=%d: system %d: packed randomisation differs from the generic one", name, n, k)
			}
		}
	}
}

// TestPackedSameAsSlices: BLEU, chrF and TER statistics, packed, resample
// to the same bits as the statistics themselves.
func TestPackedSameAsSlices(t *testing.T) {
	b, base, sys := pairedFixture(t)
	checkPackedSet(t, "BLEU", [][]BLEUStats{base, sys[0], sys[1]}, (*BLEUStats).Add, func(s BLEUStats) float64 { return b.Score(s).Score }, 10)
	c, _ := NewCHRF(CHRFOptions{WordOrder: 2})
	ref := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")[:130]
	h1 := readGzLines(t, "testdata/wmt17/newstest2017.online-B.0.en-de.txt.gz")[:130]
	h2 := readGzLines(t, "testdata/wmt17/newstest2017.uedin-nmt.4722.en-de.txt.gz")[:130]
	s1, _ := c.Corpus(h1, [][]string{ref})
	s2, _ := c.Corpus(h2, [][]string{ref})
	checkPackedSet(t, "chrF++", [][]CHRFStats{s1, s2}, (*CHRFStats).Add, c.Score, 24)
	_, t1 := TERStatsOf(h1, [][]string{ref, h2}, TEROptions{}, true)
	_, t2 := TERStatsOf(h2, [][]string{ref, h1}, TEROptions{}, true)
	checkPackedSet(t, "TER", [][]TERStats{t1, t2}, AddTER, TERScoreOf, 2)
}

// TestPackedErrors: statistics that do not fit are refused, the packed
// store left as it was, and the generic path takes them.
func TestPackedErrors(t *testing.T) {
	var p Packed[BLEUStats]
	if err := p.Append(BLEUStats{HypLen: 3, RefLen: 3, Counts: [OrderLimit]int64{3, 2, 1, 0}, Totals: [OrderLimit]int64{3, 2, 1, 0}}); err != nil || p.Len() != 1 {
		t.Fatalf("a sentence: %v, %d", err, p.Len())
	}
	if err := p.Append(BLEUStats{HypLen: 1}, BLEUStats{HypLen: 1 << 32}); !errors.Is(err, ErrPack) || p.Len() != 1 {
		t.Errorf("a length of 2³²: %v, %d sentences", err, p.Len())
	}
	if err := p.Append(BLEUStats{HypLen: -1}); !errors.Is(err, ErrPack) || p.Len() != 1 {
		t.Errorf("a negative length: %v, %d sentences", err, p.Len())
	}
	var c Packed[CHRFStats]
	if err := c.Append(CHRFStats{1, 2, 3}, CHRFStats{1, 2}); !errors.Is(err, ErrPack) || c.Len() != 0 {
		t.Errorf("ragged chrF: %v, %d", err, c.Len())
	}
	var tr Packed[TERStats]
	if err := tr.Append(TERStats{Sentences: 1, NRefs: 1}, TERStats{Sentences: 1, NRefs: 2}); !errors.Is(err, ErrPack) || tr.Len() != 0 {
		t.Errorf("TER of 1 then 2 references: %v, %d", err, tr.Len())
	}
	big := []BLEUStats{{HypLen: 1 << 33, Totals: [OrderLimit]int64{1 << 33}}, {HypLen: 2, Totals: [OrderLimit]int64{2, 1}}}
	if _, ok := newSentenceSet([][]BLEUStats{big}, (*BLEUStats).Add, func(s BLEUStats) float64 { return float64(s.HypLen) }).(sliceSet[BLEUStats]); !ok {
		t.Error("statistics past 2³² were packed")
	}
}

// TestPackedWidens: a number past 2¹⁶ switches the rows to 32 bits, the
// sentences before it kept (over several blocks), a failed Append leaves
// the rows as they were, and resampling still gives the generic path's
// bits.
func TestPackedWidens(t *testing.T) {
	const n = 2*packBlock + 300
	st := make([]TERStats, n)
	for i := range st {
		st[i] = TERStats{Sentences: 1, Edits: int64(i % 9), RefWords: 10 + int64(i%5), NRefs: 1}
	}
	var p Packed[TERStats]
	if err := p.Append(st[:packBlock+7]...); err != nil || p.wide != nil || p.Bytes() != 2*2*(packBlock+7) {
		t.Fatalf("%v, %d bytes", err, p.Bytes())
	}
	if err := p.Append(st[packBlock+7], TERStats{Sentences: 1, NRefs: 1, Edits: -1}); !errors.Is(err, ErrPack) || p.Len() != packBlock+7 {
		t.Fatalf("a bad sentence: %v, %d sentences", err, p.Len())
	}
	st[packBlock+150].RefWords = 1 << 20
	if err := p.Append(st[packBlock+7:]...); err != nil || p.wide == nil || p.Len() != n || p.Bytes() != 4*2*n {
		t.Fatalf("%v: %d sentences, %d bytes, wide %v", err, p.Len(), p.Bytes(), p.wide != nil)
	}
	set := packedSet[TERStats]{all: []*Packed[TERStats]{&p, &p}, score: TERScoreOf}
	slow := sliceSet[TERStats]{all: [][]TERStats{st, st}, add: AddTER, score: TERScoreOf}
	if !slices.Equal(set.bootstrap(5, 1)[0], slow.bootstrap(5, 1)[0]) || !slices.Equal(set.scores(), slow.scores()) ||
		!slices.Equal(set.randomisation(1, 5, 2), slow.randomisation(1, 5, 2)) {
		t.Error("widened rows resample differently")
	}
}
