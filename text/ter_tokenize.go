package text

import (
	"strings"
	"unicode/utf8"
)

// terTokenize applies sacreBLEU's tercom tokenizer (sacrebleu 2.6.0,
// tokenizers/tokenizer_ter.py, itself after tercom's Normalizer.java) to one
// sentence and returns its words. The steps, in order:
//
//  1. trailing whitespace is removed (Python's str.rstrip);
//  2. unless CaseSensitive, the sentence is lowercased as Python's str.lower
//     does it (full Unicode mapping: İ → i̇, and Σ → ς at the end of a word);
//  3. with Normalized: "\n-" is removed, "\n" becomes a space, &quot; &amp;
//     &lt; &gt; are unescaped (in that order), the sentence is padded with a
//     space on each side, ASCII punctuation except ' , - . is split off,
//     "'s " becomes " 's ", "." and "," are split off unless both neighbours
//     are digits (first when the left one is not a digit, then when the right
//     one is not), and a "-" after a digit is split off; with AsianSupport as
//     well, every CJK ideograph, stroke, radical, compatibility character and
//     CJK or full-width punctuation mark becomes a word of its own;
//  4. with NoPunct: the characters . , ? : ; ! " ( ) are deleted, and with
//     AsianSupport also the CJK and full-width punctuation marks;
//  5. the result is split at whitespace (Python's str.split: Unicode
//     White_Space plus U+001C–U+001F).
func terTokenize(s string, o TEROptions) []string {
	s = strings.TrimRightFunc(s, isPySpace)
	if s == "" {
		return nil
	}
	if !o.CaseSensitive {
		s = pyLower(s)
	}
	if o.Normalized {
		s = terNormalizeWestern(s)
		if o.AsianSupport {
			s = terNormalizeAsian(s)
		}
	}
	if o.NoPunct {
		s = strings.Map(func(r rune) rune {
			switch r {
			case '.', ',', '?', ':', ';', '!', '"', '(', ')':
				return -1
			}
			if o.AsianSupport && (isTERAsianPunct(r) || isTERFullWidthPunct(r)) {
				return -1
			}
			return r
		}, s)
	}
	return strings.FieldsFunc(s, isPySpace)
}

// terNormalizeWestern is tercom's western normalisation as sacreBLEU
// writes it: a sequence of regular-expression substitutions, each over the
// result of the previous one, with Python's leftmost, non-overlapping
// matching. Each pass is written out as a scan here (the patterns are ASCII,
// and UTF-8 never has ASCII bytes inside a multi-byte character);
// terNormalizeWesternRE in the tests is the regular-expression version it is
// checked against.
func terNormalizeWestern(s string) string {
	if strings.IndexByte(s, '\n') >= 0 {
		s = strings.ReplaceAll(s, "\n-", "")
		s = strings.ReplaceAll(s, "\n", " ")
	}
	if strings.IndexByte(s, '&') >= 0 {
		// Sequential in sacreBLEU: "&amp;lt;" ends as "<".
		s = strings.ReplaceAll(s, "&quot;", `"`)
		s = strings.ReplaceAll(s, "&amp;", "&")
		s = strings.ReplaceAll(s, "&lt;", "<")
		s = strings.ReplaceAll(s, "&gt;", ">")
	}
	b := make([]byte, 0, 2*len(s)+8)
	// " " + s + " ", then ([{-~[-` -&(-+:-@/]) → " \1 ": ASCII punctuation
	// except ' , - . (and the space itself) padded with spaces.
	b = append(b, "   "...)
	for i := 0; i < len(s); i++ {
		if c := s[i]; isTERSplitPunct(c) {
			b = append(b, ' ', c, ' ')
		} else {
			b = append(b, c)
		}
	}
	b = append(b, "   "...)
	// 's␣ → ␣'s␣ (the possessive). The pattern 's$ that follows in
	// sacreBLEU cannot match: the sentence ends with a space.
	t := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		if b[i] == '\'' && i+2 < len(b) && b[i+1] == 's' && b[i+2] == ' ' {
			t = append(t, " 's "...)
			i += 3
			continue
		}
		t = append(t, b[i])
		i++
	}
	// ([^0-9])([\.,]) → "\1 \2 "
	b = b[:0]
	for i := 0; i < len(t); {
		n := terRuneLen(t, i)
		if !terIsDigit(t[i]) && i+n < len(t) && (t[i+n] == '.' || t[i+n] == ',') {
			b = append(b, t[i:i+n]...)
			b = append(b, ' ', t[i+n], ' ')
			i += n + 1
			continue
		}
		b = append(b, t[i:i+n]...)
		i += n
	}
	// ([\.,])([^0-9]) → " \1 \2"
	t = t[:0]
	for i := 0; i < len(b); {
		if (b[i] == '.' || b[i] == ',') && i+1 < len(b) && !terIsDigit(b[i+1]) {
			n := terRuneLen(b, i+1)
			t = append(t, ' ', b[i], ' ')
			t = append(t, b[i+1:i+1+n]...)
			i += 1 + n
			continue
		}
		t = append(t, b[i])
		i++
	}
	// ([0-9])(-) → "\1 \2 "
	b = b[:0]
	for i := 0; i < len(t); i++ {
		if terIsDigit(t[i]) && i+1 < len(t) && t[i+1] == '-' {
			b = append(b, t[i], ' ', '-', ' ')
			i++
			continue
		}
		b = append(b, t[i])
	}
	return string(b)
}

// isTERSplitPunct is sacreBLEU's class [{-~[-` -&(-+:-@/].
func isTERSplitPunct(c byte) bool {
	return c >= '{' && c <= '~' || c >= '[' && c <= '`' || c >= ' ' && c <= '&' ||
		c >= '(' && c <= '+' || c >= ':' && c <= '@' || c == '/'
}

func terIsDigit(c byte) bool { return c >= '0' && c <= '9' }

// terRuneLen returns the length of the UTF-8 sequence starting at b[i].
func terRuneLen(b []byte, i int) int {
	if b[i] < utf8.RuneSelf {
		return 1
	}
	_, n := utf8.DecodeRune(b[i:])
	return n
}

// terNormalizeAsian surrounds every character of the CJK ranges that
// sacreBLEU splits with spaces. sacreBLEU's three Hiragana/Katakana rules
// are anchored at the start of the sentence, which normalisation has just
// made a space, so they never apply and are left out.
func terNormalizeAsian(s string) string {
	var b strings.Builder
	for _, r := range s {
		if isTERAsianSplit(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isTERAsianSplit(r rune) bool {
	switch {
	case r >= 0x4e00 && r <= 0x9fff, // CJK Unified Ideographs
		r >= 0x3400 && r <= 0x4dbf, // Extension A
		r >= 0x31c0 && r <= 0x31ef, // CJK Strokes
		r >= 0x2e80 && r <= 0x2eff, // CJK Radicals Supplement
		r >= 0x3300 && r <= 0x33ff, // CJK Compatibility
		r >= 0xf900 && r <= 0xfaff, // CJK Compatibility Ideographs
		r >= 0xfe30 && r <= 0xfe4f, // CJK Compatibility Forms
		r >= 0x3200 && r <= 0x3f22: // sacreBLEU's range for Enclosed CJK
		return true
	}
	return isTERAsianPunct(r) || isTERFullWidthPunct(r)
}

func isTERAsianPunct(r rune) bool {
	return r == 0x3001 || r == 0x3002 || (r >= 0x3008 && r <= 0x3011) ||
		(r >= 0x3014 && r <= 0x301f) || (r >= 0xff61 && r <= 0xff65) || r == 0x30fb
}

func isTERFullWidthPunct(r rune) bool {
	switch r {
	case 0xff0e, 0xff0c, 0xff1f, 0xff1a, 0xff1b, 0xff01, 0xff02, 0xff08, 0xff09:
		return true
	}
	return false
}
