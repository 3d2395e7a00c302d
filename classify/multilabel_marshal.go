package classify

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

const multilabelVersion = 2 // 2: the second moments of the intervals

// MarshalBinary encodes the multilabel state (its labels in first-seen
// order, whether the list was fixed, β, and every sum) so that a
// distributed engine can ship it between workers.
// [Multilabel.UnmarshalBinary] restores the same state bit for bit.
func (m *Multilabel) MarshalBinary() ([]byte, error) {
	names := m.Labels.Names()
	b := []byte{multilabelVersion, 0}
	if m.Labels.Fixed() {
		b[1] |= 1
	}
	b = appendLabels(b, names)
	f := func(x float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x)) }
	sum := func(a fsum.Sum) { s, c := a.Parts(); f(s); f(c) }
	f(m.beta)
	b = binary.AppendUvarint(b, uint64(m.n))
	for _, a := range m.sums() {
		sum(*a)
	}
	for i := range names {
		for _, col := range [][]fsum.Sum{m.tp, m.fp, m.fn, m.union} {
			sum(col[i])
		}
	}
	return b, nil
}

// sums is the state's sums other than the per-label ones, in the
// encoding's order.
func (m *Multilabel) sums() []*fsum.Sum {
	out := []*fsum.Sum{&m.w, &m.exact, &m.diff, &m.diff2, &m.tp2, &m.np2, &m.nt2, &m.tpnp, &m.tpnt}
	for i := range m.samples {
		out = append(out, &m.samples[i].def, &m.samples[i].def2, &m.samples[i].wDef, &m.samples[i].wUndef)
	}
	return out
}

// UnmarshalBinary replaces m with the state encoded in data by
// [Multilabel.MarshalBinary]. It returns an error wrapping ErrBadEncoding
// for anything else.
func (m *Multilabel) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	if d.byte() != multilabelVersion {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := d.byte()
	set := d.labels(flags&1 != 0)
	if d.err != nil {
		return d.err
	}
	t := &Multilabel{Labels: set, beta: d.float()}
	if d.err == nil && !(t.beta > 0) {
		d.fail("bad beta")
	}
	t.n = int64(d.uvarint())
	t.grow()
	for _, a := range t.sums() {
		*a = fsum.FromParts(d.float(), d.float())
	}
	for i := range set.Len() {
		for _, col := range [][]fsum.Sum{t.tp, t.fp, t.fn, t.union} {
			col[i] = fsum.FromParts(d.float(), d.float())
		}
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%w: %d trailing bytes", ErrBadEncoding, len(d.b))
	}
	if d.err != nil {
		return d.err
	}
	*m = *t
	return nil
}
