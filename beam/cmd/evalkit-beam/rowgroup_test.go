package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
)

// A Parquet file is read a row group a unit: a file of 7 row groups is 7
// units, and a bad value in its fifth row group is reported as evalkit
// reports it (file, row group, row, column), as is a NaN score in the
// sixth. TestParquetInput checks the
// results over such units.
func TestParquetRowGroups(t *testing.T) {
	dir := t.TempDir()
	var rows []pqRow
	for i := range 250 {
		y := i % 2
		rows = append(rows, pqRow{True: fmt.Sprint("c", y), Pred: fmt.Sprint("c", (i/3)%2), Score: float64(i%17) / 8, Y: int64(y)})
	}
	good := filepath.Join(dir, "good.parquet")
	writeParquet(t, good, rows, 37)
	units, err := evalbeam.Units(context.Background(), []string{good})
	if err != nil || len(units) != 7 || units[6].RowGroup != 6 {
		t.Fatalf("units %v, %v; want 7 row groups", units, err)
	}
	rows[4*37+5].True = "0.5" // a number with a fraction: no class label
	rows[5*37+2].Score = math.NaN()
	bad := filepath.Join(dir, "bad.parquet")
	writeParquet(t, bad, rows, 37)
	sameError(t, "classify", bad)
	sameError(t, "rank", bad, "--true", "y")
}
