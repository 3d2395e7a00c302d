package text

import (
	"strconv"
	"testing"
	"unicode/utf8"
)

// TestPythonUnicode checks, code point by code point, the Unicode facts
// the tokenizers and lowercasing rely on against Python 3.11.2
// (unicodedata 14.0.0) and the regex module 2.5.123 that sacreBLEU's intl
// tokenizer uses (testdata/pyunicode.json.gz, from
// tools/oracle/sacrebleu_golden.py unicode). Go's tables are Unicode 15.0,
// so code points unassigned in Python's 14.0 are not compared.
func TestPythonUnicode(t *testing.T) {
	var u struct {
		Source            string              `json:"source"`
		Unassigned        [][2]rune           `json:"unassigned"`
		Space             [][2]rune           `json:"space"`
		Punct             [][2]rune           `json:"punct"`
		Symbol            [][2]rune           `json:"symbol"`
		Number            [][2]rune           `json:"number"`
		Lower             map[string][]rune   `json:"lower"`
		CaseIgnorable     [][2]rune           `json:"case_ignorable"`
		CasedNotIgnorable [][2]rune           `json:"cased_not_ignorable"`
		_                 map[string]struct{} // keep the field set explicit
	}
	readGzipJSON(t, "testdata/pyunicode.json.gz", &u)
	in := func(rs [][2]rune) func(rune) bool {
		return func(r rune) bool {
			lo, hi := 0, len(rs)
			for lo < hi {
				m := (lo + hi) / 2
				switch {
				case r < rs[m][0]:
					hi = m
				case r > rs[m][1]:
					lo = m + 1
				default:
					return true
				}
			}
			return false
		}
	}
	unassigned := in(u.Unassigned)
	lower := map[rune]string{}
	for k, v := range u.Lower {
		cp, err := strconv.Atoi(k)
		if err != nil {
			t.Fatal(err)
		}
		lower[rune(cp)] = string(v)
	}
	checks := []struct {
		name string
		got  func(rune) bool
		want func(rune) bool
	}{
		{"space", isPySpace, in(u.Space)},
		{"punct", isPunct, in(u.Punct)},
		{"symbol", isSymbol, in(u.Symbol)},
		{"number", isNumber, in(u.Number)},
		{"case_ignorable", isCaseIgnorable, in(u.CaseIgnorable)},
		{"cased", func(r rune) bool { return isCased(r) && !isCaseIgnorable(r) }, in(u.CasedNotIgnorable)},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			bad := 0
			for r := rune(0); r <= utf8.MaxRune; r++ {
				if 0xd800 <= r && r <= 0xdfff || unassigned(r) {
					continue
				}
				if c.got(r) != c.want(r) {
					if bad++; bad <= 10 {
						t.Errorf("U+%04X: Go %v, Python %v", r, c.got(r), c.want(r))
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d code points differ", bad)
			}
		})
	}
	t.Run("lower", func(t *testing.T) {
		bad := 0
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if 0xd800 <= r && r <= 0xdfff || unassigned(r) || r == 0x3a3 {
				continue
			}
			want, ok := lower[r]
			if !ok {
				want = string(r)
			}
			if got := pyLower(string(r)); got != want {
				if bad++; bad <= 10 {
					t.Errorf("lower(U+%04X) = %q, Python %q", r, got, want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%d code points differ", bad)
		}
	})
}

// TestRandomStrings compares the tokenizers and lowercasing with sacreBLEU
// 2.6.0 and Python 3.11.2 on 3000 random strings drawn from all of Unicode
// (testdata/random_tokenize.json.gz). Strings with code points unassigned
// in Python's Unicode 14.0 are not drawn.
func TestRandomStrings(t *testing.T) {
	var g struct {
		Source  string `json:"source"`
		Strings []struct {
			S      string            `json:"s"`
			Lower  string            `json:"lower"`
			Tokens map[string]string `json:"tokens"`
		} `json:"strings"`
	}
	readGzipJSON(t, "testdata/random_tokenize.json.gz", &g)
	bad := 0
	for _, c := range g.Strings {
		if got := pyLower(c.S); got != c.Lower {
			bad++
			t.Errorf("pyLower(%+q) = %+q, Python %+q", c.S, got, c.Lower)
		}
		for _, tok := range Tokenizers {
			if got, _ := Tokenize(tok, c.S); got != joinPyFields(c.Tokens[tok]) {
				bad++
				t.Errorf("Tokenize(%s, %+q) = %+q, sacreBLEU %+q", tok, c.S, got, c.Tokens[tok])
			}
		}
		if bad > 20 {
			t.Fatal("too many differences")
		}
	}
}
