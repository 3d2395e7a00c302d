package table

import (
	"fmt"
	"math/rand/v2"
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

func readSequential(in string, f Format) ([]seen, error) {
	r, err := NewReader(strings.NewReader(in), "p.csv", f)
	if err != nil {
		return nil, err
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

func readParallel(in string, f Format) ([]seen, error) {
	r, err := NewReader(strings.NewReader(in), "p.csv", f)
	if err != nil {
		return nil, err
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
