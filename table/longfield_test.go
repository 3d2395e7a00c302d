package table

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// A field over the limit is an error naming its line and column, read
// sequentially or in parallel, quoted or not, CSV, TSV or JSON Lines; a
// field at the limit is read.
func TestMaxField(t *testing.T) {
	long := strings.Repeat("x", 40)
	atLimit := strings.Repeat("y", 32)
	cases := []struct {
		name, file, in string
		format         Format
		want           string // "" for no error
	}{
		{"csv", "a.csv", "a,b\n1,2\n3," + long + "\n", CSV, `a.csv:3: column "b": field too long`},
		{"csv at limit", "a.csv", "a,b\n1," + atLimit + "\n", CSV, ""},
		{"quoted", "q.csv", "a,b\n1,2\n\"" + long + "\",3\n", CSV, `q.csv:3: column "a": field too long`},
		{"quoted with escapes at limit", "q.csv", "a,b\n\"" + strings.Repeat(`""`, 32) + "\",3\n", CSV, ""},
		{"multi-line quoted", "m.csv", "a,b\n1,\"" + long[:20] + "\n" + long[:20] + "\"\n", CSV, `m.csv:2: column "b": field too long`},
		{"tsv", "t.tsv", "a\tb\n" + long + "\t1\n", TSV, `t.tsv:2: column "a": field too long`},
		{"jsonl", "j.jsonl", "{\"a\":\"1\",\"b\":\"2\"}\n{\"a\":\"1\",\"b\":\"" + long + "\"}\n", JSONL, `j.jsonl:2: column "b": field too long`},
		{"jsonl array", "j.jsonl", "{\"a\":\"1\",\"b\":[\"" + long[:20] + "\",\"" + long[:20] + "\"]}\n", JSONL, `j.jsonl:1: column "b": field too long`},
		{"jsonl at limit", "j.jsonl", "{\"a\":\"1\",\"b\":\"" + atLimit[:30] + "\"}\n", JSONL, ""},
	}
	for _, c := range cases {
		for _, parallel := range []bool{false, true} {
			for _, chunk := range []int{1, 1 << 20} {
				if !parallel && chunk == 1 {
					continue
				}
				restore := SetChunkSizeForTest(chunk)
				r, err := NewReader(strings.NewReader(c.in), c.file, c.format)
				if err != nil {
					t.Fatal(err)
				}
				r.SetMaxField(32)
				if parallel {
					err = r.Parallel(2, func(_ int, sub *Reader) error {
						for sub.Next() {
						}
						return nil
					})
				} else {
					_, err = readAll(t, r)
				}
				restore()
				if c.want == "" {
					if err != nil {
						t.Errorf("%s (parallel %v, chunk %d): %v", c.name, parallel, chunk, err)
					}
					continue
				}
				if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrFieldTooLong) {
					t.Errorf("%s (parallel %v, chunk %d): error %v, want %q", c.name, parallel, chunk, err, c.want)
				}
			}
		}
	}
}

// A field far longer than the limit is refused after reading little more
// than the limit, not the whole field: the splitter stops early.
func TestMaxFieldStopsEarly(t *testing.T) {
	for _, c := range []struct {
		file string
		head string
		tail string
		f    Format
	}{{"big.csv", "a,b\n1,", "\n", CSV}, {"big.jsonl", "{\"a\":\"1\",\"b\":\"2\"}\n{\"a\":\"1\",\"b\":\"", "\"}\n", JSONL}} {
		src := &countingReader{head: c.head, n: 64 << 20, tail: c.tail}
		r, err := NewReader(src, c.file, c.f)
		if err != nil {
			t.Fatal(err)
		}
		r.SetMaxField(1 << 20)
		err = r.Parallel(2, func(_ int, sub *Reader) error {
			for sub.Next() {
			}
			return nil
		})
		if err == nil || !strings.Contains(err.Error(), `column "b": field too long`) {
			t.Errorf("%s: %v", c.file, err)
		}
		if src.read > 16<<20 {
			t.Errorf("%s: read %d bytes of a 64 MiB field to refuse it", c.file, src.read)
		}
	}
}

// countingReader yields head, n bytes of 'x', then tail, counting what was
// read.
type countingReader struct {
	head, tail string
	n, read    int
}

func (c *countingReader) Read(p []byte) (int, error) {
	total := len(c.head) + c.n + len(c.tail)
	if c.read >= total {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && c.read < total {
		switch {
		case c.read < len(c.head):
			p[k] = c.head[c.read]
		case c.read < len(c.head)+c.n:
			p[k] = 'x'
		default:
			p[k] = c.tail[c.read-len(c.head)-c.n]
		}
		k++
		c.read++
	}
	return k, nil
}
