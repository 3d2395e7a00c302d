package table

import (
	"bytes"
	"io"
	"runtime"
	"slices"
	"sync"
)

// chunkSize is the size of the blocks of whole rows handed to workers
// when Options.ChunkSize does not set it (a variable so that the
// package's tests can cut tiny chunks).
var chunkSize = 1 << 20

// chunkBytes returns the size of r's chunks: Options.ChunkSize, or
// chunkSize.
func (r *Reader) chunkBytes() int {
	if r.chunk1 > 0 {
		return r.chunk1
	}
	return chunkSize
}

// Chunk returns the 0-based index, in input order, of the chunk that a
// sub-reader handed to Parallel's work function reads, and -1 for any
// other reader. Callers that keep state per chunk use it to combine that
// state in input order, whichever worker read which chunk.
func (r *Reader) Chunk() int {
	if !r.sub {
		return -1
	}
	return r.chunk
}

// Parallel reads the remaining rows of r on several goroutines. The input is
// cut into chunks of whole rows (a cut never falls inside a quoted field);
// each chunk is read by a fresh sub-reader with r's header, and work(worker,
// sub) drains it with sub.Next. Calls for the same worker index never
// overlap, so per-worker state needs no locks; merging that state afterwards
// is the caller's job. workers ≤ 0 means runtime.GOMAXPROCS(0).
//
// Errors are those of a sequential read: the first error in input order,
// whether from the reader or from work, with the same file, line and column.
// Chunks after a failed one may have been read, but their errors are not
// reported. An input with no rows gives ErrNoRows. Memory is bounded by a few
// chunks per worker. After Parallel, r is exhausted.
func (r *Reader) Parallel(workers int, work func(worker int, sub *Reader) error) error {
	if r.done {
		return r.err
	}
	if r.rp != nil {
		return r.rp.parallel(r, workers, work)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if r.format == Parquet {
		return r.parallelParquet(workers, work)
	}
	type chunk struct {
		seq   int
		data  []byte
		line  int // line number of the chunk's first line, minus one
		rows  int
		err   error
		first []byte // JSON Lines: the first object, already read
	}
	chunkLen := r.chunkBytes()
	jobs := make(chan *chunk, workers)
	results := make(chan *chunk, workers)
	free := make(chan []byte, 2*workers+2)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				sub := r.subReader(c.data, c.line, c.first)
				sub.chunk = c.seq
				c.err = work(w, sub)
				if c.err == nil {
					c.err = sub.err
				}
				c.rows = sub.rows
				results <- c
			}
		}()
	}

	// The splitter: read blocks, cut after the last row boundary, send.
	var splitErr error
	sent := 0
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		line := r.nextLine
		var carry []byte
		var first []byte
		if r.jsonFirst != nil {
			first, r.jsonFirst = r.jsonFirst, nil
		}
		eof := false
		for !eof {
			var buf []byte
			select {
			case buf = <-free:
				buf = buf[:0]
			default:
				buf = make([]byte, 0, chunkLen+chunkLen/4)
			}
			buf = append(buf, carry...)
			carry = carry[:0]
			// The chunk is cut at the last row boundary within limit
			// bytes — a function of the input alone, not of the recycled
			// buffer's capacity — so that the chunks, and any per-chunk
			// state merged in chunk order, are the same on every run.
			limit := chunkLen + chunkLen/4
			for limit <= len(buf) {
				limit *= 2
			}
			buf = slices.Grow(buf, limit-len(buf))
			n, err := fill(r.br, buf[len(buf):limit])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				eof = true
			} else if err != nil {
				splitErr = &ParseError{File: r.name, Line: line + bytes.Count(buf, []byte{'\n'}) + 1, Err: err}
				return
			}
			cut := len(buf)
			if !eof {
				cut = r.rowBoundary(buf)
			}
			if cut >= 0 {
				carry = append(carry, buf[cut:]...)
				buf = buf[:cut]
			} else {
				// One row longer than the chunk: read on in blocks and
				// join them once (longRow); with a field limit, stop at
				// the first field over it.
				var scan *fieldScan
				if r.maxField > 0 {
					scan = r.newFieldScan()
				}
				var rest []byte
				var nl int
				buf, rest, nl, eof, err = r.longRow(buf, scan)
				if tl, ok := err.(*tooLong); ok {
					splitErr = r.fieldTooLong(line+1, tl.col, tl.n)
					return
				}
				if err != nil {
					splitErr = &ParseError{File: r.name, Line: line + nl + 1, Err: err}
					return
				}
				carry = append(carry, rest...)
			}
			if len(buf) == 0 && first == nil {
				continue
			}
			c := &chunk{seq: sent, data: buf, line: line, first: first}
			line += bytes.Count(buf, []byte{'\n'})
			first = nil
			select {
			case jobs <- c:
				sent++
			case <-stop:
				return
			}
		}
	}()

	var firstErr *chunk
	rows := 0
	done := 0
	stopped := false
	go func() { wg.Wait(); close(results) }()
	for c := range results {
		done++
		rows += c.rows
		if c.err != nil && (firstErr == nil || c.seq < firstErr.seq) {
			firstErr = c
		}
		if firstErr != nil && !stopped {
			close(stop)
			stopped = true
		}
		select {
		case free <- c.data:
		default:
		}
	}
	r.done = true
	r.rows += rows
	switch {
	case firstErr != nil:
		r.err = firstErr.err
	case splitErr != nil:
		r.err = splitErr
	case r.rows == 0:
		r.err = &ParseError{File: r.name, Err: ErrNoRows}
	}
	return r.err
}

// longRow reads on, past buf (which holds no row boundary), to the end
// of a row longer than a chunk. The input is read in blocks of the chunk
// size, kept in a list and joined once, so that the row costs about twice
// its length at the peak — where growing one buffer by doubling, with a
// copy at each step, cost three to four times. It returns the bytes up to
// the first row boundary found (all of them at the end of the input), the
// bytes after it, and whether the input ended; on a read error, the number
// of newlines read before it. With scan (a field limit), each piece is
// scanned as it is read and a field over the limit stops the reading with
// a *tooLong error, so that such a row costs a few times the limit.
func (r *Reader) longRow(buf []byte, scan *fieldScan) (row, rest []byte, newlines int, eof bool, err error) {
	long := func(b []byte) error {
		if scan == nil {
			return nil
		}
		if col, n, ok := r.columnOf(scan.feed(b)); ok {
			return &tooLong{col, n}
		}
		return nil
	}
	if err := long(buf); err != nil {
		return nil, nil, 0, false, err
	}
	jsonl := r.format == JSONL
	in := !jsonl && bytes.Count(buf, []byte{'"'})%2 == 1
	blocks := [][]byte{buf}
	total := len(buf)
	for {
		b := make([]byte, r.chunkBytes()+r.chunkBytes()/4)
		n, ferr := fill(r.br, b)
		b = b[:n]
		cut := -1
		switch {
		case ferr == io.EOF:
			eof, cut = true, n
		case ferr != nil:
			for _, x := range append(blocks, b) {
				newlines += bytes.Count(x, []byte{'\n'})
			}
			return nil, nil, newlines, false, ferr
		case jsonl:
			if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
				cut = i + 1
			}
		default:
			for i, c := range b {
				switch c {
				case '"':
					in = !in
				case '\n':
					if !in {
						cut = i + 1
					}
				}
			}
		}
		if err := long(b); err != nil {
			return nil, nil, 0, false, err
		}
		if cut < 0 {
			blocks = append(blocks, b)
			total += n
			continue
		}
		row = make([]byte, 0, total+cut)
		for _, x := range blocks {
			row = append(row, x...)
		}
		return append(row, b[:cut]...), b[cut:], 0, eof, nil
	}
}

// tooLong is longRow's error for a field over the limit: its column (-1:
// a JSON key that is no column) and its length so far.
type tooLong struct{ col, n int }

func (e *tooLong) Error() string { return "field too long" }

// rowBoundary returns the index just past the last newline of buf that is
// not inside a quoted field (CSV, TSV), or -1 if there is none. A chunk
// always starts outside quotes.
func (r *Reader) rowBoundary(buf []byte) int {
	if r.format == JSONL || bytes.IndexByte(buf, '"') < 0 {
		i := bytes.LastIndexByte(buf, '\n')
		if i < 0 {
			return -1
		}
		return i + 1
	}
	in := false
	last := -1
	for i, c := range buf {
		switch c {
		case '"':
			in = !in
		case '\n':
			if !in {
				last = i
			}
		}
	}
	if last < 0 {
		return -1
	}
	return last + 1
}

// subReader returns a reader over one chunk of r's input, sharing r's
// header. line is the number of lines before the chunk.
func (r *Reader) subReader(data []byte, line int, jsonFirst []byte) *Reader {
	s := &Reader{
		name: r.name, format: r.format, delim: r.delim,
		header: r.header, index: r.index,
		mem: data, sub: true, nextLine: line, line: line + 1, maxField: r.maxField,
		jsonFirst: jsonFirst,
	}
	if jsonFirst != nil {
		s.line = line // the first object, read with the header, is on line `line`
	}
	if r.format == JSONL {
		s.jsonVals = make([][]byte, len(r.header))
		s.jsonKind = make([]byte, len(r.header))
	}
	return s
}

// fill reads into b until it is full or the input ends (io.EOF, possibly
// with n > 0) or fails (any other error, io.ErrUnexpectedEOF from a
// truncated gzip stream included).
func fill(rd io.Reader, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := rd.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
