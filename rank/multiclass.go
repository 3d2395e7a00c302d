package rank

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/internal/xsum"
	"github.com/evalkit-go/evalkit/label"
)

// MultiBuilder accumulates multiclass samples — a true class and a row of
// class probabilities — for [Multiclass]. Create it with [NewMultiBuilder].
type MultiBuilder struct {
	k        int
	cell     [][]Builder // cell[c][j]: true class c scored by column j
	ll       xsum.Sum    // Σ w ℓ, exact: the same bits however rows are split and merged
	ll2      xsum.Sum    // Σ w ℓ², for log loss's interval
	hl, hl2  xsum.Sum    // Σ w h and Σ w h² of the rows' hinge losses h
	rankMass []fsum.Sum
	// weighted: a row of weight other than 0 and 1 was added. Only then
	// are the sums of squared weights kept (rankSq, sll, sll2); before,
	// they equal rankMass, ll and ll2 and are filled from them.
	weighted bool
	rankSq   []xsum.Sum // Σ w² of the rows whose true class ranks r-th
	sll      xsum.Sum   // Σ w² ℓ
	sll2     xsum.Sum   // Σ w² ℓ²
	shl      xsum.Sum   // Σ w² h
	shl2     xsum.Sum   // Σ w² h²
	// Renormalize makes Add accept a row whose probabilities do not sum
	// to 1 (but to more than 0): the score tables and the rank of the
	// true class take the row divided by its sum, and the log loss is
	// that of the row clipped and divided by its sum, as scikit-learn's
	// log_loss rescales such rows.
	Renormalize bool
	q           []float64 // scratch: a rescaled row
	// argmax counts each row's true class against its arg-max class
	// (the first of the highest probabilities, as numpy.argmax).
	argmax *classify.Confusion
	// top is the row of the largest weighted log loss w·ℓ, rows the rows
	// added (for top's index after a merge).
	top  TopLoss
	rows int64
}

// TopLoss is the row of a multiclass statistic that carries the largest
// weighted log loss w·ℓ: its index among the rows added (0-based, in the
// order added and merged; the first of equal ones), its weight and its
// w·ℓ. Row is −1 when no row of weight > 0 was added.
type TopLoss struct {
	Row          int64
	Weight, Loss float64
}

// merge returns the larger of t and o, o's row index offset by offset
// (the rows before o's).
func (t TopLoss) merge(o TopLoss, offset int64) TopLoss {
	if o.Row >= 0 && (t.Row < 0 || o.Loss > t.Loss) {
		return TopLoss{Row: o.Row + offset, Weight: o.Weight, Loss: o.Loss}
	}
	return t
}

// Bytes returns the memory the rows hold: each row's k scores, in the
// builders of its true class.
func (m *MultiBuilder) Bytes() int64 {
	var n int64
	for c := range m.cell {
		for j := range m.cell[c] {
			n += m.cell[c][j].Bytes()
		}
	}
	return n
}

// NewMultiBuilder returns an empty accumulator for k classes. It panics if
// k < 2.
func NewMultiBuilder(k int) *MultiBuilder {
	if k < 2 {
		panic("rank: NewMultiBuilder: need at least 2 classes")
	}
	m := &MultiBuilder{k: k, cell: make([][]Builder, k), rankMass: make([]fsum.Sum, k), argmax: classify.NewConfusion(k), top: TopLoss{Row: -1}}
	for c := range m.cell {
		m.cell[c] = make([]Builder, k)
	}
	return m
}

// Add adds a sample of true class y (0 ≤ y < k) with class probabilities
// p (len k) and weight w. It returns an error wrapping ErrBadClass for y
// out of range, ErrNotFinite or ErrNotProbability for a probability that
// is not finite or not in [0, 1] or a row that does not sum to 1 (within
// numpy.allclose's 1e-8 + 1e-5, as scikit-learn checks; with Renormalize
// only a row that sums to 0), ErrNegativeWeight; the sample is then not
// added. It panics if len(p) ≠ k.
func (m *MultiBuilder) Add(y int, p []float64, w float64) error {
	if len(p) != m.k {
		panic(fmt.Sprintf("rank: MultiBuilder.Add: %d probabilities for %d classes", len(p), m.k))
	}
	if y < 0 || y >= m.k {
		return errorf(ErrBadClass, "class %d of %d", y, m.k)
	}
	if math.IsNaN(w) || math.IsInf(w, 0) {
		return errorf(ErrNotFinite, "weight %v", w)
	}
	if w < 0 {
		return errorf(ErrNegativeWeight, "weight %v", w)
	}
	for j, v := range p {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return errorf(ErrNotFinite, "probability %d: %v", j, v)
		}
		if !(v >= 0 && v <= 1) {
			return errorf(ErrNotProbability, "probability %d: %v is outside [0, 1]", j, v)
		}
	}
	raw := p
	if s, ok := ProbabilitySum(p); !ok {
		if !m.Renormalize {
			return errorf(ErrNotProbability, "probabilities sum to %v, not 1", s)
		}
		if s == 0 {
			return errorf(ErrNotProbability, "probabilities sum to 0, so the row cannot be rescaled")
		}
		if m.q == nil {
			m.q = make([]float64, m.k)
		}
		for j, v := range p {
			m.q[j] = v / s
		}
		p = m.q
	}
	if m.cell != nil {
		for j, v := range p {
			if err := m.cell[y][j].Add(v, true, w); err != nil {
				return err
			}
		}
	}
	if w == 1 {
		m.argmax.Add(y, argmax(p))
	} else {
		m.argmax.AddWeighted(y, argmax(p), w)
	}
	row := m.rows
	m.rows++
	if w == 0 {
		return nil
	}
	if w != 1 && !m.weighted {
		m.rankSq, m.sll, m.sll2 = unitSq(m.rankMass, &m.ll, &m.ll2)
		m.shl, m.shl2 = m.hl, m.hl2
		m.weighted = true
	}
	h := CrammerSinger(raw, y)
	m.hl.Add(w * h)
	m.hl2.Add(w * h * h)
	l := rowLogLoss(raw, y)
	m.ll.Add(w * l)
	m.ll2.Add(w * l * l)
	m.top = m.top.merge(TopLoss{Row: row, Weight: w, Loss: w * l}, 0)
	// rank of the true class: classes scored higher, or equal with a higher
	// index (scikit-learn's top_k_accuracy_score breaks ties that way).
	r := 0
	for j, v := range p {
		if v > p[y] || (v == p[y] && j > y) {
			r++
		}
	}
	m.rankMass[r].Add(w)
	if m.weighted {
		w2 := w * w
		m.sll.Add(w2 * l)
		m.sll2.Add(w2 * l * l)
		m.shl.Add(w2 * h)
		m.shl2.Add(w2 * h * h)
		m.rankSq[r].Add(w2)
	}
	return nil
}

// CrammerSinger returns the Crammer–Singer multiclass hinge loss of a row
// of decision values p whose true class is y:
//
//	h = max(0, 1 − (p_y − max_{j≠y} p_j))
//
// as scikit-learn's hinge_loss computes it for more than two labels. It
// panics if y is out of range or p has fewer than 2 values.
func CrammerSinger(p []float64, y int) float64 {
	if len(p) < 2 {
		panic("rank: CrammerSinger: fewer than 2 classes")
	}
	other := math.Inf(-1)
	for j, v := range p {
		if j != y {
			other = max(other, v)
		}
	}
	return max(0, 1-(p[y]-other))
}

// rowLogLoss is a row's log loss, as scikit-learn's log_loss takes it:
// the probabilities p (as given) clipped to [Eps, 1 − Eps] and divided by
// their clipped sum, −log of true class y's.
func rowLogLoss(p []float64, y int) float64 {
	z := 0.0
	for _, v := range p {
		z += min(max(v, Eps), 1-Eps)
	}
	return -math.Log(min(max(p[y], Eps), 1-Eps) / z)
}

// argmax returns the index of the first of the highest values of p, as
// numpy.argmax.
func argmax(p []float64) int {
	a := 0
	for j, v := range p {
		if v > p[a] {
			a = j
		}
	}
	return a
}

// ProbabilitySum returns the sum of a row of class probabilities
// (compensated) and whether it is 1 within the tolerance
// [MultiBuilder.Add] accepts: numpy.allclose's 1e-8 + 1e-5·sum, as
// scikit-learn checks.
func ProbabilitySum(p []float64) (sum float64, ok bool) {
	var s fsum.Sum
	for _, v := range p {
		s.Add(v)
	}
	sum = s.Value()
	return sum, math.Abs(sum-1) <= 1e-8+1e-5*sum
}

// unitSq returns the sums of squared weights of unit-weight rows: Σ w² =
// Σ w by rank (counts, exact in float64), Σ w²ℓ = Σ wℓ and Σ w²ℓ² = Σ wℓ²
// (w·ℓ = w²·ℓ to the bit for w = 1).
func unitSq(rankMass []fsum.Sum, ll, ll2 *xsum.Sum) (rank []xsum.Sum, sll, sll2 xsum.Sum) {
	rank = make([]xsum.Sum, len(rankMass))
	for r := range rankMass {
		rank[r].Add(rankMass[r].Value())
	}
	return rank, *ll, *ll2
}

// Merge appends the samples of o to m, as [Builder.Merge] does for each
// score table; the log loss and rank masses are merged compensated sums.
// It panics if their numbers of classes differ.
func (m *MultiBuilder) Merge(o *MultiBuilder) {
	if m.k != o.k {
		panic("rank: MultiBuilder.Merge: different numbers of classes")
	}
	for c := range m.cell {
		for j := range m.cell[c] {
			m.cell[c][j].Merge(&o.cell[c][j])
		}
	}
	if o.weighted && !m.weighted {
		m.rankSq, m.sll, m.sll2 = unitSq(m.rankMass, &m.ll, &m.ll2)
		m.shl, m.shl2 = m.hl, m.hl2
		m.weighted = true
	}
	if m.weighted {
		rank, sll, sll2, shl, shl2 := o.rankSq, o.sll, o.sll2, o.shl, o.shl2
		if !o.weighted {
			rank, sll, sll2 = unitSq(o.rankMass, &o.ll, &o.ll2)
			shl, shl2 = o.hl, o.hl2
		}
		for r := range m.rankSq {
			m.rankSq[r].Merge(&rank[r])
		}
		m.sll.Merge(&sll)
		m.sll2.Merge(&sll2)
		m.shl.Merge(&shl)
		m.shl2.Merge(&shl2)
	}
	m.ll.Merge(&o.ll)
	m.ll2.Merge(&o.ll2)
	m.hl.Merge(&o.hl)
	m.hl2.Merge(&o.hl2)
	for i := range m.rankMass {
		m.rankMass[i].Merge(o.rankMass[i])
	}
	m.argmax.Merge(o.argmax)
	m.top = m.top.merge(o.top, m.rows)
	m.rows += o.rows
}

// Reset empties m but keeps its memory for reuse.
func (m *MultiBuilder) Reset() {
	for c := range m.cell {
		for j := range m.cell[c] {
			m.cell[c][j].Reset()
		}
	}
	m.ll, m.ll2, m.hl, m.hl2 = xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}
	clear(m.rankMass)
	m.weighted, m.rankSq, m.sll, m.sll2, m.shl, m.shl2 = false, nil, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}, xsum.Sum{}
	m.argmax = classify.NewConfusion(m.k)
	m.top, m.rows = TopLoss{Row: -1}, 0
}

// Multiclass is the sufficient statistic of the multiclass score measures:
// for every true class c and score column j the score table of class c's
// samples scored by column j (as positives), the summed log loss and, for
// top-k accuracy, the mass of samples whose true class ranks r-th.
type Multiclass struct {
	K          int
	Cell       [][]*Table // Cell[c][j]
	LogLossSum float64
	LogLossSq  float64 // Σ w ℓ² of the rows' log losses ℓ, for its interval
	RankMass   []float64
	// Argmax is the confusion matrix of the arg-max prediction: each
	// row's true class against its class of highest probability (the
	// first of equal ones, as numpy.argmax). It is nil for a statistic
	// decoded from a binary encoding of version 3 or 4, which did not
	// carry it.
	Argmax *classify.Confusion
	// Weighted reports whether a row had a weight other than 0 and 1.
	Weighted bool
	// Top is the row that carries the largest weighted log loss and
	// Rows the rows added, whose order Top.Row counts in. Both are
	// unknown (Top.Row −1, Rows 0) for a statistic decoded from an
	// encoding of version 3 or 4.
	Top  TopLoss
	Rows int64
	// HingeSum and HingeSq are Σ w h and Σ w h² of the rows'
	// Crammer–Singer hinge losses h ([CrammerSinger]) of the scores as
	// they were given. NoHinge says they are unknown: a statistic decoded
	// from encoding version 3 to 6 (or merged with one), which did not
	// carry them. The encoding carries them with Argmax only: a statistic
	// without Argmax is encoded, and decodes, without them.
	HingeSum, HingeSq float64
	NoHinge           bool
	// ll and ll2 are LogLossSum and LogLossSq as exact sums, which
	// MergeMulticlass merges and the encoding carries, so that the two
	// are the same bits however the rows were split; hl and hl2 likewise
	// HingeSum and HingeSq.
	ll, ll2, hl, hl2 xsum.Sum
	// sq holds the sums of squared weights of a weighted statistic, for
	// the weighted intervals of top-k accuracy and log loss; nil when
	// unweighted (they are then the plain sums, [Multiclass.sqSums]) or
	// unknown (a weighted statistic of encoding version 3).
	sq *multiSq
}

// multiSq holds a weighted statistic's exact sums of squared weights:
// Σ w² of the rows whose true class ranks r-th, Σ w² ℓ and Σ w² ℓ², and
// Σ w² h and Σ w² h² (unknown when the statistic's NoHinge is set).
type multiSq struct {
	rank    []xsum.Sum
	ll, ll2 xsum.Sum
	hl, hl2 xsum.Sum
}

// tablesWeighted reports whether a score table is weighted.
func (m *Multiclass) tablesWeighted() bool {
	for _, row := range m.Cell {
		for _, t := range row {
			if t.Weighted {
				return true
			}
		}
	}
	return false
}

// sqSums returns the sums of squared weights of m's rows, or nil when
// they are unknown: a weighted statistic decoded from encoding version 3
// (which did not carry them; its tables say it is weighted).
func (m *Multiclass) sqSums() *multiSq {
	if m.Weighted {
		return m.sq
	}
	if m.tablesWeighted() {
		return nil
	}
	rank := make([]xsum.Sum, m.K)
	for r, v := range m.RankMass {
		rank[r].Add(v)
	}
	return &multiSq{rank: rank, ll: m.ll, ll2: m.ll2, hl: m.hl, hl2: m.hl2}
}

// Result sorts the accumulated samples and returns their statistic. The
// builder is left empty.
func (m *MultiBuilder) Result() *Multiclass {
	r := &Multiclass{K: m.k, Cell: make([][]*Table, m.k), LogLossSum: m.ll.Value(), LogLossSq: m.ll2.Value(), RankMass: make([]float64, m.k), ll: m.ll, ll2: m.ll2, Weighted: m.weighted, Argmax: m.argmax, Top: m.top, Rows: m.rows,
		HingeSum: m.hl.Value(), HingeSq: m.hl2.Value(), hl: m.hl, hl2: m.hl2}
	if m.weighted {
		r.sq = &multiSq{rank: m.rankSq, ll: m.sll, ll2: m.sll2, hl: m.shl, hl2: m.shl2}
	}
	for c := range r.Cell {
		r.Cell[c] = make([]*Table, m.k)
		for j := range r.Cell[c] {
			if m.cell == nil {
				r.Cell[c][j] = new(Table) // NewMultiScalars: no tables
			} else {
				r.Cell[c][j] = m.cell[c][j].Table()
			}
		}
	}
	for i := range m.rankMass {
		r.RankMass[i] = m.rankMass[i].Value()
	}
	renorm := m.Renormalize
	if m.cell == nil {
		*m = *NewMultiScalars(m.k)
	} else {
		*m = *NewMultiBuilder(m.k)
	}
	m.Renormalize = renorm
	return r
}

// MergeMulticlass returns the statistic of the union of a's and b's
// samples. It panics if their numbers of classes differ.
func MergeMulticlass(a, b *Multiclass) *Multiclass {
	if a.K != b.K {
		panic("rank: MergeMulticlass: different numbers of classes")
	}
	r := &Multiclass{K: a.K, Cell: make([][]*Table, a.K), RankMass: make([]float64, a.K), ll: a.ll, ll2: a.ll2, hl: a.hl, hl2: a.hl2, Top: TopLoss{Row: -1}}
	if a.Argmax != nil && b.Argmax != nil {
		// b's rows follow a's
		r.Top, r.Rows = a.Top.merge(b.Top, a.Rows), a.Rows+b.Rows
	}
	r.ll.Merge(&b.ll)
	r.ll2.Merge(&b.ll2)
	r.LogLossSum, r.LogLossSq = r.ll.Value(), r.ll2.Value()
	r.NoHinge = a.NoHinge || b.NoHinge
	if r.NoHinge {
		r.hl, r.hl2 = xsum.Sum{}, xsum.Sum{}
	} else {
		r.hl.Merge(&b.hl)
		r.hl2.Merge(&b.hl2)
	}
	r.HingeSum, r.HingeSq = r.hl.Value(), r.hl2.Value()
	r.Weighted = a.Weighted || b.Weighted
	if r.Weighted {
		if sa, sb := a.sqSums(), b.sqSums(); sa != nil && sb != nil {
			r.sq = &multiSq{rank: make([]xsum.Sum, a.K), ll: sa.ll, ll2: sa.ll2, hl: sa.hl, hl2: sa.hl2}
			r.sq.ll.Merge(&sb.ll)
			r.sq.ll2.Merge(&sb.ll2)
			if r.NoHinge {
				r.sq.hl, r.sq.hl2 = xsum.Sum{}, xsum.Sum{}
			} else {
				r.sq.hl.Merge(&sb.hl)
				r.sq.hl2.Merge(&sb.hl2)
			}
			for i := range r.sq.rank {
				r.sq.rank[i] = sa.rank[i]
				r.sq.rank[i].Merge(&sb.rank[i])
			}
		}
	}
	for c := range r.Cell {
		r.Cell[c] = make([]*Table, a.K)
		for j := range r.Cell[c] {
			r.Cell[c][j] = Merge(a.Cell[c][j], b.Cell[c][j])
		}
	}
	for i := range r.RankMass {
		r.RankMass[i] = a.RankMass[i] + b.RankMass[i]
	}
	if a.Argmax != nil && b.Argmax != nil {
		r.Argmax = classify.NewConfusion(a.K)
		r.Argmax.Merge(a.Argmax)
		r.Argmax.Merge(b.Argmax)
	}
	return r
}

// Support returns the mass of each true class.
func (m *Multiclass) Support() []float64 {
	s := make([]float64, m.K)
	for c := range s {
		s[c] = m.Cell[c][c].Positives()
	}
	return s
}

func (m *Multiclass) total() float64 { return fsum.Of(m.Support()) }

func (m *Multiclass) checkClasses() error {
	if m.total() == 0 {
		return ErrEmpty
	}
	for c, s := range m.Support() {
		if s == 0 {
			return fmt.Errorf("class %d has no samples: %w", c, ErrOneClass)
		}
	}
	return nil
}

// asNeg returns t with its positive mass moved to the negatives.
func asNeg(t *Table) *Table {
	u := &Table{Score: t.Score, Pos: make([]float64, len(t.Score)), Neg: t.Pos, Rows: t.Rows, Weighted: t.Weighted}
	if t.Weighted && t.PosRows != nil {
		u.PosRows, u.NegRows, u.PosSq, u.NegSq = u.Pos, t.PosRows, u.Pos, t.PosSq
	}
	return u
}

// OvR returns the one-vs-rest score table of class j: its samples as
// positives, all others as negatives, scored by column j. It panics if j
// is out of range.
func (m *Multiclass) OvR(j int) *Table {
	t := m.Cell[j][j]
	for c := 0; c < m.K; c++ {
		if c != j {
			t = Merge(t, asNeg(m.Cell[c][j]))
		}
	}
	return t
}

// MultiAUC holds the multiclass AUCs.
type MultiAUC struct {
	PerClass              []float64   // one-vs-rest AUC of each class
	Pair                  [][]float64 // Pair[a][b] (a ≠ b): AUC of class a against class b scored by column a
	OvRMacro, OvRWeighted float64
	OvOMacro, OvOWeighted float64
	// OvRMicro is the micro-averaged one-vs-rest AUC (see [Multiclass.AUC]).
	OvRMicro float64
}

// Micro returns the score table of every (sample, class) pair: a sample's
// score for its own class as a positive, its score for every other class
// as a negative, each with the sample's weight — the one-hot labels and
// the score matrix flattened, as scikit-learn's micro average reads them.
func (m *Multiclass) Micro() *Table {
	ts := make([]*Table, 0, m.K*m.K)
	for c := range m.Cell {
		for j, t := range m.Cell[c] {
			if c == j {
				ts = append(ts, t)
			} else {
				ts = append(ts, asNeg(t))
			}
		}
	}
	// Merged in pairs, so that each score is copied about log₂(K²) times.
	for len(ts) > 1 {
		var next []*Table
		for i := 0; i+1 < len(ts); i += 2 {
			next = append(next, Merge(ts[i], ts[i+1]))
		}
		if len(ts)%2 == 1 {
			next = append(next, ts[len(ts)-1])
		}
		ts = next
	}
	return ts[0]
}

// AUC returns the one-vs-rest and one-vs-one multiclass AUCs.
//
// One-vs-rest: class c's AUC has c's samples as positives and all others
// as negatives, scored by column c; macro is the plain mean over classes,
// weighted the mean weighted by class mass (scikit-learn's
// roc_auc_score(multi_class="ovr")).
//
// One-vs-one (Hand & Till 2001): for classes a < b, restricted to the
// samples of a and b, A(a|b) is the AUC of a against b scored by column a
// and A(b|a) likewise; the pair's score is their mean, macro is the mean
// over pairs (Hand & Till's M) and weighted weights each pair by its
// prevalence (W_a + W_b)/W (scikit-learn's multi_class="ovo"; scikit-learn
// accepts no sample weights here, this is their natural extension).
//
// Micro-averaged one-vs-rest: the AUC of the table of [Multiclass.Micro],
// every (sample, class) pair scored by that class's column, positive when
// the class is the sample's (scikit-learn's multi_class="ovr",
// average="micro").
//
// It returns an error wrapping ErrOneClass naming a class without
// samples.
func (m *Multiclass) AUC() (MultiAUC, error) {
	var r MultiAUC
	if err := m.checkClasses(); err != nil {
		return r, err
	}
	sup := m.Support()
	total := fsum.Of(sup)
	r.PerClass = make([]float64, m.K)
	var mac, wtd fsum.Sum
	for j := 0; j < m.K; j++ {
		a, err := m.OvR(j).AUC()
		if err != nil {
			return r, err
		}
		r.PerClass[j] = a
		mac.Add(a)
		wtd.Add(a * sup[j])
	}
	r.OvRMacro = mac.Value() / float64(m.K)
	r.OvRWeighted = wtd.Value() / total
	micro, err := m.Micro().AUC()
	if err != nil {
		return r, err
	}
	r.OvRMicro = micro
	r.Pair = make([][]float64, m.K)
	for a := range r.Pair {
		r.Pair[a] = make([]float64, m.K)
		r.Pair[a][a] = math.NaN()
	}
	mac, wtd = fsum.Sum{}, fsum.Sum{}
	var prev fsum.Sum
	for a := 0; a < m.K; a++ {
		for b := a + 1; b < m.K; b++ {
			ab, err := Merge(m.Cell[a][a], asNeg(m.Cell[b][a])).AUC()
			if err != nil {
				return r, err
			}
			ba, err := Merge(m.Cell[b][b], asNeg(m.Cell[a][b])).AUC()
			if err != nil {
				return r, err
			}
			r.Pair[a][b], r.Pair[b][a] = ab, ba
			s := (ab + ba) / 2
			pr := (sup[a] + sup[b]) / total
			mac.Add(s)
			wtd.Add(s * pr)
			prev.Add(pr)
		}
	}
	pairs := float64(m.K * (m.K - 1) / 2)
	r.OvOMacro = mac.Value() / pairs
	r.OvOWeighted = wtd.Value() / prev.Value()
	return r, nil
}

// LogLoss returns the multiclass cross-entropy −Σ w_i log p_{i,y_i} / Σ w_i,
// each row clipped to [Eps, 1 − Eps] and renormalised as scikit-learn's
// log_loss does. It returns ErrEmpty for no samples.
func (m *Multiclass) LogLoss() (float64, error) {
	t := m.total()
	if t == 0 {
		return math.NaN(), ErrEmpty
	}
	return m.LogLossSum / t, nil
}

// HingeLoss returns the (weighted) mean Crammer–Singer hinge loss of the
// rows, Σ w h / Σ w with h of [CrammerSinger] of each row's probabilities
// as decision values (as given, before any renormalisation), as
// scikit-learn's hinge_loss(y, p, labels=classes). It returns ErrEmpty
// for no samples and ErrBadEncoding when the statistic does not carry the
// sums (NoHinge).
func (m *Multiclass) HingeLoss() (float64, error) {
	t := m.total()
	if t == 0 {
		return math.NaN(), ErrEmpty
	}
	if m.NoHinge {
		return math.NaN(), fmt.Errorf("%w: the hinge loss sums (a statistic of encoding version 3 to 6)", ErrBadEncoding)
	}
	return m.HingeSum / t, nil
}

// TopK returns the top-k accuracy: the (weighted) fraction of samples
// whose true class is among the k highest probabilities, ties broken
// towards the higher class index as scikit-learn's top_k_accuracy_score.
// It returns ErrEmpty for no samples. It panics if k < 1.
func (m *Multiclass) TopK(k int) (float64, error) {
	if k < 1 {
		panic("rank: TopK: k < 1")
	}
	t := m.total()
	if t == 0 {
		return math.NaN(), ErrEmpty
	}
	var s fsum.Sum
	for r := 0; r < min(k, m.K); r++ {
		s.Add(m.RankMass[r])
	}
	return s.Value() / t, nil
}

// Encoding versions: 2 added LogLossSq; 3 made the log loss sums exact;
// 4, written for a weighted statistic only, adds its sums of squared
// weights (an unweighted statistic is still written as version 3, whose
// bytes it keeps); 5 and 6 are 3 and 4 followed by the arg-max
// prediction's confusion matrix (as a [classify.Tally] over the class
// indices), the rows and the row of the largest log loss
// ([Multiclass.Top]), written when the statistic has them; 7 and 8 are
// 5 and 6 with the hinge loss sums (Σ w h and Σ w h² after the log loss
// sums, Σ w² h and Σ w² h² after the squared-weight log loss sums),
// written when the statistic has them and the arg-max matrix (a
// statistic with NoHinge is still written as 5 or 6, byte for byte).
const (
	multiclassVersion               = 3
	multiclassWeightedVersion       = 4
	multiclassArgmaxVersion         = 5
	multiclassWeightedArgmaxVersion = 6
	multiclassHingeVersion          = 7
	multiclassWeightedHingeVersion  = 8
)

// argmaxLabels are the names the encoding gives the k classes of the
// arg-max confusion matrix: their indices.
func argmaxLabels(k int) []string {
	names := make([]string, k)
	for i := range names {
		names[i] = strconv.Itoa(i)
	}
	return names
}

// appendArgmax appends the arg-max confusion matrix c of k classes, as a
// block: the encoding of a tally of it, its classes named by argmaxLabels.
func appendArgmax(a *wire.Appender, k int, c *classify.Confusion) error {
	tb, err := (&classify.Tally{Labels: label.NewSet(argmaxLabels(k)), C: c}).MarshalBinary()
	if err != nil {
		return err
	}
	a.Block(tb)
	return nil
}

// readArgmax reads what appendArgmax wrote for k classes; a matrix that
// is not one (its encoding bad, or its classes not argmaxLabels(k)) is
// an error wrapping ErrBadEncoding that names what holds it.
func readArgmax(r *wire.Reader, k int, what string) (*classify.Confusion, error) {
	tb := r.Block()
	if r.Err() != nil {
		return nil, r.Err()
	}
	var tl classify.Tally
	if err := tl.UnmarshalBinary(tb); err != nil || !tl.Labels.Fixed() || !slices.Equal(tl.Labels.Names(), argmaxLabels(k)) {
		return nil, fmt.Errorf("%w: %s: bad arg-max confusion matrix", ErrBadEncoding, what)
	}
	return tl.C, nil
}

// MarshalBinary encodes the statistic (its k² score tables, by
// [Table.MarshalBinary], the log loss sums and the rank masses, and for
// a weighted statistic its sums of squared weights) so that a
// distributed engine can ship it between workers;
// [Multiclass.UnmarshalBinary] restores it bit for bit.
func (m *Multiclass) MarshalBinary() ([]byte, error) {
	a := wire.Appender{multiclassVersion}
	if m.Weighted {
		a[0] = multiclassWeightedVersion
	}
	// The hinge sums go only with the arg-max matrix (versions 7 and 8);
	// every statistic that has them has it.
	hinge := m.Argmax != nil && !m.NoHinge
	switch {
	case hinge:
		a[0] += multiclassHingeVersion - multiclassVersion
	case m.Argmax != nil:
		a[0] += multiclassArgmaxVersion - multiclassVersion
	}
	a.Uvarint(uint64(m.K))
	a.XSum(&m.ll)
	a.XSum(&m.ll2)
	if hinge {
		a.XSum(&m.hl)
		a.XSum(&m.hl2)
	}
	for _, v := range m.RankMass {
		a.Float(v)
	}
	if m.Weighted {
		// 1 and the sums, or 0: unknown (merged from version 3)
		if m.sq == nil {
			a.Byte(0)
		} else {
			a.Byte(1)
			for i := range m.sq.rank {
				a.XSum(&m.sq.rank[i])
			}
			a.XSum(&m.sq.ll)
			a.XSum(&m.sq.ll2)
			if hinge {
				a.XSum(&m.sq.hl)
				a.XSum(&m.sq.hl2)
			}
		}
	}
	if m.Argmax != nil {
		if err := appendArgmax(&a, m.K, m.Argmax); err != nil {
			return nil, err
		}
		a.Uvarint(uint64(m.Rows))
		a.Varint(m.Top.Row)
		a.Float(m.Top.Weight)
		a.Float(m.Top.Loss)
	}
	for c := range m.Cell {
		for _, t := range m.Cell[c] {
			tb, err := t.MarshalBinary()
			if err != nil {
				return nil, err
			}
			a.Block(tb)
		}
	}
	return a, nil
}

// UnmarshalBinary replaces m with the statistic encoded in data by
// [Multiclass.MarshalBinary] (version 3 to 8); an error wraps
// ErrBadEncoding. A weighted statistic of version 3 has no sums of
// squared weights: its top-k accuracy and log loss get no interval. A
// statistic of version 3 to 6 has no hinge loss sums (NoHinge).
func (m *Multiclass) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, fmt.Errorf("%w: multiclass", ErrBadEncoding))
	version := r.Byte()
	if version < multiclassVersion || version > multiclassWeightedHingeVersion {
		return fmt.Errorf("%w: multiclass: unknown version", ErrBadEncoding)
	}
	withHinge := version >= multiclassHingeVersion
	if withHinge {
		version -= multiclassHingeVersion - multiclassArgmaxVersion
	}
	withArgmax := version >= multiclassArgmaxVersion
	if withArgmax {
		version -= multiclassArgmaxVersion - multiclassVersion
	}
	k := r.Count(8) // the rank masses alone take 8 bytes a class
	if r.Err() == nil && k < 2 {
		r.Fail("bad number of classes")
	}
	ll, ll2 := r.XSum(), r.XSum()
	out := Multiclass{K: k, Cell: make([][]*Table, k), RankMass: make([]float64, k), ll: ll, ll2: ll2, NoHinge: !withHinge}
	out.LogLossSum, out.LogLossSq = ll.Value(), ll2.Value()
	if withHinge {
		out.hl, out.hl2 = r.XSum(), r.XSum()
		out.HingeSum, out.HingeSq = out.hl.Value(), out.hl2.Value()
	}
	for i := range out.RankMass {
		out.RankMass[i] = r.Float()
	}
	if version == multiclassWeightedVersion {
		out.Weighted = true
		switch r.Byte() {
		case 0:
		case 1:
			out.sq = &multiSq{rank: make([]xsum.Sum, k)}
			for i := range out.sq.rank {
				out.sq.rank[i] = r.XSum()
			}
			out.sq.ll, out.sq.ll2 = r.XSum(), r.XSum()
			if withHinge {
				out.sq.hl, out.sq.hl2 = r.XSum(), r.XSum()
			}
		default:
			r.Fail("bad squared-weights flag")
		}
	}
	if withArgmax {
		var err error
		if out.Argmax, err = readArgmax(r, k, "multiclass"); err != nil {
			return err
		}
		out.Rows = int64(r.Uvarint(math.MaxInt64))
		out.Top = TopLoss{Row: r.Varint(), Weight: r.Float(), Loss: r.Float()}
		if r.Err() == nil && !(out.Top.Row == -1 || out.Top.Row >= 0 && out.Top.Row < out.Rows) {
			r.Fail("bad row of the largest log loss")
		}
	} else {
		out.Top.Row = -1
	}
	for c := range out.Cell {
		out.Cell[c] = make([]*Table, k)
		for j := range out.Cell[c] {
			tb := r.Block()
			if r.Err() != nil {
				return r.Err()
			}
			t := new(Table)
			if err := t.UnmarshalBinary(tb); err != nil {
				return err
			}
			out.Cell[c][j] = t
		}
	}
	if err := r.End(); err != nil {
		return err
	}
	*m = out
	return nil
}
