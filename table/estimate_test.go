package table_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// manyRows is a CSV of n rows, longer than the 64 KiB EstimateRows looks at.
func manyRows(n int) string {
	var b strings.Builder
	b.WriteString("y_true,y_score\n")
	for i := range n {
		fmt.Fprintf(&b, "%d,%.6f\n", i%2, float64(i%997)/997)
	}
	return b.String()
}

func countRows(t *testing.T, r *table.Reader) int {
	t.Helper()
	n := 0
	for r.Next() {
		n++
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestEstimateRowsRegular: on a regular file the estimate is the file's
// size over the mean line length of its first 64 KiB, plus 2%, measured on
// what the reader buffers (no second open).
func TestEstimateRowsRegular(t *testing.T) {
	data := manyRows(20000)
	path := filepath.Join(t.TempDir(), "f.csv")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := table.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	head := data[:1<<16]
	want := int(float64(len(data)) / (float64(len(head)) / float64(strings.Count(head, "\n"))) * 1.02)
	if got := table.EstimateRows(r); got != want {
		t.Errorf("EstimateRows = %d, want %d", got, want)
	}
	if n := countRows(t, r); n != 20000 {
		t.Errorf("read %d rows, want 20000", n)
	}
}

// TestEstimateRowsStream: a named pipe or standard input is read once, by
// the reader: the estimate is 0 and no row is lost.
func TestEstimateRowsStream(t *testing.T) {
	data := manyRows(40000)
	t.Run("fifo", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "p.csv")
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Skip("no named pipes:", err)
		}
		go func() {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.WriteString(data)
			f.Close()
		}()
		r, err := table.Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if got := table.EstimateRows(r); got != 0 {
			t.Errorf("EstimateRows = %d, want 0", got)
		}
		if n := countRows(t, r); n != 40000 {
			t.Errorf("read %d rows, want 40000", n)
		}
	})
	t.Run("stdin", func(t *testing.T) {
		r, err := table.Open("-", bytes.NewReader([]byte(data)))
		if err != nil {
			t.Fatal(err)
		}
		if got := table.EstimateRows(r); got != 0 {
			t.Errorf("EstimateRows = %d, want 0", got)
		}
		if n := countRows(t, r); n != 40000 {
			t.Errorf("read %d rows, want 40000", n)
		}
	})
}
