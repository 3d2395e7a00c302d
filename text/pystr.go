package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reproduces the few Python str operations that sacreBLEU's
// results depend on: str.split() / str.strip() whitespace, and str.lower()
// (full Unicode lowercase mapping with the Final_Sigma rule). The tables are
// Go's unicode package; text/unicode_test.go checks them code point by code
// point against Python 3.11 (testdata/pyunicode.txt.gz).

// isPySpace reports whether r is whitespace for Python's str.split() and
// str.strip(): Go's unicode.IsSpace plus the four information separators
// U+001C–U+001F, which Python also treats as whitespace.
func isPySpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiSpace[r]
	}
	return unicode.IsSpace(r)
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true,
	0x1c: true, 0x1d: true, 0x1e: true, 0x1f: true, ' ': true}

// PyRstrip removes trailing whitespace as Python's str.rstrip() does
// (Unicode White_Space and U+001C–U+001F), which sacreBLEU's command line
// applies to every line it reads.
func PyRstrip(s string) string { return pyRstrip(s) }

// pyRstrip removes trailing Python whitespace (str.rstrip()).
func pyRstrip(s string) string {
	for len(s) > 0 {
		c := s[len(s)-1]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				return s
			}
			s = s[:len(s)-1]
			continue
		}
		r, n := utf8.DecodeLastRuneInString(s)
		if !isPySpace(r) {
			return s
		}
		s = s[:len(s)-n]
	}
	return s
}

// pyStrip removes leading and trailing Python whitespace (str.strip()).
func pyStrip(s string) string {
	s = pyRstrip(s)
	for len(s) > 0 {
		c := s[0]
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				return s
			}
			s = s[1:]
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		if !isPySpace(r) {
			return s
		}
		s = s[n:]
	}
	return s
}

// nextPyField returns the bounds [lo, hi) of the first field of s at or
// after byte i, fields being separated by runs of Python whitespace (as
// str.split() splits); lo is -1 when there is none. It serves strings and
// byte slices alike.
func nextPyField[S ~string | ~[]byte](s S, i int) (lo, hi int) {
	lo = -1
	for i < len(s) {
		c := s[i]
		sp, n := false, 1
		if c < utf8.RuneSelf {
			sp = asciiSpace[c]
		} else {
			var r rune
			// At most 4 bytes: the conversion needs no allocation.
			r, n = utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
			sp = unicode.IsSpace(r)
		}
		if sp {
			if lo >= 0 {
				return lo, i
			}
		} else if lo < 0 {
			lo = i
		}
		i += n
	}
	return lo, len(s)
}

// appendPyFields appends the fields of s, split at runs of Python whitespace
// (str.split()), to dst.
func appendPyFields(dst []string, s string) []string {
	for lo, hi := nextPyField(s, 0); lo >= 0; lo, hi = nextPyField(s, hi) {
		dst = append(dst, s[lo:hi])
	}
	return dst
}

// joinPyFields returns " ".join(s.split()) as Python computes it.
func joinPyFields(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	appendJoinedFields(&b, s)
	return b.String()
}

// appendJoinedFields writes " ".join(s.split()) to b.
func appendJoinedFields(b *strings.Builder, s string) {
	first := true
	for lo, hi := nextPyField(s, 0); lo >= 0; lo, hi = nextPyField(s, hi) {
		if !first {
			b.WriteByte(' ')
		}
		b.WriteString(s[lo:hi])
		first = false
	}
}

// removeSpace returns s without any Python whitespace
// (”.join(s.split())).
func removeSpace(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || asciiSpace[c] {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !isPySpace(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// caseIgnorable is Unicode's Case_Ignorable property (UAX #44, derived in
// DerivedCoreProperties.txt): Mn, Me, Cf, Lm, Sk and the Word_Break classes
// MidLetter, MidNumLet and Single_Quote.
var caseIgnorableExtra = []rune{'\'', '.', ':', '^', '`', 0xb7, 0x387, 0x55f, 0x5f4,
	0x2018, 0x2019, 0x2024, 0x2027, 0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a}

func isCaseIgnorable(r rune) bool {
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) {
		return true
	}
	for _, x := range caseIgnorableExtra {
		if r == x {
			return true
		}
	}
	return false
}

// isCased is Unicode's Cased property: Lu, Ll, Lt, Other_Lowercase and
// Other_Uppercase.
func isCased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// pyLower returns s lowercased as Python's str.lower() does: the full
// lowercase mapping (U+0130 İ becomes "i̇", two code points) and capital
// sigma becoming final ς in the Final_Sigma context
// (\p{Cased}\p{Case_Ignorable}* Σ !(\p{Case_Ignorable}* \p{Cased})).
func pyLower(s string) string {
	ascii := true
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if !upper {
			return s
		}
		b := []byte(s)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
		return string(b)
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i, r := range s {
		switch r {
		case 0x130:
			b.WriteString("i\u0307")
		case 0x3a3:
			if finalSigma(s, i) {
				b.WriteRune(0x3c2)
			} else {
				b.WriteRune(0x3c3)
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma reports whether the capital sigma at byte offset i of s is in
// the Final_Sigma context.
func finalSigma(s string, i int) bool {
	before := s[:i]
	found := false
	for len(before) > 0 {
		r, n := utf8.DecodeLastRuneInString(before)
		before = before[:len(before)-n]
		if !isCaseIgnorable(r) {
			found = isCased(r)
			break
		}
	}
	if !found {
		return false
	}
	after := s[i+len("Σ"):]
	for _, r := range after {
		if !isCaseIgnorable(r) {
			return !isCased(r)
		}
	}
	return true
}
