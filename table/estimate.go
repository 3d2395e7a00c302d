package table

import "bytes"

// estimateHead is how many bytes from the start of the file EstimateRows
// measures the length of a line on.
const estimateHead = 1 << 16

// EstimateRows guesses the number of rows of a table, to reserve the kept
// values at once; 0 when it cannot tell. Parquet gives the number. For a
// regular file, not compressed, it is the file's size over the mean
// length of the lines in its first 64 KiB, plus 2%. It reads nothing the
// Reader will not read: the lines are those the Reader has buffered (it
// may fill its buffer), so a pipe, a device or standard input, which can
// be read only once, loses no rows (it is never measured: 0).
func EstimateRows(r *Reader) int {
	if n := r.KnownRows(); n >= 0 {
		return int(min(n, 1<<40))
	}
	if r.size < 0 || r.gzip || r.br == nil || r.progress == nil {
		return 0
	}
	// The bytes consumed so far are the header's (and a byte order mark),
	// ending on a line ending.
	consumed := r.progress.n.Load() - int64(r.br.Buffered())
	want := estimateHead - int(consumed)
	if want <= 0 || r.nextLine < 1 {
		return 0
	}
	head, _ := r.br.Peek(min(want, r.br.Size()))
	n := int(consumed) + len(head)
	nl := r.nextLine + bytes.Count(head, []byte{'\n'})
	if nl < 2 {
		return 0
	}
	est := float64(r.size) / (float64(n) / float64(nl)) * 1.02
	if est > 1<<40 {
		return 0
	}
	return int(est)
}
