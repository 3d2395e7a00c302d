package rank

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Binned is the constant-memory alternative to [Builder]: the scores are
// counted in n equal-width bins over [Lo, Hi) (a score below Lo counts in
// the first bin, one at or above Hi in the last), so memory is O(n)
// whatever the number of samples. Its [Binned.Table] treats each bin as
// one tied score, its lower edge, so every Table measure applies; the AUC
// so computed is off from the exact one by at most [Binned.AUCErrorBound].
// Log loss and Brier score are accumulated exactly from the raw scores.
type Binned struct {
	Lo, Hi   float64
	pos, neg []fsum.Sum
	rows     int64
	weighted bool
	outside  int64 // scores outside [Lo, Hi]
	notProb  bool  // some score outside [0, 1]
	ll, br   fsum.Sum
	mass     fsum.Sum
}

// NewBinned returns an empty binned accumulator of n bins over [lo, hi).
// It panics if n < 1 or !(lo < hi) or a bound is not finite.
func NewBinned(n int, lo, hi float64) *Binned {
	if n < 1 || !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		panic(fmt.Sprintf("rank: NewBinned(%d, %v, %v): need n ≥ 1 and finite lo < hi", n, lo, hi))
	}
	return &Binned{Lo: lo, Hi: hi, pos: make([]fsum.Sum, n), neg: make([]fsum.Sum, n)}
}

// Bins returns the number of bins.
func (b *Binned) Bins() int { return len(b.pos) }

// Edge returns the lower edge of bin i, Lo + i·(Hi − Lo)/n.
func (b *Binned) Edge(i int) float64 {
	return b.Lo + float64(i)*(b.Hi-b.Lo)/float64(len(b.pos))
}

// Outside returns the number of samples whose score fell outside
// [Lo, Hi] and was counted in an end bin.
func (b *Binned) Outside() int64 { return b.outside }

// Add adds one sample; errors as [Builder.Add].
func (b *Binned) Add(score float64, positive bool, weight float64) error {
	if math.IsNaN(score) || math.IsInf(score, 0) {
		return errorf(ErrNotFinite, "score %v", score)
	}
	if math.IsNaN(weight) || math.IsInf(weight, 0) {
		return errorf(ErrNotFinite, "weight %v", weight)
	}
	if weight < 0 {
		return errorf(ErrNegativeWeight, "weight %v", weight)
	}
	b.rows++
	if weight != 1 {
		b.weighted = true
	}
	if weight == 0 {
		return nil
	}
	n := len(b.pos)
	f := (score - b.Lo) / (b.Hi - b.Lo) * float64(n)
	i := int(math.Floor(max(min(f, float64(n)), -1)))
	if score < b.Lo || score > b.Hi {
		b.outside++
	}
	i = min(max(i, 0), n-1)
	if positive {
		b.pos[i].Add(weight)
	} else {
		b.neg[i].Add(weight)
	}
	b.mass.Add(weight)
	if !(score >= 0 && score <= 1) {
		b.notProb = true
		return nil
	}
	p := min(max(score, Eps), 1-Eps)
	q := 1 - p
	z := q + p
	if positive {
		b.ll.Add(-weight * math.Log(p/z))
		b.br.Add(weight * (1 - score) * (1 - score))
	} else {
		b.ll.Add(-weight * math.Log(q/z))
		b.br.Add(weight * score * score)
	}
	return nil
}

// Merge adds the contents of o to b. It panics if their grids differ.
func (b *Binned) Merge(o *Binned) {
	if b.Lo != o.Lo || b.Hi != o.Hi || len(b.pos) != len(o.pos) {
		panic("rank: Binned.Merge: different grids")
	}
	for i := range b.pos {
		// Adding an empty sum changes nothing: skip the empty bins.
		if o.pos[i] != (fsum.Sum{}) {
			b.pos[i].Merge(o.pos[i])
		}
		if o.neg[i] != (fsum.Sum{}) {
			b.neg[i].Merge(o.neg[i])
		}
	}
	b.rows += o.rows
	b.weighted = b.weighted || o.weighted
	b.outside += o.outside
	b.notProb = b.notProb || o.notProb
	b.ll.Merge(o.ll)
	b.br.Merge(o.br)
	b.mass.Merge(o.mass)
}

// Reset empties b, keeping its grid and memory.
func (b *Binned) Reset() {
	clear(b.pos)
	clear(b.neg)
	*b = Binned{Lo: b.Lo, Hi: b.Hi, pos: b.pos, neg: b.neg}
}

// Table returns the score table of the binned data: one score per
// non-empty bin, its lower edge.
func (b *Binned) Table() *Table {
	t := &Table{Rows: b.rows, Weighted: b.weighted}
	for i := len(b.pos) - 1; i >= 0; i-- {
		p, n := b.pos[i].Value(), b.neg[i].Value()
		if p == 0 && n == 0 {
			continue
		}
		t.Score = append(t.Score, b.Edge(i))
		t.Pos = append(t.Pos, p)
		t.Neg = append(t.Neg, n)
	}
	return t
}

// AUCErrorBound returns the largest possible difference between the AUC
// of [Binned.Table] and the exact AUC of the samples: the pairs of a
// positive and a negative in the same bin count ½ but could be ordered
// either way, so
//
//	|AUC_binned − AUC| ≤ ½ Σ_b pos_b neg_b / (W⁺ W⁻).
//
// It returns ErrOneClass when a class is missing.
func (b *Binned) AUCErrorBound() (float64, error) {
	t := b.Table()
	p, n, err := t.check()
	if err != nil {
		return math.NaN(), err
	}
	var s fsum.Sum
	for g := range t.Score {
		s.Add(t.Pos[g] * t.Neg[g])
	}
	return s.Value() / 2 / p / n, nil
}

// LogLoss returns the exact log loss of the raw scores, as
// [Table.LogLoss]; ErrNotProbability if a score was outside [0, 1].
func (b *Binned) LogLoss() (float64, error) {
	if b.mass.Value() == 0 {
		return math.NaN(), ErrEmpty
	}
	if b.notProb {
		return math.NaN(), errorf(ErrNotProbability, "a score is outside [0, 1]")
	}
	return b.ll.Value() / b.mass.Value(), nil
}

// Brier returns the exact Brier score of the raw scores, as
// [Table.Brier]; ErrNotProbability if a score was outside [0, 1].
func (b *Binned) Brier() (float64, error) {
	if b.mass.Value() == 0 {
		return math.NaN(), ErrEmpty
	}
	if b.notProb {
		return math.NaN(), errorf(ErrNotProbability, "a score is outside [0, 1]")
	}
	return b.br.Value() / b.mass.Value(), nil
}
