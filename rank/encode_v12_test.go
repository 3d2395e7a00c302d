package rank

import (
	"github.com/evalkit-go/evalkit/internal/wire"
)

// marshalV12 writes a table in the encoding's versions 1 and 2 (the
// columns as float64s), which UnmarshalBinary still reads.
func marshalV12(t *Table) []byte {
	cols := [][]float64{t.Score, t.Pos, t.Neg}
	version := byte(tableVersion)
	if t.Weighted && t.PosRows != nil {
		version = tableVersionStats
		cols = append(cols, t.PosRows, t.NegRows, t.PosSq, t.NegSq)
	}
	var a wire.Appender
	a.Byte(version)
	if t.Weighted {
		a.Byte(1)
	} else {
		a.Byte(0)
	}
	a.Uvarint(uint64(t.Rows))
	a.Uvarint(uint64(len(t.Score)))
	a.Uvarint(uint64(len(t.npFlat)))
	for _, col := range cols {
		a.Floats(col)
	}
	a.Uint64s(t.npFlat)
	return a
}
