package regress

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync/atomic"

	"github.com/evalkit-go/evalkit/internal/vmath"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// Sentinel errors. Returned errors wrap them; match with errors.Is.
var (
	ErrEmpty      = errors.New("no rows")
	ErrZeroWeight = errors.New("the weights sum to zero")
	ErrZeroTarget = errors.New("a zero target under MAPE (an epsilon, regress.StateOptions.MAPEEpsilon, bounds the denominator)")
	ErrNegative   = errors.New("a negative value under a logarithmic error")
	ErrDomain     = errors.New("a value outside the deviance's domain")
	ErrTooFew     = errors.New("too few rows")
	ErrUndefined  = errors.New("undefined: zero denominator")
	ErrNoValues   = errors.New("needs every row, which was not kept (regress.StateOptions.KeepValues)")
	ErrBadOption  = errors.New("invalid option")
	ErrNotFinite  = errors.New("a value that is not a finite number")
	ErrBadWeight  = errors.New("a weight that is negative or not finite")
	ErrOverflow   = errors.New("a sum overflows float64")
)

// StateOptions configure a [State]. The zero value is valid: MAPE with no
// epsilon, pinball loss at α = 0.5, Tweedie power 0, no values kept.
type StateOptions struct {
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
	// FloatCumWeights takes the cumulative weights of the weighted
	// percentiles (MedAE with weights, and the null models' quantiles of
	// D2Pinball and D2AbsoluteError) as scikit-learn 1.2 takes them:
	// summed in floating point in increasing order of the values (ties in
	// the order of the rows), the total being the last of those sums.
	// Without it they are exact, and the answer does not depend on the
	// order of the rows; with it, it is scikit-learn's answer, which can
	// differ where a cumulative weight lies within rounding of the target
	// (decimal weights such as 0.1 and 0.2). evalkit.metrics sets it.
	FloatCumWeights bool
	// Moments keeps the sums of the delta-method intervals of
	// [State.Intervals] (17 more exact sums: about 40% more time a row),
	// which give R², explained variance and the weighted mean losses an
	// interval without the kept values, and in O(1) time.
	Moments bool
}

func (o StateOptions) alpha() float64 {
	if o.Alpha == 0 {
		return 0.5
	}
	return o.Alpha
}

// Check returns an error wrapping ErrBadOption for an option out of its
// range.
func (o StateOptions) Check() error {
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

// moments are the exact sums s1 = Σ w x and s2 = Σ w x² of a set of
// values x: each product is split into float64 parts whose sum is exact
// (math.FMA, terms.moments), and the parts enter exact accumulators, so that the sums —
// and the mean and the sum of squared deviations computed from them once,
// at the end ([moments.m2]) — do not depend on how rows were cut into
// batches or in which order states were merged. A large mean and a small
// spread lose nothing: m2 = s2 − s1²/Σw is evaluated exactly.
type moments struct {
	s1, s2 xsum.Sum
}

func (m *moments) merge(o *moments) {
	m.s1.Merge(&o.s1)
	m.s2.Merge(&o.s2)
}

// mean returns s1/w rounded once.
func (m *moments) mean(w *xsum.Sum) float64 {
	// The integers without their trailing zero digits, as m2 takes them:
	// s1/W = (s1'/W')·2^(b−a), the same quotient rounded to 53 bits alike
	// (big.Float's exponent has no bound) from a few words, not 34.
	W, a := w.IntExp()
	s1, b := m.s1.IntExp()
	q := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(s1), new(big.Float).SetInt(W))
	q.SetMantExp(q, b-a)
	f, _ := q.Float64()
	return f
}

// m2 returns Σ w (x − x̄_w)² = (s2·W − s1²)/W, rounded once (up to the
// float64 range's edges): NaN or ±Inf when a term was not finite.
func (m *moments) m2(w *xsum.Sum) float64 {
	for _, a := range []*xsum.Sum{&m.s1, &m.s2, w} {
		if v, ok := a.Special(); ok {
			return v
		}
	}
	if m.s1.Value() == 0 && m.s2.Value() == 0 {
		return 0 // no terms: the numerator below is 0, without math/big
	}
	// The integers without their trailing zero digits: W = W'·2^a, s1 =
	// s1'·2^b, s2 = s2'·2^c, so that num = N'·2^e with e = min(a+c, 2b),
	// and num/W = (N'/W')·2^(e−a): the same quotient, rounded to 53 bits
	// alike, of numbers a few words long rather than 34.
	W, a := trimmedInt(w)
	if W.Sign() == 0 {
		return 0
	}
	s1, b := trimmedInt(&m.s1)
	s2, c := trimmedInt(&m.s2)
	e := min(a+c, 2*b)
	num := s2.Mul(s2, W)
	num.Lsh(num, uint(a+c-e))
	s1.Mul(s1, s1)
	num.Sub(num, s1.Lsh(s1, uint(2*b-e)))
	if num.Sign() < 0 { // rounding of the parts below 2⁻¹⁰⁷⁴
		return 0
	}
	q := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(num), new(big.Float).SetInt(W))
	return xsum.Round(q, xsum.Scale+e-a)
}

// trimmedInt returns the exact finite part of the sum a as x·2^k in units
// of 2⁻¹⁰⁷⁴ (xsum.Sum.IntExp), or 0 and an exponent beyond any other's.
func trimmedInt(a *xsum.Sum) (x *big.Int, k int) {
	x, k = a.IntExp()
	if x.Sign() == 0 {
		return x, 1 << 20
	}
	return x, k
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
	opt      StateOptions
	n        int64
	weighted bool
	w        xsum.Sum
	y, d     moments // of y and of d = y − ŷ

	// Exact sums of the per-row terms (each computed in float64).
	sq, abs, ape, sape, absY, sqLog, pinball xsum.Sum
	// sq2 = Σ w d⁴ and ape2 = Σ w (|d|/max(|y|, ε))²: the second moments
	// of the squared and percentage errors, for their t-intervals (the
	// absolute error's is sq).
	sq2, ape2               xsum.Sum
	poisson, gamma, tweedie xsum.Sum
	maxErr                  float64
	ci                      *ciSums // with StateOptions.Moments

	first      [numIssues]int64 // smallest position of an offending row, or noIssue
	positioned bool             // rows carry caller-supplied positions (AddBatchAt)

	ys, ads, ws []float64   // kept values (ws only once weighted), then
	more        []keptBlock // those in blocks (kept.go)
	spare       []keptBlock // empty blocks of the state's own, kept by Reset for reuse
	div         float64     // 10^k of the compact blocks rows go to (0: not yet chosen)
	wide        bool        // rows go to blocks of float64s (a value had no mantissa)
	// reordered is set once a quantile measure has reordered ys or ads
	// (each alone): their rows no longer line up, which the bootstrap of
	// [State.Intervals] needs. Reset clears it.
	reordered atomic.Bool
	// pinned is set once another state shares the kept values
	// ([State.Share]): they are never reordered, and Reset lets them go.
	pinned bool

	name func(int64) string   // names rows in messages
	yq   map[float64]nullLoss // the null models' pinball losses computed since the last add

	outside *outside // what a caller supplied for the quantile measures (outside.go)
}

// New returns an empty State. It panics if the options are invalid (an
// alpha outside (0, 1), a Tweedie power in (0, 1), a negative or non-finite
// epsilon); check options from user input with [StateOptions.Check].
func New(opt StateOptions) *State {
	if err := opt.Check(); err != nil {
		panic("regress: " + err.Error())
	}
	s := &State{opt: opt}
	s.Reset()
	return s
}

// Reset empties the state, as New would, keeping its options, its row
// namer ([State.SetRowName]) and the memory of its kept values for reuse.
func (s *State) Reset() {
	var spare []keptBlock
	if s.pinned {
		s.ys, s.ads, s.ws = nil, nil, nil
	} else {
		spare = s.spare[:0]
		for _, b := range append(s.more, s.spare...) {
			if !b.borrowed {
				spare = append(spare, keptBlock{ys: b.ys[:0], ads: b.ads[:0], my: b.my[:0], mp: b.mp[:0]})
			}
		}
	}
	*s = State{opt: s.opt, name: s.name, ys: s.ys[:0], ads: s.ads[:0], ws: s.ws[:0], spare: spare}
	if s.opt.Moments {
		s.ci = new(ciSums)
	}
	for i := range s.first {
		s.first[i] = noIssue
	}
}

// Options returns the state's options. KeepValues is also set once a
// caller has supplied what the quantile measures need ([State.SetNulls]).
func (s *State) Options() StateOptions {
	o := s.opt
	if s.outside != nil && s.outside.done {
		o.KeepValues = true
	}
	return o
}

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
func (s *State) Merge(o *State) { s.merge(o, copyKept) }

// Take is Merge that takes o's kept values rather than copying them (unless
// room reserved by [State.Grow] awaits them, or another state shares them:
// [State.Share]), leaving o without them: o must be Reset, or dropped,
// before it is used again.
func (s *State) Take(o *State) { s.merge(o, take) }

// Share is Merge that reads o's kept values where they are rather than
// copying them: o keeps them, and neither state reorders them from then
// on (the quantile measures read them in place). o's memory is charged to
// o alone ([State.Bytes]). Rows added to either state later are their
// own; a Reset of o lets go of the shared values rather than reusing
// their memory.
func (s *State) Share(o *State) { s.merge(o, share) }

// mergeSums merges o's weight sum, moments, exact loss sums and largest
// error into s's.
func (s *State) mergeSums(o *State) {
	s.w.Merge(&o.w)
	s.y.merge(&o.y)
	s.d.merge(&o.d)
	os := o.sums()
	for i, a := range s.sums() {
		a.Merge(os[i])
	}
	s.maxErr = math.Max(s.maxErr, o.maxErr)
}

// How merge treats the other state's kept values.
const (
	copyKept = iota
	take
	share
)

func (s *State) merge(o *State, how int) {
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
	s.mergeSums(o)
	if s.ci != nil {
		s.ci.merge(o.ci)
	}
	if s.opt.KeepValues {
		switch {
		case how == share:
			o.pinned = true
			s.borrow(o)
		case how == take && !o.pinned && !(len(s.more) == 0 && cap(s.ys)-len(s.ys) >= len(o.ys)+o.blockRows()):
			s.handOver(o)
		default:
			s.appendKept(o)
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

// log1pDiffs returns log1pDiff(y, ŷ, y − ŷ) of the rows of y, ŷ ≥ 0 of a
// block, in row order (rows with a negative value skipped), in x: the
// arguments of each branch first, then each function's values four at a
// time (vmath: math.Log1p's and math.Log's bits). x and l hold at least
// len(y) values; y holds at most onlyBlock.
func log1pDiffs(x, l []float64, y, yhat []float64) []float64 {
	var above [onlyBlock]bool // the branch of each such row
	n1, n2, j := 0, len(y), 0
	for i, yi := range y {
		pi := yhat[i]
		if yi < 0 || pi < 0 {
			continue
		}
		if v := (yi - pi) / (1 + pi); v > -0.5 {
			x[n1] = v
			n1++
			above[j] = true
		} else {
			n2--
			x[n2] = (1 + yi) / (1 + pi)
			above[j] = false
		}
		j++
	}
	vmath.Log1p(l[:n1], x[:n1])
	vmath.Log(l[n2:len(y)], x[n2:len(y)])
	// l holds the log1p values from the front, the log values from the
	// back (both in row order from their end); x's arguments are spent.
	i1, i2 := 0, len(y)-1
	for k, a := range above[:j] {
		if a {
			x[k] = l[i1]
			i1++
		} else {
			x[k] = l[i2]
			i2--
		}
	}
	return x[:j]
}

// ratioLogs returns the quotients q = y/ŷ of the rows of y, ŷ > 0 of a
// block, in row order, and their logarithms (the Poisson and Gamma
// deviances'): every row's quotient and the rows' logarithms four at a
// time (vmath: the bits of / and math.Log). q and lq hold at least len(y)
// values.
func ratioLogs(q, lq []float64, y, yhat []float64) ([]float64, []float64) {
	vmath.Div(q[:len(y)], y, yhat)
	n := 0
	for i, yi := range y {
		if yi > 0 && yhat[i] > 0 {
			q[n] = q[i] // n ≤ i
			n++
		}
	}
	vmath.Log(lq[:n], q[:n])
	return q[:n], lq[:n]
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
//
// At p = 1.5 (y ≥ 0, μ > 0) it computes the same bits with square roots:
// see tweedieHalf.
func tweedieDev(p, y, mu float64) float64 {
	switch p {
	case 0:
		d := y - mu
		return d * d
	case 1:
		return poissonDev(y, mu)
	case 2:
		return gammaDev(y, mu)
	case 1.5:
		if y >= 0 && mu > 0 {
			r := math.Sqrt(mu)
			return tweedieHalf(y, math.Sqrt(y), 1/r, 2*r)
		}
	}
	yy := y
	if p < 0 && yy < 0 {
		yy = 0
	}
	return 2 * (math.Pow(yy, 2-p)/((1-p)*(2-p)) - y*math.Pow(mu, 1-p)/(1-p) + math.Pow(mu, 2-p)/(2-p))
}

// tweedieHalf is tweedieDev(1.5, y, μ) for y ≥ 0 and μ > 0, given
// sy = math.Sqrt(y), inv = 1/√μ and c = 2√μ, with the bits of the general formula's math.Pow
// calls and divisions:
//
//   - math.Pow(x, ½) is math.Sqrt(x) for x > 0 (math/pow.go's special
//     cases: 1 and +Inf give 1 and +Inf either way) and +0 for x = ±0;
//     math.Pow(x, −½) is 1/math.Sqrt(x) for x > 0 (+Inf: +0 either way);
//   - at p = 1.5 the divisors (1 − p)(2 − p) = −¼, 1 − p = −½ and 2 − p = ½
//     are powers of two, by which a quotient is the product by the
//     reciprocal: both are the one real value rounded once.
func tweedieHalf(y, sy, inv, c float64) float64 {
	if y == 0 {
		sy = 0 // +0, as math.Pow(−0, ½)
	}
	return 2 * (sy*-4 - y*inv*-2 + c)
}

// tweedieTerms sets dst[i] = tweedieDev(p, ys[i], μ), bit for bit, for
// one μ (the null model's): μ's powers are computed once.
func tweedieTerms(dst, ys []float64, p, mu float64) {
	dst = dst[:len(ys)]
	switch {
	case p == 1.5 && mu > 0:
		r := math.Sqrt(mu)
		inv, c := 1/r, 2*r
		vmath.Sqrt(dst, ys)
		for i, y := range ys {
			if y >= 0 {
				dst[i] = tweedieHalf(y, dst[i], inv, c)
			} else {
				dst[i] = tweedieDev(p, y, mu)
			}
		}
	case p != 0 && p != 1 && p != 2:
		a, c := math.Pow(mu, 1-p), math.Pow(mu, 2-p)/(2-p)
		for i, y := range ys {
			yy := y
			if p < 0 && yy < 0 {
				yy = 0
			}
			dst[i] = 2 * (math.Pow(yy, 2-p)/((1-p)*(2-p)) - y*a/(1-p) + c)
		}
	default:
		for i, y := range ys {
			dst[i] = tweedieDev(p, y, mu)
		}
	}
}
