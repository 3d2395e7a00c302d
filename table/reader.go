package table

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// Format is a file format.
type Format int

// The formats. Sniff means: decide from the first bytes.
const (
	Sniff Format = iota
	CSV
	TSV
	JSONL
	Parquet
)

func (f Format) String() string {
	switch f {
	case CSV:
		return "csv"
	case TSV:
		return "tsv"
	case JSONL:
		return "jsonl"
	case Parquet:
		return "parquet"
	}
	return "sniff"
}

// ParseFormat returns the format that name names: csv, tsv, jsonl,
// parquet, or "" and sniff for Sniff.
func ParseFormat(name string) (Format, error) {
	for _, f := range []Format{Sniff, CSV, TSV, JSONL, Parquet} {
		if name == f.String() {
			return f, nil
		}
	}
	if name == "" {
		return Sniff, nil
	}
	return Sniff, fmt.Errorf("unknown input format %q (want csv, tsv, jsonl or parquet)", name)
}

// FormatOf returns the format that path's extension names (a trailing .gz
// is ignored), or Sniff when the extension names none.
func FormatOf(path string) Format {
	p := strings.ToLower(path)
	p = strings.TrimSuffix(p, ".gz")
	switch filepath.Ext(p) {
	case ".csv":
		return CSV
	case ".tsv", ".tab":
		return TSV
	case ".jsonl", ".ndjson", ".json":
		return JSONL
	case ".parquet", ".parq", ".pq":
		if !strings.HasSuffix(strings.ToLower(path), ".gz") {
			return Parquet
		}
	}
	return Sniff
}

// Reader reads rows from a table. Create one with [Open] or [NewReader].
type Reader struct {
	name   string
	format Format
	br     *bufio.Reader
	closer io.Closer
	delim  byte

	header []string
	index  map[string]int

	line     int // line on which the current row starts
	nextLine int // number of lines consumed so far
	fields   [][]byte
	long     []byte // a line longer than the bufio buffer
	rec      []byte // unquoted copy of a quoted record
	ends     []int  // field ends in rec
	err      error
	done     bool
	rows     int
	mem      []byte // a sub-reader's chunk (Parallel); br is nil then
	sub      bool
	chunk    int      // a sub-reader's chunk index (Parallel)
	progress *counter // bytes read from the file (compressed, for gzip)
	size     int64    // the file's size, or -1 when unknown (stdin)
	gzip     bool     // the file is compressed
	maxField int      // the longest field accepted (0: any)
	chunk1   int      // Parallel's chunk size in bytes (0: chunkSize)

	// JSON Lines
	jsonFirst []byte // the first object's line, kept to be read as a row
	jsonObj   map[string]json.RawMessage
	jsonVals  [][]byte
	jsonKind  []byte // per column: 0 ok, 'n' null, 'c' composite, 'm' missing

	// Parquet
	pq      *pqFile
	want    []int   // the columns to decode, in the order asked for
	pqCols  []pqCol // per column of the header: the current row group's values
	pqGroup int     // the row group decoded in pqCols, -1 before the first
	pqRow   int     // the current row's index in it
	pqRows  int     // its number of rows
	pqEnd   int     // with LimitRowGroups: one past the last row group read; else -1

	rp *replay // a Recording's reader (replay.go); nil otherwise
}

// Open opens the named file (or standard input for "" or "-") and reads its
// header. The file is closed by [Reader.Close]. The format follows the
// file's extension, as [OpenFormat] with Sniff.
func Open(path string, stdin io.Reader) (*Reader, error) {
	return OpenFormat(path, stdin, Sniff)
}

// OpenFormat is Open with the format given (Sniff: from the extension, or
// else from the first bytes). Parquet from standard input is first copied
// to a temporary file (a Parquet file is read from its end), which Close
// removes.
func OpenFormat(path string, stdin io.Reader, format Format) (*Reader, error) {
	return OpenWith(path, stdin, Options{Format: format})
}

// Options are the options of [OpenWith] and [NewReaderWith]. The zero
// value reads with the format sniffed and fields up to DefaultMaxField.
type Options struct {
	// Format is the file's format (Sniff: from the extension, or else
	// from the first bytes).
	Format Format
	// MaxField is the longest field accepted, header included, as
	// [Reader.SetMaxField] sets it: 0 means DefaultMaxField, a negative
	// value no limit.
	MaxField int
	// ChunkSize is the size in bytes of the chunks of rows that
	// [Reader.Parallel] hands to its workers (0: 1 MiB). A chunk holds at
	// least one whole row, so 1 gives each row a chunk of its own: many
	// chunks from a small input, as tests of a caller's merge want.
	ChunkSize int
}

func (o Options) maxField() int {
	switch {
	case o.MaxField == 0:
		return DefaultMaxField
	case o.MaxField < 0:
		return 0
	}
	return o.MaxField
}

// OpenWith is [OpenFormat] with options; the limit on fields applies to
// the header too.
func OpenWith(path string, stdin io.Reader, opt Options) (*Reader, error) {
	format := opt.Format
	if path == "" || path == "-" {
		return NewReaderWith(stdin, "<stdin>", opt)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	if format == Sniff {
		format = FormatOf(path)
	}
	if format == Sniff && size >= 4 {
		var magic [4]byte
		if _, err := f.ReadAt(magic[:], 0); err == nil && string(magic[:]) == parquetMagic {
			format = Parquet
		}
	}
	if format == Parquet {
		if size < 0 {
			r, err := openParquetStream(f, path)
			f.Close()
			return r, err
		}
		r, err := newParquetReader(f, size, path, f)
		if err != nil {
			f.Close()
		}
		return r, err
	}
	cnt := &counter{r: f}
	r, err := newReader(cnt, path, format, opt.maxField(), f)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.progress, r.size, r.chunk1 = cnt, size, max(opt.ChunkSize, 0)
	return r, nil
}

// counter counts the bytes read through it; Read and Load may run on
// different goroutines.
type counter struct {
	r io.Reader
	n atomic.Int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// Progress returns how many bytes of the file have been read so far and the
// file's size (-1 when unknown, as for standard input). For a gzip file
// both count compressed bytes. It may be called from another goroutine.
func (r *Reader) Progress() (done, size int64) {
	if r.pq != nil {
		return r.pq.read.n.Load(), r.size
	}
	if r.progress == nil {
		return 0, -1
	}
	return r.progress.n.Load(), r.size
}

// NewReader reads a table from rd; name is used in error messages. It reads
// the header (for JSON Lines, the first object) before it returns.
func NewReader(rd io.Reader, name string, format Format) (*Reader, error) {
	return newReader(rd, name, format, DefaultMaxField, nil)
}

// NewReaderWith is [NewReader] with options; the limit on fields applies
// to the header too.
func NewReaderWith(rd io.Reader, name string, opt Options) (*Reader, error) {
	r, err := newReader(rd, name, opt.Format, opt.maxField(), nil)
	if err == nil {
		r.chunk1 = max(opt.ChunkSize, 0)
	}
	return r, err
}

func newReader(rd io.Reader, name string, format Format, maxField int, closer io.Closer) (*Reader, error) {
	br := bufio.NewReaderSize(rd, 1<<16)
	compressed := false
	if magic, _ := br.Peek(4); format == Parquet || format == Sniff && string(magic) == parquetMagic {
		return openParquetStream(br, name)
	}
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ParseError{File: name, Err: gzipError(err)}
		}
		br = bufio.NewReaderSize(gz, 1<<16)
		compressed = true
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	r := &Reader{name: name, format: format, br: br, closer: closer, index: map[string]int{}, size: -1, gzip: compressed, maxField: maxField}
	if err := r.readHeader(); err != nil {
		return nil, err
	}
	return r, nil
}

// Close closes the underlying file, if Open opened one.
func (r *Reader) Close() error {
	if r.closer != nil {
		return r.closer.Close()
	}
	return nil
}

// Name returns the name used in error messages.
func (r *Reader) Name() string { return r.name }

// Format returns the format being read.
func (r *Reader) Format() Format { return r.format }

// Header returns the column names. For JSON Lines they are the keys of the
// first object, in the order they appear there.
func (r *Reader) Header() []string { return r.header }

// Line returns the line on which the current row starts. A Parquet file
// has no lines: there it is the row's 1-based index in the file plus one,
// the line the row would have in a CSV file with a header (so that what is
// keyed on lines, like regress's plotted sample, is the same for the same
// data); [Reader.Position] names it for messages.
func (r *Reader) Line() int { return r.line }

// Rows returns the number of rows read so far.
func (r *Reader) Rows() int { return r.rows }

// Col returns the index of the named column, or a ParseError wrapping
// ErrMissingColumn that lists the columns the file has.
func (r *Reader) Col(name string) (int, error) {
	if r.rp != nil {
		return r.replayCol(name)
	}
	if i, ok := r.index[name]; ok {
		if r.format == Parquet {
			if err := r.wantCol(i); err != nil {
				return -1, err
			}
		}
		return i, nil
	}
	if r.format == JSONL {
		// A key absent from the first object may appear later; rows that
		// lack it are errors when the column is read.
		i := len(r.header)
		r.header = append(r.header, name)
		r.index[name] = i
		r.jsonVals = append(r.jsonVals, nil)
		r.jsonKind = append(r.jsonKind, 0)
		return i, nil
	}
	line := 1
	if r.format == Parquet {
		line = 0 // the schema
	}
	return -1, &ParseError{File: r.name, Line: line, Err: fmt.Errorf("%w %q (the header has: %s)",
		ErrMissingColumn, name, strings.Join(r.header, ", "))}
}

// Errorf returns a ParseError at the current row for column col (-1: no
// column) wrapping err.
func (r *Reader) Errorf(col int, err error) error {
	if r.rp != nil {
		return r.replayErrorf(col, err)
	}
	pe := &ParseError{File: r.name, Line: r.line, Err: err}
	if r.format == Parquet {
		pe.Line, pe.RowGroup, pe.Row = 0, r.pqGroup+1, r.pqRow+1
	}
	if col >= 0 && col < len(r.header) {
		pe.Column = r.header[col]
	}
	return pe
}

// Err returns the first error met by Next, or nil at a clean end of input.
// An input with a header and no rows is an error wrapping ErrNoRows.
func (r *Reader) Err() error { return r.err }

func (r *Reader) readHeader() error {
	line, ok, err := r.nonBlankLine()
	if err != nil {
		return err
	}
	if !ok {
		return &ParseError{File: r.name, Err: ErrEmpty}
	}
	r.line = r.nextLine
	if r.format == Sniff {
		r.format = sniff(line)
	}
	switch r.format {
	case JSONL:
		r.jsonFirst = append([]byte(nil), line...)
		keys, err := jsonKeys(line)
		if err != nil {
			return &ParseError{File: r.name, Line: r.line, Err: fmt.Errorf("%w: %v", ErrBadJSON, err)}
		}
		for _, k := range keys {
			if _, dup := r.index[k]; dup {
				continue
			}
			r.index[k] = len(r.header)
			r.header = append(r.header, k)
		}
		r.jsonVals = make([][]byte, len(r.header))
		r.jsonKind = make([]byte, len(r.header))
		return nil
	case TSV:
		r.delim = '\t'
	default:
		r.delim = ','
	}
	if err := r.splitRecord(line); err != nil {
		return err
	}
	for i, f := range r.fields {
		name := string(f)
		if _, dup := r.index[name]; dup {
			return &ParseError{File: r.name, Line: r.line, Err: fmt.Errorf("%w %q", ErrDuplicateName, name)}
		}
		r.index[name] = i
		r.header = append(r.header, name)
	}
	return nil
}

func sniff(line []byte) Format {
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 0 && t[0] == '{' {
		return JSONL
	}
	if bytes.IndexByte(line, '\t') >= 0 && bytes.IndexByte(line, ',') < 0 {
		return TSV
	}
	return CSV
}

// rawLine returns the next line without its line ending. ok is false at the
// end of input. The slice is valid until the next call.
func (r *Reader) rawLine() (line []byte, ok bool, err error) {
	if r.br == nil {
		if len(r.mem) == 0 {
			return nil, false, nil
		}
		i := bytes.IndexByte(r.mem, '\n')
		if i < 0 {
			line, r.mem = r.mem, nil
		} else {
			line, r.mem = r.mem[:i+1], r.mem[i+1:]
		}
	} else {
		line, err = r.br.ReadSlice('\n')
	}
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: keep copies of its pieces and
		// join them once (about twice the line at the peak, where one
		// buffer grown by appending costs more), stopping at a field
		// over the limit.
		var scan *fieldScan
		switch {
		case r.maxField <= 0:
		case r.header == nil && r.format != JSONL:
			// The header: its fields are those of its format, sniffed
			// from its start when not given.
			f := r.format
			if f == Sniff {
				f = sniff(line)
			}
			delim := byte(',')
			if f == TSV {
				delim = '\t'
			}
			scan = newFieldScan(f == JSONL, delim, r.maxField)
		default:
			scan = r.newFieldScan()
		}
		var pieces [][]byte
		total := 0
		for {
			if scan != nil {
				if col, n, long := r.columnOf(scan.feed(line)); long {
					return nil, false, r.fieldTooLong(r.nextLine+1, col, n)
				}
			}
			pieces = append(pieces, bytes.Clone(line))
			total += len(line)
			if err != bufio.ErrBufferFull {
				break
			}
			line, err = r.br.ReadSlice('\n')
		}
		if cap(r.long) < total || cap(r.long) > 2*total {
			r.long = make([]byte, 0, total)
		}
		r.long = r.long[:0]
		for _, p := range pieces {
			r.long = append(r.long, p...)
		}
		line = r.long
	}
	if err != nil && err != io.EOF {
		return nil, false, &ParseError{File: r.name, Line: r.nextLine + 1, Err: err}
	}
	if len(line) == 0 && err == io.EOF {
		return nil, false, nil
	}
	r.nextLine++
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return line[:n], true, nil
}

func (r *Reader) nonBlankLine() ([]byte, bool, error) {
	for {
		line, ok, err := r.rawLine()
		if err != nil || !ok {
			return nil, ok, err
		}
		if len(line) > 0 {
			return line, true, nil
		}
	}
}

// Next advances to the next row. It returns false at the end of input or on
// an error, which Err then returns.
func (r *Reader) Next() bool {
	if r.done {
		return false
	}
	if r.rp != nil {
		return r.rp.next(r)
	}
	switch r.format {
	case JSONL:
		return r.nextJSON()
	case Parquet:
		return r.nextParquet()
	}
	if r.br == nil && r.nextShort() {
		return true
	}
	line, ok, err := r.nonBlankLine()
	if err != nil {
		return r.fail(err)
	}
	if !ok {
		return r.finish()
	}
	r.line = r.nextLine
	if err := r.splitRecord(line); err != nil {
		return r.fail(err)
	}
	if err := r.checkFields(); err != nil {
		return r.fail(err)
	}
	if n, h := len(r.fields), len(r.header); n != h {
		pe := &ParseError{File: r.name, Line: r.line}
		if n < h {
			pe.Column = r.header[n]
			pe.Err = fmt.Errorf("%w: the field is missing (the row has %d fields, the header %d)", ErrRagged, n, h)
		} else {
			pe.Err = fmt.Errorf("%w: field %d is beyond the last column %q (the row has %d fields, the header %d)",
				ErrRagged, h+1, r.header[h-1], n, h)
		}
		return r.fail(pe)
	}
	r.rows++
	return true
}

// nextShort reads the next row of a reader over memory (a sub-reader of
// Parallel) in one pass over its bytes, eight at a time, finding the
// line's end and its fields at once, when it is the common row: a short
// ASCII line (CSV or TSV) without quotes, ending in a newline, of the
// header's number of fields, none over the field limit. It reports
// whether it read one; anything else (a blank line, a quote, a byte
// outside ASCII, a long line, the chunk's last bytes, another number of
// fields, a field too long) is left, unread, to the general path, which
// reads it, or reports it, as before.
func (r *Reader) nextShort() bool {
	const (
		ones  = 0x0101010101010101
		lows  = 0x7F7F7F7F7F7F7F7F
		highs = 0x8080808080808080
	)
	// zeros has the high bit of each zero byte of x set, and no other.
	zeros := func(x uint64) uint64 { return ^((x&lows + lows) | x | lows) }
	mem := r.mem
	end := min(len(mem), shortRecord+8)
	delims := uint64(r.delim) * ones
	r.fields = r.fields[:0]
	start := 0
	for i := 0; i+8 <= end; i += 8 {
		w := binary.LittleEndian.Uint64(mem[i:])
		if w&highs != 0 {
			return false
		}
		for m := zeros(w^delims) | zeros(w^('\n'*ones)) | zeros(w^('"'*ones)); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)/8
			switch mem[j] {
			case '\n':
				return r.endShort(start, j)
			case '"':
				return false
			}
			r.fields = append(r.fields, mem[start:j])
			start = j + 1
		}
	}
	return false
}

// endShort ends the row nextShort read: its last field starts at start,
// the newline is at j (a carriage return before it is dropped).
func (r *Reader) endShort(start, j int) bool {
	mem := r.mem
	end := j
	if end > 0 && mem[end-1] == '\r' {
		end--
	}
	if end == 0 {
		return false // a blank line
	}
	r.fields = append(r.fields, mem[start:end])
	if len(r.fields) != len(r.header) {
		return false
	}
	if r.maxField > 0 {
		for _, f := range r.fields {
			if len(f) > r.maxField {
				return false
			}
		}
	}
	r.mem = mem[j+1:]
	r.nextLine++
	r.line = r.nextLine
	r.rows++
	return true
}

func (r *Reader) fail(err error) bool {
	r.err, r.done = err, true
	return false
}

func (r *Reader) finish() bool {
	r.done = true
	if r.rows == 0 && !r.sub {
		r.err = &ParseError{File: r.name, Err: ErrNoRows}
	}
	return false
}

// splitRecord splits line (and, for a quoted field that spans lines, the
// lines after it) into r.fields.
func (r *Reader) splitRecord(line []byte) error {
	if len(line) <= shortRecord && r.splitShort(line) {
		return nil
	}
	if !utf8.Valid(line) {
		return r.utf8Error(line)
	}
	r.fields = r.fields[:0]
	if bytes.IndexByte(line, '"') < 0 {
		for {
			i := bytes.IndexByte(line, r.delim)
			if i < 0 {
				r.fields = append(r.fields, line)
				return nil
			}
			r.fields = append(r.fields, line[:i])
			line = line[i+1:]
		}
	}
	return r.splitQuoted(line)
}

// shortRecord is the length up to which splitRecord first tries
// splitShort.
const shortRecord = 256

// splitShort splits an ASCII line without quotes into r.fields in one pass
// over its bytes (instead of a UTF-8 check, a search for quotes and one
// search per delimiter), and reports whether it could: a line with a
// quote or a byte outside ASCII is left to the general path.
func (r *Reader) splitShort(line []byte) bool {
	r.fields = r.fields[:0]
	start := 0
	var or byte
	for i, c := range line {
		or |= c
		if c == r.delim {
			r.fields = append(r.fields, line[start:i])
			start = i + 1
		} else if c == '"' {
			return false
		}
	}
	if or >= utf8.RuneSelf {
		return false
	}
	r.fields = append(r.fields, line[start:])
	return true
}

func (r *Reader) utf8Error(line []byte) error {
	col := bytes.Count(line[:firstInvalid(line)], []byte{r.delim})
	pe := &ParseError{File: r.name, Line: r.nextLine, Err: ErrBadUTF8}
	if col < len(r.header) {
		pe.Column = r.header[col]
	} else {
		pe.Err = fmt.Errorf("%w in field %d", ErrBadUTF8, col+1)
	}
	return pe
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		c, size := utf8.DecodeRune(b[i:])
		if c == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// splitQuoted handles a record with quotes, copying its unquoted fields into
// r.rec. It may read further lines when a quoted field holds a line break.
func (r *Reader) splitQuoted(line []byte) error {
	r.rec = r.rec[:0]
	r.ends = r.ends[:0]
	field := 0
	colErr := func(err error) error {
		pe := &ParseError{File: r.name, Line: r.line, Err: err}
		if field < len(r.header) {
			pe.Column = r.header[field]
		} else {
			pe.Err = fmt.Errorf("field %d: %w", field+1, err)
		}
		return pe
	}
	for {
		if len(line) == 0 || line[0] != '"' {
			// Unquoted field.
			i := bytes.IndexByte(line, r.delim)
			f := line
			if i >= 0 {
				f = line[:i]
			}
			if bytes.IndexByte(f, '"') >= 0 {
				return colErr(fmt.Errorf("%w: a \" in an unquoted field", ErrQuote))
			}
			r.rec = append(r.rec, f...)
			r.ends = append(r.ends, len(r.rec))
			field++
			if i < 0 {
				break
			}
			line = line[i+1:]
			continue
		}
		// Quoted field.
		line = line[1:]
		for {
			i := bytes.IndexByte(line, '"')
			if i < 0 {
				// The field goes on over a line break.
				r.rec = append(r.rec, line...)
				r.rec = append(r.rec, '\n')
				next, ok, err := r.rawLine()
				if err != nil {
					return err
				}
				if !ok {
					return colErr(fmt.Errorf("%w: a quoted field is not closed before the end of the input", ErrQuote))
				}
				if !utf8.Valid(next) {
					return colErr(ErrBadUTF8)
				}
				line = next
				continue
			}
			r.rec = append(r.rec, line[:i]...)
			line = line[i+1:]
			if len(line) > 0 && line[0] == '"' {
				r.rec = append(r.rec, '"')
				line = line[1:]
				continue
			}
			break
		}
		r.ends = append(r.ends, len(r.rec))
		field++
		if len(line) == 0 {
			break
		}
		if line[0] != r.delim {
			field--
			return colErr(fmt.Errorf("%w: text after a closing quote", ErrQuote))
		}
		line = line[1:]
		if len(line) == 0 {
			r.ends = append(r.ends, len(r.rec))
			field++
			break
		}
	}
	start := 0
	for _, e := range r.ends {
		r.fields = append(r.fields, r.rec[start:e:e])
		start = e
	}
	return nil
}

// Field returns the bytes of column col in the current row. They are valid
// until the next call to Next. For JSON Lines, a missing key, null or a
// composite value is reported by [Reader.Text] and [Reader.Float], not here:
// Field returns nil for them.
func (r *Reader) Field(col int) []byte {
	if r.rp != nil {
		return r.rp.b.field(r.rp.k + col)
	}
	switch r.format {
	case JSONL:
		return r.jsonVals[col]
	case Parquet:
		return r.pqField(col)
	}
	return r.fields[col]
}

// Text returns column col of the current row as a string, or an error for
// an empty value (or, in JSON Lines, a missing key, null or composite value).
func (r *Reader) Text(col int) ([]byte, error) {
	if r.rp != nil {
		return r.rp.text(r, col)
	}
	switch r.format {
	case JSONL:
		if err := r.jsonCheck(col); err != nil {
			return nil, err
		}
	case Parquet:
		if err := r.pqCheck(col); err != nil {
			return nil, err
		}
	}
	f := r.Field(col)
	if len(f) == 0 {
		return nil, r.Errorf(col, ErrEmptyValue)
	}
	return f, nil
}

// CheckValue returns the error [Reader.Text] would return for column col of
// the current row (an empty value; a null, missing key or composite value
// in JSON Lines; a null or list in Parquet), without making the text, which
// for a Parquet number costs a conversion: a caller that checks a value
// early and parses it later with [Reader.Float] reads it once.
func (r *Reader) CheckValue(col int) error {
	if r.rp != nil {
		return r.rp.check(r, col)
	}
	switch r.format {
	case JSONL:
		if err := r.jsonCheck(col); err != nil {
			return err
		}
	case Parquet:
		if err := r.pqCheck(col); err != nil {
			return err
		}
		if c := &r.pqCols[col]; c.kind != 's' {
			return nil
		}
	}
	if len(r.Field(col)) == 0 {
		return r.Errorf(col, ErrEmptyValue)
	}
	return nil
}

// Float parses column col of the current row as a finite float64.
func (r *Reader) Float(col int) (float64, error) {
	if r.rp != nil {
		return r.rp.float(r, col)
	}
	if r.format == Parquet {
		return r.pqFloat(col)
	}
	if r.format != JSONL {
		// The common case first, without the checks of Text and ParseFloat
		// (fastFloat accepts no empty field, no NaN, no infinity).
		if v, ok := fastFloat(r.fields[col]); ok {
			return v, nil
		}
	}
	f, err := r.Text(col)
	if err != nil {
		return 0, err
	}
	v, err := ParseFloat(f)
	if err != nil {
		return 0, r.Errorf(col, err)
	}
	return v, nil
}

// Weight parses column col of the current row as a finite, non-negative
// sample weight.
func (r *Reader) Weight(col int) (float64, error) {
	v, err := r.Float(col)
	if err != nil {
		return 0, err
	}
	if !(v >= 0) {
		return 0, r.Errorf(col, BadValue(r.Field(col), ErrNegativeWeight))
	}
	return v, nil
}

// ParseFloat parses b (surrounding blanks allowed) as a finite float64,
// in the number syntax CSV writers (pandas, numpy, R, spreadsheets)
// write: an optional sign, decimal digits with an optional point, an
// optional exponent (e or E, an optional sign, digits). Go's other
// literals ("1_0", "0x1p-3") are not numbers there, and are not here. The
// error, if any, wraps ErrNotNumber or, for an infinity or NaN (inf,
// Infinity, nan, NaN, any case, signed) and a value past the float64
// range, ErrNotFinite. Plain decimals take an exact fast path (see
// fastFloat); the rest of the syntax goes to strconv.
func ParseFloat(b []byte) (float64, error) {
	if v, ok := fastFloat(b); ok {
		return v, nil
	}
	t := bytes.TrimSpace(b)
	if !decimalSyntax(t) {
		if nonFinite(t) {
			return 0, BadValue(b, ErrNotFinite)
		}
		return 0, BadValue(b, ErrNotNumber)
	}
	v, err := strconv.ParseFloat(string(t), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return 0, BadValue(b, ErrNotFinite)
		}
		return 0, BadValue(b, ErrNotNumber)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, BadValue(b, ErrNotFinite)
	}
	return v, nil
}

// decimalSyntax reports whether b is [+-] digits [. digits] [(e|E) [+-]
// digits], with at least one digit before the exponent.
func decimalSyntax(b []byte) bool {
	i := 0
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		digits++
	}
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		e := i
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		}
		if i == e {
			return false
		}
	}
	return i == len(b)
}

// nonFinite reports whether b spells an infinity or a NaN as CSV writers
// do: inf, infinity or nan in any case, with an optional sign (pandas and
// numpy write inf and nan, R Inf and NaN, Java and JavaScript Infinity).
func nonFinite(b []byte) bool {
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		b = b[1:]
	}
	s := string(b)
	return strings.EqualFold(s, "inf") || strings.EqualFold(s, "infinity") || strings.EqualFold(s, "nan")
}
