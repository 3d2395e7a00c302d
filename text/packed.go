package text

import (
	"fmt"
	"math"
)

// Packed is one system's per-sentence statistics kept compactly, for the
// paired tests, --confidence and --ci: a fixed-size row of uint32 a
// sentence, in one array. A BLEU sentence takes 10 numbers (40 bytes), a
// TER sentence 2 (8 bytes; the sentence count and the references are
// the same for all), a chrF sentence one a statistic (3 an order). Sums of
// rows are exact (int64), so every score computed from them is the same
// bits as from the statistics themselves.
type Packed[S any] struct {
	dim   int      // numbers a sentence (0 until the first)
	rows  []uint32 // sentence i is rows[i·dim : (i+1)·dim]
	nrefs int      // TER: references a sentence
}

// ErrPack is returned when a sentence's statistics do not fit the packed
// form (a count past 2³²−1).
var ErrPack = fmt.Errorf("text: sentence statistics do not fit the packed form")

// Len returns the number of sentences.
func (p *Packed[S]) Len() int {
	if p.dim == 0 {
		return 0
	}
	return len(p.rows) / p.dim
}

// Bytes returns the size of the kept numbers: 4 bytes each.
func (p *Packed[S]) Bytes() int64 { return 4 * int64(len(p.rows)) }

// Append adds the statistics of the next sentences. It returns an error
// wrapping ErrPack, adding none of st, when one does not fit.
func (p *Packed[S]) Append(st ...S) error {
	n0 := len(p.rows)
	for _, s := range st {
		if err := p.append(s); err != nil {
			p.rows = p.rows[:n0]
			return err
		}
	}
	return nil
}

func u32(v int64) (uint32, bool) { return uint32(v), v >= 0 && v <= math.MaxUint32 }

func (p *Packed[S]) append(s S) error {
	ok := true
	put := func(v int64) {
		u, fits := u32(v)
		ok = ok && fits
		p.rows = append(p.rows, u)
	}
	switch x := any(s).(type) {
	case BLEUStats:
		p.dim = 2 + 2*MaxOrder
		put(x.HypLen)
		put(x.RefLen)
		for _, v := range x.Counts {
			put(v)
		}
		for _, v := range x.Totals {
			put(v)
		}
	case CHRFStats:
		if p.dim != 0 && len(x) != p.dim || len(x) == 0 {
			return fmt.Errorf("%w: chrF statistics of %d numbers after %d", ErrPack, len(x), p.dim)
		}
		p.dim = len(x)
		for _, v := range x {
			put(v)
		}
	case TERStats:
		if x.Sentences != 1 || p.Len() > 0 && x.NRefs != p.nrefs {
			return fmt.Errorf("%w: TER statistics of %d sentences, %d references", ErrPack, x.Sentences, x.NRefs)
		}
		p.dim, p.nrefs = 2, x.NRefs
		put(x.Edits)
		put(x.RefWords)
	default:
		return fmt.Errorf("%w: statistics of type %T", ErrPack, s)
	}
	if !ok {
		p.rows = p.rows[:len(p.rows)-p.dim]
		return fmt.Errorf("%w: %+v", ErrPack, s)
	}
	return nil
}

// row returns sentence i's numbers.
func (p *Packed[S]) row(i int) []uint32 { return p.rows[i*p.dim : i*p.dim+p.dim] }

// sum returns the exact sum of every sentence's numbers.
func (p *Packed[S]) sum() []int64 {
	acc := make([]int64, p.dim)
	for i := range p.Len() {
		for d, v := range p.row(i) {
			acc[d] += int64(v)
		}
	}
	return acc
}

// unpack returns the statistics whose numbers are acc, the sum of m
// sentences' rows.
func (p *Packed[S]) unpack(acc []int64, m int) S {
	var out S
	switch o := any(&out).(type) {
	case *BLEUStats:
		o.HypLen, o.RefLen = acc[0], acc[1]
		copy(o.Counts[:], acc[2:2+MaxOrder])
		copy(o.Totals[:], acc[2+MaxOrder:])
	case *CHRFStats:
		*o = append(CHRFStats(nil), acc...)
	case *TERStats:
		o.Sentences, o.Edits, o.RefWords, o.NRefs = int64(m), acc[0], acc[1], p.nrefs
	}
	return out
}
