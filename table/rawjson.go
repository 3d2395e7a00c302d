package table

// RawJSON returns the JSON text of column col in the current JSON Lines row
// exactly as written (strings keep their quotes), or nil when the row lacks
// the key; for CSV and TSV it returns nil. The bytes are valid until the
// next call to Next.
func (r *Reader) RawJSON(col int) []byte {
	if r.format != JSONL || col < 0 || col >= len(r.header) {
		return nil
	}
	return r.jsonObj[r.header[col]]
}
