package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// randomTable makes a CSV (or JSON Lines) text with quoted fields that hold
// commas, quotes and line breaks, blank lines, and, sometimes, one bad
// value or a ragged row.
func randomTable(rng *rand.Rand, jsonl bool) string {
	var b strings.Builder
	if !jsonl {
		b.WriteString("a,b,c\n")
	}
	n := rng.IntN(300)
	bad := -1
	if rng.IntN(3) == 0 && n > 0 {
		bad = rng.IntN(n)
	}
	for i := range n {
		if rng.IntN(10) == 0 {
			b.WriteString("\n")
		}
		v := fmt.Sprint(rng.IntN(1000))
		if i == bad {
			v = "oops"
		}
		if jsonl {
			fmt.Fprintf(&b, "{\"a\": %q, \"b\": \"x%d\", \"c\": %s}\n", fmt.Sprint(i), i, map[bool]string{true: `"oops"`, false: v}[i == bad])
			continue
		}
		txt := fmt.Sprintf("t%d", i)
		switch rng.IntN(4) {
		case 0:
			txt = fmt.Sprintf("\"line\nbreak, \"\"%d\"\"\"", i)
		case 1:
			txt = fmt.Sprintf("\"a,b%d\"", i)
		}
		if i == bad && rng.IntN(2) == 0 {
			fmt.Fprintf(&b, "%d,%s\n", i, txt) // ragged
			continue
		}
		fmt.Fprintf(&b, "%d,%s,%s\n", i, txt, v)
	}
	return b.String()
}

type seen struct {
	line int
	a, b string
	c    float64
}

func readSequential(in string, f Format, maxField ...int) ([]seen, error) {
	r, err := NewReader(strings.NewReader(in), "p.csv", f)
	if err != nil {
		return nil, err
	}
	for _, m := range maxField {
		r.SetMaxField(m)
	}
	a, _ := r.Col("a")
	b, _ := r.Col("b")
	c, _ := r.Col("c")
	var out []seen
	for r.Next() {
		v, err := r.Float(c)
		if err != nil {
			return out, err
		}
		ta, _ := r.Text(a)
		tb, _ := r.Text(b)
		out = append(out, seen{r.Line(), string(ta), string(tb), v})
	}
	return out, r.Err()
}

func readParallel(in string, f Format, maxField ...int) ([]seen, error) {
	r, err := NewReader(strings.NewReader(in), "p.csv", f)
	if err != nil {
		return nil, err
	}
	for _, m := range maxField {
		r.SetMaxField(m)
	}
	a, _ := r.Col("a")
	b, _ := r.Col("b")
	c, _ := r.Col("c")
	var mu sync.Mutex
	var out []seen
	err = r.Parallel(2, func(_ int, sub *Reader) error {
		for sub.Next() {
			v, err := sub.Float(c)
			if err != nil {
				return err
			}
			ta, _ := sub.Text(a)
			tb, _ := sub.Text(b)
			mu.Lock()
			out = append(out, seen{sub.Line(), string(ta), string(tb), v})
			mu.Unlock()
		}
		return nil
	})
	slices.SortFunc(out, func(x, y seen) int { return x.line - y.line })
	return out, err
}

func TestParallelEqualsSequential(t *testing.T) {
	defer func(n int) { chunkSize = n }(chunkSize)
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 400 {
		chunkSize = 16 + rng.IntN(200)
		jsonl := trial%3 == 0
		f := CSV
		if jsonl {
			f = JSONL
		}
		in := randomTable(rng, jsonl)
		want, werr := readSequential(in, f)
		got, gerr := readParallel(in, f)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("trial %d: error %v, sequential %v\n%s", trial, gerr, werr, in)
		}
		if werr != nil {
			continue // rows after an error may or may not have been read
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: rows differ:\n%v\n%v", trial, got, want)
		}
	}
}

// TestParallelLongRows: with no field limit, rows longer than the chunk
// are read in blocks and joined (longRow); the rows, their lines and the
// errors are those of a sequential read.
func TestParallelLongRows(t *testing.T) {
	defer func(n int) { chunkSize = n }(chunkSize)
	rng := rand.New(rand.NewPCG(10, 10))
	for trial := range 400 {
		chunkSize = 1 + rng.IntN(40)
		jsonl := trial%3 == 0
		f := CSV
		if jsonl {
			f = JSONL
		}
		in := randomTable(rng, jsonl)
		want, werr := readSequential(in, f, 0)
		got, gerr := readParallel(in, f, 0)
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("trial %d: error %v, sequential %v\n%s", trial, gerr, werr, in)
		}
		if werr != nil {
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: rows differ:\n%v\n%v", trial, got, want)
		}
	}
}

// TestChunkIndex: the sub-readers' chunk indices are 0, 1, … once each,
// in input order (every line of chunk i comes before every line of chunk
// i+1); a plain reader's is -1.
func TestChunkIndex(t *testing.T) {
	restore := SetChunkSizeForTest(7)
	defer restore()
	var in strings.Builder
	in.WriteString("a,b,c\n")
	for i := range 300 {
		fmt.Fprintf(&in, "x%d,y,%d\n", i, i)
		if i%17 == 0 {
			in.WriteString("\n") // a blank line
		}
	}
	r, err := NewReader(strings.NewReader(in.String()), "c.csv", CSV)
	if err != nil {
		t.Fatal(err)
	}
	if r.Chunk() != -1 {
		t.Fatalf("plain reader: Chunk() = %d", r.Chunk())
	}
	var mu sync.Mutex
	lines := map[int][]int{} // chunk → lines of its rows
	err = r.Parallel(3, func(_ int, sub *Reader) error {
		for sub.Next() {
			mu.Lock()
			lines[sub.Chunk()] = append(lines[sub.Chunk()], sub.Line())
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 100 {
		t.Fatalf("%d chunks from 300 rows in chunks of 7 bytes", len(lines))
	}
	last := 0
	for c := range len(lines) {
		ls, ok := lines[c]
		if !ok {
			t.Fatalf("no chunk %d of %d", c, len(lines))
		}
		if ls[0] <= last {
			t.Fatalf("chunk %d starts at line %d, not after line %d", c, ls[0], last)
		}
		last = ls[len(ls)-1]
	}
	restore()
	if chunkSize != 1<<20 {
		t.Fatalf("chunk size %d after restore", chunkSize)
	}
}

// TestChunksDeterministic: the cut into chunks depends on the input alone
// (not on which recycled buffer a chunk was read into), even with rows
// longer than a chunk: two reads give the same chunks.
func TestChunksDeterministic(t *testing.T) {
	defer SetChunkSizeForTest(1)()
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 100 {
		chunkSize = 1 + rng.IntN(60)
		jsonl := trial%3 == 0
		f := CSV
		if jsonl {
			f = JSONL
		}
		in := randomTable(rng, jsonl)
		var cuts [2]map[int][]int
		var errs [2]error
		for i := range cuts {
			r, err := NewReader(strings.NewReader(in), "d.csv", f)
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			cuts[i] = map[int][]int{}
			errs[i] = r.Parallel(3, func(_ int, sub *Reader) error {
				for sub.Next() {
					mu.Lock()
					cuts[i][sub.Chunk()] = append(cuts[i][sub.Chunk()], sub.Line())
					mu.Unlock()
				}
				return nil
			})
		}
		if errs[0] != nil || errs[1] != nil {
			continue // chunks after a bad one may or may not be read
		}
		if fmt.Sprint(cuts[0]) != fmt.Sprint(cuts[1]) {
			t.Fatalf("trial %d: chunks %v, then %v", trial, cuts[0], cuts[1])
		}
	}
}

// Rows read in one pass eight bytes at a time (nextShort) equal those of
// the general path: fields ending at every offset of a word, empty fields,
// line endings CRLF and LF, blank lines, bytes outside ASCII (and not
// UTF-8), quotes,
// lines near the short line's limit, a field over the limit, ragged rows.
func TestShortRows(t *testing.T) {
	defer func(n int) { chunkSize = n }(chunkSize)
	rng := rand.New(rand.NewPCG(21, 22))
	field := func() string {
		switch rng.IntN(12) {
		case 0:
			return ""
		case 1:
			return "é" + strings.Repeat("x", rng.IntN(5))
		case 2:
			return "\"q,\"\"" + fmt.Sprint(rng.IntN(9)) + "\""
		case 3:
			return "\"q" + fmt.Sprint(rng.IntN(9)) + "\""
		case 6:
			return strings.Repeat("y", 60+rng.IntN(40))
		case 4:
			return "a\rb"
		case 5:
			if rng.IntN(20) == 0 {
				return "\xffz" // not UTF-8: an error
			}
		}
		return strings.Repeat("1234567890", 2)[:rng.IntN(17)]
	}
	for trial := range 300 {
		chunkSize = 16 + rng.IntN(300)
		delim, f := ",", CSV
		if trial%4 == 3 {
			delim, f = "\t", TSV
		}
		var b strings.Builder
		b.WriteString(strings.Join([]string{"a", "b", "c"}, delim) + "\n")
		for range rng.IntN(200) {
			k := 3
			if rng.IntN(40) == 0 {
				k = 2 + 2*rng.IntN(2) // ragged
			}
			fs := make([]string, k)
			for j := range fs {
				fs[j] = field()
			}
			b.WriteString(strings.Join(fs, delim))
			switch rng.IntN(8) {
			case 0:
				b.WriteString("\r\n")
			case 1:
				b.WriteString("\n\r\n\n")
			default:
				b.WriteString("\n")
			}
		}
		if rng.IntN(2) == 0 {
			b.WriteString("7" + delim + "8" + delim + "9") // no final newline
		}
		in := b.String()
		limit := []int{0, 0, 50}[trial%3]
		want, werr := readRows(in, f, false, limit)
		got, gerr := readRows(in, f, true, limit)
		// (How much of a field over the limit was read before it was
		// stopped depends on the chunks.)
		read := regexp.MustCompile(`; [0-9]+ read\)`)
		if e1, e2 := read.ReplaceAllString(fmt.Sprint(werr), ""), read.ReplaceAllString(fmt.Sprint(gerr), ""); e1 != e2 {
			t.Fatalf("trial %d: error %v, sequential %v\n%q", trial, gerr, werr, in)
		}
		if werr != nil {
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: rows differ:\n%q\n%q\n%q", trial, got, want, in)
		}
	}
}

// readRows returns every row of in as its line and fields, read in
// parallel or not, with a field limit (0: none).
func readRows(in string, f Format, par bool, limit int) ([]string, error) {
	r, err := NewReader(strings.NewReader(in), "p.csv", f)
	if err != nil {
		return nil, err
	}
	if limit > 0 {
		r.SetMaxField(limit)
	}
	var mu sync.Mutex
	var out []string
	read := func(sub *Reader) {
		for sub.Next() {
			row := fmt.Sprint(sub.Line())
			for c := range len(sub.Header()) {
				row += "|" + string(sub.Field(c))
			}
			mu.Lock()
			out = append(out, row)
			mu.Unlock()
		}
	}
	if !par {
		read(r)
		return out, r.Err()
	}
	err = r.Parallel(2, func(_ int, sub *Reader) error {
		read(sub)
		return sub.Err()
	})
	slices.Sort(out)
	if err == nil {
		slices.SortFunc(out, func(x, y string) int { return lineOf(x) - lineOf(y) })
	}
	return out, err
}

func lineOf(row string) int {
	var n int
	fmt.Sscan(strings.SplitN(row, "|", 2)[0], &n)
	return n
}
