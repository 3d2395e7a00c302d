package xsum

import (
	"math"
	"math/big"
	"math/bits"
)

// magnitude returns the digits of |sum| (each in [0, 2³²), digit i of
// weight 2^(32i−1074)) and whether the sum is negative.
func (a *Sum) magnitude() (d chunks, neg bool) {
	d = a.c
	for i := 0; i < nChunks-1; i++ { // normalize: the digits of a copy
		carry := d[i] >> digit
		d[i] -= carry << digit
		d[i+1] += carry
	}
	if d[nChunks-1] >= 0 {
		return d, false
	}
	for i := range d {
		d[i] = -d[i]
	}
	for i := 0; i < nChunks-1; i++ {
		carry := d[i] >> digit
		d[i] -= carry << digit
		d[i+1] += carry
	}
	return d, true
}

// bigInt returns the exact finite part of the sum as an integer multiple
// of 2⁻¹⁰⁷⁴, built from its digits at once.
func (a *Sum) bigInt() *big.Int {
	d, neg := a.magnitude()
	var words []big.Word
	if bits.UintSize == 64 {
		words = make([]big.Word, (nChunks+1)/2)
		for i := range words {
			w := uint64(d[2*i])
			if 2*i+1 < nChunks {
				w |= uint64(d[2*i+1]) << 32
			}
			words[i] = big.Word(w)
		}
	} else {
		words = make([]big.Word, nChunks)
		for i := range words {
			words[i] = big.Word(d[i])
		}
	}
	v := new(big.Int).SetBits(words)
	if neg {
		v.Neg(v)
	}
	return v
}

// value returns the finite sum rounded once to the nearest float64
// (ties to even) from its top 96 bits and a sticky bit, or ok = false
// when the result may be subnormal or overflow (near the ends of the
// float64 range), which Value rounds through math/big.
func (a *Sum) value() (v float64, ok bool) {
	d, neg := a.magnitude()
	t := nChunks - 1
	for t >= 0 && d[t] == 0 {
		t--
	}
	if t < 0 {
		return 0, true
	}
	// The sum is in [2^(32t−1074), 2^(32t+32−1074)).
	if 32*t-1074 < -1000 || 32*t+32-1074 > 1000 {
		return 0, false
	}
	hi, lo := uint64(d[t])<<32|uint64(d[t-1]), uint64(d[t-2])
	sticky := false
	for _, x := range d[:t-2] {
		sticky = sticky || x != 0
	}
	s := uint(64 - bits.Len64(hi)) // 0 to 31
	m := hi<<s | lo>>(32-s)
	sticky = sticky || lo&(1<<(32-s)-1) != 0
	q, r := m>>11, m&0x7ff
	if r > 0x400 || r == 0x400 && (sticky || q&1 == 1) {
		q++
	}
	v = math.Ldexp(float64(q), 32*(t-2)-1074+32-int(s)+11)
	if neg {
		v = -v
	}
	return v, true
}

// IntExp returns the exact finite part of the sum as x·2^(k−1074): x an
// integer without the sum's zero digits below its lowest non-zero one, so
// that products and quotients of sums take few words (x = 0, k = 0 for a
// zero sum). x·2^k equals [Sum.Int].
func (a *Sum) IntExp() (x *big.Int, k int) {
	d, neg := a.magnitude()
	lo, hi := 0, nChunks-1
	for hi >= 0 && d[hi] == 0 {
		hi--
	}
	if hi < 0 {
		return new(big.Int), 0
	}
	for d[lo] == 0 {
		lo++
	}
	n := hi - lo + 1
	var words []big.Word
	if bits.UintSize == 64 {
		words = make([]big.Word, (n+1)/2)
		for i := range words {
			w := uint64(d[lo+2*i])
			if 2*i+1 < n {
				w |= uint64(d[lo+2*i+1]) << 32
			}
			words[i] = big.Word(w)
		}
	} else {
		words = make([]big.Word, n)
		for i := range words {
			words[i] = big.Word(d[lo+i])
		}
	}
	x = new(big.Int).SetBits(words)
	if neg {
		x.Neg(x)
	}
	return x, digit * lo
}
