package regress

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// ErrBadEncoding is returned by UnmarshalBinary for bytes that are not a
// state's encoding.
var ErrBadEncoding = errors.New("regress: bad state encoding")

const stateVersion = 2 // 2: exact sums (1: compensated sums and Chan moments)

// MarshalBinary encodes the state — its options, sums, moments, the first
// offending row of each domain problem and the kept values — so that
// [State.UnmarshalBinary] restores it bit for bit (a distributed engine
// moves states between machines this way; evalkit-beam's regress
// combiner). The row namer ([State.SetRowName]) is not encoded.
func (s *State) MarshalBinary() ([]byte, error) {
	var a wire.Appender
	s.appendBinary(&a)
	return a, nil
}

func (s *State) appendBinary(a *wire.Appender) {
	var flags byte
	for i, on := range []bool{s.opt.KeepValues, s.weighted, s.positioned, s.opt.Moments} {
		if on {
			flags |= 1 << i
		}
	}
	a.Byte(stateVersion)
	a.Byte(flags)
	a.Float(s.opt.MAPEEpsilon)
	a.Float(s.opt.Alpha)
	a.Float(s.opt.Power)
	a.Varint(s.n)
	a.XSum(&s.w)
	for _, m := range []*moments{&s.y, &s.d} {
		a.XSum(&m.s1)
		a.XSum(&m.s2)
	}
	for _, x := range s.sums() {
		a.XSum(x)
	}
	if s.ci != nil {
		for _, x := range s.ci.sums() {
			a.XSum(x)
		}
	}
	a.Float(s.maxErr)
	for _, p := range s.first {
		a.Varint(p)
	}
	s.flat()
	for _, vs := range [][]float64{s.ys, s.ads, s.ws} {
		a.Uvarint(uint64(len(vs)))
		a.Floats(vs)
	}
}

// sums is the state's compensated sums other than the weights', in a
// fixed order (the encoding's).
func (s *State) sums() []*xsum.Sum {
	return []*xsum.Sum{&s.sq, &s.sq2, &s.abs, &s.ape, &s.ape2, &s.sape, &s.absY, &s.sqLog,
		&s.pinball, &s.poisson, &s.gamma, &s.tweedie}
}

// UnmarshalBinary replaces s with the state encoded in data by
// [State.MarshalBinary], keeping s's row namer. It returns an error
// wrapping ErrBadEncoding for data that is not such an encoding (and
// leaves s empty).
func (s *State) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, ErrBadEncoding)
	if err := s.decode(r); err != nil {
		return err
	}
	return r.End()
}

func (s *State) decode(r *wire.Reader) error {
	if r.Byte() != stateVersion {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := r.Byte()
	opt := StateOptions{MAPEEpsilon: r.Float(), Alpha: r.Float(), Power: r.Float(), KeepValues: flags&1 != 0, Moments: flags&8 != 0}
	if r.Err() != nil {
		return r.Err()
	}
	if err := opt.Check(); err != nil {
		return fmt.Errorf("%w: %v", ErrBadEncoding, err)
	}
	*s = State{opt: opt, name: s.name, weighted: flags&2 != 0, positioned: flags&4 != 0}
	t := s
	t.n = r.Varint()
	t.w = r.XSum()
	for _, m := range []*moments{&t.y, &t.d} {
		m.s1, m.s2 = r.XSum(), r.XSum()
	}
	for _, a := range t.sums() {
		*a = r.XSum()
	}
	if opt.Moments {
		t.ci = new(ciSums)
		for _, a := range t.ci.sums() {
			*a = r.XSum()
		}
	}
	t.maxErr = r.Float()
	for i := range t.first {
		t.first[i] = r.Varint()
	}
	for _, vs := range []*[]float64{&t.ys, &t.ads, &t.ws} {
		if n := r.Count(8); n > 0 {
			*vs = make([]float64, n)
			r.Floats(*vs)
		}
	}
	if r.Err() == nil && t.n < 0 {
		r.Fail("negative row count")
	}
	if r.Err() != nil {
		s.Reset()
		return r.Err()
	}
	return nil
}

// MarshalBinary encodes the k-output state (see [State.MarshalBinary]).
func (m *Multi) MarshalBinary() ([]byte, error) {
	var a wire.Appender
	a.Uvarint(uint64(len(m.outs)))
	for _, s := range m.outs {
		s.appendBinary(&a)
	}
	return a, nil
}

// UnmarshalBinary replaces m with the state encoded in data by
// [Multi.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// data that is not such an encoding, or whose outputs' options differ.
func (m *Multi) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, ErrBadEncoding)
	k := r.Count(1)
	if r.Err() == nil && k < 1 {
		return fmt.Errorf("%w: no output", ErrBadEncoding)
	}
	outs := make([]*State, k)
	for j := range outs {
		outs[j] = new(State)
		if err := outs[j].decode(r); err != nil {
			return err
		}
		if outs[j].opt != outs[0].opt {
			return fmt.Errorf("%w: outputs with different options", ErrBadEncoding)
		}
	}
	if err := r.End(); err != nil {
		return err
	}
	m.outs = outs
	return nil
}

// IssueRows returns the positions of the rows that warnings would name:
// for each domain problem that some row has, the first such row (see
// [State.AddBatchAt]). A reader that cannot name rows later (an engine
// that merges states far from the files) names these few while it still
// can, for the namer of [State.SetRowName].
func (s *State) IssueRows() []int64 {
	var out []int64
	for _, p := range s.first {
		if p != noIssue {
			out = append(out, p)
		}
	}
	return out
}
