// Package golden compares results with golden values from the reference
// implementations: two JSON documents are flattened to dotted paths
// (per_class.0.precision) and every path of the expected document must be
// present in the result with an equal value — numbers to a relative
// tolerance, null only to null (an undefined value must stay undefined),
// strings and booleans exactly. Keys of the result that the expected
// document lacks are allowed (outputs may say more than the reference).
package golden

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
)

// Flatten decodes a JSON document into a map from dotted path to value
// (float64, string, bool or nil).
func Flatten(doc []byte) (map[string]any, error) {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return nil, err
	}
	out := map[string]any{}
	var walk func(string, any)
	walk = func(p string, v any) {
		join := func(k string) string {
			if p == "" {
				return k
			}
			return p + "." + k
		}
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(join(k), e)
			}
		case []any:
			for i, e := range x {
				walk(join(strconv.Itoa(i)), e)
			}
			if len(x) == 0 {
				out[p] = []any{}
			}
		default:
			out[p] = x
		}
	}
	walk("", v)
	return out, nil
}

// Diff returns one line for each path of want that got lacks or that
// differs: numbers beyond |g−w| ≤ tol·max(|w|, 1e-300) + abs, where abs is a
// small absolute tolerance for values that should be zero.
func Diff(got, want []byte, rel, abs float64) ([]string, error) {
	g, err := Flatten(got)
	if err != nil {
		return nil, fmt.Errorf("result: %w", err)
	}
	w, err := Flatten(want)
	if err != nil {
		return nil, fmt.Errorf("expected: %w", err)
	}
	var diffs []string
	for p, wv := range w {
		gv, ok := g[p]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s: missing (want %v)", p, wv))
			continue
		}
		if !Equal(gv, wv, rel, abs) {
			diffs = append(diffs, fmt.Sprintf("%s: got %v, want %v", p, show(gv), show(wv)))
		}
	}
	sort.Strings(diffs)
	return diffs, nil
}

// Equal compares two flattened values.
func Equal(got, want any, rel, abs float64) bool {
	switch w := want.(type) {
	case nil:
		return got == nil
	case float64:
		g, ok := got.(float64)
		if !ok {
			return false
		}
		return Close(g, w, rel, abs)
	case []any:
		g, ok := got.([]any)
		return ok && len(g) == len(w)
	default:
		return got == want
	}
}

// Close reports whether g is within rel (relative) or abs (absolute) of w.
func Close(g, w, rel, abs float64) bool {
	if math.IsNaN(w) || math.IsNaN(g) {
		return math.IsNaN(w) && math.IsNaN(g)
	}
	if math.IsInf(w, 0) || math.IsInf(g, 0) {
		return g == w
	}
	return math.Abs(g-w) <= rel*math.Abs(w)+abs
}

func show(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	if v == nil {
		return "null"
	}
	return fmt.Sprint(v)
}
