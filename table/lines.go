package table

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// ReadLines reads a text file of one item a line (a sentence, for the
// translation measures) from path, or from stdin for "" or "-". Gzip data is
// decompressed transparently. Line endings (\n or \r\n) are removed; nothing
// else is trimmed. A byte that is not UTF-8 is a *ParseError naming the
// line and wrapping ErrBadUTF8. An empty file has zero lines. To read a
// large file in bounded memory use [OpenLines].
func ReadLines(path string, stdin io.Reader) ([]string, error) {
	return ReadLinesCharged(path, stdin, nil)
}

// stringHeader is the size of a string header (pointer and length).
const stringHeader = 16

// ReadLinesCharged is [ReadLines] that reports the memory the lines take
// as they are read: grow, if not nil, is called with the bytes each line's
// text adds and with the bytes each growth of the slice of lines adds (16
// a string header). Its first error stops the reading and is returned as
// is, so a memory budget (package budget) bounds a file of any length.
func ReadLinesCharged(path string, stdin io.Reader, grow func(bytes int64) error) ([]string, error) {
	lr, err := OpenLines(path, stdin)
	if err != nil {
		return nil, err
	}
	defer lr.Close()
	var lines []string
	for {
		line, ok, err := lr.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return lines, nil
		}
		held := cap(lines)
		lines = append(lines, string(line))
		if grow != nil {
			if err := grow(int64(len(line)) + int64(cap(lines)-held)*stringHeader); err != nil {
				return nil, err
			}
		}
	}
}

// LineReader reads a file one line at a time, as [ReadLines] reads it
// whole: gzip transparently, line endings removed, UTF-8 checked.
type LineReader struct {
	name string
	br   *bufio.Reader
	f    io.Closer
	gz   *gzip.Reader
	n    int // lines returned
	done bool
}

// OpenLines opens path (or stdin for "" or "-") for reading line by line.
func OpenLines(path string, stdin io.Reader) (*LineReader, error) {
	if path == "" || path == "-" {
		return NewLineReader(io.NopCloser(stdin), "<stdin>")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return NewLineReader(f, path)
}

// NewLineReader reads rc line by line as [OpenLines] reads a file, naming
// it name in errors; Close closes rc.
func NewLineReader(rc io.ReadCloser, name string) (*LineReader, error) {
	lr := &LineReader{name: name, f: rc}
	lr.br = bufio.NewReaderSize(rc, 1<<16)
	if magic, _ := lr.br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(lr.br)
		if err != nil {
			lr.Close()
			return nil, &ParseError{File: lr.name, Err: gzipError(err)}
		}
		lr.gz = gz
		lr.br = bufio.NewReaderSize(gz, 1<<16)
	}
	return lr, nil
}

// Name is the file's name in errors (<stdin> for standard input).
func (lr *LineReader) Name() string { return lr.name }

// Lines returns the number of lines read so far.
func (lr *LineReader) Lines() int { return lr.n }

// Next returns the next line, ok false at the end of the file, or a
// *ParseError naming the line. The bytes are valid until the next call.
func (lr *LineReader) Next() (line []byte, ok bool, err error) {
	if lr.done {
		return nil, false, nil
	}
	line, err = lr.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: collect it whole.
		long := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull {
			line, err = lr.br.ReadSlice('\n')
			long = append(long, line...)
		}
		line = long
	}
	if len(line) == 0 && err == io.EOF {
		lr.done = true
		return nil, false, nil
	}
	if err != nil && err != io.EOF {
		return nil, false, &ParseError{File: lr.name, Line: lr.n + 1, Err: err}
	}
	if err == io.EOF {
		lr.done = true
	}
	lr.n++
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if !utf8.Valid(line) {
		return nil, false, &ParseError{File: lr.name, Line: lr.n, Err: fmt.Errorf("%w at byte %d", ErrBadUTF8, firstInvalid(line)+1)}
	}
	return line, true, nil
}

// Close closes the file.
func (lr *LineReader) Close() error {
	if lr.gz != nil {
		lr.gz.Close()
	}
	if lr.f != nil {
		return lr.f.Close()
	}
	return nil
}
