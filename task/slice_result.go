package task

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"

	"github.com/evalkit-go/evalkit/result"
)

// SlicesResult is a task's result on all the rows with its results on
// each slice. Its JSON is the overall result's object with these members
// added after its own: "slices", a list of {"by": {column: value, …},
// "rows": n, "result": the task's result on the slice's rows, "vs_rest":
// its comparisons with the rest of the rows} (no "result" for a slice of
// fewer than Slices.MinRows rows; "error" in its place for a slice the
// task fails on), "disparity", "slices_worse" (when compared) and
// "slice_warnings" when there are any.
type SlicesResult struct {
	Result any // the task's result on every row
	Slices []SliceResult
	// Disparity is, per slicing, each headline measure's best and worst
	// slice ([SlicesResult.Disparities]).
	Disparity []SlicingDisparity
	// Worse are the slices significantly worse than the rest of the rows
	// ([SliceCompare.Compare]; nil when not compared).
	Worse    []WorseSlice
	Warnings []string
}

// SliceResult is one slice's result.
type SliceResult struct {
	By     result.Object `json:"by"`
	Rows   int           `json:"rows"`
	Result any           `json:"result,omitempty"`
	// VsRest compares the slice with the rest of the rows
	// ([SliceCompare]).
	VsRest []SliceTest `json:"vs_rest,omitempty"`
	// Error is the error of the task on the slice's rows (one class
	// where two are needed, say), in place of a result.
	Error string `json:"error,omitempty"`
	// doc is Result's JSON, once encoded (by Disparities).
	doc []byte
}

// MarshalJSON writes the members by, rows, result, vs_rest and error,
// the last three when they are set.
func (s SliceResult) MarshalJSON() ([]byte, error) {
	b, err := s.appendHead(nil)
	if err != nil {
		return nil, err
	}
	if s.Result != nil {
		doc, err := s.encoded()
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"result":`...), doc...)
	}
	return s.appendTail(b)
}

// appendHead appends to b the start of s's JSON: its members by and rows.
func (s *SliceResult) appendHead(b []byte) ([]byte, error) {
	b, err := result.AppendJSON(append(b, `{"by":`...), s.By)
	if err != nil {
		return nil, err
	}
	return strconv.AppendInt(append(b, `,"rows":`...), int64(s.Rows), 10), nil
}

// appendTail appends to b the end of s's JSON, after its result: the
// members vs_rest and error when set, and the closing brace.
func (s *SliceResult) appendTail(b []byte) ([]byte, error) {
	var o result.Object
	if len(s.VsRest) > 0 {
		o = append(o, result.KV("vs_rest", s.VsRest))
	}
	if s.Error != "" {
		o = append(o, result.KV("error", s.Error))
	}
	if len(o) > 0 {
		rest, err := o.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b = append(append(b, ','), rest[1:len(rest)-1]...)
	}
	return append(b, '}'), nil
}

// encodeBuf is a buffer for encoding a slice's result, reused: the
// encoded bytes are copied out at their size, not grown anew for each
// slice.
var encodeBuf = sync.Pool{New: func() any { return new([]byte) }}

// encoded returns the JSON of s.Result, encoding it once.
func (s *SliceResult) encoded() ([]byte, error) {
	if s.doc == nil {
		p := encodeBuf.Get().(*[]byte)
		defer encodeBuf.Put(p)
		b, err := result.AppendJSON((*p)[:0], s.Result)
		if err != nil {
			return nil, err
		}
		s.doc = bytes.Clone(b)
		*p = b[:0]
	}
	return s.doc, nil
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

// Assemble returns the result of in's slices, as [NewSlicesResult] does,
// with errs[i] (if not "") the error of the task on slice i in place of a
// result, and the disparities ([SlicesResult.Disparities]) of the
// headline measures of overall ([HeadlineMeasures]) between the slices of
// each slicing of by.
func (in *SlicedInput) Assemble(by [][]string, overall any, results []any, errs []string) (*SlicesResult, error) {
	out := NewSlicesResult(in, overall, results)
	for i, e := range errs {
		if e != "" {
			out.Slices[i].Error = e
		}
	}
	measures, err := HeadlineMeasures(overall)
	if err != nil {
		return nil, err
	}
	if err := out.Disparities(in, by, measures); err != nil {
		return nil, err
	}
	return out, nil
}

// MarshalJSON writes the overall result's members, then "slices" and
// "slice_warnings": the parts of [SlicesResult.JSONChunks], joined.
func (s *SlicesResult) MarshalJSON() ([]byte, error) {
	parts, err := s.JSONChunks()
	if err != nil {
		return nil, err
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out, nil
}

// JSONChunks returns the bytes of MarshalJSON in parts
// ([result.Chunked]): each slice's result as it was encoded once, and the
// bytes that join them, so that the document, the bulk of which is the
// slices' results (each slice's curves, say), is written without being
// copied into one.
func (s *SlicesResult) JSONChunks() ([][]byte, error) {
	b, err := result.JSON(s.Result, "")
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return nil, fmt.Errorf("task: a sliced result must be a JSON object")
	}
	glue := append([]byte(nil), b[:len(b)-1]...) // b may be a Marshaler's own
	if len(b) > 2 {
		glue = append(glue, ',')
	}
	glue = append(glue, `"slices":[`...)
	var parts [][]byte
	for i := range s.Slices {
		sl := &s.Slices[i]
		if i > 0 {
			glue = append(glue, ',')
		}
		if glue, err = sl.appendHead(glue); err != nil {
			return nil, err
		}
		if sl.Result != nil {
			doc, err := sl.encoded()
			if err != nil {
				return nil, err
			}
			parts = append(parts, append(glue, `,"result":`...), doc)
			glue = nil // a new part: the one above is kept
		}
		if glue, err = sl.appendTail(glue); err != nil {
			return nil, err
		}
	}
	glue = append(glue, ']')
	var extra result.Object
	if s.Disparity != nil {
		extra = append(extra, result.KV("disparity", s.Disparity))
	}
	if s.Worse != nil {
		extra = append(extra, result.KV("slices_worse", s.Worse))
	}
	if len(s.Warnings) > 0 {
		extra = append(extra, result.KV("slice_warnings", s.Warnings))
	}
	if len(extra) > 0 {
		e, err := extra.MarshalJSON()
		if err != nil {
			return nil, err
		}
		glue = append(append(glue, ','), e[1:len(e)-1]...)
	}
	return append(parts, append(glue, '}')), nil
}

// HeadlineMeasures are the measures of SliceMeasures that result v has
// (flattened JSON paths); for several models, each model's
// ("models.0.accuracy").
func HeadlineMeasures(v any) ([]string, error) {
	f, err := flatten(v)
	if err != nil {
		return nil, err
	}
	var out []string
	if _, ok := f["models.0.name"]; ok {
		for _, m := range SliceMeasures {
			for i := 0; ; i++ {
				p := "models." + strconv.Itoa(i) + "."
				if _, ok := f[p+"name"]; !ok {
					break
				}
				if _, ok := f[p+m]; ok {
					out = append(out, p+m)
				}
			}
		}
		return out, nil
	}
	for _, m := range SliceMeasures {
		if _, ok := f[m]; ok {
			out = append(out, m)
		}
	}
	return out, nil
}
