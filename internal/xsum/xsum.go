// Package xsum provides exact, order-independent summation of float64
// values: a fixed-point superaccumulator covering every finite float64
// (2⁻¹⁰⁷⁴ to 2¹⁰²⁴), in 67 signed 64-bit chunks of 32-bit digits.
//
// Every Add is exact, so a sum is a pure function of the multiset of its
// terms: any cut of the terms into batches and any order of [Sum.Merge]
// give the same bits. [Sum.Value] rounds the exact sum once, to nearest
// (ties to even). Infinities and NaNs are remembered as flags: a sum with
// a NaN, or with both infinities, is NaN; with one infinity, that infinity.
package xsum

import (
	"math"
	"math/big"
)

const (
	digit   = 32
	nChunks = 67 // bits 0…2098 of a mantissa placed at 2⁻¹⁰⁷⁴, and carries
	// limit is the number of adds after which the chunks are normalized:
	// each add moves a chunk by less than 2³², so 2³⁰ adds stay far from
	// int64 overflow.
	limit = 1 << 30
)

// Special-value flags.
const (
	posInf = 1 << iota
	negInf
	isNaN
)

// Sum is an exact accumulator. Its zero value is an empty sum (0).
type Sum struct {
	c       chunks
	adds    int32
	special uint8
}

// Add adds x exactly.
func (a *Sum) Add(x float64) {
	b := math.Float64bits(x)
	e := uint(b>>52) & 0x7ff
	if e-1 >= 0x7fe || a.adds >= limit { // zero, subnormal, infinite or NaN; or time to normalize
		a.addRare(x)
		return
	}
	a.c.put(b&(1<<52-1)|1<<52, e-1, int64(b)>>63)
	a.adds++
}

// chunks are a Sum's digits.
type chunks [nChunks]int64

// put adds sign·m·2^(p−1074) (sign −1 as the mask −1, else 0; m < 2⁵³,
// p ≤ 2045) to the chunks, without counting the add.
func (c *chunks) put(m uint64, p uint, sign int64) {
	lo, hi := m<<(p&31), m>>(64-p&31)
	i := (p >> 5) % (nChunks - 2) // p>>5 ≤ 63: the modulo only drops a bounds check
	c[i] += (int64(lo&(1<<digit-1)) ^ sign) - sign
	c[i+1] += (int64(lo>>digit) ^ sign) - sign
	c[i+2] += (int64(hi) ^ sign) - sign
}

// AddSlice adds every value of xs exactly: Add in a loop, faster (one call,
// one check of the count of adds).
func (a *Sum) AddSlice(xs []float64) {
	if a.adds >= limit-int32(len(xs)) || len(xs) >= limit/2 {
		for _, x := range xs {
			a.Add(x)
		}
		return
	}
	for _, x := range xs {
		b := math.Float64bits(x)
		e := uint(b>>52) & 0x7ff
		if e-1 >= 0x7fe { // zero, subnormal, infinite or NaN
			a.addRare(x)
			continue
		}
		a.c.put(b&(1<<52-1)|1<<52, e-1, int64(b)>>63)
	}
	a.adds += int32(len(xs))
}

// place adds sign·m·2^(p−1074) (sign −1 as the mask −1, else 0).
func (a *Sum) place(m uint64, p int, sign int64) {
	a.c.put(m, uint(p), sign)
	a.adds++
}

func (a *Sum) addRare(x float64) {
	if a.adds >= limit {
		a.normalize()
	}
	b := math.Float64bits(x)
	if e := uint(b>>52) & 0x7ff; e-1 < 0x7fe {
		a.place(b&(1<<52-1)|1<<52, int(e-1), int64(b)>>63)
		return
	}
	switch {
	case x == 0:
	case math.IsNaN(x):
		a.special |= isNaN
	case math.IsInf(x, 1):
		a.special |= posInf
	case math.IsInf(x, -1):
		a.special |= negInf
	default: // subnormal: m·2⁻¹⁰⁷⁴
		b := math.Float64bits(x)
		a.place(b&(1<<52-1), 0, int64(b)>>63)
	}
}

// Merge adds the terms of o to a.
func (a *Sum) Merge(o *Sum) {
	if a.adds > limit/2 || o.adds > limit/2 {
		a.normalize()
	}
	for i := range a.c {
		a.c[i] += o.c[i]
	}
	a.adds += o.adds + 1
	if a.adds >= limit/2 {
		a.normalize()
	}
	a.special |= o.special
}

// normalize propagates carries: every chunk but the top one in [0, 2³²).
func (a *Sum) normalize() {
	for i := 0; i < nChunks-1; i++ {
		carry := a.c[i] >> digit
		a.c[i] -= carry << digit
		a.c[i+1] += carry
	}
	a.adds = 0
}

// Special returns the value of a sum that had a non-finite term (NaN, +Inf
// or −Inf) and ok = true, or ok = false for a finite sum.
func (a *Sum) Special() (v float64, ok bool) {
	switch {
	case a.special == 0:
		return 0, false
	case a.special&isNaN != 0 || a.special == posInf|negInf:
		return math.NaN(), true
	case a.special == posInf:
		return math.Inf(1), true
	}
	return math.Inf(-1), true
}

// Int returns the exact finite part of the sum as an integer multiple of
// 2⁻¹⁰⁷⁴: the sum is Int()·2⁻¹⁰⁷⁴.
func (a *Sum) Int() *big.Int {
	t := *a
	t.normalize()
	v := big.NewInt(t.c[nChunks-1])
	var d big.Int
	for i := nChunks - 2; i >= 0; i-- {
		v.Lsh(v, digit)
		v.Add(v, d.SetInt64(t.c[i]))
	}
	return v
}

// Scale is the exponent of the unit of [Sum.Int]: −1074.
const Scale = -1074

// Value returns the sum rounded once to the nearest float64 (±Inf beyond
// the float64 range), or the special value of a sum with non-finite terms.
func (a *Sum) Value() float64 {
	if v, ok := a.Special(); ok {
		return v
	}
	return Round(new(big.Float).SetInt(a.Int()), Scale)
}

// Round returns x·2^exp rounded once to the nearest float64 (x exact,
// with as much precision as it needs).
func Round(x *big.Float, exp int) float64 {
	x.SetMantExp(x, exp)
	f, _ := x.Float64()
	return f
}

// IsZero reports whether the sum is exactly 0 with no special terms.
func (a *Sum) IsZero() bool {
	if a.special != 0 {
		return false
	}
	return a.Int().Sign() == 0
}

// AppendBinary appends a canonical encoding of the sum: the same bytes for
// every way of adding the same terms.
func (a *Sum) AppendBinary(b []byte) []byte {
	v := a.Int()
	sign := byte(0)
	if v.Sign() < 0 {
		sign = 1
		v.Neg(v)
	}
	var shift uint
	if v.Sign() != 0 {
		shift = v.TrailingZeroBits()
		v.Rsh(v, shift)
	}
	mag := v.Bytes()
	b = append(b, a.special|sign<<7)
	b = appendUvarint(b, uint64(shift))
	b = appendUvarint(b, uint64(len(mag)))
	return append(b, mag...)
}

func appendUvarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// maxBits is the largest number of bits an encoded magnitude may have.
const maxBits = nChunks * digit

// Decode reads a sum encoded by AppendBinary from the front of b; it
// returns the rest, or ok = false for bytes that are not such an encoding.
func Decode(b []byte) (s Sum, rest []byte, ok bool) {
	if len(b) < 1 {
		return s, nil, false
	}
	flags := b[0]
	b = b[1:]
	if flags&^(posInf|negInf|isNaN|1<<7) != 0 {
		return s, nil, false
	}
	shift, b, ok1 := uvarint(b)
	n, b, ok2 := uvarint(b)
	if !ok1 || !ok2 || n > uint64(len(b)) || shift > maxBits || n*8+shift > maxBits-digit {
		return s, nil, false
	}
	v := new(big.Int).SetBytes(b[:n])
	if n > 0 && b[0] == 0 || n == 0 && shift != 0 {
		return s, nil, false // not canonical
	}
	if v.Sign() != 0 && v.Bit(0) == 0 {
		return s, nil, false
	}
	v.Lsh(v, uint(shift))
	words := make([]uint32, 0, nChunks)
	var mask big.Int
	mask.SetUint64(1<<digit - 1)
	for v.Sign() != 0 {
		var w big.Int
		words = append(words, uint32(w.And(v, &mask).Uint64()))
		v.Rsh(v, digit)
	}
	if len(words) > nChunks-1 {
		return s, nil, false
	}
	neg := flags>>7 == 1
	for i, w := range words {
		if neg {
			s.c[i] = -int64(w)
		} else {
			s.c[i] = int64(w)
		}
	}
	s.special = flags &^ (1 << 7)
	s.normalize()
	return s, b[n:], true
}

func uvarint(b []byte) (uint64, []byte, bool) {
	var v uint64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			return v, b[i+1:], true
		}
	}
	return 0, nil, false
}

// Cmp compares the exact sum with x: −1 if it is less, 0 if equal, +1 if
// greater. A sum with non-finite terms compares by its special value.
func (a *Sum) Cmp(x float64) int {
	if v, ok := a.Special(); ok {
		switch {
		case v < x:
			return -1
		case v > x:
			return 1
		}
		return 0
	}
	if math.IsInf(x, 0) {
		return -int(math.Copysign(1, x))
	}
	t := *a
	t.Add(-x)
	t.normalize()
	// Normalized, every chunk below the top is a digit in [0, 2³²): the
	// top chunk's sign is the sum's, and a zero top leaves the others.
	switch top := t.c[nChunks-1]; {
	case top < 0:
		return -1
	case top > 0:
		return 1
	}
	for i := nChunks - 2; i >= 0; i-- {
		if t.c[i] != 0 {
			return 1
		}
	}
	return 0
}
