package text

import (
	"fmt"
	"math"
)

// Packed is one system's per-sentence statistics kept compactly, for the
// paired tests, CorpusOptions.ConfidenceN and CorpusOptions.CI: a fixed-size row of integers a
// sentence, of uint16 while every number is below 2¹⁶ (the common case: a
// sentence of fewer than 65 536 tokens) and of uint32 from the first that
// is not, in blocks of packBlock sentences (so that growing never copies).
// A BLEU sentence takes 10 numbers (20 bytes; 2 + 2N of order N, so that
// the order is the row's length), a TER sentence 2 (4 bytes; the sentence
// count and the references are the same for all), a chrF sentence one a
// statistic (3 an order). Sums of rows are exact (int64),
// so every score computed from them is the same bits as from the
// statistics themselves.
type Packed[S any] struct {
	dim    int        // numbers a sentence (0 until the first)
	n      int        // sentences
	narrow [][]uint16 // sentence i is row i%packBlock of block i/packBlock while wide is nil
	wide   [][]uint32 // the same once a number needs more than 16 bits
	nrefs  int        // TER: references a sentence
	vals   []int64    // scratch: the numbers of the sentence being added
}

// packBlock is the number of sentences in a block of a Packed.
const packBlock = 1 << 14

// ErrPack is returned when a sentence's statistics do not fit the packed
// form (a count past 2³²−1).
var ErrPack = fmt.Errorf("text: sentence statistics do not fit the packed form")

// Len returns the number of sentences.
func (p *Packed[S]) Len() int { return p.n }

// Bytes returns the size of the kept numbers: 2 or 4 bytes each.
func (p *Packed[S]) Bytes() int64 {
	if p.wide != nil {
		return 4 * int64(p.n*p.dim)
	}
	return 2 * int64(p.n*p.dim)
}

// Append adds the statistics of the next sentences. It returns an error
// wrapping ErrPack, adding none of st, when one does not fit.
func (p *Packed[S]) Append(st ...S) error {
	n := p.n
	for _, s := range st {
		if err := p.append(s); err != nil {
			p.truncate(n)
			return err
		}
	}
	return nil
}

// truncate keeps the first n sentences.
func (p *Packed[S]) truncate(n int) {
	p.n = n
	nb := (n + packBlock - 1) / packBlock
	rest := (n - (nb-1)*packBlock) * p.dim // numbers in the last block
	if p.wide != nil {
		p.wide = p.wide[:nb]
		if nb > 0 {
			p.wide[nb-1] = p.wide[nb-1][:rest]
		}
		return
	}
	p.narrow = p.narrow[:nb]
	if nb > 0 {
		p.narrow[nb-1] = p.narrow[nb-1][:rest]
	}
}

func (p *Packed[S]) append(s S) error {
	v := p.vals[:0]
	dim := 0
	switch x := any(s).(type) {
	case BLEUStats:
		n := x.order()
		dim = 2 + 2*n
		if p.n > 0 && dim != p.dim {
			return fmt.Errorf("%w: BLEU statistics of order %d after order %d", ErrPack, n, (p.dim-2)/2)
		}
		v = append(append(append(v, x.HypLen, x.RefLen), x.Counts[:n]...), x.Totals[:n]...)
	case CHRFStats:
		if p.n > 0 && len(x) != p.dim || len(x) == 0 {
			return fmt.Errorf("%w: chrF statistics of %d numbers after %d", ErrPack, len(x), p.dim)
		}
		dim = len(x)
		v = append(v, x...)
	case TERStats:
		if x.Sentences != 1 || p.n > 0 && x.NRefs != p.nrefs {
			return fmt.Errorf("%w: TER statistics of %d sentences, %d references", ErrPack, x.Sentences, x.NRefs)
		}
		dim = 2
		v = append(v, x.Edits, x.RefWords)
		p.nrefs = x.NRefs
	default:
		return fmt.Errorf("%w: statistics of type %T", ErrPack, s)
	}
	p.vals = v
	for _, x := range v {
		if x < 0 || x > math.MaxUint32 {
			return fmt.Errorf("%w: %+v", ErrPack, s)
		}
	}
	p.push(v, dim)
	return nil
}

// push adds a sentence whose dim numbers are v, each in [0, 2³²).
func (p *Packed[S]) push(v []int64, dim int) {
	big := false
	for _, x := range v {
		big = big || x > math.MaxUint16
	}
	p.dim = dim
	if big && p.wide == nil {
		p.wide = make([][]uint32, len(p.narrow))
		for b, blk := range p.narrow {
			w := make([]uint32, len(blk), cap(blk))
			for i, x := range blk {
				w[i] = uint32(x)
			}
			p.wide[b] = w
		}
		p.narrow = nil
	}
	if p.n%packBlock == 0 {
		if p.wide != nil {
			p.wide = append(p.wide, make([]uint32, 0, packBlock*dim))
		} else {
			p.narrow = append(p.narrow, make([]uint16, 0, packBlock*dim))
		}
	}
	if p.wide != nil {
		b := &p.wide[len(p.wide)-1]
		for _, x := range v {
			*b = append(*b, uint32(x))
		}
	} else {
		b := &p.narrow[len(p.narrow)-1]
		for _, x := range v {
			*b = append(*b, uint16(x))
		}
	}
	p.n++
}

// addRow adds sentence i's numbers to acc.
func (p *Packed[S]) addRow(acc []int64, i int) {
	at := (i % packBlock) * p.dim
	if p.wide != nil {
		for d, x := range p.wide[i/packBlock][at : at+p.dim] {
			acc[d] += int64(x)
		}
		return
	}
	for d, x := range p.narrow[i/packBlock][at : at+p.dim] {
		acc[d] += int64(x)
	}
}

// subRow subtracts sentence i's numbers from acc.
func (p *Packed[S]) subRow(acc []int64, i int) {
	at := (i % packBlock) * p.dim
	if p.wide != nil {
		for d, x := range p.wide[i/packBlock][at : at+p.dim] {
			acc[d] -= int64(x)
		}
		return
	}
	for d, x := range p.narrow[i/packBlock][at : at+p.dim] {
		acc[d] -= int64(x)
	}
}

// sum returns the exact sum of every sentence's numbers.
func (p *Packed[S]) sum() []int64 {
	acc := make([]int64, p.dim)
	for i := range p.n {
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
		n := (len(acc) - 2) / 2
		o.HypLen, o.RefLen, o.Order = acc[0], acc[1], n
		copy(o.Counts[:], acc[2:2+n])
		copy(o.Totals[:], acc[2+n:])
	case *CHRFStats:
		*o = append(CHRFStats(nil), acc...)
	case *TERStats:
		o.Sentences, o.Edits, o.RefWords, o.NRefs = int64(m), acc[0], acc[1], p.nrefs
	}
	return out
}
