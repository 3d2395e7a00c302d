package task

import (
	"bytes"
	"fmt"

	"github.com/evalkit-go/evalkit/result"
)

// SlicesResult is a task's result on all the rows with its results on
// each slice. Its JSON is the overall result's object with these members
// added after its own: "slices", a list of {"by": {column: value, …},
// "rows": n, "result": the task's result on the slice's rows} (no
// "result" for a slice of fewer than Slices.MinRows rows), and
// "slice_warnings" when there are any.
type SlicesResult struct {
	Result   any // the task's result on every row
	Slices   []SliceResult
	Warnings []string
}

// SliceResult is one slice's result.
type SliceResult struct {
	By     result.Object `json:"by"`
	Rows   int           `json:"rows"`
	Result any           `json:"result,omitempty"`
	// Error is the error of the task on the slice's rows (one class
	// where two are needed, say), in place of a result.
	Error string `json:"error,omitempty"`
}

// NewSlicesResult returns the result of in's slices: overall is the
// task's result on every row and results[i] on slice i (nil for a slice
// too small to be evaluated).
func NewSlicesResult(in *SlicedInput, overall any, results []any) *SlicesResult {
	out := &SlicesResult{Result: overall}
	for i, s := range in.Slices {
		out.Slices = append(out.Slices, SliceResult{By: s.By, Rows: s.Rows, Result: results[i]})
	}
	if in.Small > 0 {
		out.Warnings = append(out.Warnings, fmt.Sprintf("%d of %d slices have fewer than %d rows (task.Slices.MinRows): listed with their number of rows only",
			in.Small, len(in.Slices), in.MinRows))
	}
	return out
}

// MarshalJSON writes the overall result's members, then "slices" and
// "slice_warnings".
func (s *SlicesResult) MarshalJSON() ([]byte, error) {
	b, err := result.JSON(s.Result, "")
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("task: a sliced result must be a JSON object")
	}
	extra := result.Object{result.KV("slices", s.Slices)}
	if len(s.Warnings) > 0 {
		extra = append(extra, result.KV("slice_warnings", s.Warnings))
	}
	e, err := extra.MarshalJSON()
	if err != nil {
		return nil, err
	}
	out := append([]byte{}, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	out = append(out, e[1:]...)
	return out, nil
}
