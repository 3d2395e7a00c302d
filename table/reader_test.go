package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func readAll(t testing.TB, r *Reader) ([][]string, error) {
	var rows [][]string
	for r.Next() {
		row := make([]string, len(r.Header()))
		for i := range row {
			row[i] = string(r.Field(i))
		}
		rows = append(rows, row)
	}
	return rows, r.Err()
}

func TestCSVQuoting(t *testing.T) {
	in := "a,b,c\r\n\"x, y\",\"he said \"\"hi\"\"\",3\n\n\"multi\nline\",,\"\"\n"
	r, err := NewReader(strings.NewReader(in), "q.csv", CSV)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"x, y", `he said "hi"`, "3"}, {"multi\nline", "", ""}}
	if len(rows) != len(want) {
		t.Fatalf("rows %q, want %q", rows, want)
	}
	for i := range want {
		for j := range want[i] {
			if rows[i][j] != want[i][j] {
				t.Errorf("row %d field %d = %q, want %q", i, j, rows[i][j], want[i][j])
			}
		}
	}
}

func TestLineNumbersAfterMultilineField(t *testing.T) {
	in := "a,b\n\"1\n2\n3\",x\n4,oops\n"
	r, _ := NewReader(strings.NewReader(in), "m.csv", CSV)
	a, _ := r.Col("a")
	r.Next()
	if r.Line() != 2 {
		t.Errorf("first row starts on line %d, want 2", r.Line())
	}
	r.Next()
	if r.Line() != 5 {
		t.Errorf("second row starts on line %d, want 5", r.Line())
	}
	if _, err := r.Float(1); err == nil || err.Error() != `m.csv:5: column "b": value "oops" is not a number` {
		t.Errorf("error %v", err)
	}
	if v, err := r.Float(a); err != nil || v != 4 {
		t.Errorf("Float = %v, %v", v, err)
	}
}

func TestSniff(t *testing.T) {
	for in, want := range map[string]Format{
		"a,b\n1,2\n":         CSV,
		"a\tb\n1\t2\n":       TSV,
		"{\"a\": 1}\n":       JSONL,
		"\ufeffa,b\n1,2\n":   CSV,
		"a\tb,c\n1\t2,3\n":   CSV,
		"  {\"a\": \"x\"}\n": JSONL,
	} {
		r, err := NewReader(strings.NewReader(in), "-", Sniff)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if r.Format() != want {
			t.Errorf("%q sniffed as %v, want %v", in, r.Format(), want)
		}
	}
}

func TestBOMAndLongLines(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	in := "\ufeffname,v\n" + long + ",1\n"
	r, err := NewReader(strings.NewReader(in), "b.csv", CSV)
	if err != nil {
		t.Fatal(err)
	}
	if r.Header()[0] != "name" {
		t.Errorf("header %q: BOM not removed", r.Header())
	}
	rows, err := readAll(t, r)
	if err != nil || len(rows) != 1 || rows[0][0] != long {
		t.Fatalf("long line: %v, %d rows", err, len(rows))
	}
}

func TestJSONL(t *testing.T) {
	in := `{"y": "a", "s": 0.5, "ok": true}` + "\n\n" + `{"s": 1e-3, "y": "b\u00e9", "ok": false}` + "\n"
	r, err := NewReader(strings.NewReader(in), "j.jsonl", JSONL)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := r.Col("y")
	s, _ := r.Col("s")
	var got []string
	for r.Next() {
		v, err := r.Float(s)
		if err != nil {
			t.Fatal(err)
		}
		txt, err := r.Text(y)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(txt))
		_ = v
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "a,bé" {
		t.Errorf("got %q", got)
	}
	if r.Rows() != 2 || r.Line() != 3 {
		t.Errorf("rows %d line %d, want 2 and 3", r.Rows(), r.Line())
	}
}

func TestErrorsAreSentinels(t *testing.T) {
	r, _ := NewReader(strings.NewReader("a\n-1\n"), "e.csv", CSV)
	r.Next()
	_, err := r.Weight(0)
	var pe *ParseError
	if !errors.Is(err, ErrNegativeWeight) || !errors.As(err, &pe) || pe.Line != 2 || pe.Column != "a" {
		t.Errorf("weight error %#v", err)
	}
	if _, err := NewReader(strings.NewReader(""), "e.csv", CSV); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty input: %v", err)
	}
	r, _ = NewReader(strings.NewReader("a\n"), "e.csv", CSV)
	if r.Next() || !errors.Is(r.Err(), ErrNoRows) {
		t.Errorf("no rows: %v", r.Err())
	}
}

func TestReadLines(t *testing.T) {
	lines, err := ReadLines("-", strings.NewReader("one\r\ntwo\n\nfour"))
	if err != nil || strings.Join(lines, "|") != "one|two||four" {
		t.Errorf("ReadLines = %q, %v", lines, err)
	}
	_, err = ReadLines("-", strings.NewReader("ok\nbad \xff\n"))
	if !errors.Is(err, ErrBadUTF8) || !strings.Contains(err.Error(), "<stdin>:2:") {
		t.Errorf("bad UTF-8: %v", err)
	}
	// ReadLinesCharged reports each line's text and the slice's growth
	// (16 bytes a string header), and stops at the first error of grow.
	var charged int64
	lines, err = ReadLinesCharged("-", strings.NewReader("one\r\ntwo\n\nfour"), func(n int64) error { charged += n; return nil })
	if err != nil || strings.Join(lines, "|") != "one|two||four" || charged != int64(3+3+0+4+16*cap(lines)) {
		t.Errorf("ReadLinesCharged = %q, %v, charged %d (cap %d)", lines, err, charged, cap(lines))
	}
	stop := errors.New("over budget")
	calls := 0
	_, err = ReadLinesCharged("-", strings.NewReader("a\nb\nc\n"), func(int64) error { calls++; return stop })
	if err != stop || calls != 1 {
		t.Errorf("grow's error: %v after %d calls", err, calls)
	}
}

// FuzzCSV checks the reader against encoding/csv: on input that
// encoding/csv reads strictly (no lazy quotes, equal field counts), ours
// returns the same records; on any input ours never panics, and every row
// it returns has the header's width.
func FuzzCSV(f *testing.F) {
	for _, s := range []string{
		"a,b\n1,2\n", "a,b\r\n\"1,\"\"x\"\"\",2\r\n", "a\n\"\n\"\n", "a,b\n1\n", "a,b\n\"x\"y,1\n",
		"a,b\n1,2,3\n", "\"a\nb\",c\nd,e\n", "a\n\n\n1\n", "x,y\n\xff,1\n", "a,a\n1,2\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, err := NewReader(strings.NewReader(in), "f.csv", CSV)
		if err != nil {
			return
		}
		var rows [][]string
		for r.Next() {
			if len(r.Header()) != len(r.fields) {
				t.Fatalf("row of %d fields under a header of %d", len(r.fields), len(r.Header()))
			}
			row := make([]string, len(r.fields))
			for i := range row {
				row[i] = string(r.Field(i))
			}
			rows = append(rows, row)
		}
		ours := r.Err()
		if strings.HasPrefix(in, "\ufeff") || strings.Contains(in, "\r") || !utf8.ValidString(in) {
			return // encoding/csv keeps a BOM and treats a lone \r differently
		}
		cr := csv.NewReader(strings.NewReader(in))
		all, cerr := cr.ReadAll()
		if cerr != nil || len(all) == 0 {
			return
		}
		names := map[string]bool{}
		for _, h := range all[0] {
			if names[h] {
				return // we reject duplicate names; encoding/csv does not
			}
			names[h] = true
		}
		if len(all) == 1 {
			if !errors.Is(ours, ErrNoRows) {
				t.Fatalf("header only: error %v", ours)
			}
			return
		}
		if ours != nil {
			t.Fatalf("encoding/csv reads %q but we fail: %v", in, ours)
		}
		if len(rows) != len(all)-1 {
			t.Fatalf("%d rows, encoding/csv %d", len(rows), len(all)-1)
		}
		for i, row := range rows {
			for j := range row {
				if row[j] != all[i+1][j] {
					t.Fatalf("row %d field %d: %q, encoding/csv %q", i, j, row[j], all[i+1][j])
				}
			}
		}
	})
}

// FuzzJSONL: any input gives rows or a positioned error, never a panic.
func FuzzJSONL(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "{\"a\":\"x\"}\n{\"a\":null}\n", "{\"a\":[1]}\n{}", "{", "{\"a\":1}\n[1]\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, err := NewReader(strings.NewReader(in), "f.jsonl", JSONL)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("unpositioned error %v", err)
			}
			return
		}
		c, _ := r.Col("a")
		for r.Next() {
			r.Text(c)
			r.Float(c)
		}
	})
}

// FuzzFloat: ParseFloat never accepts a NaN or an infinity.
func FuzzFloat(f *testing.F) {
	for _, s := range []string{"1", " 2.5 ", "NaN", "inf", "-Infinity", "1e400", "0x1p-2", "", "abc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseFloat([]byte(s))
		if err == nil && (v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) {
			t.Fatalf("ParseFloat(%q) = %v", s, v)
		}
	})
}

// FuzzFastFloat: fastFloat agrees bit for bit with strconv.ParseFloat
// whenever it accepts its input.
func FuzzFastFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", ".5", "5.", "-12.25", "123456789012345", "0.000000000000000000001",
		"1e5", "abc", "", "-", ".", "+3", "9007199254740993", "0.1", "3.14159265358979"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := fastFloat([]byte(s))
		if !ok {
			return
		}
		w, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(v) != math.Float64bits(w) {
			t.Fatalf("fastFloat(%q) = %v, strconv: %v, %v", s, v, w, err)
		}
	})
}

// TestFastFloatStrconv: fastFloat and ParseFloat against strconv on 10⁶
// random decimals of every length the fast paths take (Clinger's and
// Eisel–Lemire's: 1 to 19 digits, points anywhere, exponents) and just
// past them, the shortest forms of random float64s (what Python and Go
// print: 17 digits half the time), and half-way cases: the same bits,
// and an error exactly where strconv gives one or a non-finite value.
func TestFastFloatStrconv(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var buf []byte
	accepted := 0
	for i := range 1_000_000 {
		buf = buf[:0]
		switch i % 4 {
		case 0, 1:
			// shortest representations, fixed and exponent forms
			f := math.Float64frombits(r.Uint64())
			if i%8 < 4 {
				f = r.Float64() * math.Pow(10, float64(r.IntN(40)-20))
			}
			buf = strconv.AppendFloat(buf, f, "gef"[r.IntN(3)], -1, 64)
		case 2:
			// random digits with a point and maybe an exponent
			if r.IntN(2) == 0 {
				buf = append(buf, "-+"[r.IntN(2)])
			}
			n := 1 + r.IntN(21)
			dot := r.IntN(n + 2)
			for k := range n {
				if k == dot {
					buf = append(buf, '.')
				}
				buf = append(buf, byte('0'+r.IntN(10)))
			}
			if r.IntN(3) == 0 {
				buf = append(buf, "eE"[r.IntN(2)])
				if r.IntN(2) == 0 {
					buf = append(buf, "-+"[r.IntN(2)])
				}
				buf = strconv.AppendInt(buf, int64(r.IntN(90)), 10)
			}
		case 3:
			// a float64 and the half-way point above it, written exactly
			// (often more digits than the fast paths take, then cut)
			f := math.Float64frombits(r.Uint64()>>2 + 0x3800000000000000)
			h := new(big.Float).SetPrec(200).SetFloat64(f)
			h.Add(h, new(big.Float).SetPrec(200).SetFloat64((math.Nextafter(f, math.Inf(1))-f)/2))
			buf = h.Append(buf, 'e', 1+r.IntN(25))
		}
		s := string(buf)
		want, werr := strconv.ParseFloat(s, 64)
		if v, ok := fastFloat(buf); ok {
			accepted++
			if werr != nil || math.Float64bits(v) != math.Float64bits(want) {
				t.Fatalf("fastFloat(%q) = %v (%x), strconv: %v (%x), %v", s, v, math.Float64bits(v), want, math.Float64bits(want), werr)
			}
		}
		v, err := ParseFloat(buf)
		switch {
		case werr != nil || math.IsInf(want, 0) || math.IsNaN(want):
			if err == nil {
				t.Fatalf("ParseFloat(%q) = %v, strconv: %v, %v", s, v, want, werr)
			}
		case err != nil || math.Float64bits(v) != math.Float64bits(want):
			t.Fatalf("ParseFloat(%q) = %v, %v, strconv: %v", s, v, err, want)
		}
	}
	t.Logf("fastFloat took %d of 10⁶", accepted)
}

// csvNumber is the number syntax of CSV writers that ParseFloat accepts.
var csvNumber = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// FuzzParseFloatStrconv: ParseFloat agrees with strconv.ParseFloat on the
// field without its blanks where it is in the number syntax of CSV
// writers — the same bits, and an error exactly where strconv fails or
// gives an infinity — and fails on the rest of Go's syntax ("1_0",
// "0x1p-2").
func FuzzParseFloatStrconv(f *testing.F) {
	for _, s := range []string{"0.8096884111689776", "0.59592659193331512", "1.5e-7", "2E+3", "1.e5", ".e5", "1e", "1e+", "-0e999",
		"12345678901234567890", "9007199254740993", "0.000000000000000000001", " 3.5 ", "1_0", "0x1p-2", "1e-64", "9.999999999999999999e64"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := strconv.ParseFloat(string(bytes.TrimSpace([]byte(s))), 64)
		v, err := ParseFloat([]byte(s))
		if !csvNumber.Match(bytes.TrimSpace([]byte(s))) {
			if err == nil {
				t.Fatalf("ParseFloat(%q) = %v, want an error (not the number syntax of CSV writers)", s, v)
			}
			return
		}
		switch {
		case werr != nil || math.IsInf(want, 0) || math.IsNaN(want):
			if err == nil {
				t.Fatalf("ParseFloat(%q) = %v, strconv: %v, %v", s, v, want, werr)
			}
		case err != nil || math.Float64bits(v) != math.Float64bits(want):
			t.Fatalf("ParseFloat(%q) = %v, %v, strconv: %v", s, v, err, want)
		}
	})
}
