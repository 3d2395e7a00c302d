package classify

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/label"
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
	mlByValue             // the rows by value follow (labels all numbers, one spelled two ways in a row), nested
)

// MarshalBinary encodes the multilabel state (its labels in first-seen
// order, whether the list was fixed, β, and every sum) so that a
// distributed engine can ship it between workers.
// [Multilabel.UnmarshalBinary] restores the same state bit for bit.
func (m *Multilabel) MarshalBinary() ([]byte, error) {
	names := m.Labels.Names()
	var flags byte
	if m.Labels.Fixed() {
		flags |= mlFixed
	}
	if m.noCross {
		flags |= mlNoCross
	}
	if m.legacy {
		flags |= mlLegacy
	}
	if m.byValue != nil {
		flags |= mlByValue
	}
	a := wire.Appender{multilabelVersion, flags}
	a = appendLabels(a, names)
	a.Float(m.beta)
	a.Uvarint(uint64(m.n))
	for _, s := range m.sums(multilabelVersion) {
		a.FSum(*s)
	}
	for i := range names {
		for _, col := range m.labelSums(multilabelVersion) {
			a.FSum(col[i])
		}
	}
	if !m.noCross {
		for _, s := range m.cross {
			a.FSum(s)
		}
	}
	if m.byValue != nil {
		b, _ := m.byValue.MarshalBinary()
		a.Block(b)
	}
	return a, nil
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
	r := wire.NewReader(data, ErrBadEncoding)
	v := r.Byte()
	if r.Err() == nil && v != multilabelVersion && v != 2 {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	if r.Err() == nil && (flags&^(mlFixed|mlNoCross|mlLegacy|mlByValue) != 0 || v == 2 && flags&^mlFixed != 0 || flags&mlFixed != 0 && flags&mlByValue != 0) {
		r.Fail("bad flags")
	}
	set := readLabels(r, flags&mlFixed != 0)
	if r.Err() != nil {
		return r.Err()
	}
	t := &Multilabel{Labels: set, beta: r.Float(), noCross: flags&mlNoCross != 0, legacy: flags&mlLegacy != 0}
	if v == 2 {
		t.legacy, t.noCross = true, true
	}
	if r.Err() == nil && !(t.beta > 0) {
		r.Fail("bad beta")
	}
	t.n = int64(r.Uvarint(math.MaxInt64))
	if L := set.Len(); r.Err() == nil && !t.noCross && (L > MultilabelCrossCap || r.Len() < 16*9*L*(L-1)/2) {
		r.Fail("cross-label moments past the cap or the data") // before allocating them
	}
	if r.Err() != nil {
		return r.Err()
	}
	t.grow()
	for _, a := range t.sums(v) {
		*a = r.FSum()
	}
	for i := range set.Len() {
		for _, col := range t.labelSums(v) {
			col[i] = r.FSum()
		}
	}
	for i := range t.cross {
		t.cross[i] = r.FSum()
	}
	if flags&mlByValue != 0 && r.Err() == nil {
		b := r.Block()
		v := new(Multilabel)
		switch {
		case r.Err() != nil:
		case v.UnmarshalBinary(b) != nil || v.byValue != nil || v.beta != t.beta || !label.AllNumbers(v.Labels.Names()) || !label.AllNumbers(set.Names()):
			r.Fail("bad rows by value")
		default:
			v.canon, v.value, v.canonical = true, nil, nil
			t.byValue = v
		}
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
	if err := r.End(); err != nil {
		return err
	}
	t.tracksValues()
	*m = *t
	return nil
}
