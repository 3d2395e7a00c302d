package task

import (
	"reflect"
	"testing"
)

// TestPickPaths: values at flattened paths of a JSON document, past
// strings holding quotes, braces and commas, nested arrays and objects,
// in compact and indented documents.
func TestPickPaths(t *testing.T) {
	for _, doc := range []string{
		`{"a":"x\"},[y","b":{"c":[1,{"d":2.5e-3}],"e":null},"f":[[1,2],[3,4]],"g":true,"h":{"i":"j"}}`,
		"{\n  \"a\": \"x\\\"},[y\",\n  \"b\": {\n    \"c\": [1, {\"d\": 2.5e-3}],\n    \"e\": null\n  },\n  \"f\": [[1, 2], [3, 4]],\n  \"g\": true,\n  \"h\": {\"i\": \"j\"}\n}\n",
	} {
		got, err := pickPaths([]byte(doc), []string{"a", "b.c.0", "b.c.1.d", "b.e", "f.1.0", "g", "h.i", "h", "missing", "b.c.7", "f.x"})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"a": `x"},[y`, "b.c.0": "1", "b.c.1.d": "2.5e-3", "b.e": "", "f.1.0": "3", "g": "true", "h.i": "j"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", doc, got, want)
		}
	}
}
