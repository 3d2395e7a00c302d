package result

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// JSON encodes v as JSON, as encoding/json would, except that every float
// is written with strconv.FormatFloat(f, 'g', -1, 64) and a NaN or infinite
// float is written as null. Struct fields follow their json tags (name,
// "-", omitempty); map keys are sorted. A value implementing json.Marshaler
// is encoded by its own method. indent "" gives one line.
func JSON(v any, indent string) ([]byte, error) {
	var e jsonEncoder
	if err := e.encode(reflect.ValueOf(v)); err != nil {
		return nil, err
	}
	if indent == "" {
		return e.buf.Bytes(), nil
	}
	return indentJSON(e.buf.Bytes(), indent), nil
}

type jsonEncoder struct{ buf bytes.Buffer }

var marshalerType = reflect.TypeFor[json.Marshaler]()
var textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()

// FormatFloat formats f as machine output does: a whole number below 10²¹
// as an integer, others 'g' with the fewest digits that round-trip, "null"
// for NaN and infinities.
func FormatFloat(f float64) string { return string(appendFloat(nil, f)) }

// appendFloat appends FormatFloat(f) to b.
func appendFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return append(b, "null"...)
	case f == math.Trunc(f) && math.Abs(f) < 1e21:
		// A whole number (a count, a sum of whole weights) as an integer:
		// 500000793, not 5.00000793e+08.
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	return strconv.AppendFloat(b, f, 'g', -1, 64)
}

var float64sType = reflect.TypeFor[[]float64]()

// floats writes the JSON array of a.
func (e *jsonEncoder) floats(a []float64) {
	e.buf.Grow(len(a)*20 + 2)
	b := append(e.buf.AvailableBuffer(), '[')
	for i, f := range a {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFloat(b, f)
	}
	e.buf.Write(append(b, ']'))
}

func (e *jsonEncoder) encode(v reflect.Value) error {
	if !v.IsValid() {
		e.buf.WriteString("null")
		return nil
	}
	if v.Type().Implements(marshalerType) && !(v.Kind() == reflect.Pointer && v.IsNil()) {
		b, err := v.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			return err
		}
		if e.buf.Len() == 0 {
			// The whole document (a sliced result's, say, which can be
			// large): taken as it is, not copied.
			e.buf = *bytes.NewBuffer(b)
			return nil
		}
		e.buf.Write(b)
		return nil
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		e.buf.Write(appendFloat(e.buf.AvailableBuffer(), v.Float()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.buf.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.buf.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Bool:
		e.buf.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.String:
		e.str(v.String())
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		return e.encode(v.Elem())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		if v.Type() == float64sType {
			// A curve's coordinates, say: the bulk of a large document.
			e.floats(v.Interface().([]float64))
			return nil
		}
		e.buf.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			if err := e.encode(v.Index(i)); err != nil {
				return err
			}
		}
		e.buf.WriteByte(']')
	case reflect.Map:
		if v.IsNil() {
			e.buf.WriteString("null")
			return nil
		}
		type kv struct {
			k string
			v reflect.Value
		}
		var kvs []kv
		it := v.MapRange()
		for it.Next() {
			k, err := mapKey(it.Key())
			if err != nil {
				return err
			}
			kvs = append(kvs, kv{k, it.Value()})
		}
		slices.SortFunc(kvs, func(a, b kv) int { return strings.Compare(a.k, b.k) })
		e.buf.WriteByte('{')
		for i, p := range kvs {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			e.str(p.k)
			e.buf.WriteByte(':')
			if err := e.encode(p.v); err != nil {
				return err
			}
		}
		e.buf.WriteByte('}')
	case reflect.Struct:
		e.buf.WriteByte('{')
		first := true
		if err := e.fields(v, &first); err != nil {
			return err
		}
		e.buf.WriteByte('}')
	default:
		return fmt.Errorf("result: cannot encode %s as JSON", v.Type())
	}
	return nil
}

func mapKey(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if k.Type().Implements(textMarshalerType) {
		b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
		return string(b), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", fmt.Errorf("result: cannot encode map key %s", k.Type())
}

func (e *jsonEncoder) fields(v reflect.Value, first *bool) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := v.Field(i)
		if f.Anonymous && name == "" {
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			if fv.Kind() == reflect.Struct {
				if err := e.fields(fv, first); err != nil {
					return err
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if strings.Contains(","+opts+",", ",omitempty,") && isEmpty(fv) {
			continue
		}
		if !*first {
			e.buf.WriteByte(',')
		}
		*first = false
		e.str(name)
		e.buf.WriteByte(':')
		if err := e.encode(fv); err != nil {
			return err
		}
	}
	return nil
}

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	}
	return false
}

func (e *jsonEncoder) str(s string) {
	b, _ := json.Marshal(s) // a string always marshals
	// encoding/json escapes <, > and & for HTML; undo that for readability.
	b = bytes.ReplaceAll(b, []byte(`\u003c`), []byte("<"))
	b = bytes.ReplaceAll(b, []byte(`\u003e`), []byte(">"))
	b = bytes.ReplaceAll(b, []byte(`\u0026`), []byte("&"))
	e.buf.Write(b)
}

// Object is a JSON object whose members keep their order, for outputs whose
// keys are only known at run time (a struct fixes them at compile time).
type Object []Member

// Member is one key and value of an Object.
type Member struct {
	Key   string
	Value any
}

// KV returns the member key: value.
func KV(key string, value any) Member { return Member{Key: key, Value: value} }

// MarshalJSON writes the members in order, each value as [JSON] does.
func (o Object) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			b = append(b, ',')
		}
		kb, err := JSON(m.Key, "")
		if err != nil {
			return nil, err
		}
		vb, err := JSON(m.Value, "")
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}'), nil
}
