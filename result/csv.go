package result

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
)

// Flatten turns a JSON document into (path, value) pairs in document order:
// nested keys are joined with dots, array elements by index; strings are
// unquoted, null stays "null" in JSON's sense but is written as "".
func Flatten(doc []byte) ([][2]string, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var out [][2]string
	var walk func(path string) error
	walk = func(path string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		join := func(k string) string {
			if path == "" {
				return k
			}
			return path + "." + k
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' {
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return err
					}
					if err := walk(join(kt.(string))); err != nil {
						return err
					}
				}
			} else {
				for i := 0; dec.More(); i++ {
					if err := walk(join(strconv.Itoa(i))); err != nil {
						return err
					}
				}
			}
			_, err := dec.Token()
			return err
		case nil:
			out = append(out, [2]string{path, ""})
		case string:
			out = append(out, [2]string{path, t})
		case json.Number:
			out = append(out, [2]string{path, t.String()})
		case bool:
			out = append(out, [2]string{path, strconv.FormatBool(t)})
		}
		return nil
	}
	if err := walk(""); err != nil {
		return nil, err
	}
	return out, nil
}

// WriteCSV writes the flattened form of v as a two-column CSV, "key,value".
func WriteCSV(w io.Writer, v any) error {
	doc, err := JSON(v, "")
	if err != nil {
		return err
	}
	rows, err := Flatten(doc)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.Write([]string{"key", "value"})
	for _, r := range rows {
		cw.Write(r[:])
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}
