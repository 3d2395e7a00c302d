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
		pe.Err = fmt.Errorf("%w: field %d has more than %d bytes (the --max-field limit)", ErrFieldTooLong, col+1, r.maxField)
		return pe
	}
	pe.Err = fmt.Errorf("%w: more than %d bytes (the --max-field limit; %d read)", ErrFieldTooLong, r.maxField, n)
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

// longCSVField scans the start of a CSV or TSV record (possibly cut short)
// and returns the index of the first field whose unquoted length exceeds
// limit, and how long it is so far, or -1.
func longCSVField(b []byte, delim byte, limit int) (col, n int) {
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			if in && i+1 < len(b) && b[i+1] == '"' {
				n++
				i++
			} else {
				in = !in
			}
			continue
		case !in && c == delim:
			col++
			n = 0
			continue
		case !in && c == '\n':
			return -1, 0
		}
		n++
		if n > limit {
			return col, n
		}
	}
	return -1, 0
}

// longJSONValue scans the start of a JSON Lines object (possibly cut
// short) and returns the key of the first top-level value longer than
// limit bytes as written, and its length so far; ok is false if none is.
func longJSONValue(b []byte, limit int) (key string, n int, ok bool) {
	depth := 0
	in, esc := false, false
	strStart := -1
	lastStr := ""
	valStart := -1
	for i, c := range b {
		if in {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				in = false
				if depth == 1 && valStart < 0 && i-strStart <= limit+1 {
					lastStr = string(b[strStart+1 : i])
				}
			}
		} else {
			switch c {
			case '"':
				in, strStart = true, i
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					valStart = -1
				}
			case ':':
				if depth == 1 {
					valStart = i + 1
				}
			case ',':
				if depth == 1 {
					valStart = -1
				}
			case '\n':
				return "", 0, false
			}
		}
		if valStart >= 0 && depth >= 1 && i+1-valStart > limit {
			return lastStr, i + 1 - valStart, true
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
	if r.format == JSONL {
		key, n, ok := longJSONValue(b, r.maxField)
		if !ok {
			return -1, 0, false
		}
		if i, found := r.index[key]; found {
			return i, n, true
		}
		return -1, n, true
	}
	col, n = longCSVField(b, r.delim, r.maxField)
	return col, n, col >= 0
}
