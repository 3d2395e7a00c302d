package table

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestParquetDirect: the direct page reader (directChunk) reads what the
// general reader reads, value for value and error for error, on files of
// both writers (Arrow's and DuckDB's, in testdata) and parquet-go's, with
// every codec, pages of one row to many, every row read and rows skipped
// (pages never decompressed), and it is the path taken for a required
// DOUBLE column stored PLAIN with snappy or no compression.
func TestParquetDirect(t *testing.T) {
	files, _ := filepath.Glob("testdata/parquet/*.parquet")
	rows := pqRows(1000, 3)
	for name, codec := range pqCodecs {
		for _, group := range []int{1000, 97, 1} {
			files = append(files, writeTemp(t, fmt.Sprintf("%s-%d.parquet", name, group), writePQ(t, rows, group, codec)))
		}
	}
	for _, path := range files {
		for _, step := range []int{1, 3, 40} {
			read := func(direct bool) (string, bool) {
				r, err := Open(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				r.pq.noDirect = !direct
				var b strings.Builder
				used := false
				for i := 0; r.Next(); i++ {
					for c := range r.Header() {
						if (i+c)%step != 0 {
							continue
						}
						v, err := r.Float(c)
						fmt.Fprintf(&b, "%d,%d: %v %v|", i, c, v, err)
						s, err := r.Text(c)
						fmt.Fprintf(&b, "%s %v\n", s, err)
						used = used || r.pqCols[c].direct
					}
				}
				fmt.Fprintf(&b, "end: %v", r.Err())
				return b.String(), used
			}
			want, _ := read(false)
			got, used := read(true)
			if got != want {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Fatalf("%s, every %d: the direct reader differs at byte %d:\n%s\nwant\n%s", path, step, i, got[max(0, i-200):min(len(got), i+200)], want[max(0, i-200):min(len(want), i+200)])
			}
			base := filepath.Base(path)
			wantUsed := step == 1 && slices.ContainsFunc([]string{"none-", "snappy-"}, func(p string) bool { return strings.HasPrefix(base, p) })
			if wantUsed && !used {
				t.Errorf("%s: the direct reader was not used", path)
			}
		}
	}
}
