package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// Direct decoding of the commonest Parquet column chunk: fixed-width
// numbers (DOUBLE, FLOAT, INT64, INT32), PLAIN-encoded, uncompressed or
// snappy, with no null. [pqCol.directChunk] reads only the chunk's page
// headers; a page's values are read and decompressed when a row of it is
// first asked for, straight into a slice of one page that is reused
// (pages are read in the order of the rows, so the working set stays in
// the processor's cache, and pages of rows nobody asks for are never
// decompressed). Anything else — a dictionary, another encoding or codec,
// a null, a header or size that does not add up — makes directChunk give
// up, and the general reader (parquet-go's pages, [pqCol.decode]) decodes
// the whole chunk and reports what is wrong with it.

// littleEndian is true on hosts whose memory order is Parquet's.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// snappyCodec decompresses snappy pages.
var snappyCodec snappy.Codec

// pqPage is a data page of a chunk read by directChunk.
type pqPage struct {
	off        int64 // in the file, of the values
	size       int   // of the stored values
	n          int   // the number of values
	compressed bool
}

// chunkMeta returns the metadata of the column chunk of leaf column leaf
// in row group g, or nil.
func (pq *pqFile) chunkMeta(g, leaf int) *format.ColumnMetaData {
	md := pq.file.Metadata()
	if g >= len(md.RowGroups) || leaf >= len(md.RowGroups[g].Columns) {
		return nil
	}
	return &md.RowGroups[g].Columns[leaf].MetaData
}

// asBytes views the first n values of s's backing array as bytes
// (little-endian hosts only).
func asBytes[T int64 | float64 | float32 | int32](s []T, n int) []byte {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), n*int(unsafe.Sizeof(s[0])))
}

// directChunk prepares c (reset for l) to read the chunk described by md,
// of a row group of rows rows, a page at a time. It returns false when the
// chunk is not one it reads; c must then be reset again.
func (c *pqCol) directChunk(ra io.ReaderAt, size int64, md *format.ColumnMetaData, l pqLeaf, rows int) bool {
	if !littleEndian || l.list || rows <= 0 || md.DictionaryPageOffset > 0 {
		return false
	}
	if md.Codec != format.Uncompressed && md.Codec != format.Snappy {
		return false
	}
	start, total := md.DataPageOffset, md.TotalCompressedSize
	if start < int64(len(parquetMagic)) || total <= 0 || total > size || start > size-8-total {
		return false
	}
	switch {
	case l.kind == 'd' && md.Type == format.Double, (l.kind == 'i' || l.kind == 'u') && md.Type == format.Int64:
		c.width = 8
	case l.kind == 'f' && md.Type == format.Float, (l.kind == 'i' || l.kind == 'u') && md.Type == format.Int32:
		c.width = 4
	default:
		return false
	}
	c.pages = c.pages[:0]
	end := start + total
	filled := 0 // values in the pages so far
	for pos := start; filled < rows; {
		h, n, ok := c.pageHeader(ra, pos, end)
		if !ok {
			return false
		}
		pos += int64(n)
		if h.CompressedPageSize < 0 || int64(h.CompressedPageSize) > end-pos || h.UncompressedPageSize < 0 {
			return false
		}
		p := pqPage{off: pos, size: int(h.CompressedPageSize), compressed: md.Codec != format.Uncompressed}
		pos += int64(p.size)
		switch h.Type {
		case format.DataPage:
			v1, ok := h.DataPageHeader.Get()
			// With a definition level (an optional column), the levels are
			// compressed with the values; leave those to the general reader.
			if !ok || v1.Encoding != format.Plain || l.maxDef > 0 {
				return false
			}
			p.n = int(v1.NumValues)
		case format.DataPageV2:
			v2, ok := h.DataPageHeaderV2.Get()
			if !ok || v2.Encoding != format.Plain || v2.NumNulls != 0 || v2.NumRows != v2.NumValues || v2.RepetitionLevelsByteLength != 0 {
				return false
			}
			// NumNulls = 0: every definition level is the maximum.
			levels := int(v2.DefinitionLevelsByteLength)
			if levels < 0 || levels > p.size || int(h.UncompressedPageSize) < levels {
				return false
			}
			p.off += int64(levels)
			p.size -= levels
			h.UncompressedPageSize -= int32(levels)
			if z, ok := v2.IsCompressed.Get(); ok && !z {
				p.compressed = false
			}
			p.n = int(v2.NumValues)
		default:
			return false
		}
		if p.n <= 0 || p.n > rows-filled || int(h.UncompressedPageSize) != p.n*c.width || !p.compressed && p.size != p.n*c.width {
			return false
		}
		c.pages = append(c.pages, p)
		filled += p.n
	}
	c.null, c.nulls = nil, 0 // no nulls: the pages are all defined
	c.direct, c.ra, c.page, c.base, c.vn = true, ra, 0, 0, 0
	return true
}

// checkPageValues checks the values that the pages of the byte-array
// chunk described by md, of a row group of rows rows, count: their
// headers, as many as the chunk's metadata says and, unless l is a list,
// as rows; and a page of values (PLAIN, DELTA_LENGTH_BYTE_ARRAY or
// DELTA_BYTE_ARRAY), as many values as its header and definition levels
// say are not null (parquet-go prints a warning on standard error for a
// page where these differ, then reads on). A page it cannot read is left
// to the general reader, which reports what is wrong with it.
func (c *pqCol) checkPageValues(ra io.ReaderAt, size int64, md *format.ColumnMetaData, l pqLeaf, rows int) error {
	start, total := md.DataPageOffset, md.TotalCompressedSize
	if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
		start = md.DictionaryPageOffset
	}
	if start < int64(len(parquetMagic)) || total <= 0 || total > size || start > size-8-total {
		return nil
	}
	end := start + total
	var n int64 // the values the data pages count
	for page := 1; start < end; page++ {
		h, hn, ok := c.pageHeader(ra, start, end)
		if !ok || h.CompressedPageSize < 0 || int64(h.CompressedPageSize) > end-start-int64(hn) {
			return nil
		}
		pos := start + int64(hn)
		start = pos + int64(h.CompressedPageSize)
		var err error
		switch h.Type {
		case format.DataPage:
			v1, ok := h.DataPageHeader.Get()
			if !ok {
				return nil
			}
			n += int64(v1.NumValues)
			if valueEncoding(v1.Encoding) && md.Type == format.ByteArray {
				err = c.pageValues(ra, pos, &h, md, l, v1.Encoding, nil)
			}
		case format.DataPageV2:
			v2, ok := h.DataPageHeaderV2.Get()
			if !ok {
				return nil
			}
			n += int64(v2.NumValues)
			if valueEncoding(v2.Encoding) && md.Type == format.ByteArray {
				err = c.pageValues(ra, pos, &h, md, l, v2.Encoding, &v2)
			}
		}
		if err != nil {
			return fmt.Errorf("page %d of the column chunk: %w", page, err)
		}
	}
	if n != md.NumValues || !l.list && n != int64(rows) {
		return fmt.Errorf("the page headers count %d values, the column chunk %d and the row group %d rows", n, md.NumValues, rows)
	}
	return nil
}

// valueEncoding reports whether the byte arrays of a data page of
// encoding enc are its values (not a dictionary's indexes), of an
// encoding whose count pageValues reads.
func valueEncoding(enc format.Encoding) bool {
	return enc == format.Plain || enc == format.DeltaLengthByteArray || enc == format.DeltaByteArray
}

// pageValues checks that the byte-array data page of header h, stored at
// pos, of encoding enc (valueEncoding), holds as many values as are not
// null (v2: the header of a version 2 page). A page it cannot read is no
// error.
func (c *pqCol) pageValues(ra io.ReaderAt, pos int64, h *format.PageHeader, md *format.ColumnMetaData, l pqLeaf, enc format.Encoding, v2 *format.DataPageHeaderV2) error {
	c.raw = grow(c.raw, int(h.CompressedPageSize))
	if _, err := ra.ReadAt(c.raw, pos); err != nil {
		return nil
	}
	data := c.raw
	var levels []byte // the definition levels, RLE
	var want int64    // the values not null
	if v2 != nil {
		rl, dl := int(v2.RepetitionLevelsByteLength), int(v2.DefinitionLevelsByteLength)
		if rl < 0 || dl < 0 || rl+dl > len(data) {
			return nil
		}
		data = data[rl+dl:]
		want = int64(v2.NumValues) - int64(v2.NumNulls)
		if md.Codec != format.Uncompressed {
			if z, ok := v2.IsCompressed.Get(); !ok || z {
				var err error
				if data, err = c.decompress(md.Codec, data, h); err != nil {
					return nil
				}
			}
		}
	} else {
		if md.Codec != format.Uncompressed {
			var err error
			if data, err = c.decompress(md.Codec, data, h); err != nil {
				return nil
			}
		}
		v1, _ := h.DataPageHeader.Get()
		want = int64(v1.NumValues)
		skip := func() []byte {
			if len(data) < 4 {
				return nil
			}
			m := int(binary.LittleEndian.Uint32(data))
			if m < 0 || m > len(data)-4 {
				return nil
			}
			b := data[4 : 4+m]
			data = data[4+m:]
			return b
		}
		if l.list {
			if skip() == nil || v1.RepetitionLevelEncoding != format.RLE {
				return nil
			}
		}
		if l.maxDef > 0 {
			if levels = skip(); levels == nil || v1.DefinitionLevelEncoding != format.RLE {
				return nil
			}
			enc := rle.Encoding{BitWidth: bits.Len(uint(l.maxDef))}
			defs, err := enc.DecodeLevels(nil, levels)
			if err != nil || int64(len(defs)) < want {
				return nil
			}
			want = 0
			for _, d := range defs[:v1.NumValues] {
				if int(d) == l.maxDef {
					want++
				}
			}
		}
	}
	got, ok := storedValues(data, enc)
	if !ok {
		return nil
	}
	if got != want {
		return fmt.Errorf("%d values stored, where its header and definition levels count %d not null", got, want)
	}
	return nil
}

// storedValues returns the number of values that the data of a page of
// byte arrays of encoding enc (valueEncoding) holds, as parquet-go
// decodes them: PLAIN, every length-prefixed value; the delta encodings,
// the total count in the header of their first DELTA_BINARY_PACKED run
// (the values' lengths, or prefix lengths). ok is false when the data
// does not read so.
func storedValues(data []byte, enc format.Encoding) (n int64, ok bool) {
	if enc != format.Plain {
		// <block size> <miniblocks in a block> <total count> <first value>
		for range 2 {
			_, k := binary.Uvarint(data)
			if k <= 0 {
				return 0, false
			}
			data = data[k:]
		}
		total, k := binary.Uvarint(data)
		if k <= 0 || total > math.MaxInt32 {
			return 0, false
		}
		return int64(total), true
	}
	for len(data) >= 4 {
		m := int64(binary.LittleEndian.Uint32(data))
		if m > int64(len(data)-4) {
			return 0, false
		}
		data = data[4+m:]
		n++
	}
	return n, len(data) == 0
}

// decompress returns the page data src decompressed with codec.
func (c *pqCol) decompress(codec format.CompressionCodec, src []byte, h *format.PageHeader) ([]byte, error) {
	if h.UncompressedPageSize < 0 || h.UncompressedPageSize > 1<<30 {
		return nil, errors.New("page size")
	}
	out, err := parquet.LookupCompressionCodec(codec).Decode(c.plain[:0], src)
	if err == nil {
		c.plain = out
	}
	return out, err
}

// pageHeader decodes the page header at pos (before end); n is its length.
func (c *pqCol) pageHeader(ra io.ReaderAt, pos, end int64) (h format.PageHeader, n int, ok bool) {
	// Headers are short (tens of bytes, more with statistics): read a
	// little, and more if that was too little.
	for want := int64(256); ; want *= 8 {
		m := min(want, end-pos)
		if int64(cap(c.hdr)) < m {
			c.hdr = make([]byte, m)
		}
		buf := c.hdr[:m]
		if _, err := ra.ReadAt(buf, pos); err != nil {
			return h, 0, false
		}
		h = format.PageHeader{}
		pr := (&thrift.CompactProtocol{}).NewReaderFromBytes(buf)
		err := thrift.NewDecoder(pr).Decode(&h)
		if err == nil {
			return h, pr.BytesRead(), true
		}
		if m == end-pos || want >= 1<<20 {
			return h, 0, false
		}
	}
}

// errPageRead wraps an error of reading a page of a directChunk column.
var errPageRead = errors.New("reading a page")

// at returns the index in c's slices of the value of row row of the row
// group, reading its page if c is read a page at a time.
func (c *pqCol) at(row int) (int, error) {
	i := row - c.base
	if uint(i) < uint(c.vn) || !c.direct {
		return i, nil
	}
	if err := c.load(row); err != nil {
		return 0, err
	}
	return row - c.base, nil
}

// load reads the page that holds row row into c's slices.
func (c *pqCol) load(row int) error {
	if row < c.base {
		c.page, c.base, c.vn = 0, 0, 0
	}
	for row >= c.base+c.vn {
		if c.page >= len(c.pages) {
			return fmt.Errorf("%w: row %d is past the column chunk", errPageRead, row+1)
		}
		c.base += c.vn
		c.vn = 0
		p := c.pages[c.page]
		c.page++
		if row < c.base+p.n {
			if err := c.readPage(p); err != nil {
				return err
			}
		}
		c.vn = p.n
	}
	return nil
}

// readPage reads and decompresses page p into c's slices.
func (c *pqCol) readPage(p pqPage) error {
	raw := grow(c.raw, p.size)
	c.raw = raw
	if _, err := c.ra.ReadAt(raw, p.off); err != nil {
		return fmt.Errorf("%w: %v", errPageRead, err)
	}
	var into []byte
	switch {
	case c.kind == 'd':
		c.f = grow(c.f, p.n)
		into = asBytes(c.f, p.n)
	case c.kind == 'f':
		c.f32 = grow(c.f32, p.n)
		into = asBytes(c.f32, p.n)
	case c.width == 8:
		c.i = grow(c.i, p.n)
		into = asBytes(c.i, p.n)
	default:
		c.i, c.i32 = grow(c.i, p.n), grow(c.i32, p.n)
		into = asBytes(c.i32, p.n)
	}
	if p.compressed {
		out, err := snappyCodec.Decode(into, raw)
		if err == nil && (len(out) != len(into) || &out[0] != &into[0]) {
			err = fmt.Errorf("a page holds %d bytes, its header says %d", len(out), len(into))
		}
		if err != nil {
			return fmt.Errorf("%w: %v", errPageRead, err)
		}
	} else {
		copy(into, raw)
	}
	if c.width == 4 && (c.kind == 'i' || c.kind == 'u') {
		for k, v := range c.i32[:p.n] {
			if c.kind == 'u' {
				c.i[k] = int64(uint32(v))
			} else {
				c.i[k] = int64(v)
			}
		}
	}
	return nil
}

// grow returns s with length n, reusing its array when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
