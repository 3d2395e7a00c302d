package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// LabelSet splits the current row's field of column col as a set of
// labels (multilabel classification), appending them to out[:0]: a list
// (Parquet), a JSON array of strings (JSON Lines), or labels joined by sep;
// empty parts are dropped. A null or missing value is the empty set.
func (r *Reader) LabelSet(col int, sep string, out [][]byte) ([][]byte, error) {
	out = out[:0]
	if items, ok, err := r.List(col); ok {
		if err != nil {
			return nil, err
		}
		for _, x := range items {
			if len(x) > 0 {
				out = append(out, x)
			}
		}
		return out, nil
	}
	if r.Format() == Parquet {
		// A string joined by sep; a null is the empty set, as in JSON Lines.
		if _, err := r.Text(col); err != nil && !errors.Is(err, ErrEmptyValue) {
			return nil, err
		}
	}
	if raw := r.RawJSON(col); len(raw) > 0 && raw[0] == '[' {
		var xs []string
		if err := json.Unmarshal(raw, &xs); err != nil {
			return nil, r.Errorf(col, fmt.Errorf("%w: a label set must be an array of strings", ErrBadValue))
		}
		for _, x := range xs {
			if x != "" {
				out = append(out, []byte(x))
			}
		}
		return out, nil
	}
	if r.Format() == JSONL {
		// A string (or a number) joined by sep; a missing key or null is
		// the empty set, an object an error.
		if _, err := r.Text(col); err != nil && !errors.Is(err, ErrEmptyValue) {
			return nil, err
		}
	}
	for _, part := range bytes.Split(r.Field(col), []byte(sep)) {
		if len(part) > 0 {
			out = append(out, part)
		}
	}
	return out, nil
}
