package regress

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

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
	return s.appendBinary(nil), nil
}

func (s *State) appendBinary(b []byte) []byte {
	f := func(x float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x)) }
	sum := func(a *xsum.Sum) { b = a.AppendBinary(b) }
	var flags byte
	for i, on := range []bool{s.opt.KeepValues, s.weighted, s.positioned, s.opt.Moments} {
		if on {
			flags |= 1 << i
		}
	}
	b = append(b, stateVersion, flags)
	f(s.opt.MAPEEpsilon)
	f(s.opt.Alpha)
	f(s.opt.Power)
	b = binary.AppendVarint(b, s.n)
	sum(&s.w)
	for _, m := range []*moments{&s.y, &s.d} {
		sum(&m.s1)
		sum(&m.s2)
	}
	for _, a := range s.sums() {
		sum(a)
	}
	if s.ci != nil {
		for _, a := range s.ci.sums() {
			sum(a)
		}
	}
	f(s.maxErr)
	for _, p := range s.first {
		b = binary.AppendVarint(b, p)
	}
	for _, vs := range [][]float64{s.ys, s.ads, s.ws} {
		b = binary.AppendUvarint(b, uint64(len(vs)))
		for _, v := range vs {
			f(v)
		}
	}
	return b
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
	d := decoder{b: data}
	if err := s.decode(&d); err != nil {
		return err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d bytes left over", ErrBadEncoding, len(d.b))
	}
	return nil
}

func (s *State) decode(d *decoder) error {
	if d.byte() != stateVersion {
		return fmt.Errorf("%w: unknown version", ErrBadEncoding)
	}
	flags := d.byte()
	opt := Options{MAPEEpsilon: d.float(), Alpha: d.float(), Power: d.float(), KeepValues: flags&1 != 0, Moments: flags&8 != 0}
	if d.err != nil {
		return d.err
	}
	if err := opt.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrBadEncoding, err)
	}
	*s = State{opt: opt, name: s.name, weighted: flags&2 != 0, positioned: flags&4 != 0}
	t := s
	t.n = d.varint()
	t.w = d.sum()
	for _, m := range []*moments{&t.y, &t.d} {
		m.s1, m.s2 = d.sum(), d.sum()
	}
	for _, a := range t.sums() {
		*a = d.sum()
	}
	if opt.Moments {
		t.ci = new(ciSums)
		for _, a := range t.ci.sums() {
			*a = d.sum()
		}
	}
	t.maxErr = d.float()
	for i := range t.first {
		t.first[i] = d.varint()
	}
	for _, vs := range []*[]float64{&t.ys, &t.ads, &t.ws} {
		n := d.count(8)
		if n > 0 {
			*vs = make([]float64, n)
			for i := range *vs {
				(*vs)[i] = d.float()
			}
		}
	}
	if d.err == nil && t.n < 0 {
		d.fail("negative row count")
	}
	if d.err != nil {
		s.Reset()
		return d.err
	}
	return nil
}

// MarshalBinary encodes the k-output state (see [State.MarshalBinary]).
func (m *Multi) MarshalBinary() ([]byte, error) {
	b := binary.AppendUvarint(nil, uint64(len(m.outs)))
	for _, s := range m.outs {
		b = s.appendBinary(b)
	}
	return b, nil
}

// UnmarshalBinary replaces m with the state encoded in data by
// [Multi.MarshalBinary]. It returns an error wrapping ErrBadEncoding for
// data that is not such an encoding, or whose outputs' options differ.
func (m *Multi) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	k := d.count(1)
	if d.err == nil && k < 1 {
		return fmt.Errorf("%w: no output", ErrBadEncoding)
	}
	outs := make([]*State, k)
	for j := range outs {
		outs[j] = new(State)
		if err := outs[j].decode(&d); err != nil {
			return err
		}
		if outs[j].opt != outs[0].opt {
			return fmt.Errorf("%w: outputs with different options", ErrBadEncoding)
		}
	}
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d bytes left over", ErrBadEncoding, len(d.b))
	}
	m.outs = outs
	return nil
}

// decoder reads an encoding; the first problem sticks in err.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s", ErrBadEncoding, what)
	}
	d.b = nil
}

func (d *decoder) byte() byte {
	if len(d.b) < 1 {
		d.fail("truncated")
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) float() float64 {
	if len(d.b) < 8 {
		d.fail("truncated")
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
	d.b = d.b[8:]
	return v
}

func (d *decoder) sum() xsum.Sum {
	s, rest, ok := xsum.Decode(d.b)
	if !ok {
		d.fail("bad sum")
		return xsum.Sum{}
	}
	d.b = rest
	return s
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a length of items of at least size bytes each, checked
// against what is left.
func (d *decoder) count(size int) int {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("bad length")
		return 0
	}
	d.b = d.b[n:]
	if v > uint64(len(d.b)/size) {
		d.fail("length beyond the data")
		return 0
	}
	return int(v)
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
