package evalbeam

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// tailBytes is how much of a remote Parquet file's end is read into
// memory at once when its footer is wanted and not known.
const tailBytes = 1 << 20

// rangeReader reads a file of a Beam file system (gs://, s3://, …) by
// offsets, for a Parquet reader: Beam's file systems give Size and a
// stream from the start (OpenRead), not ranges. A stream that can read
// at offsets itself (io.ReaderAt) or seek (io.Seeker) is used so; any
// other is read forward, skipping what is not wanted, and opened again
// when a read goes back. The file's last bytes (tail) are kept in memory:
// given (Unit.Footer), or read at once when a read first reaches into the
// last tailBytes, so that the footer costs one pass, not two.
type rangeReader struct {
	ctx  context.Context
	fs   filesystem.Interface
	path string
	size int64
	tail []byte // the file's last len(tail) bytes

	mu    sync.Mutex
	rc    io.ReadCloser
	pos   int64 // the stream's offset
	opens int   // streams opened
}

// ReadAt reads len(p) bytes at offset off, as io.ReaderAt.
func (f *rangeReader) ReadAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if off < 0 {
		return 0, fmt.Errorf("%s: read at offset %d", f.path, off)
	}
	if off >= f.size {
		return 0, io.EOF
	}
	n := len(p)
	var eof error
	if int64(n) > f.size-off {
		n, eof = int(f.size-off), io.EOF
	}
	start := f.size - int64(len(f.tail))
	if keep := min(f.size, tailBytes); off < start && off+int64(n) > f.size-keep && int64(len(f.tail)) < keep {
		// Reaching into the end: keep the last bytes, read in one go.
		tail := make([]byte, keep)
		if err := f.read(tail, f.size-keep); err != nil {
			return 0, err
		}
		f.tail, start = tail, f.size-keep
	}
	if off >= start {
		copy(p[:n], f.tail[off-start:])
		return n, eof
	}
	if err := f.read(p[:n], off); err != nil {
		return 0, err
	}
	return n, eof
}

// read fills p from offset off of the stream, opening it (again) or
// skipping forward as needed.
func (f *rangeReader) read(p []byte, off int64) error {
	_, seeks := f.rc.(io.Seeker)
	if f.rc == nil || off < f.pos && !seeks {
		if f.rc != nil {
			f.rc.Close()
		}
		rc, err := f.fs.OpenRead(f.ctx, f.path)
		if err != nil {
			f.rc = nil
			return f.fail(err)
		}
		f.rc, f.pos = rc, 0
		f.opens++
	}
	if ra, ok := f.rc.(io.ReaderAt); ok {
		_, err := ra.ReadAt(p, off)
		return f.fail(err)
	}
	if off != f.pos {
		var err error
		if s, ok := f.rc.(io.Seeker); ok {
			_, err = s.Seek(off, io.SeekStart)
		} else {
			_, err = io.CopyN(io.Discard, f.rc, off-f.pos)
		}
		if err != nil {
			f.rc.Close()
			f.rc = nil // open again next time
			return f.fail(err)
		}
		f.pos = off
	}
	m, err := io.ReadFull(f.rc, p)
	f.pos += int64(m)
	return f.fail(err)
}

// fail names the file in a read error; a stream that ends early means
// the file is shorter than its size said.
func (f *rangeReader) fail(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: the file ends before its %d bytes: it changed while read", f.path, f.size)
	}
	return fmt.Errorf("%s: %v", f.path, err)
}

// footer returns the file's footer, its length and its magic number, if
// the tail holds them (nil if not).
func (f *rangeReader) footer() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.tail
	if len(t) < 8 {
		return nil
	}
	n := int64(binary.LittleEndian.Uint32(t[len(t)-8:])) + 8
	if n > int64(len(t)) {
		return nil
	}
	return append([]byte(nil), t[int64(len(t))-n:]...)
}

// Close closes the stream and the file system.
func (f *rangeReader) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rc != nil {
		f.rc.Close()
		f.rc = nil
	}
	return f.fs.Close()
}
