package table

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// A Recording holds some columns of every row of a table, read once by
// [Record], so that any subset of its rows can be read again, in input
// order, by a Reader ([Recording.Reader]) that reads as a Reader over a
// file holding only those rows would: the same values, the same errors
// for them, naming the file, line (or Parquet row group and row) and
// column of the recorded input. Its Parallel hands the rows of each chunk
// of the recorded input to a worker as one chunk.
type Recording struct {
	name   string
	format Format
	header []string // the recorded columns
	index  map[string]int
	input  []string // the input's header, for errors
	pq     *pqFile
	blocks []*recBlock
	starts []int // the index of each block's first row; one more than blocks
	bytes  int64
}

// recBlock is the recorded rows of one chunk of the input.
type recBlock struct {
	data  []byte
	ends  []uint32      // the end in data of each field, row by row
	lines []int         // each row's Line
	errs  map[int]error // a field's error (JSON Lines, Parquet), by its index in ends
}

// recBlockBytes is the memory of a block besides its data: the field ends
// and lines.
func (b *recBlock) size() int64 {
	return int64(cap(b.data)) + 4*int64(cap(b.ends)) + 8*int64(cap(b.lines)) + 64
}

// Record reads the remaining rows of r, on every core, keeping columns
// cols (indexes of r, in the order given: they are the columns of the
// Recording's readers, under the same names). grow, if not nil, is called
// with the bytes each chunk's rows take, in input order; its first error
// stops the reading. The errors are those of [Reader.Parallel]; an error
// about a value (an empty one, a JSON null) is kept and returned when the
// value is read from a Recording's reader.
func Record(r *Reader, cols []int, grow func(bytes int64) error) (*Recording, error) {
	rec := &Recording{name: r.name, format: r.format, pq: r.pq, index: map[string]int{}, input: r.header}
	for i, c := range cols {
		rec.header = append(rec.header, r.header[c])
		rec.index[r.header[c]] = i
	}
	check := r.format == JSONL || r.format == Parquet
	var mu sync.Mutex
	got := map[int]*recBlock{}
	next := 0
	err := r.Parallel(0, func(_ int, sub *Reader) error {
		b := &recBlock{}
		if sub.mem != nil {
			// Room for every row of the chunk at once: its bytes bound
			// the values', its newlines the rows.
			rows := bytes.Count(sub.mem, []byte{'\n'}) + 1
			b.data = make([]byte, 0, len(sub.mem))
			b.lines = make([]int, 0, rows)
			b.ends = make([]uint32, 0, rows*len(cols))
		}
		for sub.Next() {
			b.lines = append(b.lines, sub.line)
			for _, c := range cols {
				k := len(b.ends)
				if check {
					if err := sub.CheckValue(c); err != nil {
						if b.errs == nil {
							b.errs = map[int]error{}
						}
						b.errs[k] = err
					}
				}
				b.data = append(b.data, sub.Field(c)...)
				if len(b.data) > 1<<32-1 {
					return fmt.Errorf("table: a chunk of more than 4 GiB of recorded values")
				}
				b.ends = append(b.ends, uint32(len(b.data)))
			}
		}
		if sub.err != nil {
			return sub.err
		}
		if sub.mem != nil {
			b.data = append([]byte(nil), b.data...)
			b.lines = append([]int(nil), b.lines...)
			b.ends = append([]uint32(nil), b.ends...)
		}
		mu.Lock()
		defer mu.Unlock()
		got[sub.Chunk()] = b
		for {
			b, ok := got[next]
			if !ok {
				return nil
			}
			delete(got, next)
			next++
			if len(b.lines) > 0 {
				rec.blocks = append(rec.blocks, b)
				rec.bytes += b.size()
			}
			if grow != nil {
				if err := grow(b.size()); err != nil {
					return err
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	rec.starts = make([]int, len(rec.blocks)+1)
	for i, b := range rec.blocks {
		rec.starts[i+1] = rec.starts[i] + len(b.lines)
	}
	return rec, nil
}

// Rows returns the number of rows recorded.
func (rec *Recording) Rows() int { return rec.starts[len(rec.starts)-1] }

// Bytes returns the memory the recorded rows take.
func (rec *Recording) Bytes() int64 { return rec.bytes }

// Field returns the bytes of column col (an index of the recorded
// columns) in row i (0-based, in input order).
func (rec *Recording) Field(i, col int) []byte {
	b, j := rec.locate(i)
	return b.field(j*len(rec.header) + col)
}

// Scan calls f for every row in input order with the fields of columns
// cols (indexes of the recorded columns), valid during the call.
func (rec *Recording) Scan(cols []int, f func(row int, fields [][]byte)) {
	fields := make([][]byte, len(cols))
	i := 0
	nc := len(rec.header)
	for _, b := range rec.blocks {
		for j := range b.lines {
			for k, c := range cols {
				fields[k] = b.field(j*nc + c)
			}
			f(i, fields)
			i++
		}
	}
}

// locate returns the block of row i and the row's index in it.
func (rec *Recording) locate(i int) (*recBlock, int) {
	k, found := slices.BinarySearch(rec.starts, i)
	if !found {
		k--
	}
	for len(rec.blocks[k].lines) == 0 {
		k++
	}
	return rec.blocks[k], i - rec.starts[k]
}

func (b *recBlock) field(k int) []byte {
	start := uint32(0)
	if k > 0 {
		start = b.ends[k-1]
	}
	return b.data[start:b.ends[k]:b.ends[k]]
}

// Reader returns a reader over the recorded rows whose indexes (0-based,
// in input order) rows gives, ascending; nil gives every row. It panics
// if rows is not ascending or holds an index out of range.
func (rec *Recording) Reader(rows []int32) *Reader {
	rp := &replay{rec: rec}
	if rows == nil {
		for _, b := range rec.blocks {
			rp.segs = append(rp.segs, segment{b: b, n: len(b.lines)})
		}
	} else {
		k := 0
		for i, x := range rows {
			if i > 0 && x <= rows[i-1] || int(x) >= rec.Rows() || x < 0 {
				panic("table: Recording.Reader: rows not ascending or out of range")
			}
			for int(x) >= rec.starts[k+1] {
				k++
			}
			j := int32(int(x) - rec.starts[k])
			if n := len(rp.segs); n > 0 && rp.segs[n-1].b == rec.blocks[k] {
				rp.segs[n-1].rows = append(rp.segs[n-1].rows, j)
				rp.segs[n-1].n++
				continue
			}
			rp.segs = append(rp.segs, segment{b: rec.blocks[k], rows: []int32{j}, n: 1})
		}
	}
	return rec.newReader(rp, false, 0)
}

func (rec *Recording) newReader(rp *replay, sub bool, chunk int) *Reader {
	return &Reader{name: rec.name, format: rec.format, header: rec.header, index: rec.index,
		pq: rec.pq, rp: rp, sub: sub, chunk: chunk, size: -1}
}

// replay is the rows a Recording's reader reads: segments of blocks.
type replay struct {
	rec  *Recording
	segs []segment
	seg  int       // the next segment
	b    *recBlock // the current segment's block
	cur  []int32   // its rows (nil: all n)
	n    int       // its number of rows
	pos  int       // the next row's position in it
	k    int       // the current row's first field, an index of the block's ends
}

// segment is rows of one block: rows (indexes in the block), or nil for
// all n of them.
type segment struct {
	b    *recBlock
	rows []int32
	n    int
}

func (rp *replay) next(r *Reader) bool {
	if rp.pos >= rp.n {
		for {
			if rp.seg >= len(rp.segs) {
				r.done = true
				return false
			}
			s := &rp.segs[rp.seg]
			rp.seg++
			if s.n > 0 {
				rp.b, rp.cur, rp.n, rp.pos = s.b, s.rows, s.n, 0
				break
			}
		}
	}
	j := rp.pos
	if rp.cur != nil {
		j = int(rp.cur[j])
	}
	rp.pos++
	rp.k = j * len(r.header)
	r.line = rp.b.lines[j]
	r.rows++
	return true
}

// check returns the recorded error of column col of the current row, or
// the error of an empty value.
func (rp *replay) check(r *Reader, col int) error {
	if err := rp.b.errs[rp.k+col]; err != nil {
		return err
	}
	if len(rp.b.field(rp.k+col)) == 0 {
		return r.Errorf(col, ErrEmptyValue)
	}
	return nil
}

// float is Float on a recorded row.
func (rp *replay) float(r *Reader, col int) (float64, error) {
	if rp.b.errs == nil {
		if v, ok := fastFloat(rp.b.field(rp.k + col)); ok {
			return v, nil
		}
	}
	if err := rp.check(r, col); err != nil {
		return 0, err
	}
	v, err := ParseFloat(rp.b.field(rp.k + col))
	if err != nil {
		return 0, r.Errorf(col, err)
	}
	return v, nil
}

// parallel is Parallel on a Recording's reader: each segment left is a
// chunk.
func (rp *replay) parallel(r *Reader, workers int, work func(worker int, sub *Reader) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	segs := rp.segs[min(rp.seg, len(rp.segs)):]
	if rp.pos < rp.n {
		// The rest of the current segment first.
		s := segment{b: rp.b, rows: rp.cur, n: rp.n}
		if s.rows == nil {
			s.rows = make([]int32, s.n)
			for i := range s.rows {
				s.rows[i] = int32(i)
			}
		}
		s.rows, s.n = s.rows[rp.pos:], s.n-rp.pos
		segs = append([]segment{s}, segs...)
	}
	rp.seg, rp.pos, rp.n = len(rp.segs), 0, 0
	var (
		mu       sync.Mutex
		next     int
		firstSeq = -1
		firstErr error
		rows     int
		wg       sync.WaitGroup
	)
	for w := range min(workers, max(len(segs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				if i >= len(segs) || firstSeq >= 0 && i > firstSeq {
					mu.Unlock()
					return
				}
				next++
				mu.Unlock()
				sub := r.rp.rec.newReader(&replay{rec: rp.rec, segs: segs[i : i+1]}, true, i)
				err := work(w, sub)
				if err == nil {
					err = sub.err
				}
				mu.Lock()
				rows += sub.rows
				if err != nil && (firstSeq < 0 || i < firstSeq) {
					firstSeq, firstErr = i, err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.done = true
	r.rows += rows
	switch {
	case firstErr != nil:
		r.err = firstErr
	case r.rows == 0:
		r.err = &ParseError{File: r.name, Err: ErrNoRows}
	}
	return r.err
}

// text is Text on a recorded row.
func (rp *replay) text(r *Reader, col int) ([]byte, error) {
	if err := rp.check(r, col); err != nil {
		return nil, err
	}
	return rp.b.field(rp.k + col), nil
}

// rows returns the number of rows the reader reads in all.
func (rp *replay) rows() int {
	n := 0
	for _, s := range rp.segs {
		n += s.n
	}
	return n
}

// replayCol is Col on a Recording's reader: a recorded column.
func (r *Reader) replayCol(name string) (int, error) {
	if i, ok := r.index[name]; ok {
		return i, nil
	}
	// The error of the input's reader: a column it has was not
	// recorded (a caller's mistake), one it lacks is missing.
	line := 1
	if r.format == Parquet {
		line = 0
	}
	return -1, &ParseError{File: r.name, Line: line, Err: fmt.Errorf("%w %q (the header has: %s)",
		ErrMissingColumn, name, strings.Join(r.rp.rec.input, ", "))}
}

// replayErrorf is Errorf on a Recording's reader: at the recorded row's
// line, or its Parquet row group and row.
func (r *Reader) replayErrorf(col int, err error) error {
	name := ""
	if col >= 0 && col < len(r.header) {
		name = r.header[col]
	}
	return r.ErrorAt(r.line, name, err)
}

// Name returns the recorded file's name.
func (rec *Recording) Name() string { return rec.name }
