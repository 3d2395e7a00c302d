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
// terms go, up to wideMax at a time, to two or three int64 sums in
// registers, each a sum of integer multiples of one power of two (a
// unit): with the unit 2^u chosen so that the largest magnitude is below
// 2^(u+51), adding the constant c = 1.5·2^(u+52) rounds a term x to a
// multiple h of 2^u (the sum x + c stays in the binade [2^(u+52),
// 2^(u+53)], whose spacing is 2^u, so that the bits of x + c less those
// of c count h's units), and x − h is exact (Dekker's Fast2Sum: c is at
// least |x|). The rest, below 2^(u−1) in magnitude, is cut the same way
// in units of 2^(u−52), and once more in units of 2^(u−104) when a term
// is more than 50 binades below the largest. A term not exactly the sum
// of its parts (one more than 102 binades below the largest), and every
// term of a batch whose unit is out of range, is added one by one. The
// sums (each below 2⁶¹ in magnitude) then enter the digits. Fewer than
// wideMin terms are added one by one.
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
// placing its sums outweighs the saving.
const wideMin = 24

// wideMax is the most terms addWide takes at a time: 2¹⁰ parts below 2⁵¹
// in magnitude sum to below 2⁶¹.
const wideMax = 1024

func (a *Sum) addWide(xs []float64) {
	if a.adds >= limit-int32(len(xs))-6 {
		a.normalize()
	}
	top, low := extremes(xs)
	// Every term is below 2^(e−1022) in magnitude (e the largest biased
	// exponent; 1 for subnormals and zero) = 2^(u+51): u = e − 1073.
	e := int(top >> 52)
	u := max(e, 1) - 1073
	// The units 2^u and 2^(u−52) (and 2^(u−104) for three parts) must
	// not be below 2⁻¹⁰⁷⁴, and 2^(u+53) must be a float64.
	if e == 0x7ff || u < -1022 || u > 970 {
		for _, x := range xs {
			a.add1(x)
		}
		return
	}
	c1 := math.Float64frombits(uint64(u+52+1023)<<52 | 1<<51) // 1.5·2^(u+52)
	c2 := math.Float64frombits(uint64(u+1023)<<52 | 1<<51)    // 1.5·2^u
	b1, b2 := math.Float64bits(c1), math.Float64bits(c2)
	p := u + 1074 // the digits' position of the unit 2^u
	// The bits of the parts, summed with wraparound: less len(xs) times
	// the constant's bits, the exact sums of the parts' units.
	n := uint64(len(xs))
	// The smallest non-zero term's spacing, 2^(f−1075) (f its biased
	// exponent, 1 for subnormals), is at least 2^(u−52) when
	// f ≥ e − 50: then every rest is a multiple of 2^(u−52), and two
	// parts suffice (the usual case: terms within 50 binades of the
	// largest).
	if max(int((low+1)>>52), 1) >= e-50 {
		s1, s2 := twoParts(xs, c1, c2)
		a.putInt(int64(s1-n*b1), p)
		a.putInt(int64(s2-n*b2), p-52)
		return
	}
	if u < -970 { // 2^(u−104) below 2⁻¹⁰⁷⁴
		for _, x := range xs {
			a.add1(x)
		}
		return
	}
	c3 := math.Float64frombits(uint64(u-52+1023)<<52 | 1<<51) // 1.5·2^(u−52)
	b3 := math.Float64bits(c3)
	var s1, s2, s3 uint64
	for _, x := range xs {
		t := x + c1
		r := x - (t - c1)
		t2 := r + c2
		r2 := r - (t2 - c2)
		t3 := r2 + c3
		if t3-c3 != r2 {
			a.add1(x)
			continue
		}
		s1 += math.Float64bits(t) - b1
		s2 += math.Float64bits(t2) - b2
		s3 += math.Float64bits(t3) - b3
	}
	a.putInt(int64(s1), p)
	a.putInt(int64(s2), p-52)
	a.putInt(int64(s3), p-104)
}

// MaxBits returns the bits of the largest magnitude of xs (sign
// cleared; 0 for none): a NaN's and an infinity's are above every finite
// value's, and the bits of finite magnitudes are in their order. A caller
// checks with it that values are finite and within a bound, at the speed
// of AddSlice's own pass.
func MaxBits(xs []float64) uint64 {
	top, _ := extremes(xs)
	return top
}

// extremes returns the largest and the smallest non-zero magnitude of
// xs, as bits (less one for the smallest, which makes a zero the largest
// uint64): eight terms at a time in vector lanes where the processor has
// them, the rest in a loop.
func extremes(xs []float64) (top, low uint64) {
	top, low = 0, math.MaxUint64
	if n := len(xs) &^ 7; haveAVX2 && n > 0 {
		var t, l [4]uint64
		extremesAVX2(xs[:n], &t, &l)
		for i := range t {
			top = max(top, t[i])
			if l[i] != 1<<63-1 { // else: only zeros
				low = min(low, l[i])
			}
		}
		xs = xs[n:]
	}
	t, l := extremesGo(xs)
	return max(top, t), min(low, l)
}

// extremesGo is extremes in four running extremes that do not wait for
// each other.
func extremesGo(xs []float64) (top, low uint64) {
	var t0, t1, t2, t3 uint64
	l0, l1, l2, l3 := uint64(math.MaxUint64), uint64(math.MaxUint64), uint64(math.MaxUint64), uint64(math.MaxUint64)
	for ; len(xs) >= 4; xs = xs[4:] {
		m0 := math.Float64bits(xs[0]) &^ (1 << 63)
		m1 := math.Float64bits(xs[1]) &^ (1 << 63)
		m2 := math.Float64bits(xs[2]) &^ (1 << 63)
		m3 := math.Float64bits(xs[3]) &^ (1 << 63)
		t0, t1, t2, t3 = max(t0, m0), max(t1, m1), max(t2, m2), max(t3, m3)
		l0, l1, l2, l3 = min(l0, m0-1), min(l1, m1-1), min(l2, m2-1), min(l3, m3-1)
	}
	for _, x := range xs {
		m := math.Float64bits(x) &^ (1 << 63)
		t0 = max(t0, m)
		l0 = min(l0, m-1)
	}
	return max(t0, t1, t2, t3), min(l0, l1, l2, l3)
}

// twoParts returns the sums of the bits of x + c1 and of r + c2, r the
// rest x − ((x + c1) − c1), over the terms x of xs (with wraparound): see
// addWide. Eight terms at a time in vector lanes where the processor has
// them, the rest in a loop.
func twoParts(xs []float64, c1, c2 float64) (s1, s2 uint64) {
	if n := len(xs) &^ 7; haveAVX2 && n > 0 {
		var a, b [4]uint64
		twoPartsAVX2(xs[:n], c1, c2, &a, &b)
		s1 = a[0] + a[1] + a[2] + a[3]
		s2 = b[0] + b[1] + b[2] + b[3]
		xs = xs[n:]
	}
	t1, t2 := twoPartsGo(xs, c1, c2)
	return s1 + t1, s2 + t2
}

// twoPartsGo is twoParts in two interleaved sums each.
func twoPartsGo(xs []float64, c1, c2 float64) (s1, s2 uint64) {
	var s3, s4 uint64
	for ; len(xs) >= 2; xs = xs[2:] {
		x0, x1 := xs[0], xs[1]
		t0, t1 := x0+c1, x1+c1
		r0, r1 := x0-(t0-c1), x1-(t1-c1)
		s1 += math.Float64bits(t0)
		s3 += math.Float64bits(t1)
		s2 += math.Float64bits(r0 + c2)
		s4 += math.Float64bits(r1 + c2)
	}
	for _, x := range xs {
		t := x + c1
		r := x - (t - c1)
		s1 += math.Float64bits(t)
		s2 += math.Float64bits(r + c2)
	}
	return s1 + s3, s2 + s4
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
