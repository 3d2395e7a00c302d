package regress

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// Sentinel errors. Returned errors wrap them; match with errors.Is.
var (
	ErrEmpty      = errors.New("no rows")
	ErrZeroWeight = errors.New("the weights sum to zero")
	ErrZeroTarget = errors.New("a zero target under MAPE (an epsilon, --mape-epsilon on the command line, bounds the denominator)")
	ErrNegative   = errors.New("a negative value under a logarithmic error")
	ErrDomain     = errors.New("a value outside the deviance's domain")
	ErrTooFew     = errors.New("too few rows")
	ErrUndefined  = errors.New("undefined: zero denominator")
	ErrNoValues   = errors.New("needs every row, which was not kept (Options.KeepValues; --bounded-memory on the command line)")
	ErrBadOption  = errors.New("invalid option")
	ErrNotFinite  = errors.New("a value that is not a finite number")
	ErrBadWeight  = errors.New("a weight that is negative or not finite")
	ErrOverflow   = errors.New("a sum overflows float64")
)

// Options configure a [State]. The zero value is valid: MAPE with no
// epsilon, pinball loss at α = 0.5, Tweedie power 0, no values kept.
type Options struct {
	// MAPEEpsilon bounds MAPE's denominator below: |y − ŷ| / max(|y|, ε).
	// 0 (the default) makes a zero target an error; scikit-learn always
	// uses ε = 2.220446049250313e-16 (float64 machine epsilon).
	MAPEEpsilon float64
	// Alpha is the quantile of the pinball loss and of D² pinball, in
	// (0, 1); 0 means 0.5.
	Alpha float64
	// Power is the Tweedie power p of TweedieDeviance and D2Tweedie:
	// p ≤ 0 or p ≥ 1 (0 normal, 1 Poisson, 2 Gamma, 3 inverse Gaussian).
	Power float64
	// KeepValues keeps every row's y and |y − ŷ| (and weight), needed by
	// MedAE, D2Pinball, D2AbsoluteError and D2Tweedie: O(n) memory.
	KeepValues bool
}

func (o Options) alpha() float64 {
	if o.Alpha == 0 {
		return 0.5
	}
	return o.Alpha
}

func (o Options) check() error {
	if !(o.MAPEEpsilon >= 0) || math.IsInf(o.MAPEEpsilon, 0) {
		return fmt.Errorf("%w: MAPE epsilon %v is not a finite non-negative number", ErrBadOption, o.MAPEEpsilon)
	}
	if a := o.alpha(); !(a > 0 && a < 1) {
		return fmt.Errorf("%w: alpha %v is not in (0, 1)", ErrBadOption, o.Alpha)
	}
	if p := o.Power; !(p <= 0 || p >= 1) || math.IsInf(p, 0) {
		return fmt.Errorf("%w: Tweedie power %v is not ≤ 0 or ≥ 1", ErrBadOption, p)
	}
	return nil
}

// moments are the weight sum, the weighted mean and the weighted sum of
// squared deviations from it (m2) of a set of values, merged by Chan,
// Golub & LeVeque's formula (1979):
//
//	m2 = m2ₐ + m2_b + δ² wₐ w_b / w,  mean = meanₐ + δ w_b / w,  δ = mean_b − meanₐ.
//
// The mean is kept as an unevaluated sum hi + lo of two float64s (a
// double-double, Dekker 1971), and m2 as a compensated sum: a mean
// rounded to float64 at every merge would drift by many units in the
// last place of a large mean over thousands of merges, and each δ would
// carry that drift into m2 — a relative error of order (drift/σ)², fatal
// to R² when the values have a large mean and a small spread.
type moments struct {
	w      float64
	hi, lo float64 // mean = hi + lo
	m2     fsum.Sum
}

// mean returns the weighted mean.
func (m *moments) mean() float64 { return m.hi + m.lo }

// merge adds the values of o to m.
func (m *moments) merge(o *moments) {
	if o.w == 0 {
		return
	}
	if m.w == 0 {
		*m = *o
		return
	}
	w := m.w + o.w
	d := (o.hi - m.hi) + (o.lo - m.lo)
	m.m2.Merge(o.m2)
	m.m2.Add(d * d * (m.w * (o.w / w)))
	// Move from the heavier side's mean, by at most half of δ: from the
	// lighter one, a δ rounded at the scale of a much larger lighter mean
	// would cancel it and lose the heavier mean altogether.
	if o.w > m.w {
		m.hi, m.lo = addDD(o.hi, o.lo, -d*(m.w/w))
	} else {
		m.hi, m.lo = addDD(m.hi, m.lo, d*(o.w/w))
	}
	m.w = w
}

// addOne adds one value x of weight w: merge of the moments {w, x, 0},
// with the same result, without building them.
func (m *moments) addOne(x, w float64) {
	if w == 0 {
		return
	}
	if m.w == 0 {
		*m = moments{w: w, hi: x}
		return
	}
	wt := m.w + w
	d := (x - m.hi) - m.lo
	m.m2.Add(d * d * (m.w * (w / wt)))
	if w > m.w {
		m.hi, m.lo = addDD(x, 0, -d*(m.w/wt))
	} else {
		m.hi, m.lo = addDD(m.hi, m.lo, d*(w/wt))
	}
	m.w = wt
}

// addDD returns the double-double hi + lo + x, normalized.
func addDD(hi, lo, x float64) (float64, float64) {
	s := hi + x
	// Knuth's TwoSum: s + e = hi + x exactly.
	b := s - hi
	e := (hi - (s - b)) + (x - b)
	lo += e
	// Fast renormalization (|s| ≥ |lo| after a TwoSum of a normalized pair
	// and a correction below an ulp of s, or s = 0).
	h := s + lo
	return h, lo - (h - s)
}

// Issue kinds: the domain checks a State tracks.
const (
	issueZeroTarget = iota // y = 0 under MAPE with no epsilon
	issueNegative          // y < 0 or ŷ < 0 under MSLE
	issuePoisson           // y < 0 or ŷ ≤ 0
	issueGamma             // y ≤ 0 or ŷ ≤ 0
	issueTweedie           // outside the domain of the options' power
	numIssues
)

// noIssue is the position recorded for a domain problem no row has.
const noIssue = math.MaxInt64

// State is the mergeable sufficient statistic of one output. Create it with
// [New]; add rows with Add / AddWeighted / AddBatch (or AddBatchAt, with
// positions); combine with Merge; reuse with Reset. A State is not
// safe for concurrent use (the quantile measures reorder the kept values).
type State struct {
	opt      Options
	n        int64
	weighted bool
	w        fsum.Sum
	y, d     moments // of y and of d = y − ŷ

	sq, abs, ape, sape, absY, sqLog, pinball, pinHalf fsum.Sum
	// sq2 = Σ w d⁴ and ape2 = Σ w (|d|/max(|y|, ε))²: the second moments
	// of the squared and percentage errors, for their t-intervals (the
	// absolute error's is sq).
	sq2, ape2               fsum.Sum
	poisson, gamma, tweedie fsum.Sum
	maxErr                  float64

	first      [numIssues]int64 // smallest position of an offending row, or noIssue
	positioned bool             // rows carry caller-supplied positions (AddBatchAt)

	ys, ads, ws []float64 // kept values (ws only once weighted)
	// reordered is set once a quantile measure has reordered ys or ads
	// (each alone): their rows no longer line up, which the bootstrap of
	// [State.Intervals] needs. Reset clears it.
	reordered atomic.Bool

	name func(int64) string   // names rows in messages
	yq   map[float64]nullLoss // the null models' pinball losses computed since the last add
}

// New returns an empty State. It panics if the options are invalid (an
// alpha outside (0, 1), a Tweedie power in (0, 1), a negative or non-finite
// epsilon); use [Options] values checked with [CheckOptions] for user input.
func New(opt Options) *State {
	if err := opt.check(); err != nil {
		panic("regress: " + err.Error())
	}
	s := &State{opt: opt}
	s.Reset()
	return s
}

// Reset empties the state, as New would, keeping its options, its row
// namer ([State.SetRowName]) and the memory of its kept values for reuse.
func (s *State) Reset() {
	*s = State{opt: s.opt, name: s.name, ys: s.ys[:0], ads: s.ads[:0], ws: s.ws[:0]}
	for i := range s.first {
		s.first[i] = noIssue
	}
}

// CheckOptions reports whether opt is valid, with an error wrapping
// ErrBadOption when it is not.
func CheckOptions(opt Options) error { return opt.check() }

// Options returns the state's options.
func (s *State) Options() Options { return s.opt }

// N returns the number of rows added.
func (s *State) N() int64 { return s.n }

// WeightSum returns Σ w.
func (s *State) WeightSum() float64 { return s.w.Value() }

// Weighted reports whether any row was added with a weight.
func (s *State) Weighted() bool { return s.weighted }

// Add adds a row (y, ŷ) of weight 1. A NaN or infinite y or ŷ is
// ErrNotFinite naming the row, and the row is not added.
func (s *State) Add(y, yhat float64) error {
	if err := s.checkRow(y, yhat); err != nil {
		return err
	}
	s.add(y, yhat, 1)
	return nil
}

// AddWeighted adds a row (y, ŷ) of weight w and marks the state weighted
// (which selects scikit-learn's weighted-percentile convention for the
// quantile measures). A non-finite value is ErrNotFinite, a negative or
// non-finite weight ErrBadWeight, naming the row; the row is not added.
func (s *State) AddWeighted(y, yhat, w float64) error {
	if err := s.checkRow(y, yhat); err != nil {
		return err
	}
	if !(w >= 0) || math.IsInf(w, 1) {
		return fmt.Errorf("%s: %w: %v", s.rowName(s.n), ErrBadWeight, w)
	}
	if !s.weighted {
		s.markWeighted()
	}
	s.add(y, yhat, w)
	return nil
}

func (s *State) checkRow(y, yhat float64) error { return s.checkRowAt(s.n, y, yhat) }

func (s *State) checkRowAt(row int64, y, yhat float64) error {
	if math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("%s: %w: y = %v", s.rowName(row), ErrNotFinite, y)
	}
	if math.IsNaN(yhat) || math.IsInf(yhat, 0) {
		return fmt.Errorf("%s: %w: ŷ = %v", s.rowName(row), ErrNotFinite, yhat)
	}
	if math.IsInf(y-yhat, 0) {
		return fmt.Errorf("%s: %w: y − ŷ overflows (y = %v, ŷ = %v)", s.rowName(row), ErrNotFinite, y, yhat)
	}
	return nil
}

// SetRowName sets how error messages name a row, given its position (see
// [State.AddBatchAt]; by default a row's 0-based index in the order rows
// were added); the default name is "row N". A reader of a file that passes
// input lines as positions can name the file and line instead.
func (s *State) SetRowName(f func(pos int64) string) { s.name = f }

func (s *State) rowName(r int64) string {
	if s.name != nil {
		return s.name(r)
	}
	return fmt.Sprintf("row %d", r)
}

func (s *State) markWeighted() {
	s.weighted = true
	if s.opt.KeepValues {
		if cap(s.ws) < cap(s.ys) {
			s.ws = make([]float64, 0, cap(s.ys))
		}
		s.ws = s.ws[:0]
		for range s.ys {
			s.ws = append(s.ws, 1)
		}
	}
}

// add adds one validated row: a block of one.
func (s *State) add(y, yhat, w float64) {
	ys, ps, ws := [1]float64{y}, [1]float64{yhat}, [1]float64{w}
	if s.weighted {
		s.addBlock(ys[:], ps[:], ws[:], nil)
	} else {
		s.addBlock(ys[:], ps[:], nil, nil)
	}
}

// Merge adds the rows of o to s, as if they had been added after s's own.
// For each domain problem the merged state names the row of smaller
// position (see [State.AddBatchAt]). Positions o's rows got by default —
// their indices in o — are shifted by s.N(), so that they stay the indices
// of the merged rows; positions given to AddBatchAt are kept as they are,
// so states read from parts of one file, in any order, and merged in any
// order name the first offending row of the file. Both states must have the
// same options; it panics otherwise.
func (s *State) Merge(o *State) {
	if s.opt != o.opt {
		panic("regress: Merge of states with different options")
	}
	if o.weighted && !s.weighted {
		s.markWeighted()
	}
	for i, f := range o.first {
		if f == noIssue {
			continue
		}
		if !o.positioned {
			f += s.n
		}
		if f < s.first[i] {
			s.first[i] = f
		}
	}
	s.positioned = s.positioned || o.positioned
	s.w.Merge(o.w)
	s.y.merge(&o.y)
	s.d.merge(&o.d)
	for _, p := range [][2]*fsum.Sum{{&s.sq, &o.sq}, {&s.sq2, &o.sq2}, {&s.abs, &o.abs}, {&s.ape, &o.ape}, {&s.ape2, &o.ape2},
		{&s.sape, &o.sape}, {&s.absY, &o.absY}, {&s.sqLog, &o.sqLog}, {&s.pinball, &o.pinball},
		{&s.pinHalf, &o.pinHalf}, {&s.poisson, &o.poisson}, {&s.gamma, &o.gamma}, {&s.tweedie, &o.tweedie}} {
		p[0].Merge(*p[1])
	}
	s.maxErr = math.Max(s.maxErr, o.maxErr)
	if s.opt.KeepValues {
		s.ys = append(s.ys, o.ys...)
		s.ads = append(s.ads, o.ads...)
		if s.weighted {
			if o.weighted {
				s.ws = append(s.ws, o.ws...)
			} else {
				for range o.ys {
					s.ws = append(s.ws, 1)
				}
			}
		}
	}
	s.n += o.n
	s.yq = nil
}

// log1pDiff returns log(1 + y) − log(1 + ŷ) for y, ŷ ≥ 0 given d = y − ŷ,
// with one logarithm instead of two: log1p(d / (1 + ŷ)) while the ratio
// r = (1 + y)/(1 + ŷ) is above ½, log r below. The argument of log1p is
// within 3 rounding errors of its exact value (d itself is exact when
// ŷ/2 ≤ y ≤ 2ŷ, by Sterbenz's lemma) and log1p's condition number is at
// most 1.5 on (−½, ∞); below ½, log r has an absolute error of a few
// units in the last place of a result of magnitude above log 2. The
// difference is thus correct to a few units in its own last place — more
// accurate than the difference of two rounded logarithms (scikit-learn's
// log1p(y) − log1p(ŷ)), whose error is a few units in the last place of
// the larger logarithm.
func log1pDiff(y, yhat, d float64) float64 {
	if x := d / (1 + yhat); x > -0.5 {
		return math.Log1p(x)
	}
	return math.Log((1 + y) / (1 + yhat))
}

// poissonDev is the Poisson unit deviance 2(y log(y/μ) − y + μ), with
// 0·log 0 = 0 (scikit-learn's xlogy).
func poissonDev(y, mu float64) float64 {
	t := 0.0
	if y != 0 {
		t = y * math.Log(y/mu)
	}
	return 2 * (t - y + mu)
}

// gammaDev is the Gamma unit deviance 2(log(μ/y) + y/μ − 1).
func gammaDev(y, mu float64) float64 {
	return 2 * (math.Log(mu/y) + y/mu - 1)
}

// tweedieOK reports whether (y, μ) is in the domain of power p (as
// scikit-learn 1.2 mean_tweedie_deviance checks it).
func tweedieOK(p, y, mu float64) bool {
	switch {
	case p < 0:
		return mu > 0
	case p == 0:
		return true
	case p < 2:
		return y >= 0 && mu > 0
	}
	return y > 0 && mu > 0
}

// tweedieDev is the Tweedie unit deviance of power p:
//
//	p = 0: (y − μ)²;  p = 1: Poisson;  p = 2: Gamma;
//	else  2(max(y,0)^(2−p)/((1−p)(2−p)) − y μ^(1−p)/(1−p) + μ^(2−p)/(2−p)).
func tweedieDev(p, y, mu float64) float64 {
	switch p {
	case 0:
		d := y - mu
		return d * d
	case 1:
		return poissonDev(y, mu)
	case 2:
		return gammaDev(y, mu)
	}
	yy := y
	if p < 0 && yy < 0 {
		yy = 0
	}
	return 2 * (math.Pow(yy, 2-p)/((1-p)*(2-p)) - y*math.Pow(mu, 1-p)/(1-p) + math.Pow(mu, 2-p)/(2-p))
}
