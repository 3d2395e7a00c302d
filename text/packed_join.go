package text

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/internal/wire"
)

// AppendPacked adds q's sentences after p's, in order, as if each had
// been appended to p (p widens when q's numbers need it). It returns an
// error wrapping ErrPack, adding none, when q's sentences are not laid out
// as p's (another chrF order, another number of TER references).
func (p *Packed[S]) AppendPacked(q *Packed[S]) error {
	if q.n == 0 {
		return nil
	}
	if p.n > 0 && (p.dim != q.dim || p.nrefs != q.nrefs) {
		return fmt.Errorf("%w: sentences of %d numbers (%d references) after %d (%d)", ErrPack, q.dim, q.nrefs, p.dim, p.nrefs)
	}
	p.nrefs = q.nrefs
	row := make([]int64, q.dim)
	for i := range q.n {
		clear(row)
		q.addRow(row, i)
		p.push(row, q.dim)
	}
	return nil
}

// packedVersion is the first byte of a Packed's binary form.
const packedVersion = 1

// MarshalBinary encodes p: a version byte, the numbers a sentence, the
// sentences, the TER references and the width (2 or 4 bytes), as
// uvarints, then every number little-endian at that width, sentence by
// sentence. The numbers a BLEU sentence, 2 + 2N, carry its order N, so
// encodings made before BLEUOptions.MaxNgramOrder existed (N = 4) decode
// as they did.
func (p *Packed[S]) MarshalBinary() ([]byte, error) {
	width := 2
	if p.wide != nil {
		width = 4
	}
	a := make(wire.Appender, 0, 1+4*binary.MaxVarintLen64+width*p.n*p.dim)
	a.Byte(packedVersion)
	for _, x := range []int{p.dim, p.n, p.nrefs, width} {
		a.Uvarint(uint64(x))
	}
	for _, blk := range p.narrow {
		for _, x := range blk {
			a = binary.LittleEndian.AppendUint16(a, x)
		}
	}
	for _, blk := range p.wide {
		for _, x := range blk {
			a = binary.LittleEndian.AppendUint32(a, x)
		}
	}
	return a, nil
}

// errPacked is what the errors of [Packed.UnmarshalBinary] wrap.
var errPacked = errors.New("text: packed statistics")

// UnmarshalBinary decodes what MarshalBinary encoded into p, replacing
// its sentences.
func (p *Packed[S]) UnmarshalBinary(b []byte) error {
	r := wire.NewReader(b, errPacked)
	if r.Byte() != packedVersion {
		return fmt.Errorf("%w: unknown encoding", errPacked)
	}
	var head [4]int
	for i := range head {
		head[i] = int(r.Uvarint(1 << 40))
	}
	dim, n, nrefs, width := head[0], head[1], head[2], head[3]
	if r.Err() != nil {
		return r.Err()
	}
	if width != 2 && width != 4 || n > 0 && dim == 0 || dim > 1<<16 {
		return fmt.Errorf("%w: bad header", errPacked)
	}
	if _, bleu := any(*new(S)).(BLEUStats); bleu && n > 0 && (dim%2 != 0 || dim < 4 || dim > 2+2*OrderLimit) {
		return fmt.Errorf("%w: BLEU sentences of %d numbers (want 2 + 2N for an order N from 1 to %d)", errPacked, dim, OrderLimit)
	}
	if r.Len() != width*n*dim {
		return fmt.Errorf("%w: %d bytes of numbers, want %d", errPacked, r.Len(), width*n*dim)
	}
	*p = Packed[S]{dim: dim, n: n, nrefs: nrefs}
	for at := 0; at < n; at += packBlock {
		m := min(packBlock, n-at) * dim
		b := r.Bytes(width * m)
		if width == 2 {
			blk := make([]uint16, m)
			for i := range blk {
				blk[i] = binary.LittleEndian.Uint16(b[2*i:])
			}
			p.narrow = append(p.narrow, blk)
		} else {
			blk := make([]uint32, m)
			for i := range blk {
				blk[i] = binary.LittleEndian.Uint32(b[4*i:])
			}
			p.wide = append(p.wide, blk)
		}
	}
	if width == 4 && p.wide == nil {
		p.wide = [][]uint32{}
	}
	return nil
}
