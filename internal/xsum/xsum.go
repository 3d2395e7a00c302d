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

// AddSlice adds every value of xs exactly: Add in a loop, faster. The
// terms go, up to wideMax at a time, to three int64 sums in registers:
// scaled by a power of two that puts the largest below 2⁵², each term is
// cut by truncation into an integer, an integer of 2⁻⁵² units and one of
// 2⁻¹⁰⁴ units (each step exact). A term not exactly that (one more than
// 104 bits below the largest), and every term of a batch whose scale is
// out of range, is added one by one. The three sums (each below 2⁶² in
// magnitude) then enter the digits. Fewer than wideMin terms are added one
// by one.
func (a *Sum) AddSlice(xs []float64) {
	if len(xs) < wideMin { // term by term
		if a.adds >= limit-int32(len(xs)) {
			a.normalize()
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
		return
	}
	for len(xs) > 0 {
		n := min(len(xs), wideMax)
		a.addWide(xs[:n])
		xs = xs[n:]
	}
}

// wideMin is the fewest terms addWide takes: below it, the cost of
// placing its three sums outweighs the saving.
const wideMin = 24

// wideMax is the most terms addWide takes at a time: 2¹⁰ terms below 2⁵²
// sum to below 2⁶².
const wideMax = 1024

func (a *Sum) addWide(xs []float64) {
	if a.adds >= limit-int32(len(xs))-6 {
		a.normalize()
	}
	// The largest and the smallest non-zero magnitude, as bits (less one
	// for the smallest, which makes a zero the largest uint64).
	var top uint64
	low := uint64(math.MaxUint64)
	for _, x := range xs {
		m := math.Float64bits(x) &^ (1 << 63)
		top = max(top, m)
		low = min(low, m-1)
	}
	// The largest term is below 2^(e−1022) (e its biased exponent; 2⁻¹⁰²²
	// for subnormals and zero); scaled by 2^k, below 2⁵².
	e := int(top >> 52)
	k := 52 - max(e, 1) + 1022
	if e == 0x7ff || k < 0 || k > 970 {
		for _, x := range xs {
			a.add1(x)
		}
		return
	}
	scale := math.Float64frombits(uint64(k+1023) << 52)
	const unit = 1 << 52
	p := 1074 - k
	// A normal term of biased exponent f ≥ e − 51, scaled, is a multiple
	// of 2^(f−e−1) ≥ 2⁻⁵²: its integer part and 2⁵² times the rest are
	// exact integers, and no third part is needed (the usual case: terms
	// within 51 binades of the largest). A subnormal term (exponent 0)
	// never qualifies, as e ≤ 51 would put k above 970.
	if int((low+1)>>52) >= e-51 {
		var s1, s2 int64
		for _, x := range xs {
			y := x * scale
			t1 := int64(y)
			s1 += t1
			s2 += int64((y - float64(t1)) * unit)
		}
		a.putInt(s1, p)
		a.putInt(s2, p-52)
		return
	}
	var s1, s2, s3 int64
	for _, x := range xs {
		y := x * scale
		t1 := int64(y)
		r := (y - float64(t1)) * unit
		t2 := int64(r)
		r = (r - float64(t2)) * unit
		t3 := int64(r)
		if r != float64(t3) {
			a.add1(x)
			continue
		}
		s1 += t1
		s2 += t2
		s3 += t3
	}
	// Unit 1 of s1 is 2^−k, of s3 2^(−k−104): position 1074−k−104 of the
	// digits. k ≤ 970 and the largest term below 2^(52−k) keep every
	// part's position within [0, 2045].
	a.putInt(s1, p)
	a.putInt(s2, p-52)
	a.putInt(s3, p-104)
}

// putInt adds v·2^(p−1074) to the digits (|v| < 2⁶³), as two parts of at
// most 32 bits; p may be negative when the low part is 0.
func (a *Sum) putInt(v int64, p int) {
	if v == 0 {
		return
	}
	sign := v >> 63
	m := uint64((v ^ sign) - sign)
	if lo := m & (1<<32 - 1); lo != 0 {
		a.c.put(lo, uint(p), sign)
	}
	if hi := m >> 32; hi != 0 {
		a.c.put(hi, uint(p+32), sign)
	}
	a.adds += 2
}

// add1 is Add without the check of the count of adds (addWide made room).
func (a *Sum) add1(x float64) {
	b := math.Float64bits(x)
	if e := uint(b>>52) & 0x7ff; e-1 < 0x7fe {
		a.place(b&(1<<52-1)|1<<52, int(e-1), int64(b)>>63)
		return
	}
	a.addRare(x)
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

// AddHalf adds half of o's sum to a, exactly, and reports true; when half
// of o's finite part is not a multiple of 2⁻¹⁰⁷⁴ (its [Sum.Int] is odd) it
// adds nothing and reports false. Half a special value is itself.
func (a *Sum) AddHalf(o *Sum) bool {
	t := *o
	t.normalize()
	if t.c[0]&1 != 0 {
		return false
	}
	// Normalized, each chunk below the top is a digit in [0, 2³²): half
	// of each, with the low bit of the one above as its top bit; the top
	// chunk, signed, is halved by an arithmetic shift (its low bit moved
	// down).
	for i := range nChunks - 1 {
		t.c[i] = t.c[i]>>1 | (t.c[i+1]&1)<<(digit-1)
	}
	t.c[nChunks-1] >>= 1
	a.Merge(&t)
	return true
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
func (a *Sum) Int() *big.Int { return a.bigInt() }

// Scale is the exponent of the unit of [Sum.Int]: −1074.
const Scale = -1074

// Value returns the sum rounded once to the nearest float64 (±Inf beyond
// the float64 range), or the special value of a sum with non-finite terms.
func (a *Sum) Value() float64 {
	if v, ok := a.Special(); ok {
		return v
	}
	if v, ok := a.value(); ok {
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
