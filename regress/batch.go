package regress

import (
	"fmt"
	"math"
)

// blockSize is the number of rows whose per-row terms are summed in plain
// float64 before the block sum enters the compensated (Neumaier) total: a
// blocked summation whose rounding error grows with the block, not with n.
const blockSize = 256

// Grow reserves room for n more kept rows (with KeepValues), so that a
// caller who knows the size avoids the copies of a growing slice.
func (s *State) Grow(n int) {
	if !s.opt.KeepValues || n <= 0 {
		return
	}
	grow := func(a []float64) []float64 {
		if cap(a)-len(a) >= n {
			return a
		}
		b := make([]float64, len(a), len(a)+n)
		copy(b, a)
		return b
	}
	s.ys, s.ads = grow(s.ys), grow(s.ads)
	if s.weighted {
		s.ws = grow(s.ws)
	}
}

// IssueRows returns, for each domain problem the state tracks, the first
// row that has it, or -1: zero target under MAPE, negative value under
// MSLE, Poisson, Gamma and Tweedie domain. A reader uses it to record the
// input position of those rows (see [State.SetRowName]).
func (s *State) IssueRows() []int64 { return append([]int64(nil), s.first[:]...) }

// AddBatch adds rows (y[i], yhat[i]) with weights w[i] (w nil: weight 1,
// as Add). It is Add / AddWeighted for many rows, faster. A non-finite
// value or a bad weight is an error naming its row, and then no row of the
// batch is added. It panics if the lengths differ.
func (s *State) AddBatch(y, yhat, w []float64) error {
	if len(y) != len(yhat) || (w != nil && len(w) != len(y)) {
		panic(fmt.Sprintf("regress: AddBatch of %d targets, %d predictions and %d weights", len(y), len(yhat), len(w)))
	}
	for i := range y {
		if err := s.checkRowAt(s.n+int64(i), y[i], yhat[i]); err != nil {
			return err
		}
		if w != nil && (!(w[i] >= 0) || math.IsInf(w[i], 1)) {
			return fmt.Errorf("%s: %w: %v", s.rowName(s.n+int64(i)), ErrBadWeight, w[i])
		}
	}
	if w != nil && !s.weighted {
		s.markWeighted()
	}
	for lo := 0; lo < len(y); lo += blockSize {
		hi := min(lo+blockSize, len(y))
		var wb []float64
		if w != nil {
			wb = w[lo:hi]
		}
		s.addBlock(y[lo:hi], yhat[lo:hi], wb)
	}
	return nil
}

// addBlock adds validated rows: plain sums within the block, compensated
// across blocks; the moments of y and d by two passes over the block and a
// Chan merge.
func (s *State) addBlock(y, yhat, w []float64) {
	var sw, sq, sabs, ape, sape, absY, sqLog, pin, pinHalf, pois, gam, tw float64
	var swy, swd float64
	maxErr := s.maxErr
	a := s.opt.alpha()
	eps := s.opt.MAPEEpsilon
	p := s.opt.Power
	base := s.n
	keep := s.opt.KeepValues
	for i := range y {
		yi, pi := y[i], yhat[i]
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		d := yi - pi
		ad := math.Abs(d)
		sw += wi
		swy += wi * yi
		swd += wi * d
		sq += wi * d * d
		sabs += wi * ad
		if ad > maxErr {
			maxErr = ad
		}
		ay := math.Abs(yi)
		absY += wi * ay
		if den := math.Max(ay, eps); den > 0 {
			ape += wi * (ad / den)
		} else if s.first[issueZeroTarget] < 0 {
			s.first[issueZeroTarget] = base + int64(i)
			s.changes++
		}
		if den := ay + math.Abs(pi); den > 0 {
			sape += wi * (2 * ad / den)
		}
		if yi < 0 || pi < 0 {
			if s.first[issueNegative] < 0 {
				s.first[issueNegative] = base + int64(i)
				s.changes++
			}
		} else {
			l := math.Log1p(yi) - math.Log1p(pi)
			sqLog += wi * l * l
		}
		if d >= 0 {
			pin += wi * (a * d)
		} else {
			pin += wi * (-(1 - a) * d)
		}
		pinHalf += wi * (0.5 * ad)
		if yi < 0 || pi <= 0 {
			if s.first[issuePoisson] < 0 {
				s.first[issuePoisson] = base + int64(i)
				s.changes++
			}
		} else {
			pois += wi * poissonDev(yi, pi)
		}
		if yi <= 0 || pi <= 0 {
			if s.first[issueGamma] < 0 {
				s.first[issueGamma] = base + int64(i)
				s.changes++
			}
		} else {
			gam += wi * gammaDev(yi, pi)
		}
		switch {
		case p == 0:
			tw += wi * d * d
		case tweedieOK(p, yi, pi):
			tw += wi * tweedieDev(p, yi, pi)
		case s.first[issueTweedie] < 0:
			s.first[issueTweedie] = base + int64(i)
			s.changes++
		}
	}
	if sw > 0 {
		// Second pass: the block's moments about its own means.
		my, md := swy/sw, swd/sw
		var m2y, m2d float64
		for i := range y {
			wi := 1.0
			if w != nil {
				wi = w[i]
			}
			ey := y[i] - my
			ed := (y[i] - yhat[i]) - md
			m2y += wi * ey * ey
			m2d += wi * ed * ed
		}
		s.y.merge(moments{w: sw, mean: my, m2: m2y})
		s.d.merge(moments{w: sw, mean: md, m2: m2d})
	}
	s.w.Add(sw)
	s.sq.Add(sq)
	s.abs.Add(sabs)
	s.ape.Add(ape)
	s.sape.Add(sape)
	s.absY.Add(absY)
	s.sqLog.Add(sqLog)
	s.pinball.Add(pin)
	s.pinHalf.Add(pinHalf)
	s.poisson.Add(pois)
	s.gamma.Add(gam)
	s.tweedie.Add(tw)
	s.maxErr = maxErr
	if keep {
		s.ys = append(s.ys, y...)
		for i := range y {
			s.ads = append(s.ads, math.Abs(y[i]-yhat[i]))
		}
		if s.weighted {
			if w != nil {
				s.ws = append(s.ws, w...)
			} else {
				for range y {
					s.ws = append(s.ws, 1)
				}
			}
		}
	}
	s.n += int64(len(y))
	s.yq = nil
}

// AddBatch adds rows to every output: ys[j][i] and yhats[j][i] are output
// j of row i (column-major: one slice per output), w the row weights (nil:
// 1). On an error (naming the output and row) nothing is added. It panics
// if the shapes do not match.
func (m *Multi) AddBatch(ys, yhats [][]float64, w []float64) error {
	if len(ys) != len(m.outs) || len(yhats) != len(m.outs) {
		panic("regress: Multi.AddBatch with the wrong number of outputs")
	}
	for j, s := range m.outs {
		if len(ys[j]) != len(ys[0]) || len(yhats[j]) != len(ys[0]) || (w != nil && len(w) != len(ys[0])) {
			panic("regress: Multi.AddBatch with columns of different lengths")
		}
		for i := range ys[j] {
			if err := s.checkRowAt(s.n+int64(i), ys[j][i], yhats[j][i]); err != nil {
				if len(m.outs) > 1 {
					err = fmt.Errorf("output %d: %w", j, err)
				}
				return err
			}
		}
	}
	for j, s := range m.outs {
		if err := s.AddBatch(ys[j], yhats[j], w); err != nil {
			return err // only a bad weight, met at output 0 before any row is added
		}
	}
	return nil
}
