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
// line and wrapping ErrBadUTF8. An empty file has zero lines.
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
	name := path
	var rd io.Reader = stdin
	if path == "" || path == "-" {
		name = "<stdin>"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		rd = f
	}
	br := bufio.NewReaderSize(rd, 1<<16)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ParseError{File: name, Err: fmt.Errorf("gzip: %w", err)}
		}
		defer gz.Close()
		br = bufio.NewReaderSize(gz, 1<<16)
	}
	var lines []string
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			return lines, nil
		}
		if err != nil && err != io.EOF {
			return nil, &ParseError{File: name, Line: n, Err: err}
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !utf8.Valid(line) {
			return nil, &ParseError{File: name, Line: n, Err: fmt.Errorf("%w at byte %d", ErrBadUTF8, firstInvalid(line)+1)}
		}
		held := cap(lines)
		lines = append(lines, string(line))
		if grow != nil {
			if err := grow(int64(len(line)) + int64(cap(lines)-held)*stringHeader); err != nil {
				return nil, err
			}
		}
		if err == io.EOF {
			return lines, nil
		}
	}
}
