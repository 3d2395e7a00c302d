package regress

import (
	"fmt"
	"math"
	"sync"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// blockSize is the number of rows addRows passes to addBlock at a time.
const blockSize = 256

// Bytes returns the memory the kept values hold (8 bytes a value of the
// slices' capacity; 0 without KeepValues).
func (s *State) Bytes() int64 {
	return s.keptBytes()
}

// Grow reserves room for n more kept rows (with KeepValues), so that a
// caller who knows the size avoids the copies of a growing slice.
func (s *State) Grow(n int) {
	if !s.opt.KeepValues || n <= 0 {
		return
	}
	s.flat()
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

// AddBatch adds rows (y[i], yhat[i]) with weights w[i] (w nil: weight 1,
// as Add). It is Add / AddWeighted for many rows, faster. A non-finite
// value or a bad weight is an error naming its row, and then no row of the
// batch is added. It panics if the lengths differ.
func (s *State) AddBatch(y, yhat, w []float64) error {
	return s.AddBatchAt(y, yhat, w, nil)
}

// AddBatchAt is AddBatch for rows with caller-supplied positions: pos[i]
// is row i's position, any int64 below math.MaxInt64 (a reader passes the
// input line of the row). Positions are how rows are named, in the errors
// of AddBatchAt and in the messages of the domain errors of the measures
// ([ErrZeroTarget], [ErrNegative], [ErrDomain]), and which row such a
// message names: for each problem, the offending row of smallest position,
// in this state and in every state merged into it ([State.Merge]). Rows
// added without positions (pos nil, Add, AddWeighted, AddBatch) have their
// 0-based index in the order rows were added to the state; give positions
// to every row of a family of merged states or to none, since a position
// and an index are compared as plain numbers. It panics if the lengths
// differ.
func (s *State) AddBatchAt(y, yhat, w []float64, pos []int64) error {
	if len(y) != len(yhat) || (w != nil && len(w) != len(y)) || (pos != nil && len(pos) != len(y)) {
		panic(fmt.Sprintf("regress: AddBatch of %d targets, %d predictions, %d weights and %d positions", len(y), len(yhat), len(w), len(pos)))
	}
	if !rowsFinite(y, yhat) || !goodWeights(w) {
		for i := range y {
			if err := s.checkRowAt(s.posOf(i, pos), y[i], yhat[i]); err != nil {
				return err
			}
			if w != nil && !goodWeight(w[i]) {
				return fmt.Errorf("%s: %w: %v", s.rowName(s.posOf(i, pos)), ErrBadWeight, w[i])
			}
		}
	}
	s.addRows(y, yhat, w, pos)
	return nil
}

func goodWeight(w float64) bool { return w >= 0 && !math.IsInf(w, 1) }

// rowsFinite reports whether every y, ŷ and y − ŷ is finite: the test of
// checkRowAt for a whole batch in one tight loop (a NaN fails every
// comparison), so that only a batch with a bad row takes the row-by-row
// path that names it.
func rowsFinite(y, yhat []float64) bool {
	ok := true
	for i, v := range y {
		p := yhat[i]
		ok = ok && math.Abs(v) <= math.MaxFloat64 && math.Abs(p) <= math.MaxFloat64 && math.Abs(v-p) <= math.MaxFloat64
	}
	return ok
}

// goodWeights reports whether every weight is good (goodWeight); nil is.
func goodWeights(w []float64) bool {
	ok := true
	for _, x := range w {
		ok = ok && x >= 0 && x <= math.MaxFloat64
	}
	return ok
}

// posOf returns the position of row i of a batch: pos[i], or the row's
// index in the state when pos is nil.
func (s *State) posOf(i int, pos []int64) int64 {
	if pos != nil {
		return pos[i]
	}
	return s.n + int64(i)
}

// note records that row i of the batch being added has domain problem
// kind.
func (s *State) note(kind, i int, pos []int64) {
	if p := s.posOf(i, pos); p < s.first[kind] {
		s.first[kind] = p
	}
}

// addRows adds validated rows, in blocks.
func (s *State) addRows(y, yhat, w []float64, pos []int64) {
	if w != nil && !s.weighted {
		s.markWeighted()
	}
	if pos != nil {
		s.positioned = true
	}
	for lo := 0; lo < len(y); lo += blockSize {
		hi := min(lo+blockSize, len(y))
		var wb []float64
		if w != nil {
			wb = w[lo:hi]
		}
		var pb []int64
		if pos != nil {
			pb = pos[lo:hi]
		}
		s.addBlock(y[lo:hi], yhat[lo:hi], wb, pb)
	}
}

// addBlock adds validated rows (at most blockSize): each per-row term,
// computed in float64, is gathered with the other rows' terms of its sum,
// and every sum then adds its terms in one call ([xsum.Sum.AddSlice]):
// exact sums do not depend on the order of their terms. pos is nil or the
// rows' positions.
func (s *State) addBlock(y, yhat, w []float64, pos []int64) {
	if len(y) == 0 {
		return
	}
	t := termPool.Get().(*terms)
	t.reset()
	maxErr := s.maxErr
	a := s.opt.alpha()
	eps := s.opt.MAPEEpsilon
	p := s.opt.Power
	weighted := w != nil
	// At α = ½ each row's pinball term is half its absolute error's
	// term, bit for bit, unless a halving rounds (below 2⁻¹⁰²¹: halfOK);
	// then the pinball sum gains half the block's exact Σ w|d| instead
	// of a term a row.
	half := a == 0.5
	halfOK := true
	// The Poisson and Gamma deviances share q = y/ŷ and log q (rows of
	// y, ŷ > 0), and the squared logarithmic errors take differences of
	// logarithms: the block's at once (ratioLogs, log1pDiffs), read in
	// row order below.
	qs, lqs := ratioLogs(t.q[:], t.lq[:], y, yhat)
	ls := log1pDiffs(t.x[:], t.l[:], y, yhat)
	nq, nl := 0, 0
	for i := range y {
		yi, pi := y[i], yhat[i]
		wi := 1.0
		if weighted {
			wi = w[i]
			t.add(tW, wi)
		}
		d := yi - pi
		ad := math.Abs(d)
		t.moments(tY1, tY2, yi, wi, weighted)
		d2 := d * d
		if weighted {
			t.moments(tD1, tD2, d, wi, weighted)
			t.add(tSq, wi*d2)
		} else {
			// Σ d² in exact parts is Σ fl(d²), the squared error's sum,
			// plus the parts' rest: the first part goes to tSq alone.
			t.add(tD1, d)
			t.add(tD2, math.FMA(d, d, -d2))
			t.add(tSq, d2)
		}
		t.add(tSq2, wi*d2*d2)
		ta := wi * ad
		t.add(tAbs, ta)
		halfOK = halfOK && (ad >= 0x1p-1021 || ad == 0) && (ta >= 0x1p-1021 || ta == 0) && ta <= math.MaxFloat64
		if ad > maxErr {
			maxErr = ad
		}
		ay := math.Abs(yi)
		t.add(tAbsY, wi*ay)
		if den := max(ay, eps); den > 0 { // ay, eps ≥ 0: no NaN or −0 to care for
			e := ad / den
			t.add(tApe, wi*e)
			t.add(tApe2, wi*e*e)
		} else {
			s.note(issueZeroTarget, i, pos)
		}
		if den := ay + math.Abs(pi); den > 0 {
			t.add(tSape, wi*(2*ad/den))
		}
		if yi < 0 || pi < 0 {
			s.note(issueNegative, i, pos)
		} else {
			l := ls[nl]
			nl++
			t.add(tSqLog, wi*l*l)
		}
		if s.ci != nil {
			s.ci.add(yi, d, ad, wi, max(ay, eps))
		}
		if !half {
			t.add(tPinball, wi*pinballTerm(d, a))
		}
		switch {
		case yi > 0 && pi > 0:
			q, lq := qs[nq], lqs[nq]
			nq++
			t.add(tPoisson, wi*(2*(yi*lq-yi+pi)))
			t.add(tGamma, wi*(2*(-lq+q-1)))
		case yi == 0 && pi > 0:
			t.add(tPoisson, wi*(2*pi)) // 0·log 0 = 0
			s.note(issueGamma, i, pos)
		default:
			s.note(issuePoisson, i, pos)
			s.note(issueGamma, i, pos)
		}
		switch {
		case p == 0: // the squared error: TweedieDeviance reads sq
		case tweedieOK(p, yi, pi):
			t.add(tTweedie, wi*tweedieDev(p, yi, pi))
		default:
			s.note(issueTweedie, i, pos)
		}
	}
	if !weighted {
		t.add(tW, float64(len(y))) // exact: an integer below 2⁵³
	}
	for k, a := range [numTerms]*xsum.Sum{&s.w, &s.y.s1, &s.y.s2, &s.d.s1, &s.d.s2, nil, &s.sq2, nil,
		&s.absY, &s.ape, &s.ape2, &s.sape, &s.sqLog, &s.pinball, &s.poisson, &s.gamma, &s.tweedie} {
		if a != nil {
			a.AddSlice(t.v[k][:t.n[k]])
		}
	}
	// The squared errors' terms go to sq and (unweighted) to Σ d², the
	// absolute errors' to abs and (α = ½) half of them to the pinball
	// sum: summed once, then merged; a few rows' terms go to each sum
	// (the merges would cost more).
	sqs, abss := t.v[tSq][:t.n[tSq]], t.v[tAbs][:t.n[tAbs]]
	if len(y) < mergeRows {
		s.sq.AddSlice(sqs)
		if !weighted {
			s.d.s2.AddSlice(sqs)
		}
		s.abs.AddSlice(abss)
		halfOK = false
	} else {
		var sq, abs xsum.Sum
		sq.AddSlice(sqs)
		s.sq.Merge(&sq)
		if !weighted {
			s.d.s2.Merge(&sq)
		}
		abs.AddSlice(abss)
		s.abs.Merge(&abs)
		halfOK = half && halfOK && s.pinball.AddHalf(&abs)
	}
	if half && !halfOK {
		// Some halving rounds: each row's own term.
		t.n[tPinball] = 0
		for i := range y {
			wi := 1.0
			if weighted {
				wi = w[i]
			}
			t.add(tPinball, wi*pinballTerm(y[i]-yhat[i], a))
		}
		s.pinball.AddSlice(t.v[tPinball][:t.n[tPinball]])
	}
	termPool.Put(t)
	s.maxErr = maxErr
	if s.opt.KeepValues {
		s.keep(y, yhat, w)
	}
	s.n += int64(len(y))
	s.yq = nil
}

// mergeRows is the fewest rows of a block whose terms shared by two sums
// are summed once and merged into both: the merges cost about as much
// as 40 rows' terms (a slice's share of a batch of 4096 rows among 100
// slices).
const mergeRows = 64

// The sums of a State's per-row terms, as indexes of terms.
const (
	tW = iota
	tY1
	tY2
	tD1
	tD2
	tSq
	tSq2
	tAbs
	tAbsY
	tApe
	tApe2
	tSape
	tSqLog
	tPinball
	tPoisson
	tGamma
	tTweedie
	numTerms
)

// terms gathers the terms of each sum over a block of rows: up to four a
// row (a weighted moment's square, in exact parts); and the block's
// ratios y/ŷ of the Poisson and Gamma deviances and their logarithms.
type terms struct {
	n     [numTerms]int
	v     [numTerms][4 * blockSize]float64
	q, lq [blockSize]float64
	// the squared logarithmic errors' (log1pDiffs)
	x, l [blockSize]float64
}

var termPool = sync.Pool{New: func() any { return new(terms) }}

func (t *terms) reset() { t.n = [numTerms]int{} }

func (t *terms) add(k int, x float64) {
	t.v[k][t.n[k]] = x
	t.n[k]++
}

// moments adds the terms of x of weight w to sums k1 (Σ w x) and k2
// (Σ w x²), each product split into float64 parts whose sum is exact
// (math.FMA): w = 1, x and x² in one and two parts; else w·x and w·x² in
// two and four.
func (t *terms) moments(k1, k2 int, x, w float64, weighted bool) {
	if !weighted {
		t.add(k1, x)
		p := x * x
		t.add(k2, p)
		t.add(k2, math.FMA(x, x, -p))
		return
	}
	wx := w * x
	e := math.FMA(w, x, -wx)
	t.add(k1, wx)
	t.add(k1, e)
	p := wx * x
	t.add(k2, p)
	t.add(k2, math.FMA(wx, x, -p))
	q := e * x
	t.add(k2, q)
	t.add(k2, math.FMA(e, x, -q))
}

// AddBatch adds rows to every output: ys[j][i] and yhats[j][i] are output
// j of row i (column-major: one slice per output), w the row weights (nil:
// 1). On an error (naming the row, and the output when there are several)
// nothing is added. It panics if the shapes do not match.
func (m *Multi) AddBatch(ys, yhats [][]float64, w []float64) error {
	return m.AddBatchAt(ys, yhats, w, nil)
}

// AddBatchAt is AddBatch for rows with caller-supplied positions pos[i],
// as [State.AddBatchAt]: they name the rows in errors, and each output
// keeps, per domain problem, the row of smallest position. An error names
// the first bad row of the batch.
func (m *Multi) AddBatchAt(ys, yhats [][]float64, w []float64, pos []int64) error {
	if len(ys) != len(m.outs) || len(yhats) != len(m.outs) {
		panic("regress: Multi.AddBatch with the wrong number of outputs")
	}
	n := len(ys[0])
	for j := range m.outs {
		if len(ys[j]) != n || len(yhats[j]) != n {
			panic("regress: Multi.AddBatch with columns of different lengths")
		}
	}
	if (w != nil && len(w) != n) || (pos != nil && len(pos) != n) {
		panic("regress: Multi.AddBatch with weights or positions of the wrong length")
	}
	s0 := m.outs[0]
	good := goodWeights(w)
	for j := range m.outs {
		good = good && rowsFinite(ys[j], yhats[j])
	}
	for i := 0; i < n && !good; i++ {
		for j, s := range m.outs {
			if err := s.checkRowAt(s.posOf(i, pos), ys[j][i], yhats[j][i]); err != nil {
				if len(m.outs) > 1 {
					err = fmt.Errorf("output %d: %w", j, err)
				}
				return err
			}
		}
		if w != nil && !goodWeight(w[i]) {
			return fmt.Errorf("%s: %w: %v", s0.rowName(s0.posOf(i, pos)), ErrBadWeight, w[i])
		}
	}
	for j, s := range m.outs {
		s.addRows(ys[j], yhats[j], w, pos)
	}
	return nil
}
