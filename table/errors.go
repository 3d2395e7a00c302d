package table

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors wrapped by [ParseError].
var (
	ErrEmpty          = errors.New("empty input: no header row")
	ErrNoRows         = errors.New("no data rows")
	ErrMissingColumn  = errors.New("no such column")
	ErrDuplicateName  = errors.New("duplicate column name")
	ErrRagged         = errors.New("wrong number of fields")
	ErrQuote          = errors.New("misplaced quote")
	ErrBadUTF8        = errors.New("invalid UTF-8")
	ErrEmptyValue     = errors.New("empty value")
	ErrNotNumber      = errors.New("not a number")
	ErrNotFinite      = errors.New("not a finite number")
	ErrNegativeWeight = errors.New("a negative weight")
	ErrBadJSON        = errors.New("invalid JSON")
	ErrBadValue       = errors.New("invalid value")
	ErrBadParquet     = errors.New("invalid Parquet file")
	ErrColumnType     = errors.New("unsupported column type")
)

// ParseError is an error about the data at a position in a file.
// Line is 1-based (0 when the error concerns the whole file); Column is the
// column's name from the header ("" when no single column is at fault).
// In a Parquet file, the position is RowGroup and Row instead of Line,
// both 1-based (Row counts the rows of the row group; 0 when the error
// concerns the whole row group or file).
type ParseError struct {
	File     string
	Line     int
	RowGroup int
	Row      int
	Column   string
	Err      error
}

func (e *ParseError) position() string {
	pos := e.File
	if pos == "" {
		pos = "<stdin>"
	}
	if e.Line > 0 {
		pos += ":" + strconv.Itoa(e.Line)
	}
	if e.RowGroup > 0 {
		pos += ": row group " + strconv.Itoa(e.RowGroup)
		if e.Row > 0 {
			pos += ", row " + strconv.Itoa(e.Row)
		}
	}
	return pos
}

func (e *ParseError) Error() string {
	pos := e.position()
	if e.Column != "" {
		return fmt.Sprintf("%s: column %q: %v", pos, e.Column, e.Err)
	}
	return fmt.Sprintf("%s: %v", pos, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// valueError describes a bad value: `value "abc" is not a number`. Its
// Unwrap returns the sentinel so errors.Is sees through it.
type valueError struct {
	value string
	what  error
}

func (e *valueError) Error() string {
	v := e.value
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	return fmt.Sprintf("value %q is %v", v, e.what)
}

func (e *valueError) Unwrap() error { return e.what }

// BadValue returns an error saying that value is what (for example
// `value "-1" is negative weight`), wrapping what. Callers that validate
// values the package does not know wrap it in a ParseError via [Reader.Errorf].
func BadValue(value []byte, what error) error {
	return &valueError{value: string(value), what: what}
}

// gzipError is err of the gzip reader with one "gzip: " prefix: the
// package's own errors carry it already (gzip: invalid header), those of
// the layers below do not (unexpected EOF, flate: corrupt input).
func gzipError(err error) error {
	if strings.HasPrefix(err.Error(), "gzip: ") {
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}
