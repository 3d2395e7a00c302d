package text

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tokenizer names, as sacreBLEU's --tokenize spells them.
const (
	Tok13a  = "13a"  // mteval-v13a.pl, WMT's standard (the default)
	TokIntl = "intl" // mteval-v14.pl international: Unicode punctuation and symbols
	TokZh   = "zh"   // Chinese characters split apart, the rest as 13a
	TokChar = "char" // every character a token
	TokNone = "none" // whitespace only
)

// Tokenizers lists the tokenizer names in the order sacreBLEU's help gives
// the ones evalkit implements.
var Tokenizers = []string{TokNone, TokZh, Tok13a, TokIntl, TokChar}

// Tokenize returns line tokenized as sacreBLEU's tokenizer name does, with
// tokens separated by single spaces and no leading or trailing space
// ("" stands for 13a). BLEU lowercases (when asked) and strips trailing
// whitespace before tokenizing; Tokenize does neither. It returns
// ErrUnknownTokenizer for any other name.
//
//   - 13a: drops "<skipped>", unescapes &quot; &amp; &lt; &gt;, pads with
//     spaces, then separates the ASCII punctuation
//     { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + / : ; < = > ? @,
//     a period or comma unless preceded or followed by a digit, and a dash
//     after a digit (four regular-expression passes, each over the output
//     of the previous one).
//   - intl: separates Unicode punctuation (\p{P}) not preceded by a number
//     (\P{N}), then punctuation not followed by a number, then every symbol
//     (\p{S}); no padding, so "2017." keeps its period as in mteval-v14.pl.
//   - zh: surrounds every character of sacreBLEU's CJK ranges with spaces
//     (the ranges include U+2001–U+2A6D and U+2F81–U+2FA1, which is how
//     sacreBLEU's table reads in Python), then applies 13a's four passes
//     without its unescaping and padding.
//   - char: every non-space character is a token.
//   - none: split at whitespace.
//
// Whitespace is Python's (str.split()). sacreBLEU's char and none keep the
// line's own spacing; BLEU splits their output at whitespace, so Tokenize
// returns the same fields joined by single spaces for every tokenizer.
func Tokenize(name, line string) (string, error) {
	f, err := tokenizerFunc(name)
	if err != nil {
		return "", err
	}
	var t tokBuf
	return f(&t, line), nil
}

// tokBuf holds scratch buffers reused by one goroutine's tokenizer calls.
type tokBuf struct {
	a, b []byte
	sb   strings.Builder
}

type tokFunc func(t *tokBuf, line string) string

func tokenizerFunc(name string) (tokFunc, error) {
	switch name {
	case Tok13a, "":
		return tok13a, nil
	case TokIntl:
		return tokIntl, nil
	case TokZh:
		return tokZh, nil
	case TokChar:
		return tokChar, nil
	case TokNone:
		return tokNone, nil
	}
	return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknownTokenizer, name, strings.Join(Tokenizers, ", "))
}

func tok13a(t *tokBuf, line string) string {
	if strings.Contains(line, "<skipped>") {
		line = strings.ReplaceAll(line, "<skipped>", "")
	}
	if strings.Contains(line, "\n") {
		line = strings.ReplaceAll(line, "-\n", "")
		line = strings.ReplaceAll(line, "\n", " ")
	}
	if strings.Contains(line, "&") {
		// One pass each, in this order, as sacreBLEU: "&amp;quot;" becomes
		// "&quot;", not a quotation mark.
		line = strings.ReplaceAll(line, "&quot;", "\"")
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
	}
	t.a = append(t.a[:0], ' ')
	t.a = append(t.a, line...)
	t.a = append(t.a, ' ')
	return regexp13a(t)
}

// punct13a marks the characters of 13a's first pass,
// [\{-\~\[-\` -\&\(-\+\:-\@\/].
var punct13a = func() (m [256]bool) {
	for _, c := range "{|}~[\\]^_` !\"#$%&()*+:;<=>?@/" {
		m[c] = true
	}
	return m
}()

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// regexp13a applies the four substitutions of sacreBLEU's TokenizerRegexp
// to t.a and joins the fields. Working on bytes is exact: every pattern
// character is ASCII, and a byte of a multi-byte UTF-8 sequence is neither
// a digit nor any of the ASCII characters tested, just as its rune is not.
func regexp13a(t *tokBuf) string {
	// 1. ([\{-\~\[-\` -\&\(-\+\:-\@\/]) → " \1 "
	b := t.b[:0]
	for _, c := range t.a {
		if punct13a[c] {
			b = append(b, ' ', c, ' ')
		} else {
			b = append(b, c)
		}
	}
	// 2. ([^0-9])([\.,]) → "\1 \2 "  (non-overlapping, left to right)
	// 3. ([\.,])([^0-9]) → " \1 \2"
	a := t.a[:0]
	if bytes.IndexByte(b, '.') >= 0 || bytes.IndexByte(b, ',') >= 0 {
		for i := 0; i < len(b); {
			if i+1 < len(b) && !isDigit(b[i]) && (b[i+1] == '.' || b[i+1] == ',') {
				a = append(a, b[i], ' ', b[i+1], ' ')
				i += 2
				continue
			}
			a = append(a, b[i])
			i++
		}
		b = b[:0]
		for i := 0; i < len(a); {
			if i+1 < len(a) && (a[i] == '.' || a[i] == ',') && !isDigit(a[i+1]) {
				b = append(b, ' ', a[i], ' ', a[i+1])
				i += 2
				continue
			}
			b = append(b, a[i])
			i++
		}
	}
	// 4. ([0-9])(-) → "\1 \2 "
	if bytes.IndexByte(b, '-') >= 0 {
		a = a[:0]
		for i := 0; i < len(b); {
			if i+1 < len(b) && isDigit(b[i]) && b[i+1] == '-' {
				a = append(a, b[i], ' ', '-', ' ')
				i += 2
				continue
			}
			a = append(a, b[i])
			i++
		}
		a, b = b, a
	}
	// (passes 2–3 and 4 are skipped when their characters are absent: they
	// could not match)
	t.a, t.b = a, b
	return joinFieldsBytes(t, b)
}

// joinFieldsBytes returns " ".join(s.split()) for s given as bytes.
func joinFieldsBytes(t *tokBuf, s []byte) string {
	t.sb.Reset()
	t.sb.Grow(len(s))
	first := true
	for lo, hi := nextPyField(s, 0); lo >= 0; lo, hi = nextPyField(s, hi) {
		if !first {
			t.sb.WriteByte(' ')
		}
		t.sb.Write(s[lo:hi])
		first = false
	}
	return t.sb.String()
}

// isPunct, isSymbol and isNumber are the Unicode general categories P*, S*
// and N* that sacreBLEU's intl tokenizer matches with \p{P}, \p{S}, \p{N}.
func isPunct(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&clsP != 0
	}
	return unicode.IsPunct(r)
}

func isSymbol(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiClass[r]&clsS != 0
	}
	return unicode.IsSymbol(r)
}

func isNumber(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsNumber(r)
}

const (
	clsP = 1 << iota
	clsS
)

var asciiClass = func() (m [utf8.RuneSelf]uint8) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if unicode.IsPunct(r) {
			m[r] |= clsP
		}
		if unicode.IsSymbol(r) {
			m[r] |= clsS
		}
	}
	return m
}()

func tokIntl(t *tokBuf, line string) string {
	rs := []rune(line)
	// 1. (\P{N})(\p{P}) → "\1 \2 "
	out := make([]rune, 0, len(rs)+16)
	for i := 0; i < len(rs); {
		if i+1 < len(rs) && !isNumber(rs[i]) && isPunct(rs[i+1]) {
			out = append(out, rs[i], ' ', rs[i+1], ' ')
			i += 2
			continue
		}
		out = append(out, rs[i])
		i++
	}
	// 2. (\p{P})(\P{N}) → " \1 \2"
	rs, out = out, rs[:0]
	for i := 0; i < len(rs); {
		if i+1 < len(rs) && isPunct(rs[i]) && !isNumber(rs[i+1]) {
			out = append(out, ' ', rs[i], ' ', rs[i+1])
			i += 2
			continue
		}
		out = append(out, rs[i])
		i++
	}
	// 3. (\p{S}) → " \1 "
	rs, out = out, rs[:0]
	for _, r := range rs {
		if isSymbol(r) {
			out = append(out, ' ', r, ' ')
		} else {
			out = append(out, r)
		}
	}
	return joinRunes(t, out)
}

// joinRunes returns " ".join(s.split()) for s given as runes.
func joinRunes(t *tokBuf, rs []rune) string {
	t.sb.Reset()
	first := true
	inField := false
	for _, r := range rs {
		if isPySpace(r) {
			inField = false
			continue
		}
		if !inField {
			if !first {
				t.sb.WriteByte(' ')
			}
			first = false
			inField = true
		}
		t.sb.WriteRune(r)
	}
	return t.sb.String()
}

// isChineseZh reports whether sacreBLEU's zh tokenizer separates r. The
// table is sacreBLEU's _UCODE_RANGES as Python evaluates it: two of its
// entries are written '\u20000'–'\u2a6d6' and '\u2f800'–'\u2fa1d', which
// Python reads as two-character strings ('\u2000' '0' …), so for a single
// character they select U+2001–U+2A6D and U+2F81–U+2FA1.
func isChineseZh(r rune) bool {
	for _, rg := range zhRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

var zhRanges = [][2]rune{
	{0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d},
	{0xfa30, 0xfa6a}, {0xfa70, 0xfad9}, {0x2001, 0x2a6d}, {0x2f81, 0x2fa1},
	{0xff00, 0xffef}, {0x2e80, 0x2eff}, {0x3000, 0x303f}, {0x31c0, 0x31ef},
	{0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f}, {0x31a0, 0x31bf},
	{0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
	{0x3200, 0x32ff}, {0x3300, 0x33ff},
}

func tokZh(t *tokBuf, line string) string {
	line = pyStrip(line)
	a := t.a[:0]
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			a = append(a, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(line[i:])
		if isChineseZh(r) {
			a = append(a, ' ')
			a = append(a, line[i:i+n]...)
			a = append(a, ' ')
		} else {
			a = append(a, line[i:i+n]...)
		}
		i += n
	}
	t.a = a
	return regexp13a(t)
}

func tokChar(t *tokBuf, line string) string {
	t.sb.Reset()
	first := true
	for _, r := range line {
		if isPySpace(r) {
			continue
		}
		if !first {
			t.sb.WriteByte(' ')
		}
		first = false
		t.sb.WriteRune(r)
	}
	return t.sb.String()
}

func tokNone(t *tokBuf, line string) string {
	t.sb.Reset()
	appendJoinedFields(&t.sb, line)
	return t.sb.String()
}
