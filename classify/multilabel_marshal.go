package classify

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// multilabelVersion is the encoding's version: 2 added the second moments
// of the intervals; 3 the w² moments of weighted rows, Σ w²·|T|·|P| and the
// cross-label moments. Version 2 still decodes, into a state that gives
// the intervals version 2 gave (AddIntervals says which are missing).
const multilabelVersion = 3

// Flags of the encoding's second byte.
const (
	mlFixed   = 1 << iota // the label list is fixed
	mlNoCross             // no cross-label moments (past MultilabelCrossCap labels)
	mlLegacy              // merged from a version 2 state
)

// MarshalBinary encodes the multilabel state (its labels in first-seen
// order, whether the list was fixed, β, and every sum) so that a
// distributed engine can ship it between workers.
// [Multilabel.UnmarshalBinary] restores the same state bit for bit.
func (m *Multilabel) MarshalBinary() ([]byte, error) {
	names := m.Labels.Names()
	b := []byte{multilabelVersion, 0}
	if m.Labels.Fixed() {
		b[1] |= mlFixed
	}
	if m.noCross {
		b[1] |= mlNoCross
	}
	if m.legacy {
		b[1] |= mlLegacy
	}
	b = appendLabels(b, names)
	f := func(x float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x)) }
	sum := func(a fsum.Sum) { s, c := a.Parts(); f(s); f(c) }
	f(m.beta)
	b = binary.AppendUvarint(b, uint64(m.n))
	for _, a := range m.sums(multilabelVersion) {
		sum(*a)
	}
	for i := range names {
		for _, col := range m.labelSums(multilabelVersion) {
			sum(col[i])
		}
	}
	if !m.noCross {
		for _, a := range m.cross {
			sum(a)
		}
	}
	return b, nil
}

// sums is the state's sums other than the per-label ones, in the order of
// encoding version v.
func (m *Multilabel) sums(v byte) []*fsum.Sum {
	out := []*fsum.Sum{&m.w, &m.exact, &m.diff}
	out = append(out, m.moments()[:6]...) // version 2: diff2, tp2, np2, nt2, tpnp, tpnt
	if v >= 3 {
		out = append(out, m.moments()[6:]...)
	}
	for i := range m.samples {
		s := &m.samples[i]
		out = append(out, &s.def, &s.def2, &s.wDef, &s.wUndef)
		if v >= 3 {
			out = append(out, &s.defW2, &s.wDef2, &s.wUndef2)
		}
	}
	return out
}

// labelSums are the per-label sums in the order of encoding version v.
func (m *Multilabel) labelSums(v byte) [][]fsum.Sum {
	if v < 3 {
		return [][]fsum.Sum{m.tp, m.fp, m.fn, m.union}
	}
	return [][]fsum.Sum{m.tp, m.fp, m.fn, m.union, m.tpW2, m.fpW2, m.fnW2}
}

// UnmarshalBinary replaces m with the state encoded in data by
// [Multilabel.MarshalBinary] (this version or version 2). It returns an
// error wrapping ErrBadEncoding for anything else.
func (m *Multilabel) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	v := d.byte()
	if d.err == nil && v != multilabelVersion && v != 2 {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := d.byte()
	if d.err == nil && (flags&^(mlFixed|mlNoCross|mlLegacy) != 0 || v == 2 && flags&^mlFixed != 0) {
		d.fail("bad flags")
	}
	set := d.labels(flags&mlFixed != 0)
	if d.err != nil {
		return d.err
	}
	t := &Multilabel{Labels: set, beta: d.float(), noCross: flags&mlNoCross != 0, legacy: flags&mlLegacy != 0}
	if v == 2 {
		t.legacy, t.noCross = true, true
	}
	if d.err == nil && !(t.beta > 0) {
		d.fail("bad beta")
	}
	t.n = int64(d.uvarint())
	if d.err == nil && !t.noCross && set.Len() > MultilabelCrossCap {
		d.fail("cross-label moments past the cap")
	}
	if d.err != nil {
		return d.err
	}
	t.grow()
	for _, a := range t.sums(v) {
		*a = fsum.FromParts(d.float(), d.float())
	}
	for i := range set.Len() {
		for _, col := range t.labelSums(v) {
			col[i] = fsum.FromParts(d.float(), d.float())
		}
	}
	for i := range t.cross {
		t.cross[i] = fsum.FromParts(d.float(), d.float())
	}
	if v == 2 {
		// Version 2 kept the w² moments only for unweighted rows, where
		// they equal the w moments; AddIntervals gives weighted legacy
		// states no interval.
		t.w2, t.exactW2, t.diffW2 = t.w, t.exact, t.diff
		copy(t.tpW2, t.tp)
		copy(t.fpW2, t.fp)
		copy(t.fnW2, t.fn)
		for i := range t.samples {
			s := &t.samples[i]
			s.defW2, s.wDef2, s.wUndef2 = s.def, s.wDef, s.wUndef
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
