package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// jsonKeys returns the top-level keys of the object on line, in order.
func jsonKeys(line []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("a line is not a JSON object")
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("text after the object")
	}
	return keys, nil
}

func (r *Reader) nextJSON() bool {
	var line []byte
	if r.jsonFirst != nil {
		line, r.jsonFirst = r.jsonFirst, nil
	} else {
		l, ok, err := r.nonBlankLine()
		if err != nil {
			return r.fail(err)
		}
		if !ok {
			return r.finish()
		}
		line = l
		r.line = r.nextLine
	}
	if !utf8.Valid(line) {
		return r.fail(&ParseError{File: r.name, Line: r.line, Err: ErrBadUTF8})
	}
	if r.jsonObj == nil {
		r.jsonObj = map[string]json.RawMessage{}
	}
	clear(r.jsonObj)
	t := bytes.TrimSpace(line)
	if r.maxField > 0 && len(t) > r.maxField {
		if col, n, long := r.longField(t); long {
			return r.fail(r.fieldTooLong(r.line, col, n))
		}
	}
	if len(t) == 0 || t[0] != '{' {
		return r.fail(&ParseError{File: r.name, Line: r.line, Err: fmt.Errorf("%w: the line is not a JSON object", ErrBadJSON)})
	}
	if err := json.Unmarshal(t, &r.jsonObj); err != nil {
		return r.fail(&ParseError{File: r.name, Line: r.line, Err: fmt.Errorf("%w: %v", ErrBadJSON, err)})
	}
	for i, name := range r.header {
		raw, ok := r.jsonObj[name]
		r.jsonVals[i], r.jsonKind[i] = nil, 0
		switch {
		case !ok:
			r.jsonKind[i] = 'm'
		case len(raw) == 0:
			r.jsonKind[i] = 'n'
		case raw[0] == '"':
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return r.fail(&ParseError{File: r.name, Line: r.line, Column: name, Err: fmt.Errorf("%w: %v", ErrBadJSON, err)})
			}
			r.jsonVals[i] = []byte(s)
		case raw[0] == 'n':
			r.jsonKind[i] = 'n'
		case raw[0] == '{' || raw[0] == '[':
			r.jsonKind[i] = 'c'
			r.jsonVals[i] = raw
		default: // number, true, false
			r.jsonVals[i] = raw
		}
	}
	r.rows++
	return true
}

func (r *Reader) jsonCheck(col int) error {
	switch r.jsonKind[col] {
	case 'm':
		return r.Errorf(col, fmt.Errorf("%w: the key is missing", ErrEmptyValue))
	case 'n':
		return r.Errorf(col, fmt.Errorf("%w: null", ErrEmptyValue))
	case 'c':
		return r.Errorf(col, fmt.Errorf("%w: an array or object where a single value belongs", ErrBadValue))
	}
	return nil
}
