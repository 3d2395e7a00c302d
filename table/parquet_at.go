package table

import "io"

// OpenParquet reads the footer of a Parquet file of size bytes read through
// ra (a file on a remote file system, read by ranges) and returns a
// reader positioned before its first row; name is how errors name the
// file. closer, if not nil, is closed by [Reader.Close]. Only the footer is
// read here; the column chunks of a row group are read when it is
// reached, only those of the columns asked for.
func OpenParquet(ra io.ReaderAt, size int64, name string, closer io.Closer) (*Reader, error) {
	return newParquetReader(ra, size, name, closer)
}
