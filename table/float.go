package table

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
)

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// pow10u holds 10⁰ … 10⁷.
var pow10u = [...]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000}

// fastFloat parses the common decimal forms "-12", "3.25", ".5", "5.",
// "1.5e-7", "2E+3" — at most 19 digits (so that their integer m, the
// decimal point removed, fits a uint64), no blanks — exactly, as
// strconv.ParseFloat does:
//   - m ≤ 2⁵³ and |q| ≤ 22 (q the power of ten, from the point and the
//     exponent): m and 10^|q| are exact float64s and the value is one
//     correctly rounded product or quotient (Clinger 1990);
//   - otherwise, for q in [pow10Min, pow10Max], m · 10^q from 128 bits of
//     10^q, rounded once when both ends of the product's error interval
//     round alike (Eisel and Lemire; see [mulPow10]).
//
// ok is false for anything else, which ParseFloat parses the general way
// (and reports).
func fastFloat(b []byte) (v float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		i = 1
	}
	start := i
	var m uint64
	for ; i < len(b); i++ {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		m = m*10 + uint64(c)
	}
	digits, frac := i-start, 0
	if i < len(b) && b[i] == '.' {
		i++
		fstart := i
		// Eight digits at a time while there are eight (the long
		// fractions of printed scores), then one at a time.
		for i+8 <= len(b) {
			d, ok := eightDigits(binary.LittleEndian.Uint64(b[i:]))
			if !ok {
				break
			}
			m = m*1e8 + d
			i += 8
		}
		// The last one to seven digits ending the field at once: the
		// field's last eight bytes with those before the digits read as
		// zeros.
		if k := len(b) - i; k > 0 && k < 8 && len(b) >= 8 {
			low := uint64(1)<<(8*(8-k)) - 1
			if d, ok := eightDigits(binary.LittleEndian.Uint64(b[len(b)-8:])&^low | 0x3030303030303030&low); ok {
				m = m*pow10u[k] + d
				i = len(b)
			}
		}
		for ; i < len(b); i++ {
			c := b[i] - '0'
			if c > 9 {
				break
			}
			m = m*10 + uint64(c)
		}
		frac = i - fstart
		digits += frac
	}
	// No digit ("", "-", "."), or a uint64 that may have wrapped (over 19
	// digits).
	if digits == 0 || digits > 19 {
		return 0, false
	}
	q := -frac
	if i < len(b) {
		// An exponent: e or E, a sign, at least one digit.
		if b[i] != 'e' && b[i] != 'E' {
			return 0, false
		}
		i++
		eneg := false
		if i < len(b) && (b[i] == '-' || b[i] == '+') {
			eneg = b[i] == '-'
			i++
		}
		estart, e := i, 0
		for ; i < len(b); i++ {
			c := b[i] - '0'
			if c > 9 {
				return 0, false
			}
			if e < 100000 {
				e = e*10 + int(c)
			}
		}
		if i == estart {
			return 0, false
		}
		if eneg {
			e = -e
		}
		q += e
	}
	switch {
	case m <= 1<<53 && q <= 0 && q > -len(pow10):
		v = float64(m) / pow10[-q]
	case m <= 1<<53 && q > 0 && q < len(pow10):
		v = float64(m) * pow10[q]
	case m == 0:
		v = 0 // 0 with any exponent
	default:
		if v, ok = mulPow10(m, q); !ok {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	return v, true
}

// The powers of ten of [mulPow10]: 10^q for q in [pow10Min, pow10Max],
// so that m · 10^q (1 ≤ m < 10¹⁹) is a normal float64, far from
// overflow and from subnormals.
const pow10Min, pow10Max = -64, 64

// pow128 is 10^q = (hi·2⁶⁴ + lo + δ) · 2^e with hi ≥ 2⁶³ and 0 ≤ δ < 1:
// its 128 leading bits, truncated (δ = 0 when exact).
type pow128 struct {
	hi, lo uint64
	e      int
	exact  bool
}

// pow10x[q−pow10Min] is 10^q as a pow128, computed once with math/big.
var pow10x = func() (t [pow10Max - pow10Min + 1]pow128) {
	ten := big.NewInt(10)
	mask := new(big.Int).SetUint64(math.MaxUint64)
	for q := pow10Min; q <= pow10Max; q++ {
		d := new(big.Int).Exp(ten, big.NewInt(int64(abs(q))), nil)
		var p big.Int
		var e int
		exact := true
		if q >= 0 {
			// 10^q shifted to 128 bits (truncated when longer).
			if l := d.BitLen(); l <= 128 {
				p.Lsh(d, uint(128-l))
				e = l - 128
			} else {
				p.Rsh(d, uint(l-128))
				e = l - 128
				exact = new(big.Int).Lsh(&p, uint(l-128)).Cmp(d) == 0
			}
		} else {
			// ⌊2^s / 10^|q|⌋ in [2¹²⁷, 2¹²⁸): s = 127 + the bits of 10^|q|
			// (10^|q| is not a power of two for q < 0).
			s := 127 + d.BitLen()
			var r big.Int
			p.QuoRem(new(big.Int).Lsh(big.NewInt(1), uint(s)), d, &r)
			e = -s
			exact = r.Sign() == 0
		}
		lo := new(big.Int).And(&p, mask).Uint64()
		hi := new(big.Int).Rsh(&p, 64).Uint64()
		t[q-pow10Min] = pow128{hi: hi, lo: lo, e: e, exact: exact}
	}
	return t
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// mulPow10 returns m · 10^q (m > 0) correctly rounded, as the Eisel–Lemire
// method computes it: m, shifted so that its top bit is set, times the
// 128 leading bits of 10^q is a 192-bit z below the exact product by less
// than m (the truncation δ < 1 times m). When z and z + m round to the
// same float64 (rounding is monotone), so does the exact product, which
// lies between them; otherwise (rare: the product is within 2⁻⁶⁴ of its
// value of a half-way point) ok is false. q must be in [pow10Min,
// pow10Max].
func mulPow10(m uint64, q int) (v float64, ok bool) {
	if q < pow10Min || q > pow10Max {
		return 0, false
	}
	p := &pow10x[q-pow10Min]
	l := bits.LeadingZeros64(m)
	m <<= l
	h1, z0 := bits.Mul64(m, p.lo)
	z2, l2 := bits.Mul64(m, p.hi)
	z1, c := bits.Add64(l2, h1, 0)
	z2 += c
	f, k := round53(z2, z1, z0)
	if !p.exact {
		u0, c := bits.Add64(z0, m, 0)
		u1, c := bits.Add64(z1, 0, c)
		u2 := z2 + c // z + m < 2¹⁹²: z < (2⁶⁴ − 1)·2¹²⁸
		if g, j := round53(u2, u1, u0); g != f || j != k {
			return 0, false
		}
	}
	// The value is f · 2^(k + e − l), f in [2⁵², 2⁵³), a normal float64.
	exp := k + p.e - l + 52 + 1023
	return math.Float64frombits(uint64(exp)<<52 | f&(1<<52-1)), true
}

// round53 rounds z = z2·2¹²⁸ + z1·2⁶⁴ + z0, with bit 191 or 190 its
// leading one, to 53 significant bits, half to even: z ≈ f · 2^k with f
// in [2⁵², 2⁵³).
func round53(z2, z1, z0 uint64) (f uint64, k int) {
	shift := uint(11)
	if z2>>63 == 0 {
		shift = 10
	}
	f = z2 >> shift
	rem, half := z2&(1<<shift-1), uint64(1)<<(shift-1)
	if rem > half || (rem == half && (z1|z0 != 0 || f&1 == 1)) {
		f++
	}
	k = 128 + int(shift)
	if f == 1<<53 {
		f >>= 1
		k++
	}
	return f, k
}

// eightDigits returns the number that the eight bytes of w (the first in
// its lowest byte) write in decimal, if they are all digits: the digits
// are combined in pairs, the pairs in fours, the fours in one, each step
// a multiply, a shift and a mask on the whole word.
func eightDigits(w uint64) (uint64, bool) {
	const zeros = 0x3030303030303030
	// Every byte is '0'..'9': its high nibble is 3, and adding 6 does
	// not carry into it.
	if w&0xF0F0F0F0F0F0F0F0 != zeros || (w+0x0606060606060606)&0xF0F0F0F0F0F0F0F0 != zeros {
		return 0, false
	}
	w -= zeros
	w = (w*10 + w>>8) & 0x00FF00FF00FF00FF
	w = (w*100 + w>>16) & 0x0000FFFF0000FFFF
	w = (w*10000 + w>>32) & 0xFFFFFFFF
	return w, true
}
