package evalbeam

import (
	"bytes"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/regress"
)

// A unit's rows for several regression models' paired bootstraps
// round-trip through their encoding, NaN and infinities kept; truncated
// or padded encodings are errors.
func TestRegressRowsEncoding(t *testing.T) {
	for _, r := range []*regressRows{
		{Unit: 2},
		{Unit: 0, Rows: regress.PairedRows{AbsErr: [][]float64{{1, math.Inf(1)}, {0.5, 2}}}},
		{Unit: 7, Rows: regress.PairedRows{Y: []float64{3, -1}, AbsErr: [][]float64{{math.NaN(), 0}}, W: []float64{1, 0.25}}},
	} {
		b, err := encodeRegressRows(r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeRegressRows(b)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := encodeRegressRows(back)
		if back.Unit != r.Unit || !bytes.Equal(again, b) {
			t.Errorf("rows %+v decode as %+v", r, back)
		}
		for cut := range len(b) {
			if _, err := decodeRegressRows(b[:cut]); err == nil {
				t.Fatalf("%d bytes of %d decoded", cut, len(b))
			}
		}
		if _, err := decodeRegressRows(append(b, 0)); err == nil {
			t.Error("padded rows decoded")
		}
	}
}
