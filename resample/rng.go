package resample

import (
	"math/bits"
	"math/rand/v2"
)

// pcgStream is the second PCG word: a fixed odd constant, so that a seed
// alone selects the stream.
const pcgStream = 0x9e3779b97f4a7c15

// rng is the package's random source: PCG-DXSM from math/rand/v2, whose
// output is specified, with bounded draws and shuffling done here so that
// the sequence never depends on the Go release.
type rng struct{ src *rand.PCG }

func newRNG(seed uint64) *rng { return &rng{rand.NewPCG(seed, pcgStream)} }

// intn returns a uniform integer in [0, n) by Lemire's multiply-and-reject
// method. n must be positive.
func (r *rng) intn(n int) int {
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(r.src.Uint64(), bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// shuffle permutes xs uniformly (Fisher–Yates, from the end).
func (r *rng) shuffle(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// perm returns a uniform permutation of 0…n−1.
func (r *rng) perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.shuffle(p)
	return p
}
