package regress

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// A state of a few measures: [FoldOnly] fills a [Multi] with the sums that
// the measures asked for read, and leaves the others empty. Each sum is
// the same exact sum of the same per-row terms as the full state's
// (addBlock), so a measure of it has the same bits as the measure of a
// full state of the same rows; the measures it was not filled for are
// not meaningful.

// need is a set of a State's sums.
type need uint32

const (
	needY       need = 1 << iota // the moments of y
	needD                        // the moments of d = y − ŷ
	needSq                       // Σ w d²
	needAbs                      // Σ w |d|
	needAbsY                     // Σ w |y|
	needApe                      // Σ w |d|/max(|y|, ε), and zero targets
	needSape                     // Σ w 2|d|/(|y| + |ŷ|)
	needSqLog                    // Σ w (log(1 + y) − log(1 + ŷ))², and negative values
	needPinball                  // Σ w pinball(d)
	needPoisson                  // Σ w Poisson deviance, and its domain
	needGamma                    // Σ w Gamma deviance, and its domain
	needTweedie                  // Σ w Tweedie deviance, and its domain
	needMax                      // max |d|
	needAds                      // the kept |d| (and weights)
	needYs                       // the kept y (and weights)
)

// needOf returns the sums the measure with JSON key key (one of Specs'
// keys, or "adjusted_r2") reads at Tweedie power p, or false for an
// unknown key.
func needOf(key string, p float64) (need, bool) {
	switch key {
	case "mse", "rmse":
		return needSq, true
	case "mae":
		return needAbs, true
	case "mape":
		return needApe, true
	case "smape":
		return needSape, true
	case "wape":
		return needAbs | needAbsY, true
	case "medae":
		return needAds, true
	case "max_error":
		return needMax, true
	case "r2", "adjusted_r2":
		return needSq | needY, true
	case "explained_variance":
		return needD | needY, true
	case "msle", "rmsle":
		return needSqLog, true
	case "pinball":
		return needPinball, true
	case "poisson_deviance":
		return needPoisson, true
	case "gamma_deviance":
		return needGamma, true
	case "tweedie_deviance":
		if p == 0 {
			return needSq, true
		}
		return needTweedie, true
	case "d2_tweedie":
		if p == 0 {
			return needSq | needY, true
		}
		return needTweedie | needY | needYs, true
	case "d2_pinball":
		return needPinball | needYs, true
	case "d2_absolute_error":
		return needAbs | needYs, true
	}
	return 0, false
}

// modestBound bounds the magnitude of the values and weights of which
// no exact sum of a State can overflow (w·y², w·d², … below 2·10²⁷⁰ a
// row).
const modestBound = 1e90

// modest reports whether every value of y and yhat and every weight of w
// (nil: none) is finite and at most modestBound in magnitude, and every
// weight is ≥ 0 (a NaN fails every comparison).
func modest(y, yhat [][]float64, w []float64) bool {
	ok := true
	for _, x := range w {
		ok = ok && x >= 0 && x <= modestBound
	}
	for j := range y {
		p := yhat[j]
		for i, v := range y[j] {
			ok = ok && math.Abs(v) <= modestBound && math.Abs(p[i]) <= modestBound
		}
	}
	return ok
}

// onlyRows is the fewest rows a processor of FoldOnly gets.
const onlyRows = 1 << 15

// FoldOnly returns a k-output state of the rows (y[j][i], yhat[j][i]) of
// weights w (nil: weight 1), as [Multi.AddBatch] would fill it, but with
// only the sums that the measures with the JSON keys keys (of [Specs], or
// "adjusted_r2") read, and with the moments of y when varianceWeighted
// (the weights of [VarianceWeighted]): those measures of its outputs, and
// [Multi.Score] of them, have the bits of the full state's; the other
// measures of it are not meaningful. (When a value or weight exceeds
// 10⁹⁰ in magnitude, and some other sum could overflow, every sum is
// computed.) Values are kept (without
// StateOptions.KeepValues) when a measure needs them, in memory of their
// own: the caller's slices are only read. A row's position is its index.
// A non-finite value or a bad weight is an error as AddBatch's; an
// unknown key wraps ErrBadOption. Rows are folded on every processor. It
// panics if the shapes differ or the options are invalid.
func FoldOnly(keys []string, varianceWeighted bool, opt StateOptions, y, yhat [][]float64, w []float64) (*Multi, error) {
	if len(y) == 0 || len(y) != len(yhat) {
		panic("regress: FoldOnly with no outputs, or different numbers of targets and predictions")
	}
	n := len(y[0])
	for j := range y {
		if len(y[j]) != n || len(yhat[j]) != n {
			panic("regress: FoldOnly with columns of different lengths")
		}
	}
	if w != nil && len(w) != n {
		panic("regress: FoldOnly with weights of the wrong length")
	}
	var nd need
	for _, k := range keys {
		x, ok := needOf(k, opt.Power)
		if !ok {
			return nil, fmt.Errorf("%w: no measure %q", ErrBadOption, k)
		}
		nd |= x
	}
	if varianceWeighted {
		nd |= needY
	}
	if nd&(needAds|needYs) != 0 {
		opt.KeepValues = true
	}
	if err := opt.Check(); err != nil {
		panic("regress: " + err.Error())
	}
	opt.Moments = false // the sums of intervals are no measure's
	m := &Multi{outs: make([]*State, len(y))}
	for j := range m.outs {
		m.outs[j] = onlyState(opt)
	}
	if !modest(y, yhat, w) {
		// Every sum, as the full state's: some could overflow, which
		// every measure checks; or AddBatch names the first bad row.
		if err := m.AddBatch(y, yhat, w); err != nil {
			return nil, err
		}
		return m, nil
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), n/onlyRows))
	for j, s := range m.outs {
		s.foldOnly(nd, y[j], yhat[j], w, workers)
	}
	return m, nil
}

// foldOnly adds the validated rows to the empty state s, the sums of nd
// only, in workers parts of rows merged exactly.
func (s *State) foldOnly(nd need, y, yhat, w []float64, workers int) {
	n := len(y)
	s.n = int64(n)
	s.positioned = true // first[] holds row indexes
	s.weighted = w != nil
	if nd&(needAds|needYs) != 0 {
		s.ads = make([]float64, n)
		if nd&needYs != 0 {
			s.ys = make([]float64, n)
		} else {
			// Only the absolute errors are read (MedAE), but the kept
			// values are ys' length: the same slice stands for both.
			s.ys = s.ads
		}
		if s.weighted {
			s.ws = make([]float64, n)
		}
	}
	if workers == 1 {
		s.foldPart(nd, y, yhat, w, 0, n)
		return
	}
	parts := make([]*State, workers)
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*n/workers, (p+1)*n/workers
		part := &State{opt: s.opt, weighted: s.weighted, ys: s.ys, ads: s.ads, ws: s.ws}
		for i := range part.first {
			part.first[i] = noIssue
		}
		parts[p] = part
		wg.Add(1)
		go func() {
			defer wg.Done()
			part.foldPart(nd, y, yhat, w, lo, hi)
		}()
	}
	wg.Wait()
	for _, o := range parts {
		s.w.Merge(&o.w)
		s.y.merge(&o.y)
		s.d.merge(&o.d)
		os := o.sums()
		for i, a := range s.sums() {
			a.Merge(os[i])
		}
		s.maxErr = math.Max(s.maxErr, o.maxErr)
		for i, f := range o.first {
			s.first[i] = min(s.first[i], f)
		}
	}
}

// foldPart adds rows lo to hi of the validated columns to the sums of nd
// (into s's own sums, and the kept values' rows lo to hi), a block of
// rows at a time, each sum's terms computed as addBlock computes them.
func (s *State) foldPart(nd need, y, yhat, w []float64, lo, hi int) {
	buf := make([]float64, 5*1024) // moments: 1 and 4 terms a row, and d
	a := s.opt.alpha()
	eps := s.opt.MAPEEpsilon
	p := s.opt.Power
	weighted := w != nil
	for b := lo; b < hi; b += 1024 {
		e := min(hi, b+1024)
		ys, ps := y[b:e], yhat[b:e]
		var ws []float64
		if weighted {
			ws = w[b:e]
			s.w.AddSlice(ws)
		} else {
			s.w.Add(float64(len(ys))) // exact: an integer below 2⁵³
		}
		// wt is row i's weight times x, as addBlock's wi*x (wi = 1
		// unweighted: the same bits).
		wt := func(i int, x float64) float64 {
			if weighted {
				return ws[i] * x
			}
			return x
		}
		add := func(sum *xsum.Sum, term func(i int, yi, pi float64) float64) {
			t := buf[:len(ys)]
			for i := range t {
				t[i] = term(i, ys[i], ps[i])
			}
			sum.AddSlice(t)
		}
		// addIf adds the terms of the rows in the domain ok, and notes the
		// first row outside it as issue kind (kind < 0: none).
		addIf := func(sum *xsum.Sum, kind int, ok func(yi, pi float64) bool, term func(i int, yi, pi float64) float64) {
			t := buf[:0]
			for i := range ys {
				if ok(ys[i], ps[i]) {
					t = append(t, term(i, ys[i], ps[i]))
				} else if kind >= 0 && int64(b+i) < s.first[kind] {
					s.first[kind] = int64(b + i)
				}
			}
			sum.AddSlice(t)
		}
		// The hot sums in loops of their own, without a call a row.
		if nd&needY != 0 {
			foldMoments(&s.y, ys, ws, buf)
		}
		if nd&needD != 0 {
			d := buf[4*1024 : 4*1024+len(ys)]
			for i := range d {
				d[i] = ys[i] - ps[i]
			}
			foldMoments(&s.d, d, ws, buf)
		}
		if nd&needSq != 0 {
			t := buf[:len(ys)]
			if weighted {
				for i := range t {
					d := ys[i] - ps[i]
					t[i] = ws[i] * (d * d)
				}
			} else {
				for i := range t {
					d := ys[i] - ps[i]
					t[i] = d * d
				}
			}
			s.sq.AddSlice(t)
		}
		if nd&needAbs != 0 {
			t := buf[:len(ys)]
			if weighted {
				for i := range t {
					t[i] = ws[i] * math.Abs(ys[i]-ps[i])
				}
			} else {
				for i := range t {
					t[i] = math.Abs(ys[i] - ps[i])
				}
			}
			s.abs.AddSlice(t)
		}
		if nd&needAbsY != 0 {
			add(&s.absY, func(i int, yi, _ float64) float64 { return wt(i, math.Abs(yi)) })
		}
		if nd&needApe != 0 {
			addIf(&s.ape, issueZeroTarget, func(yi, _ float64) bool { return max(math.Abs(yi), eps) > 0 },
				func(i int, yi, pi float64) float64 { return wt(i, math.Abs(yi-pi)/max(math.Abs(yi), eps)) })
		}
		if nd&needSape != 0 {
			addIf(&s.sape, -1, func(yi, pi float64) bool { return math.Abs(yi)+math.Abs(pi) > 0 },
				func(i int, yi, pi float64) float64 {
					return wt(i, 2*math.Abs(yi-pi)/(math.Abs(yi)+math.Abs(pi)))
				})
		}
		if nd&needSqLog != 0 {
			addIf(&s.sqLog, issueNegative, func(yi, pi float64) bool { return !(yi < 0 || pi < 0) },
				func(i int, yi, pi float64) float64 {
					l := log1pDiff(yi, pi, yi-pi)
					if weighted {
						return ws[i] * l * l
					}
					return l * l
				})
		}
		if nd&needPinball != 0 {
			add(&s.pinball, func(i int, yi, pi float64) float64 { return wt(i, pinballTerm(yi-pi, a)) })
		}
		if nd&needPoisson != 0 {
			addIf(&s.poisson, issuePoisson, func(yi, pi float64) bool { return yi >= 0 && pi > 0 },
				func(i int, yi, pi float64) float64 {
					if yi == 0 {
						return wt(i, 2*pi) // 0·log 0 = 0
					}
					q := yi / pi
					return wt(i, 2*(yi*math.Log(q)-yi+pi))
				})
		}
		if nd&needGamma != 0 {
			addIf(&s.gamma, issueGamma, func(yi, pi float64) bool { return yi > 0 && pi > 0 },
				func(i int, yi, pi float64) float64 {
					q := yi / pi
					return wt(i, 2*(-math.Log(q)+q-1))
				})
		}
		if nd&needTweedie != 0 && p != 0 {
			addIf(&s.tweedie, issueTweedie, func(yi, pi float64) bool { return tweedieOK(p, yi, pi) },
				func(i int, yi, pi float64) float64 { return wt(i, tweedieDev(p, yi, pi)) })
		}
		if nd&needMax != 0 {
			m := s.maxErr
			for i := range ys {
				m = max(m, math.Abs(ys[i]-ps[i]))
			}
			s.maxErr = m
		}
		if nd&(needAds|needYs) != 0 {
			appendAbsErr(s.ads[b:b], ys, ps)
			if nd&needYs != 0 {
				copy(s.ys[b:e], ys)
			}
			if weighted {
				copy(s.ws[b:e], ws)
			}
		}
	}
}

// foldMoments adds the terms of the values x of weights w (nil: 1) to
// the moments m, as addBlock's terms.moments splits them; buf holds at
// least 4·len(x) values.
func foldMoments(m *moments, x, w, buf []float64) {
	if w == nil {
		m.s1.AddSlice(x)
		t := buf[:2*len(x)]
		for i, xi := range x {
			q := xi * xi
			t[2*i], t[2*i+1] = q, math.FMA(xi, xi, -q)
		}
		m.s2.AddSlice(t)
		return
	}
	t1 := buf[:2*len(x)]
	for i, xi := range x {
		wx := w[i] * xi
		t1[2*i], t1[2*i+1] = wx, math.FMA(w[i], xi, -wx)
	}
	m.s1.AddSlice(t1)
	t2 := buf[:4*len(x)]
	for i := len(x) - 1; i >= 0; i-- { // from the end: t1's pairs are read before t2 overwrites them
		xi := x[i]
		wx, e := t1[2*i], t1[2*i+1]
		q, r := wx*xi, e*xi
		t2[4*i], t2[4*i+1], t2[4*i+2], t2[4*i+3] = q, math.FMA(wx, xi, -q), r, math.FMA(e, xi, -r)
	}
	m.s2.AddSlice(t2)
}

// onlyStates are the states that [Multi.Release] handed back, for the
// next FoldOnly: a State's exact sums are about 10 kB, which a call on a
// few rows would otherwise allocate and collect each time.
var onlyStates sync.Pool

// onlyState returns an empty state of options opt, as New makes it: a
// released one when there is one.
func onlyState(opt StateOptions) *State {
	s, _ := onlyStates.Get().(*State)
	if s == nil {
		s = new(State)
	}
	*s = State{opt: opt}
	for i := range s.first {
		s.first[i] = noIssue
	}
	return s
}

// Release hands the states of m, a result of [FoldOnly], back for reuse
// by later calls. Neither m nor its outputs may be used after.
func (m *Multi) Release() {
	for _, s := range m.outs {
		onlyStates.Put(s)
	}
	m.outs = nil
}
