package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
)

type pqRow struct {
	True  string  `parquet:"y_true,dict"`
	Pred  string  `parquet:"y_pred,dict"`
	Score float64 `parquet:"y_score"`
	Y     int64   `parquet:"y"`
}

// writeParquet writes rows to a Parquet file at path, in row groups of
// group rows.
func writeParquet[T any](t *testing.T, path string, rows []T, group int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[T](f)
	for i := 0; i < len(rows); i += group {
		if _, err := w.Write(rows[i:min(i+group, len(rows))]); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// Parquet files (several row groups each) are read one unit a row group,
// through the core table package: the same JSON as evalkit on one Parquet
// file of all the rows.
func TestParquetInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	dir := t.TempDir()
	var all []pqRow
	for i := range 5 {
		var rows []pqRow
		for range 50 + rng.IntN(200) {
			y := rng.IntN(2)
			p := y
			if rng.IntN(4) == 0 {
				p = 1 - y
			}
			rows = append(rows, pqRow{True: fmt.Sprint("c", y), Pred: fmt.Sprint("c", p), Score: float64(rng.IntN(50)+20*y) / 16, Y: int64(y)})
		}
		writeParquet(t, filepath.Join(dir, fmt.Sprintf("p%d.parquet", i)), rows, 37)
		all = append(all, rows...)
	}
	whole := filepath.Join(t.TempDir(), "all.parquet")
	writeParquet(t, whole, all, 100)
	for _, args := range [][]string{{"classify"}, {"rank", "--true", "y"}} {
		t.Run(args[0], func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append(args[:1:1], "--format", "json"), append(args[1:], whole)...)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(args, "--input", filepath.Join(dir, "*.parquet"))...)
			if code != 0 {
				t.Fatal(msg)
			}
			if got != want {
				t.Errorf("evalkit-beam:\n%.2000s\nevalkit:\n%.2000s", got, want)
			}
		})
	}
}
