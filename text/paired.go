package text

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Paired significance tests, as sacreBLEU's --paired-bs and --paired-ar.
const (
	PairedBS = "bs" // paired bootstrap resampling (Koehn 2004)
	PairedAR = "ar" // paired approximate randomisation (Riezler & Maxwell 2005)
)

// DefaultSeed is the default seed of the bootstrap and randomisation
// tests: 1, the seed of every resampling of evalkit. The generator is
// not numpy's (the signature names it, RNG), so sacreBLEU's default seed
// would not give sacreBLEU's draws anyway.
const DefaultSeed = 1

// SacreBLEUSeed is sacreBLEU's default random seed (SACREBLEU_SEED),
// which its signatures print.
const SacreBLEUSeed = 12345

// PairedOptions configures Paired. The zero value is a paired bootstrap
// test with 1000 resamples and seed 0; the command line's default seed is
// DefaultSeed.
type PairedOptions struct {
	Method string // PairedBS ("" means bs) or PairedAR
	// N is the number of bootstrap resamples (bs; 0 means 1000) or of
	// randomisation trials (ar; 0 means 10000).
	N    int
	Seed uint64
	// ConfidenceN is, for ar, the number of bootstrap resamples used for
	// the confidence intervals; 0 (as sacreBLEU's command line) computes
	// none. bs always reports them, from its own resamples.
	ConfidenceN int
}

func (o PairedOptions) method() string {
	if o.Method == "" {
		return PairedBS
	}
	return o.Method
}

func (o PairedOptions) n() int {
	if o.N != 0 {
		return o.N
	}
	if o.method() == PairedAR {
		return 10000
	}
	return 1000
}

// ciN is the number of bootstrap resamples behind the confidence intervals.
func (o PairedOptions) ciN() int {
	if o.method() == PairedBS {
		return o.n()
	}
	return o.ConfidenceN
}

func (o PairedOptions) sig() *testSig {
	return &testSig{kind: o.method(), n: o.n(), bs: o.ConfidenceN, seed: o.Seed}
}

// Check returns ErrBadOption for an unknown method or a negative count.
func (o PairedOptions) Check() error {
	if m := o.method(); m != PairedBS && m != PairedAR {
		return fmt.Errorf("%w: unknown paired test %q (want bs or ar)", ErrBadOption, o.Method)
	}
	if o.N < 0 || o.ConfidenceN < 0 {
		return fmt.Errorf("%w: resample counts must be ≥ 0 (got %d, %d)", ErrBadOption, o.N, o.ConfidenceN)
	}
	return nil
}

// SystemResult is one system's line of a paired test.
type SystemResult struct {
	Score float64 // the corpus score
	// PValue is the test's p-value against the baseline (not set for the
	// baseline itself).
	PValue float64
	// Mean and CI are the mean of the bootstrap scores and the half-width
	// of their 95% interval, 0.5·(upper − lower), where lower and upper are
	// the sorted scores at positions ⌊n/40⌋ and n − ⌊n/40⌋ − 1 (sacreBLEU's
	// "μ ± CI"). Set when HasCI.
	Mean, CI float64
	HasCI    bool
}

// PairedResult is the result of Paired: the baseline and each system.
type PairedResult struct {
	Baseline SystemResult
	Systems  []SystemResult
}

// Paired compares each system with the baseline by a paired test over
// sentence-level statistics (stats[i] is sentence i; every system must
// have as many sentences as the baseline). add accumulates statistics and
// score turns a sum into the corpus score.
//
// Paired bootstrap resampling (bs): N resamples of the sentence indices,
// drawn with replacement and shared by all systems, give scores b_j
// (baseline) and s_j (system). With δ = |score(system) − score(baseline)|,
// d_j = |s_j − b_j| and d̄ their mean,
//
//	p = (#{j : d_j − d̄ > δ} + 1) / (N + 1)
//
// and the confidence intervals come from the same resamples.
//
// Approximate randomisation (ar): in each of N trials every sentence's
// pair of statistics is swapped between baseline and system with
// probability ½ (the same swaps for every system), giving pseudo-systems
// with scores a_t, b_t, and
//
//	p = (#{t : |a_t − b_t| > δ} + 1) / (N + 1).
//
// These are sacreBLEU's definitions. The random numbers are not numpy's:
// resample j (trial t) draws from a ChaCha8 stream seeded by (Seed, j,
// test), so results are identical on every platform and for any number of
// goroutines, and agree with sacreBLEU's to within Monte Carlo error.
//
// It returns ErrEmpty for no sentences or no systems, ErrLength for a
// system of another length, ErrBadOption for bad options.
func Paired[S any](baseline []S, systems [][]S, add func(*S, S), score func(S) float64, opts PairedOptions) (PairedResult, error) {
	lens := make([]int, len(systems))
	for k, s := range systems {
		lens[k] = len(s)
	}
	if err := checkPaired(len(baseline), lens, opts); err != nil {
		return PairedResult{}, err
	}
	return pairedOn(newSentenceSet(append([][]S{baseline}, systems...), add, score), opts), nil
}

// PairedPacked is [Paired] on packed statistics: the same results, to the
// bit, in a fraction of the memory.
func PairedPacked[S any](baseline *Packed[S], systems []*Packed[S], score func(S) float64, opts PairedOptions) (PairedResult, error) {
	lens := make([]int, len(systems))
	for k, s := range systems {
		lens[k] = s.Len()
		if s.Len() > 0 && baseline.Len() > 0 && (s.dim != baseline.dim || s.nrefs != baseline.nrefs) {
			return PairedResult{}, fmt.Errorf("%w: system %d's statistics are not laid out as the baseline's", ErrLength, k+1)
		}
	}
	if err := checkPaired(baseline.Len(), lens, opts); err != nil {
		return PairedResult{}, err
	}
	return pairedOn(packedSet[S]{all: append([]*Packed[S]{baseline}, systems...), score: score}, opts), nil
}

// checkPaired checks the options and the lengths of the baseline and the
// systems of a paired test.
func checkPaired(base int, systems []int, opts PairedOptions) error {
	if err := opts.Check(); err != nil {
		return err
	}
	if base == 0 {
		return fmt.Errorf("%w: the baseline is empty", ErrEmpty)
	}
	if len(systems) == 0 {
		return fmt.Errorf("%w: no systems to compare with the baseline", ErrEmpty)
	}
	for k, n := range systems {
		if n != base {
			return fmt.Errorf("%w: system %d has %d sentences but the baseline has %d", ErrLength, k+1, n, base)
		}
	}
	return nil
}

// pairedOn runs the paired test opts on the checked sentences set (list 0
// the baseline).
func pairedOn(set sentenceSet, opts PairedOptions) PairedResult {
	sc := set.scores()
	res := PairedResult{Baseline: SystemResult{Score: sc[0]}, Systems: make([]SystemResult, len(sc)-1)}
	for k := range res.Systems {
		res.Systems[k].Score = sc[k+1]
	}
	n := opts.n()
	var boot [][]float64 // boot[k][j]: score of system k (0 = baseline) in resample j
	if cn := opts.ciN(); cn > 0 {
		boot = set.bootstrap(cn, opts.Seed)
		for k, sc := range boot {
			r := &res.Baseline
			if k > 0 {
				r = &res.Systems[k-1]
			}
			r.Mean, r.CI = meanCI(sc)
			r.HasCI = true
		}
	}
	switch opts.method() {
	case PairedBS:
		for k := range res.Systems {
			delta := abs(res.Systems[k].Score - res.Baseline.Score)
			d := make([]float64, n)
			for j := range d {
				d[j] = abs(boot[k+1][j] - boot[0][j])
			}
			mean := fsum.Of(d) / float64(n)
			c := 0
			for _, x := range d {
				if x-mean > delta {
					c++
				}
			}
			res.Systems[k].PValue = float64(c+1) / float64(n+1)
		}
	case PairedAR:
		for k := range res.Systems {
			delta := abs(res.Systems[k].Score - res.Baseline.Score)
			c := 0
			for _, x := range set.randomisation(k+1, n, opts.Seed) {
				if x > delta {
					c++
				}
			}
			res.Systems[k].PValue = float64(c+1) / float64(n+1)
		}
	}
	return res
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Stream tags keep the bootstrap and randomisation streams apart.
const (
	tagBootstrap = 1
	tagRandom    = 2
)

func stream(seed uint64, j int, tag uint64) *rand.Rand {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[0:], seed)
	binary.LittleEndian.PutUint64(s[8:], uint64(j))
	binary.LittleEndian.PutUint64(s[16:], tag)
	return rand.New(rand.NewChaCha8(s))
}

// meanCI returns the mean of the scores and the half-width of their 95%
// interval, as sacreBLEU's estimate_ci.
func meanCI(scores []float64) (mean, ci float64) {
	s := slices.Clone(scores)
	slices.Sort(s)
	n := len(s)
	lo := n / 40
	hi := n - lo - 1
	return fsum.Of(s) / float64(n), 0.5 * (s[hi] - s[lo])
}

// BootstrapCI returns the mean of n bootstrap resamples of the corpus
// score and the half-width of their 95% interval, as sacreBLEU's
// --confidence (corpus_score with n_bootstrap = n), with the resample
// streams of Paired. It returns ErrEmpty for no sentences and
// ErrBadOption for n < 1.
func BootstrapCI[S any](stats []S, add func(*S, S), score func(S) float64, n int, seed uint64) (mean, ci float64, err error) {
	return bootstrapCI(newSentenceSet([][]S{stats}, add, score), len(stats), n, seed)
}

// bootstrapCI is BootstrapCI of a set of m sentences (one list).
func bootstrapCI(set sentenceSet, m, n int, seed uint64) (mean, ci float64, err error) {
	if m == 0 {
		return 0, 0, fmt.Errorf("%w: no sentences to resample", ErrEmpty)
	}
	if n < 1 {
		return 0, 0, fmt.Errorf("%w: %d bootstrap resamples", ErrBadOption, n)
	}
	mean, ci = meanCI(set.bootstrap(n, seed)[0])
	return mean, ci, nil
}

// PairedSignature returns the BLEU signature of a paired test with opts,
// e.g. nrefs:1|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:….
func (o BLEUOptions) PairedSignature(nrefs int, opts PairedOptions) string {
	return o.signature(nrefs, opts.sig())
}

// BootstrapSignature returns the BLEU signature of a bootstrap confidence
// interval with n resamples (sacreBLEU's --confidence).
func (o BLEUOptions) BootstrapSignature(nrefs, n int, seed uint64) string {
	return o.signature(nrefs, &testSig{kind: "", bs: n, seed: seed})
}

// PairedSignature returns the chrF signature of a paired test with opts.
func (o CHRFOptions) PairedSignature(nrefs int, opts PairedOptions) string {
	return o.signature(nrefs, opts.sig())
}

// BootstrapSignature returns the chrF signature of a bootstrap confidence
// interval with n resamples.
func (o CHRFOptions) BootstrapSignature(nrefs, n int, seed uint64) string {
	return o.signature(nrefs, &testSig{kind: "", bs: n, seed: seed})
}

// PairedBLEU runs Paired on BLEU statistics (see BLEU.Corpus).
func (b *BLEU) PairedBLEU(baseline []BLEUStats, systems [][]BLEUStats, opts PairedOptions) (PairedResult, error) {
	return Paired(baseline, systems, (*BLEUStats).Add, func(s BLEUStats) float64 { return b.Score(s).Score }, opts)
}

// PairedCHRF runs Paired on chrF statistics (see CHRF.Corpus).
func (c *CHRF) PairedCHRF(baseline []CHRFStats, systems [][]CHRFStats, opts PairedOptions) (PairedResult, error) {
	return Paired(baseline, systems, (*CHRFStats).Add, c.Score, opts)
}
