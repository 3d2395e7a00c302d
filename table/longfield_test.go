package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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

// TestLongFieldPeak reads a line of 100 MB — one field with no
// --max-field limit, or 100 fields of 1 MB under the default limit — in
// parallel and sequentially, and samples the heap in use meanwhile: a line
// longer than the chunk (or the buffer) is read in pieces, scanned for a
// field over the limit as they come, and joined once, so the peak stays
// near twice the line (issue 14), where growing one buffer by doubling
// took 3 to 4 times.
func TestLongFieldPeak(t *testing.T) {
	if testing.Short() {
		t.Skip("reads lines of 100 MB")
	}
	const size = 100 << 20
	for _, c := range []struct {
		name     string
		fields   int
		maxField int
		parallel bool
	}{
		{"one field, no limit, parallel", 1, 0, true},
		{"100 fields, limit, parallel", 100, DefaultMaxField, true},
		{"one field, no limit, sequential", 1, 0, false},
		{"100 fields, limit, sequential", 100, DefaultMaxField, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			b.Grow(size + 64)
			short := strings.Repeat(",s", c.fields)
			b.WriteString("id")
			for k := range c.fields {
				fmt.Fprintf(&b, ",c%d", k)
			}
			b.WriteString("\na" + short + "\nb")
			start := b.Len()
			for range c.fields {
				b.WriteByte(',')
				b.Write(bytes.Repeat([]byte("x"), size/c.fields-1))
			}
			want := b.Len() - start - 1 // the fields and the commas between them
			b.WriteString("\nc" + short + "\n")
			f := filepath.Join(t.TempDir(), "long.csv")
			if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			b = bytes.Buffer{}
			peak, err := heapPeak(func() (int, error) {
				r, err := OpenFormat(f, nil, CSV)
				if err != nil {
					return 0, err
				}
				defer r.Close()
				r.SetMaxField(c.maxField)
				var longest atomic.Int64
				read := func(sub *Reader) {
					for sub.Next() {
						n := 0
						for k := 1; k <= c.fields; k++ {
							n += len(sub.Field(k)) + 1
						}
						longest.Store(max(longest.Load(), int64(n-1)))
					}
				}
				if c.parallel {
					err = r.Parallel(0, func(_ int, sub *Reader) error { read(sub); return nil })
				} else {
					read(r)
					err = r.Err()
				}
				return int(longest.Load()), err
			})
			if err != nil || peak.longest != want {
				t.Fatalf("longest line %d, want %d, %v", peak.longest, want, err)
			}
			ratio := float64(peak.bytes) / size
			t.Logf("peak heap in use above the start: %.0f MB, %.2f× the line", float64(peak.bytes)/1e6, ratio)
			if ratio > 2.3 {
				t.Errorf("peak %.2f× the line, want at most about 2×", ratio)
			}
		})
	}
}

type peakResult struct {
	bytes   uint64 // most heap in use above the start
	longest int
}

// heapPeak runs read while sampling the heap in use every millisecond.
func heapPeak(read func() (int, error)) (peakResult, error) {
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	longest, err := read()
	close(done)
	<-sampled
	return peakResult{bytes: peak.Load() - min(base, peak.Load()), longest: longest}, err
}

// A record fed to fieldScan in pieces, cut anywhere (inside a "" escape, a
// JSON escape or a key), finds the same long field as fed whole.
func TestFieldScanPieces(t *testing.T) {
	records := []struct {
		jsonl bool
		rec   string
	}{
		{false, `a,"b""c""d",eeeeee,f` + "\n" + `gggggggggggg`},
		{false, `"x""""""y",zz,"q,q,q,q,q"` + "\n"},
		{false, "aaaa\tbbbbbbb\tc"},
		{true, `{"k\"ey":"va\"lue","n":[1,2,3,4,5,6],"o":{"p":"qqqqqq"}}` + "\n" + `{"z":"zzzzzzzzzzzzz"}`},
		{true, `{"a":1,"bbbbbbbbbbbbbbbbbb":2,"c":"ccccccccccc"}`},
	}
	for _, r := range records {
		delim := byte(',')
		if strings.Contains(r.rec, "\t") {
			delim = '\t'
		}
		for limit := 1; limit < 16; limit++ {
			type found struct {
				col, n int
				key    string
				ok     bool
			}
			var whole found
			whole.col, whole.key, whole.n, whole.ok = newFieldScan(r.jsonl, delim, limit).feed([]byte(r.rec))
			for cut1 := 0; cut1 <= len(r.rec); cut1++ {
				for cut2 := cut1; cut2 <= len(r.rec); cut2++ {
					s := newFieldScan(r.jsonl, delim, limit)
					var got found
					for _, p := range []string{r.rec[:cut1], r.rec[cut1:cut2], r.rec[cut2:]} {
						if got.col, got.key, got.n, got.ok = s.feed([]byte(p)); got.ok {
							break
						}
					}
					if got != whole {
						t.Fatalf("%q limit %d cut at %d, %d: %+v, whole %+v", r.rec, limit, cut1, cut2, got, whole)
					}
				}
			}
		}
	}
	// what the whole records hold, by hand
	for _, c := range []struct {
		jsonl bool
		rec   string
		limit int
		col   int
		key   string
		n     int
	}{
		{false, `a,"b""c""d",eeeeee,f`, 5, 2, "", 6},               // b"c"d unquoted is 5 bytes, eeeeee 6
		{false, `a,"b""c""d",eeeeee,f`, 6, -1, "", 0},              // none over 6
		{false, "aaaa\tbbbbbbb\tc", 6, 1, "", 7},                   // the TSV field of 7
		{true, `{"k\"ey":"va\"lue","n":[1,2]}`, 8, -1, `k\"ey`, 9}, // "va\"lue" as written is 9 bytes
	} {
		delim := byte(',')
		if strings.Contains(c.rec, "\t") {
			delim = '\t'
		}
		col, key, n, ok := newFieldScan(c.jsonl, delim, c.limit).feed([]byte(c.rec))
		if c.n == 0 && ok || c.n > 0 && (col != c.col || key != c.key || n != c.n) {
			t.Errorf("%q limit %d: col %d key %q n %d ok %v; want col %d key %q n %d", c.rec, c.limit, col, key, n, ok, c.col, c.key, c.n)
		}
	}
}
