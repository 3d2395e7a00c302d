package task

import (
	"bytes"
	"fmt"
	"strconv"

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
	return s.appendJSON(nil)
}

// appendJSON appends s's JSON to b.
func (s *SliceResult) appendJSON(b []byte) ([]byte, error) {
	by, err := s.By.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b = append(append(b, `{"by":`...), by...)
	b = strconv.AppendInt(append(b, `,"rows":`...), int64(s.Rows), 10)
	if s.Result != nil {
		doc, err := s.encoded()
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"result":`...), doc...)
	}
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

// encoded returns the JSON of s.Result, encoding it once.
func (s *SliceResult) encoded() ([]byte, error) {
	if s.doc == nil {
		b, err := result.JSON(s.Result, "")
		if err != nil {
			return nil, err
		}
		s.doc = b
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
	// The slices' results, the bulk of the document (each slice's curves,
	// say), are appended to one buffer of their size.
	n := len(b) + 64
	for i := range s.Slices {
		n += 128
		if s.Slices[i].Result != nil {
			doc, err := s.Slices[i].encoded()
			if err != nil {
				return nil, err
			}
			n += len(doc)
		}
	}
	out := make([]byte, 0, n)
	out = append(out, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"slices":[`...)
	for i := range s.Slices {
		if i > 0 {
			out = append(out, ',')
		}
		if out, err = s.Slices[i].appendJSON(out); err != nil {
			return nil, err
		}
	}
	out = append(out, ']')
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
		out = append(append(out, ','), e[1:len(e)-1]...)
	}
	return append(out, '}'), nil
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
