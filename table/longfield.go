package table

import (
	"errors"
	"fmt"
)

// DefaultMaxField is the default longest field, in bytes, that a Reader
// accepts: 1 MiB. No real label, score or cell is that long; a longer one
// is a wrong column or a broken file, and reading it on would only cost
// memory.
const DefaultMaxField = 1 << 20

// ErrFieldTooLong is wrapped by the error about a field longer than the
// limit ([Reader.SetMaxField]).
var ErrFieldTooLong = errors.New("field too long")

// SetMaxField sets the longest field accepted, in bytes (0: no limit). A
// CSV or TSV field is measured unquoted; a JSON Lines value as written (a
// string with its quotes, an array or object whole). A longer field is a
// ParseError wrapping ErrFieldTooLong that names its line and column; in
// Parallel it is found as soon as that much of the field has been read, so
// a field of any length costs at most a few times the limit per column.
func (r *Reader) SetMaxField(n int) {
	r.maxField = max(n, 0)
}

func (r *Reader) fieldTooLong(line, col int, n int) error {
	pe := &ParseError{File: r.name, Line: line}
	if col >= 0 && col < len(r.header) {
		pe.Column = r.header[col]
	} else if col >= 0 {
		pe.Err = fmt.Errorf("%w: field %d has more than %d bytes (the table.Options.MaxField limit)", ErrFieldTooLong, col+1, r.maxField)
		return pe
	}
	pe.Err = fmt.Errorf("%w: more than %d bytes (the table.Options.MaxField limit; %d read)", ErrFieldTooLong, r.maxField, n)
	return pe
}

// checkFields returns an error for the first field of the current record
// longer than the limit.
func (r *Reader) checkFields() error {
	if r.maxField <= 0 {
		return nil
	}
	for i, f := range r.fields {
		if len(f) > r.maxField {
			return r.fieldTooLong(r.line, i, len(f))
		}
	}
	return nil
}

// fieldScan measures the fields of one record fed to it in pieces (the
// start of a row, then the blocks read after it), so that a field over the
// limit is found as soon as that much of it has been read, without
// joining the pieces. A CSV or TSV field is measured unquoted, a JSON
// Lines value (at the object's top level) as written, with its key.
type fieldScan struct {
	jsonl bool
	delim byte
	limit int
	ended bool // the record's end (a newline outside quotes) was passed

	// CSV and TSV
	in, quote bool // inside quotes; a quote inside quotes just seen
	col, n    int  // the current field and its length so far

	// JSON Lines
	depth       int
	esc         bool
	pos         int64  // bytes fed so far
	valStart    int64  // offset of the current top-level value, or -1
	key, strBuf []byte // the last top-level key; the string being read
	strLong     bool   // that string is longer than the limit
}

func newFieldScan(jsonl bool, delim byte, limit int) *fieldScan {
	return &fieldScan{jsonl: jsonl, delim: delim, limit: limit, valStart: -1}
}

// feed scans the next piece of the record. It returns ok with the column
// index (CSV, TSV) or key (JSON Lines) of the first field over the limit,
// and its length so far; once the record has ended it finds nothing more.
func (s *fieldScan) feed(b []byte) (col int, key string, n int, ok bool) {
	if s.ended {
		return -1, "", 0, false
	}
	if s.jsonl {
		key, n, ok = s.feedJSON(b)
		return -1, key, n, ok
	}
	col, n = s.feedCSV(b)
	return col, "", n, col >= 0
}

func (s *fieldScan) feedCSV(b []byte) (col, n int) {
	for _, c := range b {
		if s.quote {
			// a quote inside quotes: a second one is an escaped quote,
			// anything else follows the closing quote
			s.quote = false
			if c == '"' {
				if s.n++; s.n > s.limit {
					return s.col, s.n
				}
				continue
			}
			s.in = false
		}
		switch {
		case c == '"':
			if s.in {
				s.quote = true
			} else {
				s.in = true
			}
			continue
		case !s.in && c == s.delim:
			s.col++
			s.n = 0
			continue
		case !s.in && c == '\n':
			s.ended = true
			return -1, 0
		}
		if s.n++; s.n > s.limit {
			return s.col, s.n
		}
	}
	return -1, 0
}

func (s *fieldScan) feedJSON(b []byte) (key string, n int, ok bool) {
	for _, c := range b {
		i := s.pos
		s.pos++
		if s.esc || s.in && c != '"' && c != '\\' {
			s.esc = false
			if s.depth == 1 && s.valStart < 0 && !s.strLong {
				if len(s.strBuf) < s.limit {
					s.strBuf = append(s.strBuf, c)
				} else {
					s.strLong = true
				}
			}
		} else if s.in {
			if c == '\\' {
				s.esc = true
				if s.depth == 1 && s.valStart < 0 && !s.strLong {
					// the key keeps its escapes, as written
					if len(s.strBuf) < s.limit {
						s.strBuf = append(s.strBuf, c)
					} else {
						s.strLong = true
					}
				}
			} else { // the closing quote
				s.in = false
				if s.depth == 1 && s.valStart < 0 && !s.strLong {
					s.key = append(s.key[:0], s.strBuf...)
				}
			}
		} else {
			switch c {
			case '"':
				s.in, s.strBuf, s.strLong = true, s.strBuf[:0], false
			case '{', '[':
				s.depth++
			case '}', ']':
				s.depth--
				if s.depth == 0 {
					s.valStart = -1
				}
			case ':':
				if s.depth == 1 {
					s.valStart = i + 1
				}
			case ',':
				if s.depth == 1 {
					s.valStart = -1
				}
			case '\n':
				s.ended = true
				return "", 0, false
			}
		}
		if s.valStart >= 0 && s.depth >= 1 && i+1-s.valStart > int64(s.limit) {
			return string(s.key), int(i + 1 - s.valStart), true
		}
	}
	return "", 0, false
}

// longField reports whether the start of a record in b holds a field over
// the limit: its column index (or -1 with a JSON key) and length so far.
func (r *Reader) longField(b []byte) (col int, n int, ok bool) {
	if r.maxField <= 0 {
		return -1, 0, false
	}
	return r.columnOf(r.newFieldScan().feed(b))
}

// newFieldScan returns a scanner of a record's fields for the limit.
func (r *Reader) newFieldScan() *fieldScan {
	return newFieldScan(r.format == JSONL, r.delim, r.maxField)
}

// columnOf turns what a fieldScan found into a column index (-1 for a JSON
// key that is not a column).
func (r *Reader) columnOf(col int, key string, n int, ok bool) (int, int, bool) {
	if !ok {
		return -1, 0, false
	}
	if r.format == JSONL {
		if i, found := r.index[key]; found {
			return i, n, true
		}
		return -1, n, true
	}
	return col, n, true
}
