package text

import (
	"math/bits"
	"runtime"

	"github.com/evalkit-go/evalkit/internal/parallel"
)

// sentenceSet is the sentences of a baseline (list 0) and the systems
// compared with it (lists 1…), as the tests resample them: held as the
// statistics themselves ([sliceSet]) or packed ([packedSet]); both draw the
// same resamples and give the same bits.
type sentenceSet interface {
	// scores returns each list's corpus score.
	scores() []float64
	// bootstrap returns, for each list, its score in each of n bootstrap
	// resamples; resample j draws the same indices for every list.
	bootstrap(n int, seed uint64) [][]float64
	// randomisation returns |score(A_t) − score(B_t)| for n trials,
	// where A_t takes sentence i from the baseline and B_t from list k
	// when trial t's bit i is set, and the other way round otherwise.
	randomisation(k, n int, seed uint64) []float64
}

// newSentenceSet returns the lists packed when they pack, else as they
// are.
func newSentenceSet[S any](all [][]S, add func(*S, S), score func(S) float64) sentenceSet {
	if !slowPath {
		ps := make([]*Packed[S], len(all))
		ok := true
		for k, st := range all {
			ps[k] = &Packed[S]{}
			if ps[k].Append(st...) != nil {
				ok = false
				break
			}
		}
		if ok && sameDim(ps) {
			return packedSet[S]{all: ps, score: score}
		}
	}
	return sliceSet[S]{all: all, add: add, score: score}
}

func sameDim[S any](ps []*Packed[S]) bool {
	for _, p := range ps {
		if p.dim != ps[0].dim || p.nrefs != ps[0].nrefs {
			return false
		}
	}
	return true
}

// sliceSet is a sentenceSet of statistics summed with add.
type sliceSet[S any] struct {
	all   [][]S
	add   func(*S, S)
	score func(S) float64
}

func (s sliceSet[S]) scores() []float64 {
	out := make([]float64, len(s.all))
	for k, st := range s.all {
		var sum S
		for _, x := range st {
			s.add(&sum, x)
		}
		out[k] = s.score(sum)
	}
	return out
}

func (s sliceSet[S]) bootstrap(n int, seed uint64) [][]float64 {
	m := len(s.all[0])
	out := make([][]float64, len(s.all))
	for k := range out {
		out[k] = make([]float64, n)
	}
	parallel.Chunks(n, 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
		sums := make([]S, len(s.all))
		return func(lo, hi int) {
			for j := lo; j < hi; j++ {
				r := stream(seed, j, tagBootstrap)
				clear(sums)
				for range m {
					i := r.IntN(m)
					for k := range s.all {
						s.add(&sums[k], s.all[k][i])
					}
				}
				for k := range s.all {
					out[k][j] = s.score(sums[k])
				}
			}
		}
	})
	return out
}

func (s sliceSet[S]) randomisation(k, n int, seed uint64) []float64 {
	base, sys := s.all[0], s.all[k]
	out := make([]float64, n)
	parallel.Chunks(n, 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
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
						s.add(&a, base[i])
						s.add(&b, sys[i])
					} else {
						s.add(&a, sys[i])
						s.add(&b, base[i])
					}
					bits >>= 1
				}
				out[t] = abs(s.score(a) - s.score(b))
			}
		}
	})
	return out
}

// packedSet is a sentenceSet of packed statistics, summed as integers.
type packedSet[S any] struct {
	all   []*Packed[S]
	score func(S) float64
}

func (s packedSet[S]) scores() []float64 {
	out := make([]float64, len(s.all))
	for k, p := range s.all {
		out[k] = s.score(p.unpack(p.sum(), p.Len()))
	}
	return out
}

func (s packedSet[S]) bootstrap(n int, seed uint64) [][]float64 {
	m, dim := s.all[0].Len(), s.all[0].dim
	out := make([][]float64, len(s.all))
	for k := range out {
		out[k] = make([]float64, n)
	}
	parallel.Chunks(n, 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
		acc := make([][]int64, len(s.all))
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
					for k, p := range s.all {
						p.addRow(acc[k], i)
					}
				}
				for k, p := range s.all {
					out[k][j] = s.score(p.unpack(acc[k], m))
				}
			}
		}
	})
	return out
}

// randomisation computes the trials with the same random bits as
// sliceSet's: with D_i = sys_i − base_i and Σ_0 the sum over the
// sentences whose bit is 0 (where A takes the system), A = Σ base + Σ_0 D
// and B = Σ sys − Σ_0 D, which touches half the rows instead of every row
// twice.
func (s packedSet[S]) randomisation(k, n int, seed uint64) []float64 {
	base, sys := s.all[0], s.all[k]
	m, dim := base.Len(), base.dim
	totB, totS := base.sum(), sys.sum()
	out := make([]float64, n)
	parallel.Chunks(n, 256, runtime.GOMAXPROCS(0), func() func(lo, hi int) {
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
						sys.addRow(acc, i)
						base.subRow(acc, i)
					}
				}
				for d := range dim {
					a[d] = totB[d] + acc[d]
					b[d] = totS[d] - acc[d]
				}
				out[t] = abs(s.score(base.unpack(a, m)) - s.score(base.unpack(b, m)))
			}
		}
	})
	return out
}
