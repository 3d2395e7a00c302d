package rank

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestWriteCurvesCSV: the rows are the full ROC curve after (0, 0) and
// the P-R curve before its final point, to the bit, in order, across
// several formatting blocks; a failing writer's error is returned.
func TestWriteCurvesCSV(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{2, 1000, 100000} {
		score, pos, w := randomData(r, n, n == 1000, n != 2)
		tb, _ := NewTable(score, pos, w)
		var buf bytes.Buffer
		if err := tb.WriteCurvesCSV(&buf); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		roc, _ := tb.ROC(false)
		pr, _ := tb.PR()
		if len(rows) != tb.Len()+1 || len(roc.FPR) != tb.Len()+1 {
			t.Fatalf("n = %d: %d rows for %d thresholds", n, len(rows), tb.Len())
		}
		m := tb.Len()
		for i, row := range rows[1:] {
			v := make([]float64, len(row))
			for j := range row {
				v[j], _ = strconv.ParseFloat(row[j], 64)
			}
			if v[0] != roc.Thresholds[i+1] || v[3] != roc.TPR[i+1] || v[4] != roc.FPR[i+1] ||
				v[5] != pr.Precision[m-1-i] || v[6] != pr.Recall[m-1-i] || v[0] != pr.Thresholds[m-1-i] {
				t.Fatalf("n = %d: row %d = %v", n, i, row)
			}
		}
		if err := tb.WriteCurvesCSV(&failWriter{after: buf.Cap() / 2}); err == nil && n > 2 {
			t.Fatalf("n = %d: no error from a writer failing midway", n)
		}
		if err := tb.WriteCurvesCSV(&failWriter{}); err == nil {
			t.Fatalf("n = %d: no error from a failing writer", n)
		}
	}
}

// failWriter fails once more than after bytes were written.
type failWriter struct{ after, n int }

func (f *failWriter) Write(b []byte) (int, error) {
	if f.n += len(b); f.n > f.after {
		return 0, errors.New("disk full")
	}
	return len(b), nil
}
