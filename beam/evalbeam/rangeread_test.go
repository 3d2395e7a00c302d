package evalbeam

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
)

// rangeReader over Beam's in-memory file system (whose streams neither
// seek nor read at offsets, like gs:// and s3://) reads what the bytes
// hold at any offsets; it opens a stream again only to go back, reads the
// tail once, and gives the footer from it.
func TestRangeReader(t *testing.T) {
	ctx := context.Background()
	for _, size := range []int{20, tailBytes - 3, tailBytes + 4321, 3*tailBytes + 17} {
		data := make([]byte, size)
		rng := rand.New(rand.NewPCG(uint64(size), 1))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		binary.LittleEndian.PutUint32(data[size-8:], 10) // a footer of 10 bytes
		path := "memfs://bucket/f.parquet"
		memfs.Write(path, data)
		fs, err := filesystem.New(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		f := &rangeReader{ctx: ctx, fs: fs, path: path, size: int64(size)}
		// As a Parquet reader goes: the head, the end, then forward.
		reads := [][2]int{{0, 4}, {size - 8, 8}, {size - 18, 10}, {size / 3, 5}, {size / 2, size / 4}, {size - 2, 10}}
		for range 50 {
			o := rng.IntN(size)
			reads = append(reads, [2]int{o, rng.IntN(size - o + 1)})
		}
		for i, rd := range reads {
			p := make([]byte, rd[1])
			n, err := f.ReadAt(p, int64(rd[0]))
			want := data[rd[0]:min(rd[0]+rd[1], size)]
			if n != len(want) || !bytes.Equal(p[:n], want) || (n < rd[1]) != (err == io.EOF) || err != nil && err != io.EOF {
				t.Fatalf("size %d, read %d at %d: %d bytes, %v", size, rd[1], rd[0], n, err)
			}
			if i == 2 && f.opens != 1 {
				t.Errorf("size %d: %d streams opened for the head and the footer", size, f.opens)
			}
		}
		if got := f.footer(); !bytes.Equal(got, data[size-18:]) {
			t.Errorf("size %d: footer %d bytes, want 18", size, len(got))
		}
		f.Close()
		// Given the footer, a worker reads no further than it needs.
		g := &rangeReader{ctx: ctx, fs: fs, path: path, size: int64(size), tail: data[size-18:]}
		p := make([]byte, 8)
		if _, err := g.ReadAt(p, int64(size-8)); err != nil || !bytes.Equal(p, data[size-8:]) || g.opens != 0 {
			t.Errorf("size %d: footer read from the stream (%d opens, %v)", size, g.opens, err)
		}
		g.Close()
		// A file shorter than its size said is an error naming it.
		h := &rangeReader{ctx: ctx, fs: fs, path: path, size: int64(size) + 100}
		if _, err := h.ReadAt(make([]byte, 4), int64(size)+50); err == nil || !bytes.Contains([]byte(err.Error()), []byte(path)) {
			t.Errorf("size %d: short file read: %v", size, err)
		}
		h.Close()
	}
}
