package table

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastFloat parses the common plain decimal forms "-12", "3.25", ".5",
// "5." — digits whose integer m (the decimal point removed) is at most
// 2⁵³, at most 19 digits, at most 22 of them after the point, no
// exponent, no blanks — exactly: m and 10^f are exact float64s and the
// value is m / 10^f, one correctly rounded division (Clinger 1990), so it
// equals strconv.ParseFloat's result. ok is false for anything else,
// which ParseFloat parses the general way (and reports).
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
	// Not all consumed, no digit ("", "-", "."), a uint64 that may have
	// wrapped (over 19 digits), or an inexact m or 10^f.
	if i != len(b) || digits == 0 || digits > 19 || m > 1<<53 || frac >= len(pow10) {
		return 0, false
	}
	v = float64(m) / pow10[frac]
	if neg {
		v = -v
	}
	return v, true
}
