package regress

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// Values held elsewhere.
//
// A state made without StateOptions.KeepValues lacks the measures that
// need every row: medae and the D² pinball, absolute-error and (power ≠ 0)
// Tweedie scores. A caller that holds the rows elsewhere — evalkit-beam
// reads them again, key range by key range, on several workers — supplies
// what those measures need, and the state then computes them exactly as
// if it had kept its values (the same bits):
//
//  1. [State.Selections] lists the order statistics needed;
//  2. the caller finds each among the rows and hands them to
//     [State.SetSelected], which fixes the quantiles of y;
//  3. [State.Nulls] returns an exact accumulator of the null models'
//     losses at those quantiles; the caller adds every row's target to it
//     (in pieces merged in any order) and hands it to [State.SetNulls].

// Kept names a column of the values a state keeps.
type Kept int

const (
	KeptAbsError Kept = iota // |y − ŷ|
	KeptTarget               // y
)

// A Selection is an order statistic of a kept column. Unweighted, it is
// the values of 0-based ranks Rank and Rank+1 in ascending order (+Inf for
// the second when Rank is the last). Weighted, it is the smallest value v
// whose weight W(≤ v), summed exactly, reaches Target (compared exactly),
// or the largest value when none does.
type Selection struct {
	Of       Kept
	Weighted bool
	Rank     int64
	Target   float64
}

// outside is what a caller supplied for a state without kept values.
type outside struct {
	medae   float64
	tweedie float64             // Σ w·d(y, ȳ_w), the Tweedie null deviance
	q       map[float64]float64 // the α-quantile of y per α
	alphas  []float64           // the null pinball losses' α, in Nulls' order
	done    bool                // SetNulls has been called
}

// nullAlphas returns the α of the null pinball losses the measures need:
// 0.5 (D² absolute error) and the options' α if it differs.
func (s *State) nullAlphas() []float64 {
	if a := s.opt.alpha(); a != 0.5 {
		return []float64{0.5, a}
	}
	return []float64{0.5}
}

// Selections returns the order statistics that the quantile measures of
// s need (see [Selection]): the median absolute error's, then the
// quantiles of y at the α of [State.nullAlphas]. None for an empty state.
func (s *State) Selections() []Selection {
	if s.n == 0 {
		return nil
	}
	if s.weighted {
		total := s.w.Value()
		sel := []Selection{{Of: KeptAbsError, Weighted: true, Target: weightTarget(total, 50)}}
		for _, a := range s.nullAlphas() {
			sel = append(sel, Selection{Of: KeptTarget, Weighted: true, Target: weightTarget(total, a*100)})
		}
		return sel
	}
	sel := []Selection{{Of: KeptAbsError, Rank: medianRank(s.n)}}
	for _, a := range s.nullAlphas() {
		i, _ := linearRank(s.n, a*100)
		sel = append(sel, Selection{Of: KeptTarget, Rank: i})
	}
	return sel
}

// medianRank is the lower rank of numpy's median of n values: the middle
// one for odd n, the lower of the two middle ones for even n.
func medianRank(n int64) int64 {
	if n%2 == 1 {
		return n / 2
	}
	return n/2 - 1
}

// medianOf is numpy's median of n values from the order statistics of
// rank medianRank(n) and the next.
func medianOf(n int64, lo, hi float64) float64 {
	if n%2 == 1 {
		return lo
	}
	return (lo + hi) / 2
}

// linearRank returns the lower rank i of numpy's linear percentile q of n
// values and the fraction t of the way to rank i+1 (t = 0 at the last rank).
func linearRank(n int64, q float64) (int64, float64) {
	h := float64(n-1) * (q / 100)
	i := int64(math.Floor(h))
	if i >= n-1 {
		return n - 1, 0
	}
	if i < 0 {
		i = 0
	}
	return i, h - float64(i)
}

// lerp is numpy's _lerp between the order statistics lo and hi at t.
func lerp(lo, hi, t float64) float64 {
	d := hi - lo
	if t >= 0.5 {
		return hi - d*(1-t)
	}
	return lo + d*t
}

// SetSelected gives s the values of its Selections, in their order (for
// a weighted selection, the value in both places). It returns an error
// if s keeps its own values or the count is wrong.
func (s *State) SetSelected(v [][2]float64) error {
	sel := s.Selections()
	if s.opt.KeepValues {
		return errors.New("regress: SetSelected on a state that keeps its values")
	}
	if len(v) != len(sel) {
		return fmt.Errorf("regress: SetSelected: %d values for %d selections", len(v), len(sel))
	}
	o := &outside{q: map[float64]float64{}, alphas: s.nullAlphas()}
	if s.weighted {
		o.medae = v[0][0]
		for i, a := range o.alphas {
			o.q[a] = v[1+i][0]
		}
	} else {
		o.medae = medianOf(s.n, v[0][0], v[0][1])
		for i, a := range o.alphas {
			_, t := linearRank(s.n, a*100)
			if t == 0 && sel[1+i].Rank == s.n-1 {
				o.q[a] = v[1+i][0]
				continue
			}
			o.q[a] = lerp(v[1+i][0], v[1+i][1], t)
		}
	}
	s.outside = o
	s.yq = nil
	return nil
}

// Nulls accumulates, exactly, the losses over the targets of the null
// models that the D² scores compare with: the pinball loss at each needed
// quantile of y, and the Tweedie deviance at the weighted mean of y (for a
// power ≠ 0). Its sums are exact, so pieces merged in any order give the
// same bits.
type Nulls struct {
	Alphas, Q []float64 // the pinball losses' α and quantile
	Power, Mu float64   // the Tweedie power (0: none) and the mean of y
	pin       []xsum.Sum
	dev       xsum.Sum
}

// Nulls returns an empty accumulator for s, after [State.SetSelected].
func (s *State) Nulls() (*Nulls, error) {
	if s.outside == nil {
		return nil, errors.New("regress: Nulls before SetSelected")
	}
	n := &Nulls{Alphas: s.outside.alphas}
	if s.opt.Power != 0 && !s.w.IsZero() {
		n.Power, n.Mu = s.opt.Power, s.y.mean(&s.w)
	}
	for _, a := range n.Alphas {
		n.Q = append(n.Q, s.outside.q[a])
	}
	n.pin = make([]xsum.Sum, len(n.Alphas))
	return n, nil
}

// Empty returns an empty accumulator of the same quantiles, power and mean.
func (n *Nulls) Empty() *Nulls {
	return &Nulls{Alphas: n.Alphas, Q: n.Q, Power: n.Power, Mu: n.Mu, pin: make([]xsum.Sum, len(n.Alphas))}
}

// Add adds a row of target y and weight w (1 for an unweighted state).
func (n *Nulls) Add(y, w float64) {
	for i, a := range n.Alphas {
		n.pin[i].Add(w * pinballTerm(y-n.Q[i], a))
	}
	if n.Power != 0 && tweedieOK(n.Power, 1, n.Mu) {
		n.dev.Add(w * tweedieDev(n.Power, y, n.Mu))
	}
}

// Merge adds the rows of o to n.
func (n *Nulls) Merge(o *Nulls) {
	for i := range n.pin {
		n.pin[i].Merge(&o.pin[i])
	}
	n.dev.Merge(&o.dev)
}

// MarshalBinary encodes the sums (the quantiles, power and mean are the
// state's and are not encoded: decode into [Nulls.Empty] of the same).
func (n *Nulls) MarshalBinary() ([]byte, error) {
	var b []byte
	for i := range n.pin {
		b = n.pin[i].AppendBinary(b)
	}
	return n.dev.AppendBinary(b), nil
}

// UnmarshalBinary decodes what MarshalBinary encoded into n, which must
// have the same quantiles.
func (n *Nulls) UnmarshalBinary(b []byte) error {
	for i := range n.pin {
		s, rest, ok := xsum.Decode(b)
		if !ok {
			return errors.New("regress: bad Nulls encoding")
		}
		n.pin[i], b = s, rest
	}
	s, rest, ok := xsum.Decode(b)
	if !ok || len(rest) != 0 {
		return errors.New("regress: bad Nulls encoding")
	}
	n.dev = s
	return nil
}

// SetNulls gives s the null models' losses over every row, after which
// its quantile measures are available.
func (s *State) SetNulls(n *Nulls) error {
	if s.outside == nil {
		return errors.New("regress: SetNulls before SetSelected")
	}
	w := s.w.Value()
	s.yq = map[float64]nullLoss{}
	for i, a := range n.Alphas {
		den := n.pin[i].Value() / w
		s.yq[a] = nullLoss{loss: den, overflow: math.IsInf(den, 0) || math.IsNaN(den)}
	}
	s.outside.tweedie = n.dev.Value()
	s.outside.done = true
	return nil
}

// Kept returns the values s keeps, each row's target y and absolute error
// |y − ŷ|, and its weight (nil for an unweighted state).
func (s *State) Kept() (y, absErr, w []float64) {
	s.flat()
	if !s.weighted {
		return s.ys, s.ads, nil
	}
	return s.ys, s.ads, s.ws
}

// DropValues forgets the values s keeps and clears StateOptions.KeepValues,
// leaving the state a state without kept values would be after the same
// rows (which can then be merged with such states).
func (s *State) DropValues() {
	s.opt.KeepValues = false
	s.ys, s.ads, s.ws, s.more = nil, nil, nil, nil
	s.yq = nil
}

// DropValues drops every output's kept values (see [State.DropValues]).
func (m *Multi) DropValues() {
	for _, s := range m.outs {
		s.DropValues()
	}
}
