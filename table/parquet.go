package table

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"sync/atomic"
	"unicode/utf8"

	"github.com/evalkit-go/evalkit/internal/tempfile"
	"github.com/parquet-go/parquet-go/encoding"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// Parquet support. A Parquet file is read a row group at a time: only the
// columns asked for with [Reader.Col] are decoded, into plain slices (one
// per column, plus a null mask), and rows are then served from them, so
// [Reader.Field], [Reader.Text] and [Reader.Float] work as for text
// formats. [Reader.Parallel] hands whole row groups to its workers, which
// decode them in parallel; a row group is one chunk.

// parquetMagic opens and ends every Parquet file.
const parquetMagic = "PAR1"

// pqFile is what the readers of one Parquet file share.
type pqFile struct {
	file   *parquet.File
	groups []parquet.RowGroup
	starts []int64 // the index in the file of each row group's first row; one more entry, the number of rows
	cols   []pqLeaf
	read   *countingReaderAt
	size   int64 // of the file
	// noDirect turns directChunk off (tests compare both decoders).
	noDirect bool
}

// pqLeaf describes one top-level field of the schema.
type pqLeaf struct {
	leaf   int   // the index of its leaf column, -1 for a group evalkit cannot read
	kind   byte  // 'i' signed integer, 'u' unsigned, 'f' FLOAT, 'd' DOUBLE, 'b' boolean, 's' byte array
	list   bool  // a list (one level of repetition)
	defRep int   // for a list: the definition level at which an element exists
	maxDef int   // the leaf's maximum definition level
	err    error // why the column cannot be read, or nil
}

// pqCol holds the decoded values of one column in one row group.
type pqCol struct {
	kind  byte
	list  bool
	null  []bool // per row; nil when nothing is null
	nulls int
	i     []int64
	f     []float64
	f32   []float32
	b     []bool
	data  []byte  // byte-array values, back to back
	off   []int   // value k is data[off[k]:off[k+1]]
	rowAt []int   // lists: row r's elements are values rowAt[r]:rowAt[r+1]
	bad   []int32 // lists: per row, 1 + the index of a null element, or 0
	text  []byte  // Field's text of a number in the current row
	items [][]byte
	vals  []parquet.Value
	// A chunk read a page at a time (directChunk): the slices hold the vn
	// values of rows base, base+1, … of the row group.
	direct bool
	base   int
	vn     int
	pages  []pqPage
	page   int // the next page to read
	width  int // of a value as stored
	ra     io.ReaderAt
	raw    []byte  // a page as stored
	plain  []byte  // a page decompressed (checkPageValues)
	hdr    []byte  // page headers as stored
	i32    []int32 // INT32 values before widening
	group  int     // 1 + the row group decoded here, 0 for none
}

func (c *pqCol) reset(kind byte, list bool) {
	c.kind, c.list = kind, list
	c.direct, c.base, c.vn = false, 0, 0
	c.null, c.nulls = c.null[:0], 0
	c.i, c.f, c.f32, c.b = c.i[:0], c.f[:0], c.f32[:0], c.b[:0]
	c.data, c.off = c.data[:0], append(c.off[:0], 0)
	c.rowAt, c.bad = append(c.rowAt[:0], 0), c.bad[:0]
}

// reserve makes room for the values of rows rows of a scalar column, so
// that decoding a row group appends without growing (and copying) its
// slice page after page. Lists and byte arrays grow as they go: their
// sizes are not known from the row count.
func (c *pqCol) reserve(rows int) {
	if c.list || rows <= 0 {
		return
	}
	// A damaged footer may claim any row count; past this the slice grows.
	rows = min(rows, 1<<22)
	switch c.kind {
	case 'i', 'u':
		c.i = slices.Grow(c.i, rows)
	case 'f':
		c.f32 = slices.Grow(c.f32, rows)
	case 'd':
		c.f = slices.Grow(c.f, rows)
	case 'b':
		c.b = slices.Grow(c.b, rows)
	}
}

// countingReaderAt counts the bytes read, for [Reader.Progress].
type countingReaderAt struct {
	r io.ReaderAt
	n atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

// openParquetStream copies a stream (standard input) to a temporary file,
// since a Parquet file is read from its end, and opens that. The file is
// registered for removal on a signal, and removed by Close, or at once on
// an error.
func openParquetStream(rd io.Reader, name string) (*Reader, error) {
	tmp, err := tempfile.CreateTemp("parquet", ".parquet")
	if err != nil {
		return nil, err
	}
	size, err := io.Copy(tmp, rd)
	if err != nil {
		tmp.Close()
		return nil, &ParseError{File: name, Err: err}
	}
	r, err := newParquetReader(tmp.File, size, name, tmp)
	if err != nil {
		tmp.Close()
		return nil, err
	}
	return r, nil
}

// newParquetReader reads the footer of a Parquet file of size bytes and
// returns a reader positioned before its first row.
func newParquetReader(ra io.ReaderAt, size int64, name string, closer io.Closer) (r *Reader, err error) {
	bad := func(err error) error {
		return &ParseError{File: name, Err: fmt.Errorf("%w: %v", ErrBadParquet, err)}
	}
	defer func() {
		if p := recover(); p != nil {
			r, err = nil, bad(fmt.Errorf("%v", p))
		}
	}()
	if size < 12 {
		return nil, bad(fmt.Errorf("the file has %d bytes, too few for a Parquet file", size))
	}
	// Check the magic numbers and the footer's length before parquet-go
	// does: it would allocate whatever length the file claims.
	var head, tail [8]byte
	if _, err := ra.ReadAt(head[:4], 0); err != nil {
		return nil, bad(err)
	}
	if _, err := ra.ReadAt(tail[:], size-8); err != nil {
		return nil, bad(err)
	}
	if string(head[:4]) != parquetMagic || string(tail[4:]) != parquetMagic {
		return nil, bad(fmt.Errorf("the file does not begin and end with %q: not Parquet, or truncated", parquetMagic))
	}
	if footer := int64(binary.LittleEndian.Uint32(tail[:4])); footer > size-12 {
		return nil, bad(fmt.Errorf("the footer's length, %d bytes, is more than the file holds: the file is truncated", footer))
	}
	cnt := &countingReaderAt{r: ra}
	f, err := parquet.OpenFile(cnt, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, bad(err)
	}
	pq := &pqFile{file: f, groups: f.RowGroups(), read: cnt, size: size}
	var n int64
	for _, g := range pq.groups {
		pq.starts = append(pq.starts, n)
		n += g.NumRows()
	}
	pq.starts = append(pq.starts, n)
	r = &Reader{name: name, format: Parquet, closer: closer, index: map[string]int{}, size: size, pq: pq, pqGroup: -1, pqEnd: -1}
	leaves := 0
	for _, c := range f.Root().Columns() {
		if _, dup := r.index[c.Name()]; dup {
			return nil, &ParseError{File: name, Err: fmt.Errorf("%w %q", ErrDuplicateName, c.Name())}
		}
		r.index[c.Name()] = len(r.header)
		r.header = append(r.header, c.Name())
		l := describeLeaf(c, leaves)
		pq.cols = append(pq.cols, l)
		leaves += countLeaves(c)
	}
	if n == 0 {
		// Reported by Next, as for a text file with a header and no rows.
		r.pqGroup = len(pq.groups)
	}
	return r, nil
}

func countLeaves(c *parquet.Column) int {
	if c.Leaf() {
		return 1
	}
	n := 0
	for _, k := range c.Columns() {
		n += countLeaves(k)
	}
	return n
}

// describeLeaf says how to read top-level field c, whose first leaf is
// leaf number first: a scalar, or a list of scalars (a repeated leaf, or
// a LIST group of one repeated leaf or one repeated group of one leaf).
func describeLeaf(c *parquet.Column, first int) pqLeaf {
	l := pqLeaf{leaf: -1}
	if countLeaves(c) != 1 {
		l.err = fmt.Errorf("%w: a Parquet group of %d columns", ErrColumnType, countLeaves(c))
		return l
	}
	// Follow the single path down to the leaf, counting the definition
	// level at which the repeated node exists.
	def, reps := 0, 0
	node := c
	for {
		if node.Optional() || node.Repeated() {
			def++
		}
		if node.Repeated() {
			reps++
			l.defRep = def
		}
		if node.Leaf() {
			break
		}
		node = node.Columns()[0]
	}
	if reps > 1 {
		l.err = fmt.Errorf("%w: a list of lists", ErrColumnType)
		return l
	}
	l.list = reps == 1
	l.maxDef = node.MaxDefinitionLevel()
	l.leaf = first
	typ := node.Type()
	lt := typ.LogicalType()
	unsupported := func() pqLeaf {
		name := typ.String()
		l.err = fmt.Errorf("%w: Parquet type %s", ErrColumnType, name)
		l.leaf = -1
		return l
	}
	switch typ.Kind() {
	case parquet.Boolean:
		l.kind = 'b'
	case parquet.Int32, parquet.Int64:
		l.kind = 'i'
		if lt != nil {
			switch t := lt.Value.(type) {
			case *format.IntType:
				if !t.IsSigned {
					l.kind = 'u'
				}
			case *format.DecimalType, *format.DateType, *format.TimeType, *format.TimestampType:
				return unsupported()
			}
		}
		if ct := typ.ConvertedType(); ct != nil {
			switch *ct {
			case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32, deprecated.Uint64:
				l.kind = 'u'
			case deprecated.Decimal, deprecated.Date, deprecated.TimeMillis, deprecated.TimeMicros, deprecated.TimestampMillis, deprecated.TimestampMicros:
				return unsupported()
			}
		}
	case parquet.Float:
		l.kind = 'f'
	case parquet.Double:
		l.kind = 'd'
	case parquet.ByteArray:
		if lt != nil {
			if _, ok := lt.Value.(*format.DecimalType); ok {
				return unsupported()
			}
		}
		l.kind = 's'
	default:
		return unsupported()
	}
	return l
}

// decodeGroup decodes the wanted columns of row group g into r.pqCols.
func (r *Reader) decodeGroup(g int) (err error) {
	pq := r.pq
	rg := pq.groups[g]
	rows := int(rg.NumRows())
	if len(r.pqCols) < len(r.header) {
		r.pqCols = append(r.pqCols, make([]pqCol, len(r.header)-len(r.pqCols))...)
	}
	col := -1
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
		if err != nil {
			pe := &ParseError{File: r.name, RowGroup: g + 1, Err: fmt.Errorf("%w: %v", ErrBadParquet, err)}
			if col >= 0 {
				pe.Column = r.header[col]
			}
			err = pe
		}
	}()
	for _, c := range r.want {
		col = c
		if err := r.decodeColumn(g, c); err != nil {
			return err
		}
	}
	col = -1
	r.pqGroup, r.pqRow, r.pqRows = g, -1, rows
	return nil
}

func (r *Reader) decodeColumn(g, col int) error {
	l := r.pq.cols[col]
	chunks := r.pq.groups[g].ColumnChunks()
	if l.leaf >= len(chunks) {
		return fmt.Errorf("row group has %d columns, the schema more", len(chunks))
	}
	c := &r.pqCols[col]
	c.group = 0
	rows := int(r.pq.groups[g].NumRows())
	if md := r.pq.chunkMeta(g, l.leaf); md != nil && !r.pq.noDirect {
		c.reset(l.kind, l.list)
		if c.directChunk(r.pq.read, r.pq.size, md, l, rows) {
			c.group = g + 1
			return nil
		}
	}
	if l.kind == 's' {
		// parquet-go prints a warning on standard error for a page of
		// byte arrays whose header counts other values than it holds:
		// a header count that does not add up is an error before that.
		if md := r.pq.chunkMeta(g, l.leaf); md != nil {
			if err := c.checkPageValues(r.pq.read, r.pq.size, md, l, rows); err != nil {
				return err
			}
		}
	}
	if err := c.decode(chunks[l.leaf], l, rows); err != nil {
		return err
	}
	c.group = g + 1
	return nil
}

// column returns the decoded values of column col in the current row
// group, decoding them now if col was not asked for with Col before the
// row group was read.
func (r *Reader) column(col int) (_ *pqCol, err error) {
	c := &r.pqCols[col]
	if c.group == r.pqGroup+1 {
		return c, nil
	}
	if err := r.pq.cols[col].err; err != nil {
		return nil, r.Errorf(col, err)
	}
	if !r.sub {
		r.want = append(r.want, col)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
		if err != nil {
			err = &ParseError{File: r.name, RowGroup: r.pqGroup + 1, Column: r.header[col], Err: fmt.Errorf("%w: %v", ErrBadParquet, err)}
		}
	}()
	if err := r.decodeColumn(r.pqGroup, col); err != nil {
		return nil, err
	}
	return c, nil
}

// decode reads the values of one column chunk.
func (c *pqCol) decode(chunk parquet.ColumnChunk, l pqLeaf, rows int) error {
	c.reset(l.kind, l.list)
	c.reserve(rows)
	if cap(c.vals) == 0 {
		c.vals = make([]parquet.Value, 1024)
	}
	pages := chunk.Pages()
	defer pages.Close()
	row := 0 // scalar columns: the number of rows stored
	for {
		page, err := pages.ReadPage()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !l.list && l.kind != 's' && l.kind != 'b' {
			n, ok, err := c.fastPage(page, l, row)
			if err != nil {
				parquet.Release(page)
				return err
			}
			if ok {
				row += n
				parquet.Release(page)
				continue
			}
		}
		vr := page.Values()
		for {
			n, err := vr.ReadValues(c.vals)
			for _, v := range c.vals[:n] {
				if l.list {
					if v.RepetitionLevel() == 0 {
						if row > 0 {
							c.rowAt = append(c.rowAt, len(c.off)-1)
						}
						c.bad = append(c.bad, 0)
						row++
					}
					d := v.DefinitionLevel()
					switch {
					case d == l.maxDef:
						c.add(v)
					case d >= l.defRep:
						if c.bad[len(c.bad)-1] == 0 {
							c.bad[len(c.bad)-1] = int32(len(c.off))
						}
					}
					continue
				}
				if v.IsNull() {
					if c.null == nil || len(c.null) < row {
						c.null = append(c.null[:0], make([]bool, row)...)
					}
					c.null = append(c.null, true)
					c.nulls++
					c.addZero()
				} else {
					if c.null != nil {
						c.null = append(c.null, false)
					}
					c.add(v)
				}
				row++
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				parquet.Release(page)
				return err
			}
		}
		parquet.Release(page)
	}
	if l.list {
		if row > 0 {
			c.rowAt = append(c.rowAt, len(c.off)-1)
		}
	}
	c.vn = row
	if row != rows {
		return fmt.Errorf("the column chunk has %d rows, the row group %d", row, rows)
	}
	return nil
}

func (c *pqCol) add(v parquet.Value) {
	switch c.kind {
	case 'i':
		if v.Kind() == parquet.Int32 {
			c.i = append(c.i, int64(v.Int32()))
		} else {
			c.i = append(c.i, v.Int64())
		}
	case 'u':
		if v.Kind() == parquet.Int32 {
			c.i = append(c.i, int64(v.Uint32()))
		} else {
			c.i = append(c.i, int64(v.Uint64()))
		}
	case 'f':
		c.f32 = append(c.f32, v.Float())
	case 'd':
		c.f = append(c.f, v.Double())
	case 'b':
		c.b = append(c.b, v.Boolean())
	case 's':
		c.data = append(c.data, v.ByteArray()...)
		c.off = append(c.off, len(c.data))
	}
}

func (c *pqCol) addZero() {
	switch c.kind {
	case 'i', 'u':
		c.i = append(c.i, 0)
	case 'f':
		c.f32 = append(c.f32, 0)
	case 'd':
		c.f = append(c.f, 0)
	case 'b':
		c.b = append(c.b, false)
	case 's':
		c.off = append(c.off, len(c.data))
	}
}

// bytesAt returns byte-array value k.
func (c *pqCol) bytesAt(k int) []byte { return c.data[c.off[k]:c.off[k+1]:c.off[k+1]] }

// KnownRows returns the number of rows of the file when it is known
// before reading them (Parquet's footer gives it), -1 otherwise.
func (r *Reader) KnownRows() int64 {
	if r.rp != nil {
		return int64(r.rp.rows())
	}
	if r.pq == nil {
		return -1
	}
	return r.pq.starts[len(r.pq.starts)-1]
}

// RowGroups returns the number of row groups of a Parquet file, 0 for
// the other formats.
func (r *Reader) RowGroups() int {
	if r.pq == nil {
		return 0
	}
	return len(r.pq.groups)
}

// LimitRowGroups makes r, a Parquet reader before its first row, read the
// row groups from, …, to−1 only (of [Reader.RowGroups]), so that the row
// groups of one file can be read by several workers. Rows keep their place
// in the file: errors name the row group and the row in it (and the line
// a text export would have) as a read of the whole file does. A range
// without rows is read as a file without rows ([ErrNoRows]).
func (r *Reader) LimitRowGroups(from, to int) error {
	switch {
	case r.pq == nil:
		return fmt.Errorf("table: %s: only a Parquet file has row groups", r.name)
	case r.rows > 0 || r.pqGroup >= 0 && r.pqGroup < len(r.pq.groups):
		return fmt.Errorf("table: %s: LimitRowGroups after the first row", r.name)
	case from < 0 || to > len(r.pq.groups) || from > to:
		return fmt.Errorf("table: %s: row groups %d to %d of %d", r.name, from, to, len(r.pq.groups))
	}
	r.pqGroup, r.pqRow, r.pqRows, r.pqEnd = from-1, -1, 0, to
	return nil
}

// pqLast is one past the last row group to read.
func (r *Reader) pqLast() int {
	if r.pqEnd >= 0 {
		return r.pqEnd
	}
	return len(r.pq.groups)
}

// nextParquet advances to the next row, decoding the next row group when
// the current one is done.
func (r *Reader) nextParquet() bool {
	for r.pqGroup < 0 || r.pqRow+1 >= r.pqRows {
		g := r.pqGroup + 1
		if r.sub || g >= r.pqLast() {
			return r.finish()
		}
		if err := r.decodeGroup(g); err != nil {
			return r.fail(err)
		}
	}
	r.pqRow++
	r.line = int(r.pq.starts[r.pqGroup]) + r.pqRow + 2
	r.rows++
	return true
}

// want marks column col to be decoded.
func (r *Reader) wantCol(col int) error {
	for _, c := range r.want {
		if c == col {
			return nil
		}
	}
	if err := r.pq.cols[col].err; err != nil {
		return &ParseError{File: r.name, Column: r.header[col], Err: err}
	}
	r.want = append(r.want, col)
	return nil
}

// pqField returns the text of column col in the current row: a string as
// is, a number as strconv formats it (shortest form), a boolean as true or
// false; nil for a null or a list.
func (r *Reader) pqField(col int) []byte {
	c, err := r.column(col)
	if err != nil {
		return nil
	}
	i, err := c.at(r.pqRow)
	if err != nil || c.list || c.null != nil && c.null[i] {
		return nil
	}
	switch c.kind {
	case 'i':
		c.text = strconv.AppendInt(c.text[:0], c.i[i], 10)
	case 'u':
		c.text = strconv.AppendUint(c.text[:0], uint64(c.i[i]), 10)
	case 'f':
		c.text = strconv.AppendFloat(c.text[:0], float64(c.f32[i]), 'g', -1, 32)
	case 'd':
		c.text = strconv.AppendFloat(c.text[:0], c.f[i], 'g', -1, 64)
	case 'b':
		c.text = strconv.AppendBool(c.text[:0], c.b[i])
	case 's':
		return c.bytesAt(i)
	}
	return c.text
}

// pqCheck returns the error of reading column col of the current row as a
// single value: a null, a list, a string that is not UTF-8.
func (r *Reader) pqCheck(col int) error {
	c, err := r.column(col)
	if err != nil {
		return err
	}
	if _, err := c.at(r.pqRow); err != nil {
		return r.Errorf(col, fmt.Errorf("%w: %v", ErrBadParquet, err))
	}
	switch {
	case c.list:
		return r.Errorf(col, fmt.Errorf("%w: a list where a single value belongs", ErrBadValue))
	case c.null != nil && c.null[r.pqRow]:
		return r.Errorf(col, fmt.Errorf("%w: null", ErrEmptyValue))
	case c.kind == 's' && !utf8.Valid(c.bytesAt(r.pqRow)):
		return r.Errorf(col, ErrBadUTF8)
	}
	return nil
}

// pqFloat is Float for Parquet: numbers directly (a FLOAT as the decimal
// its shortest form spells, as a CSV export shows it), other values
// parsed from their text.
func (r *Reader) pqFloat(col int) (float64, error) {
	c := &r.pqCols[col]
	if c.group == r.pqGroup+1 && !c.list && c.nulls == 0 {
		i := r.pqRow - c.base
		if uint(i) >= uint(c.vn) {
			var err error
			if i, err = c.at(r.pqRow); err != nil {
				return 0, r.Errorf(col, fmt.Errorf("%w: %v", ErrBadParquet, err))
			}
		}
		switch c.kind {
		case 'd':
			// v − v is 0 unless v is NaN or infinite.
			if v := c.f[i]; v-v == 0 {
				return v, nil
			}
		case 'i':
			return float64(c.i[i]), nil
		case 'u':
			return float64(uint64(c.i[i])), nil
		}
	}
	if err := r.pqCheck(col); err != nil {
		return 0, err
	}
	v, err := ParseFloat(r.pqField(col))
	if err != nil {
		return 0, r.Errorf(col, err)
	}
	return v, nil
}

// List returns the elements of list column col in the current row, as
// text (see [Reader.Field]); ok is false when the column is not a list
// (always, for text formats). A null list has no elements; a null element
// is an error. The slices are valid until the next call to Next.
func (r *Reader) List(col int) (items [][]byte, ok bool, err error) {
	if r.rp != nil {
		return nil, false, nil
	}
	if r.format != Parquet || !r.pq.cols[col].list {
		return nil, false, nil
	}
	c, err := r.column(col)
	if err != nil {
		return nil, true, err
	}
	if k := c.bad[r.pqRow]; k != 0 {
		return nil, true, r.Errorf(col, fmt.Errorf("%w: a null element in a list (element %d)", ErrEmptyValue, int(k)-c.rowAt[r.pqRow]))
	}
	c.items = c.items[:0]
	for k := c.rowAt[r.pqRow]; k < c.rowAt[r.pqRow+1]; k++ {
		switch c.kind {
		case 's':
			b := c.bytesAt(k)
			if !utf8.Valid(b) {
				return nil, true, r.Errorf(col, ErrBadUTF8)
			}
			c.items = append(c.items, b)
		case 'i', 'u':
			c.items = append(c.items, strconv.AppendInt(nil, c.i[k], 10))
		case 'b':
			c.items = append(c.items, strconv.AppendBool(nil, c.b[k]))
		case 'f':
			c.items = append(c.items, strconv.AppendFloat(nil, float64(c.f32[k]), 'g', -1, 32))
		case 'd':
			c.items = append(c.items, strconv.AppendFloat(nil, c.f[k], 'g', -1, 64))
		}
	}
	return c.items, true, nil
}

// Position returns the name of the row whose [Reader.Line] is line, for
// messages: "file:line", or for Parquet "file: row group G, row R".
func (r *Reader) Position(line int) string {
	return r.ErrorAt(line, "", nil).position()
}

// ErrorAt returns a ParseError wrapping err at the row whose
// [Reader.Line] is line, in column (empty: no column): at that line, or
// for Parquet at its row group and row. It serves errors found after the
// row was read (e.g. when all rows are in).
func (r *Reader) ErrorAt(line int, column string, err error) *ParseError {
	if r.format != Parquet {
		return &ParseError{File: r.name, Line: line, Column: column, Err: err}
	}
	g, row := r.pq.locate(int64(line) - 2)
	return &ParseError{File: r.name, RowGroup: g + 1, Row: row + 1, Column: column, Err: err}
}

// locate returns the row group of the row at index i of the file and the
// row's index in it.
func (pq *pqFile) locate(i int64) (group, row int) {
	g := sort.Search(len(pq.groups), func(g int) bool { return pq.starts[g+1] > i })
	if g >= len(pq.groups) {
		return len(pq.groups) - 1, 0
	}
	return g, int(i - pq.starts[g])
}

// pqSub returns a reader over row group g (or, for g = r.pqGroup, the
// rest of it), sharing r's header and decoded buffers cols.
func (r *Reader) pqSub(g int, cols []pqCol) *Reader {
	s := &Reader{
		name: r.name, format: Parquet, header: r.header, index: r.index,
		sub: true, pq: r.pq, want: r.want, pqGroup: -1, pqEnd: -1, pqCols: cols,
	}
	if g == r.pqGroup {
		// The rest of the group r is in: r's buffers, from r's row.
		s.pqCols, s.pqGroup, s.pqRow, s.pqRows = r.pqCols, g, r.pqRow, r.pqRows
	}
	return s
}

// parallelParquet is Parallel for Parquet: the chunks are row groups.
func (r *Reader) parallelParquet(workers int, work func(worker int, sub *Reader) error) error {
	var groups []int
	first := r.pqGroup + 1
	if r.pqGroup >= 0 && r.pqRow+1 < r.pqRows {
		first = r.pqGroup
	}
	for g := max(first, 0); g < r.pqLast(); g++ {
		groups = append(groups, g)
	}
	type result struct {
		seq  int
		rows int
		err  error
	}
	jobs := make(chan int)
	results := make(chan result, workers)
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		for seq := range groups {
			select {
			case jobs <- seq:
			case <-stop:
				return
			}
		}
	}()
	done := make(chan struct{})
	for w := range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			var cols []pqCol
			if w > 0 || first != r.pqGroup {
				cols = make([]pqCol, len(r.header))
			}
			for seq := range jobs {
				g := groups[seq]
				c := cols
				if g == r.pqGroup {
					c = r.pqCols
				} else if c == nil {
					cols = make([]pqCol, len(r.header))
					c = cols
				}
				sub := r.pqSub(g, c)
				sub.chunk = seq
				if sub.pqGroup != g {
					if err := sub.decodeGroup(g); err != nil {
						sub.fail(err)
					}
				}
				err := work(w, sub)
				if err == nil {
					err = sub.err
				}
				results <- result{seq, sub.rows, err}
			}
		}()
	}
	go func() {
		for range workers {
			<-done
		}
		close(results)
	}()
	var firstErr *result
	rows := 0
	for res := range results {
		rows += res.rows
		if res.err != nil && (firstErr == nil || res.seq < firstErr.seq) {
			if firstErr == nil {
				close(stop)
			}
			firstErr = &res
		}
	}
	r.done = true
	r.rows += rows
	switch {
	case firstErr != nil:
		r.err = firstErr.err
	case r.rows == 0:
		r.err = &ParseError{File: r.name, Err: ErrNoRows}
	}
	return r.err
}

// fastPage appends the values of a page of a numeric column that is not a
// list straight from its typed data (looked up in the dictionary for a
// dictionary-encoded page), without parquet-go's per-value reader. It
// returns the number of rows added; ok is false when the page's layout is
// not one it knows (the caller then reads it value by value).
func (c *pqCol) fastPage(page parquet.Page, l pqLeaf, row int) (n int, ok bool, err error) {
	nv := int(page.NumValues())
	var defs []byte
	if l.maxDef > 0 {
		defs = page.DefinitionLevels()
		if len(defs) != nv {
			return 0, false, nil
		}
	}
	data := page.Data()
	var idx []int32
	if d := page.Dictionary(); d != nil {
		idx = data.Int32()
		data = d.Page().Data()
	}
	var count int
	switch c.kind {
	case 'i', 'u':
		start := len(c.i)
		switch data.Kind() {
		case encoding.Int64:
			c.i, err = appendValues(c.i, data.Int64(), idx, func(v int64) int64 { return v })
		case encoding.Int32:
			if c.kind == 'u' {
				c.i, err = appendValues(c.i, data.Int32(), idx, func(v int32) int64 { return int64(uint32(v)) })
			} else {
				c.i, err = appendValues(c.i, data.Int32(), idx, func(v int32) int64 { return int64(v) })
			}
		default:
			return 0, false, nil
		}
		count = len(c.i) - start
		if err == nil {
			c.i, err = spread(c.i, start, count, defs, l.maxDef)
		}
	case 'd':
		if data.Kind() != encoding.Double {
			return 0, false, nil
		}
		start := len(c.f)
		c.f, err = appendValues(c.f, data.Double(), idx, func(v float64) float64 { return v })
		count = len(c.f) - start
		if err == nil {
			c.f, err = spread(c.f, start, count, defs, l.maxDef)
		}
	case 'f':
		if data.Kind() != encoding.Float {
			return 0, false, nil
		}
		start := len(c.f32)
		c.f32, err = appendValues(c.f32, data.Float(), idx, func(v float32) float32 { return v })
		count = len(c.f32) - start
		if err == nil {
			c.f32, err = spread(c.f32, start, count, defs, l.maxDef)
		}
	default:
		return 0, false, nil
	}
	if err != nil {
		return 0, true, err
	}
	if defs == nil && count != nv {
		return 0, true, fmt.Errorf("a page of %d values holds %d", nv, count)
	}
	// The null mask.
	if count < nv {
		if len(c.null) < row {
			c.null = append(c.null, make([]bool, row-len(c.null))...)
		}
		for _, d := range defs {
			c.null = append(c.null, int(d) != l.maxDef)
		}
		c.nulls += nv - count
	} else if c.null != nil {
		c.null = append(c.null, make([]bool, nv)...)
	}
	return nv, true, nil
}

// appendValues appends src (or, when idx is not nil, the dictionary
// entries src[idx[k]]) to dst, converted by conv.
func appendValues[S, D any](dst []D, src []S, idx []int32, conv func(S) D) ([]D, error) {
	if idx == nil {
		for _, v := range src {
			dst = append(dst, conv(v))
		}
		return dst, nil
	}
	for _, k := range idx {
		if k < 0 || int(k) >= len(src) {
			return dst, fmt.Errorf("dictionary index %d out of range [0, %d)", k, len(src))
		}
		dst = append(dst, conv(src[k]))
	}
	return dst, nil
}

// spread places the count values appended at s[start:] at the rows whose
// definition level is maxDef, zero at the others (nulls); defs nil means
// no nulls.
func spread[T any](s []T, start, count int, defs []byte, maxDef int) ([]T, error) {
	if defs == nil {
		return s, nil
	}
	present := 0
	for _, d := range defs {
		if int(d) == maxDef {
			present++
		}
	}
	if present != count {
		return s, fmt.Errorf("a page with %d values defined holds %d", present, count)
	}
	if count == len(defs) {
		return s, nil
	}
	s = slices.Grow(s, len(defs)-count)[:start+len(defs)]
	j := start + count - 1
	var zero T
	for k := len(defs) - 1; k >= 0; k-- {
		if int(defs[k]) == maxDef {
			s[start+k] = s[j]
			j--
		} else {
			s[start+k] = zero
		}
	}
	return s, nil
}
