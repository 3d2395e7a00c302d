package table

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding"
)

// pqRow is the row type of the files that parquet-go's own writer makes
// for these tests (the committed files in testdata/parquet come from
// another writer, Apache Arrow's: see tools/parquetgen).
type pqRow struct {
	Y      int64    `parquet:"y"`
	Score  float64  `parquet:"score"`
	Name   string   `parquet:"name,dict"`
	Opt    *float64 `parquet:"opt,optional"`
	B      bool     `parquet:"b"`
	F32    float32  `parquet:"f32"`
	U      uint32   `parquet:"u"`
	Labels []string `parquet:"labels,list"`
	DScore float64  `parquet:"dscore,dict"`
	DOpt   *int32   `parquet:"dopt,optional,dict"`
}

// pqRows makes n rows; row i has a null opt when i%7 == 3.
func pqRows(n int, seed uint64) []pqRow {
	rng := rand.New(rand.NewPCG(seed, 1))
	rows := make([]pqRow, n)
	for i := range rows {
		o := rng.NormFloat64()
		r := pqRow{
			Y: int64(rng.IntN(2)), Score: rng.Float64(), Name: fmt.Sprintf("class%d", rng.IntN(4)),
			B: rng.IntN(2) == 1, F32: float32(rng.NormFloat64()), U: uint32(rng.Uint32()),
		}
		if i%7 != 3 {
			r.Opt = &o
		}
		r.DScore = float64(rng.IntN(5)) / 4
		if i%5 != 1 {
			d := int32(rng.IntN(3) - 1)
			r.DOpt = &d
		}
		for range rng.IntN(3) {
			r.Labels = append(r.Labels, fmt.Sprintf("l%d", rng.IntN(5)))
		}
		rows[i] = r
	}
	return rows
}

// writePQ writes rows with parquet-go's writer in row groups of group
// rows, compressed with codec.
func writePQ(t testing.TB, rows []pqRow, group int, codec compress.Codec) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[pqRow](&buf, parquet.Compression(codec))
	for i := 0; i < len(rows); i += group {
		if _, err := w.Write(rows[i:min(i+group, len(rows))]); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func writeTemp(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// want is the text evalkit should see in each column of row r.
func (r pqRow) want() []string {
	opt := ""
	if r.Opt != nil {
		opt = strconv.FormatFloat(*r.Opt, 'g', -1, 64)
	}
	dopt := ""
	if r.DOpt != nil {
		dopt = strconv.Itoa(int(*r.DOpt))
	}
	return []string{strconv.FormatInt(r.Y, 10), strconv.FormatFloat(r.Score, 'g', -1, 64), r.Name, opt,
		strconv.FormatBool(r.B), strconv.FormatFloat(float64(r.F32), 'g', -1, 32), strconv.FormatUint(uint64(r.U), 10),
		strings.Join(r.Labels, "|"), strconv.FormatFloat(r.DScore, 'g', -1, 64), dopt}
}

var pqCodecs = map[string]compress.Codec{
	"none": &parquet.Uncompressed, "snappy": &parquet.Snappy, "gzip": &parquet.Gzip, "zstd": &parquet.Zstd,
}

// readPQ reads every column of every row (sequentially, or with Parallel
// and then in chunk order) as text; a null opt reads as "" after checking
// its error's position.
func readPQ(t *testing.T, r *Reader, parallel bool) [][]string {
	t.Helper()
	cols := make([]int, len(r.Header()))
	for i, name := range r.Header() {
		c, err := r.Col(name)
		if err != nil {
			t.Fatal(err)
		}
		cols[i] = c
	}
	read := func(sub *Reader) ([][]string, error) {
		var out [][]string
		for sub.Next() {
			row := make([]string, len(cols))
			for i, c := range cols {
				if items, ok, err := sub.List(c); ok {
					if err != nil {
						return nil, err
					}
					var s []string
					for _, it := range items {
						s = append(s, string(it))
					}
					row[i] = strings.Join(s, "|")
					continue
				}
				v, err := sub.Text(c)
				if err != nil {
					if !errors.Is(err, ErrEmptyValue) {
						return nil, err
					}
					var pe *ParseError
					if !errors.As(err, &pe) || pe.Column != "opt" && pe.Column != "dopt" || pe.RowGroup < 1 || pe.Row < 1 {
						return nil, fmt.Errorf("null error %v lacks its position", err)
					}
					// Its row in the file: the Line's row.
					if want := sub.Position(sub.Line()); !strings.HasPrefix(err.Error(), want+":") {
						return nil, fmt.Errorf("error %q, want the position %q", err, want)
					}
					v = nil
				}
				if c == 4 || c == 1 || c == 0 {
					// Numbers also read through Float, as their text says.
					if c != 4 {
						f, err := sub.Float(c)
						if err != nil {
							return nil, err
						}
						if g, _ := strconv.ParseFloat(string(v), 64); g != f {
							return nil, fmt.Errorf("Float %v, text %s", f, v)
						}
					} else if _, err := sub.Float(c); !errors.Is(err, ErrNotNumber) {
						return nil, fmt.Errorf("Float of a boolean: %v", err)
					}
				}
				row[i] = string(v)
			}
			out = append(out, row)
		}
		return out, sub.Err()
	}
	if !parallel {
		out, err := read(r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	var mu sync.Mutex
	parts := map[int][][]string{}
	err := r.Parallel(2, func(_ int, sub *Reader) error {
		out, err := read(sub)
		mu.Lock()
		parts[sub.Chunk()] = out
		mu.Unlock()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for i := range len(parts) {
		out = append(out, parts[i]...)
	}
	return out
}

func TestParquetRoundTrip(t *testing.T) {
	rows := pqRows(1000, 1)
	for name, codec := range pqCodecs {
		for _, group := range []int{1000, 128, 1} {
			data := writePQ(t, rows, group, codec)
			path := writeTemp(t, "t.parquet", data)
			for _, parallel := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/group%d/parallel=%v", name, group, parallel), func(t *testing.T) {
					r, err := Open(path, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer r.Close()
					if got := strings.Join(r.Header(), ","); got != "y,score,name,opt,b,f32,u,labels,dscore,dopt" {
						t.Fatalf("header %s", got)
					}
					got := readPQ(t, r, parallel)
					if len(got) != len(rows) {
						t.Fatalf("%d rows, want %d", len(got), len(rows))
					}
					for i, row := range rows {
						if w := strings.Join(row.want(), ","); strings.Join(got[i], ",") != w {
							t.Fatalf("row %d: %q, want %q", i, got[i], w)
						}
					}
				})
			}
		}
	}
}

// TestParquetNullPosition: a null is an error naming the row group and the
// row in it, 1-based, and Line counts rows as a CSV file's lines would.
func TestParquetNullPosition(t *testing.T) {
	rows := pqRows(50, 2) // opt is null at rows 3, 10, 17, …
	path := writeTemp(t, "n.parquet", writePQ(t, rows, 8, &parquet.Snappy))
	for _, parallel := range []bool{false, true} {
		r, err := Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := r.Col("opt")
		if err != nil {
			t.Fatal(err)
		}
		read := func(_ int, sub *Reader) error {
			for sub.Next() {
				if _, err := sub.Float(c); err != nil {
					return err
				}
			}
			return nil
		}
		if parallel {
			err = r.Parallel(2, read)
		} else {
			err = read(0, r)
		}
		// Row 3 of the file (0-based) is row 4 of row group 1.
		want := path + `: row group 1, row 4: column "opt": empty value: null`
		if err == nil || err.Error() != want {
			t.Errorf("parallel=%v: error %v, want %s", parallel, err, want)
		}
		r.Close()
	}
	r, _ := Open(path, nil)
	defer r.Close()
	if got, want := r.Position(2+17), path+": row group 3, row 2"; got != want {
		t.Errorf("Position = %q, want %q", got, want)
	}
}

// TestParquetOnlyWantedColumns: a column never asked for is never decoded.
func TestParquetOnlyWantedColumns(t *testing.T) {
	path := writeTemp(t, "w.parquet", writePQ(t, pqRows(100, 3), 30, &parquet.Zstd))
	r, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c, _ := r.Col("score")
	n := 0
	for r.Next() {
		if _, err := r.Float(c); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if r.Err() != nil || n != 100 {
		t.Fatal(n, r.Err())
	}
	for i, pc := range r.pqCols {
		if i != c && (len(pc.i) > 0 || len(pc.data) > 0 || len(pc.f) > 0) {
			t.Errorf("column %s was decoded", r.Header()[i])
		}
	}
}

func TestParquetStdin(t *testing.T) {
	rows := pqRows(20, 4)
	data := writePQ(t, rows, 7, &parquet.Gzip)
	for _, f := range []Format{Parquet, Sniff} {
		r, err := OpenFormat("-", bytes.NewReader(data), f)
		if err != nil {
			t.Fatal(err)
		}
		got := readPQ(t, r, false)
		r.Close()
		if len(got) != 20 || got[19][2] != rows[19].Name {
			t.Errorf("format %v: %q", f, got)
		}
	}
}

// TestParquetBad: broken files are errors naming the file, never panics.
func TestParquetBad(t *testing.T) {
	good := writePQ(t, pqRows(200, 5), 50, &parquet.Snappy)
	cases := map[string][]byte{
		"empty":     {},
		"magic":     append([]byte("PAR2"), good[4:]...),
		"truncated": good[:len(good)/2],
		"footer":    good[:len(good)-3],
		"text":      []byte("y,score\n1,0.5\n"),
	}
	// Damage the middle: the pages (not the footer) are wrong.
	mid := bytes.Clone(good)
	for i := 100; i < len(mid)-400; i += 17 {
		mid[i] ^= 0x5a
	}
	cases["pages"] = mid
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			path := writeTemp(t, "bad.parquet", data)
			r, err := Open(path, nil)
			if err == nil {
				err = drain(r)
				r.Close()
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != path || !errors.Is(err, ErrBadParquet) && name != "pages" {
				t.Fatalf("error %v", err)
			}
		})
	}
	t.Run("type", func(t *testing.T) {
		path := writeTemp(t, "t.parquet", good)
		r, _ := Open(path, nil)
		defer r.Close()
		c, _ := r.Col("name")
		r.Next()
		_, err := r.Float(c)
		want := path + `: row group 1, row 1: column "name": value "class`
		if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, ErrNotNumber) {
			t.Fatalf("error %v", err)
		}
		l, _ := r.Col("labels")
		if _, err := r.Text(l); !errors.Is(err, ErrBadValue) {
			t.Fatalf("list as a value: %v", err)
		}
	})
}

func drain(r *Reader) error {
	var cols []int
	for _, h := range r.Header() {
		c, err := r.Col(h)
		if err != nil {
			return err
		}
		cols = append(cols, c)
	}
	for r.Next() {
		for _, c := range cols {
			if _, ok, err := r.List(c); ok {
				if err != nil {
					return err
				}
				continue
			}
			r.Field(c)
		}
	}
	return r.Err()
}

// FuzzParquet: any bytes give rows or an error, never a panic.
func FuzzParquet(f *testing.F) {
	f.Add(writePQ(f, pqRows(30, 6), 10, &parquet.Snappy))
	f.Add(writePQ(f, pqRows(5, 7), 2, &parquet.Uncompressed))
	f.Add([]byte("PAR1PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data), "f.parquet", Parquet)
		if err != nil {
			return
		}
		defer r.Close()
		drain(r)
	})
}

// TestParquetMutations reads files with random bytes changed, removed or
// set to extreme values (in pages, headers and footer): each gives rows
// or an error, never a panic. (A mutated footer once claimed a length of
// 2.7 GB, which parquet-go allocated before reading; newParquetReader now
// checks it against the file's size first.)
func TestParquetMutations(t *testing.T) {
	goods := [][]byte{writePQ(t, pqRows(30, 6), 10, &parquet.Snappy), writePQ(t, pqRows(5, 7), 2, &parquet.Uncompressed)}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for it := range n {
		d := bytes.Clone(goods[it%2])
		for range 1 + rng.IntN(4) {
			i := rng.IntN(len(d))
			switch rng.IntN(3) {
			case 0:
				d[i] = byte(rng.IntN(256))
			case 1:
				d = append(d[:i], d[i+1:]...)
			case 2:
				d[i] = []byte{0, 0xff, 0x7f, 0x80, 1}[rng.IntN(5)]
			}
		}
		r, err := NewReader(bytes.NewReader(d), "m.parquet", Parquet)
		if err == nil {
			err = drain(r)
			r.Close()
		}
		var pe *ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("mutation %d: error %v is not a ParseError", it, err)
		}
	}
}

// TestParquetArrowFiles reads the files that Apache Arrow's Go writer made
// (tools/parquetgen: row groups of 7 rows, a dictionary-encoded column,
// nulls, lists, every codec, data pages v1 and v2), and those DuckDB's
// writer made of the same rows (tools/duckdbgen), and wants, cell by
// cell, what the same data as CSV (testdata/parquet/arrow.csv, written by
// the same program) reads as; lists against the CSV's cells split at |.
func TestParquetArrowFiles(t *testing.T) {
	readCSV := func() [][]string {
		r, err := Open("testdata/parquet/arrow.csv", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var out [][]string
		for r.Next() {
			row := make([]string, len(r.Header()))
			for c := range row {
				if v, err := r.Text(c); err == nil {
					row[c] = string(v)
				} else if !errors.Is(err, ErrEmptyValue) {
					t.Fatal(err)
				}
			}
			out = append(out, row)
		}
		if r.Err() != nil {
			t.Fatal(r.Err())
		}
		return out
	}
	want := readCSV()
	// DuckDB's writer (tools/duckdbgen) wrote the same rows again, in row
	// groups of 7 rows too, empty lists where Arrow's has null ones.
	var files []string
	for _, codec := range []string{"none", "snappy", "gzip", "zstd"} {
		files = append(files, "arrow_"+codec)
	}
	for _, codec := range []string{"uncompressed", "snappy", "gzip", "zstd"} {
		files = append(files, "duckdb_"+codec)
	}
	for _, file := range files {
		for _, parallel := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/parallel=%v", file, parallel), func(t *testing.T) {
				path := "testdata/parquet/" + file + ".parquet"
				r, err := Open(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				if got := strings.Join(r.Header(), ","); got != "y_true,y_score,name,pred,opt,b,f32,u,labels,plabels" {
					t.Fatalf("header %s", got)
				}
				var mu sync.Mutex
				got := map[int][]string{} // by row index in the file
				read := func(_ int, sub *Reader) error {
					for sub.Next() {
						row := make([]string, len(sub.Header()))
						for c := range row {
							if items, ok, err := sub.List(c); ok {
								if err != nil {
									return err
								}
								var s []string
								for _, it := range items {
									s = append(s, string(it))
								}
								row[c] = strings.Join(s, "|")
								continue
							}
							v, err := sub.Text(c)
							if err != nil {
								if !errors.Is(err, ErrEmptyValue) {
									return err
								}
								i := sub.Line() - 2
								w := fmt.Sprintf("%s: row group %d, row %d: column %q: empty value: null", path, i/7+1, i%7+1, sub.Header()[c])
								if err.Error() != w {
									return fmt.Errorf("error %q, want %q", err, w)
								}
							}
							row[c] = string(v)
						}
						mu.Lock()
						got[sub.Line()-2] = row
						mu.Unlock()
					}
					return nil
				}
				if parallel {
					err = r.Parallel(2, read)
				} else {
					err = read(0, r)
				}
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(want) {
					t.Fatalf("%d rows, want %d", len(got), len(want))
				}
				for i := range want {
					if g, w := strings.Join(got[i], ","), strings.Join(want[i], ","); g != w {
						t.Errorf("row %d: %s, want %s", i, g, w)
					}
				}
			})
		}
	}
}

// LimitRowGroups reads a range of row groups: their rows, with the
// positions (row group, row, line) of a read of the whole file, also
// through Parallel; an empty range has no rows.
func TestParquetLimitRowGroups(t *testing.T) {
	rows := pqRows(230, 4)
	path := writeTemp(t, "g.parquet", writePQ(t, rows, 50, &parquet.Snappy)) // 5 groups, the last of 30 rows
	for _, rg := range [][2]int{{0, 5}, {1, 3}, {4, 5}, {0, 1}, {2, 2}} {
		for _, parallel := range []bool{false, true} {
			t.Run(fmt.Sprint(rg, parallel), func(t *testing.T) {
				r, err := Open(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				if r.RowGroups() != 5 {
					t.Fatalf("%d row groups", r.RowGroups())
				}
				if err := r.LimitRowGroups(rg[0], rg[1]); err != nil {
					t.Fatal(err)
				}
				if rg[0] == rg[1] {
					if r.Next() || !errors.Is(r.Err(), ErrNoRows) {
						t.Fatalf("empty range: %v", r.Err())
					}
					return
				}
				got := readPQ(t, r, parallel)
				var want [][]string
				for _, row := range rows[rg[0]*50 : min(rg[1]*50, len(rows))] {
					want = append(want, row.want())
				}
				if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
					t.Fatalf("rows of groups %v: %d rows, want %d", rg, len(got), len(want))
				}
			})
		}
	}
	r, _ := Open(path, nil)
	defer r.Close()
	if err := r.LimitRowGroups(3, 6); err == nil {
		t.Fatal("row groups past the end accepted")
	}
	c, _ := r.Col("name")
	r.LimitRowGroups(3, 4)
	r.Next()
	_, err := r.Float(c)
	if want := path + `: row group 4, row 1: column "name": value "class`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want %s…", err, want)
	}
	if err := r.LimitRowGroups(0, 1); err == nil {
		t.Fatal("LimitRowGroups after the first row accepted")
	}
	csv := writeTemp(t, "a.csv", []byte("a\n1\n"))
	rc, _ := Open(csv, nil)
	defer rc.Close()
	if rc.RowGroups() != 0 || rc.LimitRowGroups(0, 0) == nil {
		t.Fatal("a CSV file has no row groups")
	}
}

// stringPages writes 100 rows of a score and a string column y_true of
// encoding enc (nil: parquet-go's default, DELTA_LENGTH_BYTE_ARRAY on
// version 2 pages), optional or not, in data pages of version 1 or 2 of
// at most 256 bytes, uncompressed.
func stringPages(t testing.TB, enc encoding.Encoding, optional bool, version int) []byte {
	t.Helper()
	var node parquet.Node = parquet.String()
	if enc != nil {
		node = parquet.Encoded(node, enc)
	}
	def := 0
	if optional {
		node, def = parquet.Optional(node), 1
	}
	schema := parquet.NewSchema("t", parquet.Group{"y_true": node, "y_score": parquet.Leaf(parquet.DoubleType)})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.Compression(&parquet.Uncompressed), parquet.DataPageVersion(version), parquet.PageBufferSize(256))
	var rows []parquet.Row
	for i := range 100 {
		rows = append(rows, parquet.Row{
			parquet.ValueOf(float64(i*37%101)/101).Level(0, 0, 0),
			parquet.ValueOf([]string{"abc", "b", "abd"}[i*7%3]).Level(0, def, 1),
		})
	}
	if _, err := w.WriteRows(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestParquetDeltaPageCount: a damaged version 2 page of strings in a
// delta encoding, whose header counts other values or nulls than the page
// holds (the first such byte: 72 values where 64 are stored), is a
// positioned error before parquet-go decodes it (which printed "parquet:
// warning: column 1 byte array page has 65 offsets but numValues is 56"
// on standard error and read on, for 8 nulls counted in a column of
// none). cmd/evalkit's TestParquetPageWarning sees standard error.
func TestParquetDeltaPageCount(t *testing.T) {
	for _, c := range []struct {
		name string
		enc  encoding.Encoding
	}{{"delta length", &parquet.DeltaLengthByteArray}, {"delta", &parquet.DeltaByteArray}} {
		for _, optional := range []bool{false, true} {
			data := stringPages(t, c.enc, optional, 2)
			found := false
			for i := range data {
				d := bytes.Clone(data)
				d[i] ^= 0x10 // NumNulls 0 → 8 (zigzag varint)
				r, err := NewReader(bytes.NewReader(d), "d.parquet", Parquet)
				if err == nil {
					err = drain(r)
					r.Close()
				}
				if err != nil && strings.Contains(err.Error(), "values stored") {
					want := `d.parquet: row group 1: column "y_true": invalid Parquet file: page 1 of the column chunk: 64 values stored, where its header and definition levels count `
					if !strings.HasPrefix(err.Error(), want) || strings.HasSuffix(err.Error(), " 64 not null") {
						t.Errorf("%s, optional %v: %v; want %s", c.name, optional, err, want)
					}
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%s, optional %v: no damaged page header found", c.name, optional)
			}
		}
	}
}
