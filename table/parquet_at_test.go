package table

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// closeCount counts Close calls.
type closeCount struct{ n int }

func (c *closeCount) Close() error { c.n++; return nil }

// OpenParquet over a ReaderAt reads what Open reads of the same file (a
// range of row groups included), names the file as told, closes the closer
// with the reader, and rejects what is not Parquet with Open's error.
func TestOpenParquet(t *testing.T) {
	rows := pqRows(230, 9)
	data := writePQ(t, rows, 50, &parquet.Snappy)
	var cc closeCount
	r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), "gs://bucket/g.parquet", &cc)
	if err != nil {
		t.Fatal(err)
	}
	if r.RowGroups() != 5 || r.Name() != "gs://bucket/g.parquet" {
		t.Fatalf("%d row groups, name %q", r.RowGroups(), r.Name())
	}
	if err := r.LimitRowGroups(1, 3); err != nil {
		t.Fatal(err)
	}
	got := readPQ(t, r, false)
	var want [][]string
	for _, row := range rows[50:150] {
		want = append(want, row.want())
	}
	if !slices.EqualFunc(got, want, slices.Equal[[]string]) {
		t.Fatalf("rows of groups 1, 2: %d rows, want %d", len(got), len(want))
	}
	if r.Close(); cc.n != 1 {
		t.Errorf("closer closed %d times", cc.n)
	}
	bad := []byte("y,score\n1,0.5\n")
	_, err = OpenParquet(bytes.NewReader(bad), int64(len(bad)), "gs://bucket/x.parquet", nil)
	_, want2 := Open(writeTemp(t, "x.parquet", bad), nil)
	if !errors.Is(err, ErrBadParquet) || want2 == nil {
		t.Fatalf("not Parquet: %v (Open: %v)", err, want2)
	}
}
