package text

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Paired significance tests, as sacreBLEU's --paired-bs and --paired-ar.
const (
	PairedBS = "bs" // paired bootstrap resampling (Koehn 2004)
	PairedAR = "ar" // paired approximate randomisation (Riezler & Maxwell 2005)
)

// DefaultSeed is sacreBLEU's default random seed (SACREBLEU_SEED).
const DefaultSeed = 12345

// PairedOptions configures Paired. The zero value is a paired bootstrap
// test with 1000 resamples and seed 0; sacreBLEU's default seed is
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

// Validate returns ErrBadOption for an unknown method or a negative count.
func (o PairedOptions) Validate() error {
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
	if err := opts.Validate(); err != nil {
		return PairedResult{}, err
	}
	if len(baseline) == 0 {
		return PairedResult{}, fmt.Errorf("%w: the baseline is empty", ErrEmpty)
	}
	if len(systems) == 0 {
		return PairedResult{}, fmt.Errorf("%w: no systems to compare with the baseline", ErrEmpty)
	}
	for k, s := range systems {
		if len(s) != len(baseline) {
			return PairedResult{}, fmt.Errorf("%w: system %d has %d sentences but the baseline has %d", ErrLength, k+1, len(s), len(baseline))
		}
	}
	total := func(st []S) float64 {
		var sum S
		for _, x := range st {
			add(&sum, x)
		}
		return score(sum)
	}
	res := PairedResult{Baseline: SystemResult{Score: total(baseline)}, Systems: make([]SystemResult, len(systems))}
	for k, s := range systems {
		res.Systems[k].Score = total(s)
	}
	all := append([][]S{baseline}, systems...)
	n := opts.n()
	var boot [][]float64 // boot[k][j]: score of system k (0 = baseline) in resample j
	if cn := opts.ciN(); cn > 0 {
		boot = bootstrapScores(all, add, score, cn, opts.Seed)
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
		for k := range systems {
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
		for k := range systems {
			delta := abs(res.Systems[k].Score - res.Baseline.Score)
			diffs, ok := randomisationVec(baseline, systems[k], score, n, opts.Seed)
			if !ok || slowPath {
				diffs = randomisation(baseline, systems[k], add, score, n, opts.Seed)
			}
			c := 0
			for _, x := range diffs {
				if x > delta {
					c++
				}
			}
			res.Systems[k].PValue = float64(c+1) / float64(n+1)
		}
	}
	return res, nil
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

// bootstrapScores returns, for each statistics list in all, its score in
// each of n bootstrap resamples; resample j draws the same indices for
// every list.
func bootstrapScores[S any](all [][]S, add func(*S, S), score func(S) float64, n int, seed uint64) [][]float64 {
	m := len(all[0])
	out := make([][]float64, len(all))
	for k := range out {
		out[k] = make([]float64, n)
	}
	if !slowPath && bootstrapVec(all, score, n, seed, out) {
		return out
	}
	parallel(n, 256, func() func(lo, hi int) {
		sums := make([]S, len(all))
		return func(lo, hi int) {
			for j := lo; j < hi; j++ {
				r := stream(seed, j, tagBootstrap)
				clear(sums)
				for range m {
					i := r.IntN(m)
					for k := range all {
						add(&sums[k], all[k][i])
					}
				}
				for k := range all {
					out[k][j] = score(sums[k])
				}
			}
		}
	})
	return out
}

// bootstrapVec is bootstrapScores on flattened statistics (the same
// draws); it returns false, leaving out alone, for statistics vec does not
// know.
func bootstrapVec[S any](all [][]S, score func(S) float64, n int, seed uint64, out [][]float64) bool {
	flats := make([][]int64, len(all))
	dim := 0
	for k, st := range all {
		f, d, ok := vec(st)
		if !ok || (k > 0 && d != dim) {
			return false
		}
		flats[k], dim = f, d
	}
	m := len(all[0])
	parallel(n, 256, func() func(lo, hi int) {
		acc := make([][]int64, len(all))
		for k := range acc {
			acc[k] = make([]int64, dim)
		}
		return func(lo, hi int) {
			for j := lo; j < hi; j++ {
				r := stream(seed, j, tagBootstrap)
				for k := range acc {
					clear(acc[k])
				}
				for range m {
					i := r.IntN(m)
					for k, f := range flats {
						row := f[i*dim : i*dim+dim]
						a := acc[k]
						for d, x := range row {
							a[d] += x
						}
					}
				}
				for k := range acc {
					out[k][j] = score(unvec[S](acc[k]))
				}
			}
		}
	})
	return true
}

// randomisation returns |score(A_t) − score(B_t)| for n trials, where
// A_t takes sentence i from the baseline and B_t from the system when
// trial t's bit i is set, and the other way round otherwise.
func randomisation[S any](base, sys []S, add func(*S, S), score func(S) float64, n int, seed uint64) []float64 {
	out := make([]float64, n)
	parallel(n, 256, func() func(lo, hi int) {
		return func(lo, hi int) {
			for t := lo; t < hi; t++ {
				r := stream(seed, t, tagRandom)
				var a, b S
				var bits uint64
				for i := range base {
					if i%64 == 0 {
						bits = r.Uint64()
					}
					if bits&1 == 1 {
						add(&a, base[i])
						add(&b, sys[i])
					} else {
						add(&a, sys[i])
						add(&b, base[i])
					}
					bits >>= 1
				}
				out[t] = abs(score(a) - score(b))
			}
		}
	})
	return out
}

// vec flattens BLEU and chrF statistics into rows of int64 (ok false for
// other types or ragged chrF rows).
func vec[S any](st []S) (flat []int64, dim int, ok bool) {
	switch x := any(st).(type) {
	case []BLEUStats:
		dim = 2 + 2*MaxOrder
		flat = make([]int64, 0, dim*len(x))
		for _, s := range x {
			flat = append(flat, s.HypLen, s.RefLen)
			flat = append(flat, s.Counts[:]...)
			flat = append(flat, s.Totals[:]...)
		}
		return flat, dim, true
	case []CHRFStats:
		if len(x) == 0 {
			return nil, 0, false
		}
		dim = len(x[0])
		flat = make([]int64, 0, dim*len(x))
		for _, s := range x {
			if len(s) != dim {
				return nil, 0, false
			}
			flat = append(flat, s...)
		}
		return flat, dim, true
	}
	return nil, 0, false
}

// unvec turns a row made by vec back into a statistic of type S.
func unvec[S any](v []int64) S {
	var out S
	switch p := any(&out).(type) {
	case *BLEUStats:
		p.HypLen, p.RefLen = v[0], v[1]
		copy(p.Counts[:], v[2:2+MaxOrder])
		copy(p.Totals[:], v[2+MaxOrder:])
	case *CHRFStats:
		*p = append(CHRFStats(nil), v...)
	}
	return out
}

// randomisationVec computes the same trials as randomisation, with the
// same random bits, on flattened statistics: with D_i = sys_i − base_i and
// Σ_0 the sum over the sentences whose bit is 0 (where A takes the
// system), A = Σ base + Σ_0 D and B = Σ sys − Σ_0 D, which touches half the
// rows once instead of every row twice. ok is false for statistics vec
// does not know.
func randomisationVec[S any](base, sys []S, score func(S) float64, n int, seed uint64) ([]float64, bool) {
	fb, dim, ok1 := vec(base)
	fs, dim2, ok2 := vec(sys)
	if !ok1 || !ok2 || dim != dim2 {
		return nil, false
	}
	m := len(base)
	diff := make([]int64, len(fb))
	totB := make([]int64, dim)
	totS := make([]int64, dim)
	for i := range m {
		for d := range dim {
			x, y := fb[i*dim+d], fs[i*dim+d]
			diff[i*dim+d] = y - x
			totB[d] += x
			totS[d] += y
		}
	}
	out := make([]float64, n)
	parallel(n, 256, func() func(lo, hi int) {
		acc := make([]int64, dim)
		a := make([]int64, dim)
		b := make([]int64, dim)
		return func(lo, hi int) {
			for t := lo; t < hi; t++ {
				r := stream(seed, t, tagRandom)
				clear(acc)
				for w := 0; w < m; w += 64 {
					zeros := ^r.Uint64() // bit 0 in the draw: A takes the system
					if rest := m - w; rest < 64 {
						zeros &= 1<<uint(rest) - 1
					}
					for zeros != 0 {
						i := w + bits.TrailingZeros64(zeros)
						zeros &= zeros - 1
						row := diff[i*dim : i*dim+dim]
						for d, x := range row {
							acc[d] += x
						}
					}
				}
				for d := range dim {
					a[d] = totB[d] + acc[d]
					b[d] = totS[d] - acc[d]
				}
				out[t] = abs(score(unvec[S](a)) - score(unvec[S](b)))
			}
		}
	})
	return out, true
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
	if len(stats) == 0 {
		return 0, 0, fmt.Errorf("%w: no sentences to resample", ErrEmpty)
	}
	if n < 1 {
		return 0, 0, fmt.Errorf("%w: %d bootstrap resamples", ErrBadOption, n)
	}
	sc := bootstrapScores([][]S{stats}, add, score, n, seed)
	mean, ci = meanCI(sc[0])
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
