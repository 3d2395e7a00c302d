package text

import (
	"fmt"
	"math"
)

// Packed is one system's per-sentence statistics kept compactly, for the
// paired tests, --confidence and --ci: a fixed-size row of integers a
// sentence, all in one array, of uint16 while every number is below 2¹⁶
// (the common case: a sentence of fewer than 65 536 tokens) and of uint32
// from the first that is not. A BLEU sentence takes 10 numbers (20 bytes),
// a TER sentence 2 (4 bytes; the sentence count and the references are the
// same for all), a chrF sentence one a statistic (3 an order). Sums of
// rows are exact (int64), so every score computed from them is the same
// bits as from the statistics themselves.
type Packed[S any] struct {
	dim    int      // numbers a sentence (0 until the first)
	narrow []uint16 // sentence i is narrow[i·dim : (i+1)·dim] while wide is nil
	wide   []uint32 // the same once a number needs more than 16 bits
	nrefs  int      // TER: references a sentence
	vals   []int64  // scratch: the numbers of the sentence being added
}

// ErrPack is returned when a sentence's statistics do not fit the packed
// form (a count past 2³²−1).
var ErrPack = fmt.Errorf("text: sentence statistics do not fit the packed form")

// Len returns the number of sentences.
func (p *Packed[S]) Len() int {
	if p.dim == 0 {
		return 0
	}
	return (len(p.narrow) + len(p.wide)) / p.dim
}

// Bytes returns the size of the kept numbers: 2 or 4 bytes each.
func (p *Packed[S]) Bytes() int64 { return 2*int64(len(p.narrow)) + 4*int64(len(p.wide)) }

// Append adds the statistics of the next sentences. It returns an error
// wrapping ErrPack, adding none of st, when one does not fit.
func (p *Packed[S]) Append(st ...S) error {
	n := p.Len()
	for _, s := range st {
		if err := p.append(s); err != nil {
			p.narrow, p.wide = p.narrow[:min(len(p.narrow), n*p.dim)], p.wide[:min(len(p.wide), n*p.dim)]
			return err
		}
	}
	return nil
}

func (p *Packed[S]) append(s S) error {
	v := p.vals[:0]
	dim := 0
	switch x := any(s).(type) {
	case BLEUStats:
		dim = 2 + 2*MaxOrder
		v = append(append(append(v, x.HypLen, x.RefLen), x.Counts[:]...), x.Totals[:]...)
	case CHRFStats:
		if p.Len() > 0 && len(x) != p.dim || len(x) == 0 {
			return fmt.Errorf("%w: chrF statistics of %d numbers after %d", ErrPack, len(x), p.dim)
		}
		dim = len(x)
		v = append(v, x...)
	case TERStats:
		if x.Sentences != 1 || p.Len() > 0 && x.NRefs != p.nrefs {
			return fmt.Errorf("%w: TER statistics of %d sentences, %d references", ErrPack, x.Sentences, x.NRefs)
		}
		dim = 2
		v = append(v, x.Edits, x.RefWords)
		p.nrefs = x.NRefs
	default:
		return fmt.Errorf("%w: statistics of type %T", ErrPack, s)
	}
	p.vals = v
	big := false
	for _, x := range v {
		if x < 0 || x > math.MaxUint32 {
			return fmt.Errorf("%w: %+v", ErrPack, s)
		}
		big = big || x > math.MaxUint16
	}
	p.dim = dim
	if big && p.wide == nil {
		p.wide = make([]uint32, len(p.narrow), max(2*len(p.narrow), 1024))
		for i, x := range p.narrow {
			p.wide[i] = uint32(x)
		}
		p.narrow = nil
	}
	if p.wide != nil {
		for _, x := range v {
			p.wide = append(p.wide, uint32(x))
		}
	} else {
		for _, x := range v {
			p.narrow = append(p.narrow, uint16(x))
		}
	}
	return nil
}

// addRow adds sentence i's numbers to acc.
func (p *Packed[S]) addRow(acc []int64, i int) {
	if p.wide != nil {
		for d, x := range p.wide[i*p.dim : i*p.dim+p.dim] {
			acc[d] += int64(x)
		}
		return
	}
	for d, x := range p.narrow[i*p.dim : i*p.dim+p.dim] {
		acc[d] += int64(x)
	}
}

// subRow subtracts sentence i's numbers from acc.
func (p *Packed[S]) subRow(acc []int64, i int) {
	if p.wide != nil {
		for d, x := range p.wide[i*p.dim : i*p.dim+p.dim] {
			acc[d] -= int64(x)
		}
		return
	}
	for d, x := range p.narrow[i*p.dim : i*p.dim+p.dim] {
		acc[d] -= int64(x)
	}
}

// sum returns the exact sum of every sentence's numbers.
func (p *Packed[S]) sum() []int64 {
	acc := make([]int64, p.dim)
	for i := range p.Len() {
		p.addRow(acc, i)
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
