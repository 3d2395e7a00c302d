package table

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastFloat parses the common plain decimal forms "-12", "3.25", ".5" —
// at most 15 significant digits and 22 fractional digits, no exponent, no
// blanks — exactly: the digits form an integer m < 2⁵³ and the value is
// m / 10^f, one correctly rounded division of two exact float64s (Clinger
// 1990), so it equals strconv.ParseFloat's result. ok is false for
// anything else, which ParseFloat parses the general way (and reports).
func fastFloat(b []byte) (v float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		i = 1
	}
	var m uint64
	digits, frac := 0, -1
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			if digits > 0 || c != '0' {
				digits++
			}
			m = m*10 + uint64(c-'0')
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false
		}
		if digits > 15 {
			return 0, false
		}
	}
	n := len(b)
	if neg || (n > 0 && b[0] == '+') {
		n--
	}
	if n == 0 || (frac >= 0 && n == 1) { // "", "-", "."
		return 0, false
	}
	if frac < 0 {
		frac = 0
	}
	if frac >= len(pow10) {
		return 0, false
	}
	v = float64(m) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
}
