package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// object is a JSON object whose members keep their order.
type object struct {
	keys []string
	m    map[string]any
}

func (o *object) get(k string) (any, bool) {
	v, ok := o.m[k]
	return v, ok
}

// decode reads a JSON document into objects (*object), arrays ([]any),
// numbers (json.Number), strings, bools and nil.
func decode(doc []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var walk func() (any, error)
	walk = func() (any, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return tok, nil
		}
		if d == '{' {
			o := &object{m: map[string]any{}}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				v, err := walk()
				if err != nil {
					return nil, err
				}
				if _, dup := o.m[k]; !dup {
					o.keys = append(o.keys, k)
				}
				o.m[k] = v
			}
			_, err := dec.Token()
			return o, err
		}
		arr := []any{}
		for dec.More() {
			v, err := walk()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err = dec.Token()
		return arr, err
	}
	v, err := walk()
	if err != nil {
		return nil, fmt.Errorf("gate: the result is not JSON: %w", err)
	}
	return v, nil
}

// match is one value a path reaches.
type match struct {
	path  []string // the flattened JSON path (indices, "result" spelled out)
	name  string   // what the path's * stood for ("" without *)
	value any
}

// resolve returns every value the path segs reach from root, and the
// names of the elements a * matched that lack the rest of the path.
func resolve(root any, segs []string) (found []match, skipped []string) {
	var walk func(node any, at int, path []string, name string)
	walk = func(node any, at int, path []string, name string) {
		if at == len(segs) {
			found = append(found, match{path: path, name: name, value: node})
			return
		}
		s := segs[at]
		star := s == "*"
		next := func(child any, key, elemName string) {
			n := name
			if star {
				if n != "" {
					n += ", "
				}
				n += elemName
			}
			before := len(found)
			walk(child, at+1, append(path[:len(path):len(path)], key), n)
			if star && len(found) == before && at+1 < len(segs) && !hasStar(segs[at+1:]) {
				skipped = append(skipped, n)
			}
		}
		switch x := node.(type) {
		case *object:
			if star {
				for _, k := range x.keys {
					next(x.m[k], k, k)
				}
				return
			}
			if v, ok := x.get(s); ok {
				next(v, s, "")
				return
			}
			if r, ok := x.get("result"); ok {
				if _, isObj := r.(*object); isObj {
					walk(r, at, append(path[:len(path):len(path)], "result"), name)
				}
			}
		case []any:
			if star {
				for i, el := range x {
					next(el, strconv.Itoa(i), elementName(el, i))
				}
				return
			}
			if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(x) && strconv.Itoa(i) == s {
				next(x[i], s, "")
				return
			}
			for i, el := range x {
				if elementName(el, -1) == s {
					next(el, strconv.Itoa(i), "")
					return
				}
			}
		}
	}
	walk(root, 0, nil, "")
	return found, skipped
}

func hasStar(segs []string) bool {
	for _, s := range segs {
		if s == "*" {
			return true
		}
	}
	return false
}

// elementName is how a path may name an element of a list: its "name"
// member (a model), its "label" (a class) or its "by" values
// ("country=DE,device=ios": a slice); else its index i ("" for i < 0).
func elementName(el any, i int) string {
	if o, ok := el.(*object); ok {
		for _, k := range []string{"name", "label"} {
			if s, ok := o.m[k].(string); ok {
				return s
			}
		}
		if by, ok := o.m["by"].(*object); ok && len(by.keys) > 0 {
			parts := make([]string, len(by.keys))
			for j, k := range by.keys {
				parts[j] = k + "=" + scalarText(by.m[k])
			}
			return strings.Join(parts, ",")
		}
	}
	if i < 0 {
		return ""
	}
	return strconv.Itoa(i)
}

// scalarText is a JSON scalar as text: a string unquoted, null "null".
func scalarText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	}
	return "…"
}

// at returns the node at a flattened path (no names, no *), or nil.
func at(root any, path []string) any {
	node := root
	for _, s := range path {
		switch x := node.(type) {
		case *object:
			node = x.m[s]
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			node = x[i]
		default:
			return nil
		}
	}
	return node
}

// numberOf returns a value as a float: a number, NaN for null; ok false
// for anything else.
func numberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		return f, err == nil
	case nil:
		return math.NaN(), true
	}
	return 0, false
}

// kind names a JSON value's kind for messages.
func kind(v any) string {
	switch v.(type) {
	case *object:
		return "an object"
	case []any:
		return "a list"
	case string:
		return "a string"
	case bool:
		return "true or false"
	}
	return "a number"
}
