package regress

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/internal/vmath"
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

// modestBits is the bits of modestBound: a float64's magnitude bits
// (sign cleared) are at most these exactly when it is at most
// modestBound in magnitude (a NaN's and an infinity's are above).
var modestBits = math.Float64bits(modestBound)

// modest reports whether every value of y and yhat and every weight of w
// (nil: none) is finite and at most modestBound in magnitude, and every
// weight is ≥ 0 (a negative weight's bits, sign set, are above
// modestBits).
func modest(y, yhat, w []float64) bool {
	if max(xsum.MaxBits(y), xsum.MaxBits(yhat)) > modestBits {
		return false
	}
	var m uint64
	for _, x := range w {
		m = max(m, math.Float64bits(x))
	}
	return m <= modestBits
}

// onlyRows is the rows a processor of FoldOnly takes at a time, and the
// most it folds on the calling goroutine alone.
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
	workers := runtime.GOMAXPROCS(0)
	for j, s := range m.outs {
		if !s.foldOnly(nd, y[j], yhat[j], w, workers) {
			// Every sum, as the full state's: some could overflow, which
			// every measure checks; or AddBatch names the first bad row.
			m = NewMulti(len(y), opt)
			if err := m.AddBatch(y, yhat, w); err != nil {
				return nil, err
			}
			return m, nil
		}
	}
	if nd&(needAds|needYs) != 0 && n > 0 {
		for _, s := range m.outs {
			m.kept = append(m.kept, s.ys)
			if &s.ads[0] != &s.ys[0] {
				m.kept = append(m.kept, s.ads)
			}
			if s.ws != nil {
				m.kept = append(m.kept, s.ws)
			}
		}
	}
	return m, nil
}

// foldOnly adds the rows to the empty state s, the sums of nd only, in
// workers parts of rows merged exactly, and reports true; or false when a
// value or a weight is not modest (s is then not meaningful).
func (s *State) foldOnly(nd need, y, yhat, w []float64, workers int) bool {
	n := len(y)
	s.n = int64(n)
	s.positioned = true // first[] holds row indexes
	s.weighted = w != nil
	if nd&(needAds|needYs) != 0 {
		// The kept values are ys' length and ads' (the same): when only
		// one is read (the absolute errors by MedAE, the targets by the
		// D² scores' null models), one slice stands for both.
		switch {
		case nd&needYs == 0:
			s.ads = keptSlice(n)
			s.ys = s.ads
		case nd&needAds == 0:
			s.ys = keptSlice(n)
			s.ads = s.ys
		default:
			s.ads, s.ys = keptSlice(n), keptSlice(n)
		}
		if s.weighted {
			s.ws = keptSlice(n)
		}
	}
	if workers == 1 || n <= onlyRows {
		return s.foldPart(nd, y, yhat, w, 0, n)
	}
	// Each processor takes the next onlyRows rows while there are some,
	// into a state of its own: one the machine's other work keeps waiting
	// holds up no more than its last run of rows.
	var parts []*State
	var mu sync.Mutex
	var bad atomic.Bool
	parallel.Chunks(n, onlyRows, workers, func() func(lo, hi int) {
		part := &State{opt: s.opt, weighted: s.weighted, ys: s.ys, ads: s.ads, ws: s.ws}
		for i := range part.first {
			part.first[i] = noIssue
		}
		mu.Lock()
		parts = append(parts, part)
		mu.Unlock()
		return func(lo, hi int) {
			if !bad.Load() && !part.foldPart(nd, y, yhat, w, lo, hi) {
				bad.Store(true)
			}
		}
	})
	if bad.Load() {
		return false
	}
	for _, o := range parts {
		s.mergeSums(o)
		for i, f := range o.first {
			s.first[i] = min(s.first[i], f)
		}
	}
	return true
}

// ones are the weights of unweighted rows: w·x with w = 1 is x, bit for
// bit, so one loop serves both.
var ones = func() (o [onlyBlock]float64) {
	for i := range o {
		o[i] = 1
	}
	return
}()

// onlyBlock is the rows foldPart folds at a time: their terms stay in
// the first level of the cache.
const onlyBlock = 1024

// foldPart adds rows lo to hi of the columns to the sums of nd (into
// s's own sums, and the kept values' rows lo to hi), a block of rows at
// a time, each sum's terms computed as addBlock computes them, and
// reports true; or false, at the first block with a value or a weight
// that is not modest.
func (s *State) foldPart(nd need, y, yhat, w []float64, lo, hi int) bool {
	var buf [4 * onlyBlock]float64
	a := s.opt.alpha()
	eps := s.opt.MAPEEpsilon
	p := s.opt.Power
	weighted := w != nil
	for b := lo; b < hi; b += onlyBlock {
		e := min(hi, b+onlyBlock)
		ys, ps := y[b:e], yhat[b:e]
		ys, ps = ys[:len(ys)], ps[:len(ys)]
		ws := ones[:len(ys)]
		if weighted {
			ws = w[b:e]
			if !modest(ys, ps, ws) {
				return false
			}
			s.w.AddSlice(ws)
		} else if !modest(ys, ps, nil) {
			return false
		}
		t := buf[:len(ys)]
		// first notes row b+i as the first outside a domain of kind
		// (rows come in order: the first noted is the smallest).
		first := func(kind, i int) {
			if s.first[kind] == noIssue {
				s.first[kind] = int64(b + i)
			}
		}
		if nd&needY != 0 {
			foldMoments(&s.y, ys, ws, weighted, buf[:])
		}
		if nd&needD != 0 {
			d := buf[3*onlyBlock : 3*onlyBlock+len(ys)]
			for i := range d {
				d[i] = ys[i] - ps[i]
			}
			foldMoments(&s.d, d, ws, weighted, buf[:3*onlyBlock])
		}
		if nd&needSq != 0 {
			for i := range t {
				d := ys[i] - ps[i]
				t[i] = ws[i] * (d * d)
			}
			s.sq.AddSlice(t)
		}
		if nd&needAbs != 0 {
			for i := range t {
				t[i] = ws[i] * math.Abs(ys[i]-ps[i])
			}
			s.abs.AddSlice(t)
		}
		if nd&needAbsY != 0 {
			for i := range t {
				t[i] = ws[i] * math.Abs(ys[i])
			}
			s.absY.AddSlice(t)
		}
		if nd&needApe != 0 {
			k := 0
			for i, yi := range ys {
				den := math.Abs(yi)
				if eps > den {
					den = eps
				}
				if den > 0 {
					t[k] = ws[i] * (math.Abs(yi-ps[i]) / den)
					k++
				} else {
					first(issueZeroTarget, i)
				}
			}
			s.ape.AddSlice(t[:k])
		}
		if nd&needSape != 0 {
			k := 0
			for i, yi := range ys {
				pi := ps[i]
				if den := math.Abs(yi) + math.Abs(pi); den > 0 {
					t[k] = ws[i] * (2 * math.Abs(yi-pi) / den)
					k++
				}
			}
			s.sape.AddSlice(t[:k])
		}
		if nd&needSqLog != 0 {
			// The differences of logarithms of the block at once
			// (log1pDiffs), read in row order.
			ls := log1pDiffs(buf[onlyBlock:2*onlyBlock], buf[2*onlyBlock:3*onlyBlock], ys, ps)
			k := 0
			for i, yi := range ys {
				if yi < 0 || ps[i] < 0 {
					first(issueNegative, i)
					continue
				}
				t[k] = ws[i] * ls[k] * ls[k]
				k++
			}
			s.sqLog.AddSlice(t[:k])
		}
		if nd&needPinball != 0 {
			for i := range t {
				t[i] = ws[i] * pinballTerm(ys[i]-ps[i], a)
			}
			s.pinball.AddSlice(t)
		}
		if nd&(needPoisson|needGamma) != 0 {
			// q = y/ŷ of the rows of y, ŷ > 0, and log q, for both
			// deviances.
			q, lq := ratioLogs(buf[onlyBlock:2*onlyBlock], buf[2*onlyBlock:3*onlyBlock], ys, ps)
			nq := len(q)
			if nd&needPoisson != 0 {
				k, j := 0, 0
				for i, yi := range ys {
					pi := ps[i]
					switch {
					case yi > 0 && pi > 0:
						t[k] = ws[i] * (2 * (yi*lq[j] - yi + pi))
						j++
						k++
					case yi == 0 && pi > 0:
						t[k] = ws[i] * (2 * pi) // 0·log 0 = 0
						k++
					default:
						first(issuePoisson, i)
					}
				}
				s.poisson.AddSlice(t[:k])
			}
			if nd&needGamma != 0 {
				if nq < len(ys) {
					for i, yi := range ys {
						if !(yi > 0 && ps[i] > 0) {
							first(issueGamma, i)
							break
						}
					}
				}
				for j, qj := range q {
					t[j] = 2 * (-lq[j] + qj - 1)
				}
				if weighted {
					k := 0
					for i, yi := range ys {
						if yi > 0 && ps[i] > 0 {
							t[k] *= ws[i]
							k++
						}
					}
				}
				s.gamma.AddSlice(t[:nq])
			}
		}
		if nd&needTweedie != 0 && p == 1.5 {
			// Square roots four at a time (vmath.Sqrt: math.Sqrt's bits).
			sy, sp := buf[onlyBlock:onlyBlock+len(ys)], buf[2*onlyBlock:2*onlyBlock+len(ys)]
			vmath.Sqrt(sy, ys)
			vmath.Sqrt(sp, ps)
			k := 0
			for i, yi := range ys {
				if pi := ps[i]; yi >= 0 && pi > 0 { // tweedieOK at p = 1.5
					t[k] = ws[i] * tweedieHalf(yi, sy[i], 1/sp[i], 2*sp[i])
					k++
				} else {
					first(issueTweedie, i)
				}
			}
			s.tweedie.AddSlice(t[:k])
		} else if nd&needTweedie != 0 && p != 0 {
			k := 0
			for i, yi := range ys {
				pi := ps[i]
				if tweedieOK(p, yi, pi) {
					t[k] = ws[i] * tweedieDev(p, yi, pi)
					k++
				} else {
					first(issueTweedie, i)
				}
			}
			s.tweedie.AddSlice(t[:k])
		}
		if nd&needMax != 0 {
			m0, m1 := s.maxErr, s.maxErr
			for i := 0; i+1 < len(ys); i += 2 {
				if d := math.Abs(ys[i] - ps[i]); d > m0 {
					m0 = d
				}
				if d := math.Abs(ys[i+1] - ps[i+1]); d > m1 {
					m1 = d
				}
			}
			if len(ys)%2 == 1 {
				i := len(ys) - 1
				if d := math.Abs(ys[i] - ps[i]); d > m0 {
					m0 = d
				}
			}
			if m1 > m0 {
				m0 = m1
			}
			s.maxErr = m0
		}
		if nd&(needAds|needYs) != 0 {
			if nd&needAds != 0 {
				appendAbsErr(s.ads[b:b], ys, ps)
			}
			if nd&needYs != 0 {
				copy(s.ys[b:e], ys)
			}
			if weighted {
				copy(s.ws[b:e], ws)
			}
		}
	}
	if !weighted {
		s.w.Add(float64(hi - lo)) // exact: an integer below 2⁵³
	}
	return true
}

// foldMoments adds the terms of the values x of weights w (all 1 unless
// weighted) to the moments m, as addBlock's terms.moments splits them;
// buf holds at least 3·len(x) values. Each kind of part goes to its sum
// in a slice of its own: the parts of one kind lie within a few binades
// of each other, which AddSlice cuts in two parts rather than three.
func foldMoments(m *moments, x, w []float64, weighted bool, buf []float64) {
	n := len(x)
	if !weighted {
		m.s1.AddSlice(x)
		q, e := buf[:n], buf[n:2*n]
		for i, xi := range x {
			p := xi * xi
			q[i], e[i] = p, math.FMA(xi, xi, -p)
		}
		m.s2.AddSlice(q)
		m.s2.AddSlice(e)
		return
	}
	wx, we, t := buf[:n], buf[n:2*n], buf[2*n:3*n]
	w = w[:n]
	for i, xi := range x {
		p := w[i] * xi
		wx[i], we[i] = p, math.FMA(w[i], xi, -p)
	}
	m.s1.AddSlice(wx)
	m.s1.AddSlice(we)
	for i, xi := range x { // w·x·x
		p := wx[i] * xi
		t[i] = p
	}
	m.s2.AddSlice(t)
	for i, xi := range x { // its rest
		t[i] = math.FMA(wx[i], xi, -t[i])
	}
	m.s2.AddSlice(t)
	for i, xi := range x { // the rest of w·x, times x
		t[i] = we[i] * xi
	}
	m.s2.AddSlice(t)
	for i, xi := range x { // its rest
		t[i] = math.FMA(we[i], xi, -t[i])
	}
	m.s2.AddSlice(t)
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
	for _, b := range m.kept {
		keptSlices.Put(&b)
	}
	m.outs, m.kept = nil, nil
}

// keptSlices are the kept values' slices of the states that
// [Multi.Release] handed back: a call on 10⁶ rows that keeps its targets
// would otherwise allocate 8 MB and fault its pages in each time.
var keptSlices sync.Pool

// keptSlice returns a slice of n values, to be overwritten: a released
// one when there is one large enough.
func keptSlice(n int) []float64 {
	if b, _ := keptSlices.Get().(*[]float64); b != nil && cap(*b) >= n {
		return (*b)[:n]
	}
	return make([]float64, n)
}
