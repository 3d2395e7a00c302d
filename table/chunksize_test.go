package table

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestOptionsChunkSize: Options.ChunkSize sets the chunks of Parallel (1:
// a row each) for that reader only; 0 keeps the default.
func TestOptionsChunkSize(t *testing.T) {
	data := "y\n" + strings.Repeat("1\n", 50)
	path := filepath.Join(t.TempDir(), "t.csv")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		size, want int
		file       bool
	}{{1, 50, false}, {0, 1, false}, {1, 50, true}, {0, 1, true}} {
		r, err := NewReaderWith(strings.NewReader(data), "t.csv", Options{Format: CSV, ChunkSize: c.size})
		if c.file {
			r, err = OpenWith(path, nil, Options{ChunkSize: c.size})
		}
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		chunks := map[int]bool{}
		err = r.Parallel(4, func(_ int, sub *Reader) error {
			for sub.Next() {
			}
			mu.Lock()
			chunks[sub.Chunk()] = true
			mu.Unlock()
			return nil
		})
		if err != nil || len(chunks) != c.want {
			t.Errorf("ChunkSize %d (file %v): %d chunks (%v), want %d", c.size, c.file, len(chunks), err, c.want)
		}
	}
}
