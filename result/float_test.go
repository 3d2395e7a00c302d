package result_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/result"
)

// A Float encodes as JSON encodes a float64, under both encoders: NaN and
// ±Inf as null, every other value in the fewest digits that round-trip.
func TestFloat(t *testing.T) {
	type row struct {
		A result.Float   `json:"a"`
		B []result.Float `json:"b"`
	}
	v := row{A: result.Float(math.NaN()), B: []result.Float{0.1, result.Float(math.Inf(1)), result.Float(math.Inf(-1)), 1e21, -0.0, 2.5}}
	const want = `{"a":null,"b":[0.1,null,null,1e+21,0,2.5]}`
	got, err := json.Marshal(v)
	if err != nil || string(got) != want {
		t.Errorf("encoding/json: %s, %v; want %s", got, err, want)
	}
	got, err = result.JSON(v, "")
	if err != nil || string(got) != want {
		t.Errorf("result.JSON: %s, %v; want %s", got, err, want)
	}
	// The same bits as a float64 field.
	plain, _ := result.JSON(struct {
		A float64   `json:"a"`
		B []float64 `json:"b"`
	}{math.NaN(), []float64{0.1, math.Inf(1), math.Inf(-1), 1e21, -0.0, 2.5}}, "")
	if string(plain) != want {
		t.Errorf("float64 fields: %s, want %s", plain, want)
	}
}
