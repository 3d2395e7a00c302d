package table

import (
	"bytes"
	"io"
	"os"
	"strings"
)

// EstimateRows guesses the number of rows of a plain (not compressed)
// file from its size and the length of its first lines, to reserve the
// kept values at once; 0 when it cannot tell.
func EstimateRows(r *Reader, path string) int {
	if n := r.KnownRows(); n >= 0 {
		return int(min(n, 1<<40))
	}
	if path == "" || path == "-" || strings.HasSuffix(strings.ToLower(path), ".gz") {
		return 0
	}
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0
	}
	head := make([]byte, 1<<16)
	n, _ := io.ReadFull(f, head)
	nl := bytes.Count(head[:n], []byte{'\n'})
	if nl < 2 {
		return 0
	}
	est := float64(st.Size()) / (float64(n) / float64(nl)) * 1.02
	if est > 1<<40 {
		return 0
	}
	return int(est)
}
