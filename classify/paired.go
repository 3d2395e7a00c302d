package classify

import (
	"fmt"
	"math/rand/v2"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Paired is the joint confusion state of two models scored on the same
// rows: counts over (true class, model A's prediction, model B's
// prediction). It is the sufficient statistic of a paired bootstrap (the
// same resampled rows for both models): each model's confusion matrix is a
// margin of it. The zero value is not usable; use [NewPaired].
type Paired struct {
	k        int
	n        int64
	cnt      []int64    // k·k·k counts, index (t·k + a)·k + b
	wsum     []fsum.Sum // weight sums; nil while unweighted
	weighted bool
}

// NewPaired returns an empty joint state over k classes.
func NewPaired(k int) *Paired {
	if k < 0 {
		panic("classify: negative number of classes")
	}
	return &Paired{k: k, cnt: make([]int64, k*k*k)}
}

// K returns the number of classes.
func (p *Paired) K() int { return p.k }

// Add counts one row: true class t, model A predicted a, model B b. It
// panics if a class is out of range.
func (p *Paired) Add(t, a, b int) {
	p.n++
	i := (t*p.k+a)*p.k + b
	p.cnt[i]++
	if p.weighted {
		p.wsum[i].Add(1)
	}
}

// AddWeighted counts one row with weight w (finite, ≥ 0; the caller checks).
func (p *Paired) AddWeighted(t, a, b int, w float64) {
	if !p.weighted {
		p.toWeighted()
	}
	p.n++
	i := (t*p.k+a)*p.k + b
	p.cnt[i]++
	p.wsum[i].Add(w)
}

func (p *Paired) toWeighted() {
	p.weighted = true
	p.wsum = make([]fsum.Sum, len(p.cnt))
	for i, v := range p.cnt {
		p.wsum[i].Add(float64(v))
	}
}

// Merge adds o, which must have as many classes (it panics otherwise).
func (p *Paired) Merge(o *Paired) {
	if o.k != p.k {
		panic(fmt.Sprintf("classify: merging %d-class paired state into %d-class one", o.k, p.k))
	}
	if o.weighted && !p.weighted {
		p.toWeighted()
	}
	for i, v := range o.cnt {
		p.cnt[i] += v
		if p.weighted {
			if o.weighted {
				p.wsum[i].Merge(o.wsum[i])
			} else {
				p.wsum[i].Add(float64(v))
			}
		}
	}
	p.n += o.n
}

// Confusions returns the confusion matrices of model A and model B.
func (p *Paired) Confusions() (a, b *Confusion) {
	return p.margins(p.cnt)
}

// margins returns both models' matrices for joint counts cnt (with p's
// mean weight per joint cell when weighted).
func (p *Paired) margins(cnt []int64) (a, b *Confusion) {
	k := p.k
	a, b = NewConfusion(k), NewConfusion(k)
	a.n, b.n = p.n, p.n
	if p.weighted {
		a.toWeighted()
		b.toWeighted()
	}
	for t := range k {
		for x := range k {
			for y := range k {
				i := (t*k+x)*k + y
				v := cnt[i]
				if v == 0 {
					continue
				}
				a.cnt[t*k+x] += v
				b.cnt[t*k+y] += v
				if p.weighted {
					w := float64(v) * p.wsum[i].Value() / float64(p.cnt[i])
					a.wsum[t*k+x].Add(w)
					b.wsum[t*k+y].Add(w)
				}
			}
		}
	}
	return a, b
}

// PairedBootstrap is the bootstrap distribution of a statistic of two
// models' confusion matrices on the same resampled rows (typically the
// difference of a measure, model A minus model B). Replicate r resamples
// the joint state within each true class (a multinomial draw of the class's
// rows over its (A, B) prediction cells) with PCG(seed, r), so the result
// is the same bits on any number of workers (≤ 0: GOMAXPROCS). Estimate is
// stat on the data; with jackknife, one row is left out of each non-empty
// joint cell (JackknifeWeights are the cells' counts), for BCa. stat must
// be safe for concurrent use and must not keep its arguments.
func (p *Paired) PairedBootstrap(b int, seed uint64, workers int, jackknife bool, stat func(a, b *Confusion) float64) *hyptest.Bootstrap {
	if b < 1 {
		panic(fmt.Sprintf("classify: %d bootstrap replicates", b))
	}
	bs := &hyptest.Bootstrap{Estimate: stat(p.Confusions()), Replicates: make([]float64, b)}
	k := p.k
	type scratch struct {
		cnt []int64
		buf []uint8
	}
	hyptest.Replicate(b, seed, workers, func() *scratch { return &scratch{cnt: make([]int64, len(p.cnt))} },
		func(r int, rng *rand.Rand, s *scratch) {
			w := k * k
			for t := range k {
				s.buf = hyptest.ResampleRows(rng, p.cnt[t*w:(t+1)*w], s.cnt[t*w:(t+1)*w], s.buf)
			}
			bs.Replicates[r] = stat(p.margins(s.cnt))
		})
	if jackknife {
		cnt := append([]int64(nil), p.cnt...)
		for i, v := range p.cnt {
			if v == 0 {
				continue
			}
			cnt[i]--
			bs.Jackknife = append(bs.Jackknife, stat(p.margins(cnt)))
			cnt[i]++
			bs.JackknifeWeights = append(bs.JackknifeWeights, float64(v))
		}
	}
	return bs
}
