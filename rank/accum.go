package rank

import (
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// The measures of a score table are running sums over its rows in
// decreasing score order. Each is an accumulator fed consecutive runs of
// rows (segments): a [Table]'s methods feed it the whole table at once, a
// spilled table ([Spill.Stream]) feeds it one part at a time, and both
// give the same bits because the state carried from row to row is the
// same.

// segment is a run of consecutive rows of a score table, from row g0.
// The accumulators read the running masses from tp and fp (see
// [withCum]) rather than each summing them again: the same sums, in the
// same order, so the same bits.
type segment struct {
	score, pos, neg []float64
	g0              int
	// tp and fp are the cumulative (inclusive) masses at the rows, as
	// [Table.cum] gives them; tp0 and fp0 those before the first row.
	tp, fp   []float64
	tp0, fp0 float64
	// exact: unweighted, the masses are counts and every sum of them is
	// an exact integer (a compensated sum of them is the plain sum).
	exact bool
	// flat marks, for a weighted table built from rows, the rows
	// scikit-learn's roc_curve drops (see [npCum]): bit g − flatBase for
	// row g. nil otherwise.
	flat     []uint64
	flatBase int
	// posSq and negSq are the rows' Σw² of a weighted table that keeps
	// them ([Table.PosSq]); nil otherwise.
	posSq, negSq []float64
}

// sweepRows is the rows of a block of a table swept by [Table.blocks]:
// a block's rows and running masses (40 bytes a row) stay in cache while
// every accumulator reads them.
const sweepRows = 1 << 12

// blocks gives fn the table's rows in consecutive segments of at most
// sweepRows rows, without their running masses (see [withCum]).
func (t *Table) blocks(fn func(*segment) error) error {
	for g0 := 0; g0 < len(t.Score); g0 += sweepRows {
		g1 := min(g0+sweepRows, len(t.Score))
		sg := &segment{score: t.Score[g0:g1], pos: t.Pos[g0:g1], neg: t.Neg[g0:g1], g0: g0, flat: t.npFlat}
		if t.Weighted && t.PosSq != nil {
			sg.posSq, sg.negSq = t.PosSq[g0:g1], t.NegSq[g0:g1]
		}
		if err := fn(sg); err != nil {
			return err
		}
	}
	return nil
}

// withCum returns each (a source of consecutive segments of a table, in
// order) with the running masses of every segment filled in, as
// [Table.cum] computes them. The buffers are reused: fn must be done with
// a segment when it returns.
func withCum(weighted bool, each func(func(*segment) error) error) func(func(*segment) error) error {
	return func(fn func(*segment) error) error {
		c := cumAcc{weighted: weighted}
		var tp, fp []float64
		return each(func(sg *segment) error {
			tp, fp = grow(tp, len(sg.score)), grow(fp, len(sg.score))
			sg.tp0, sg.fp0 = c.last()
			c.fill(sg, tp, fp)
			sg.tp, sg.fp, sg.exact = tp, fp, !weighted
			return fn(sg)
		})
	}
}

// feedAll feeds every row of the table, block by block with their running
// masses, to fn.
func (t *Table) feedAll(fn func(*segment)) {
	// withCum(t.Weighted, t.blocks) written out: the same segments, with
	// one allocation for the running masses and one for the segment
	// (rather than closures and their captured state), which on a small
	// table is most of the work.
	c := cumAcc{weighted: t.Weighted}
	m := min(len(t.Score), sweepRows)
	cum := make([]float64, 2*m)
	sg := new(segment)
	for g0 := 0; g0 < len(t.Score); g0 += sweepRows {
		g1 := min(g0+sweepRows, len(t.Score))
		*sg = segment{score: t.Score[g0:g1], pos: t.Pos[g0:g1], neg: t.Neg[g0:g1], g0: g0, flat: t.npFlat}
		if t.Weighted && t.PosSq != nil {
			sg.posSq, sg.negSq = t.PosSq[g0:g1], t.NegSq[g0:g1]
		}
		tp, fp := cum[:g1-g0], cum[m:m+g1-g0]
		sg.tp0, sg.fp0 = c.last()
		c.fill(sg, tp, fp)
		sg.tp, sg.fp, sg.exact = tp, fp, !t.Weighted
		fn(sg)
	}
}

// The running masses TP and FP are the segment's tp and fp. The
// predicted-positive mass is the compensated sum of pos + neg row by row:
// TP + FP when they are counts (an exact integer either way), its own sum
// (ppSum) otherwise.

// ppSum is the running predicted-positive mass Σ (pos_g + neg_g).
type ppSum struct{ s fsum.Sum }

// at returns the mass up to row g of sg (inclusive), once for each row in
// order.
func (a *ppSum) at(sg *segment, g int) float64 {
	if sg.exact {
		return sg.tp[g] + sg.fp[g]
	}
	a.s.Add(sg.pos[g] + sg.neg[g])
	return a.s.Value()
}

// massScale returns the power of two k that brings the larger of the
// masses p and n into [½, 1) (1 when unweighted: the masses are counts).
// The sums of products of two masses (the AUC's, the rank loss's) are
// taken over the masses times k: exact in floating point (a power of two
// only moves the exponent), so the same bits for weights of ordinary
// size, and neither the underflow of products of tiny weights (1e-162²
// is 0) nor the overflow of products of huge ones (1e155²) — the result
// is invariant to scaling every weight.
func massScale(weighted bool, p, n float64) float64 {
	if !weighted {
		return 1
	}
	_, e := math.Frexp(max(p, n))
	return math.Ldexp(1, -e)
}

// pairSum sums the products of two masses, each times k (see
// [massScale]); value divides by (p k)(n k).
type pairSum struct {
	s fsum.Sum
	k float64 // 0 means 1
}

func (a *pairSum) value(p, n float64) float64 {
	if a.k == 0 || a.k == 1 {
		return a.s.Value() / p / n
	}
	return a.s.Value() / (p * a.k) / (n * a.k)
}

// aucAcc sums Σ_g neg_g (TP_{<g} + ½ pos_g); see [Table.AUC].
type aucAcc struct{ pairSum }

func (a *aucAcc) feed(sg *segment) {
	above := sg.tp0
	if k := a.k; k != 0 && k != 1 {
		for g := range sg.score {
			a.s.Add(sg.neg[g] * k * ((above + sg.pos[g]/2) * k))
			above = sg.tp[g]
		}
		return
	}
	for g := range sg.score {
		a.s.Add(sg.neg[g] * (above + sg.pos[g]/2))
		above = sg.tp[g]
	}
}

// rankLossAcc sums Σ_g pos_g (FP_{<g} + ½ neg_g); see [Table.RankLoss].
type rankLossAcc struct{ pairSum }

func (a *rankLossAcc) feed(sg *segment) {
	above := sg.fp0
	if k := a.k; k != 0 && k != 1 {
		for g := range sg.score {
			a.s.Add(sg.pos[g] * k * ((above + sg.neg[g]/2) * k))
			above = sg.fp[g]
		}
		return
	}
	for g := range sg.score {
		a.s.Add(sg.pos[g] * (above + sg.neg[g]/2))
		above = sg.fp[g]
	}
}

// apAcc is [Table.AveragePrecision] with W⁺ = p.
type apAcc struct {
	p  float64
	pp ppSum
	s  fsum.Sum
}

func (a *apAcc) feed(sg *segment) {
	for g := range sg.score {
		pp := a.pp.at(sg, g)
		if sg.pos[g] != 0 {
			a.s.Add(sg.pos[g] / a.p * (sg.tp[g] / pp))
		}
	}
}

// prTrapAcc is [Table.PRAUCTrapezoid] with W⁺ = p.
type prTrapAcc struct {
	p, r0, p0 float64
	pp        ppSum
	s         fsum.Sum
}

func newPRTrap(p float64) *prTrapAcc { return &prTrapAcc{p: p, p0: 1} }

func (a *prTrapAcc) feed(sg *segment) {
	for g := range sg.score {
		tp := sg.tp[g]
		d := a.pp.at(sg, g)
		r1, p1 := tp/a.p, 0.0
		if d != 0 {
			p1 = tp / d
		}
		a.s.Add((r1 - a.r0) * (p1 + a.p0) / 2)
		a.r0, a.p0 = r1, p1
	}
}

// bepAcc is [Table.BEP] with W⁺ = p.
type bepAcc struct {
	p    float64
	c    fsum.Sum // the mass before the row, when not exact
	done bool
	v    float64
}

func (a *bepAcc) feed(sg *segment) {
	if a.done {
		return
	}
	tp0, c0 := sg.tp0, sg.tp0+sg.fp0
	for g := range sg.score {
		m := sg.pos[g] + sg.neg[g]
		if m == 0 {
			continue
		}
		// TP and the predicted-positive mass before row g: a row of
		// mass 0 adds nothing to either.
		if g > 0 {
			tp0 = sg.tp[g-1]
			c0 = sg.tp[g-1] + sg.fp[g-1]
		}
		c := c0
		if !sg.exact {
			c = a.c.Value()
		}
		if c+m >= a.p {
			f := (a.p - c) / m
			a.v, a.done = (tp0+f*sg.pos[g])/a.p, true
			return
		}
		if !sg.exact {
			a.c.Add(m)
		}
	}
}

func (a *bepAcc) value() float64 {
	if !a.done {
		return 1 // unreachable: the total mass exceeds W⁺ when W⁻ > 0
	}
	return a.v
}

// operatingAcc is [Table.operating].
type operatingAcc struct {
	p, n     float64
	maximise bool
	crit     criterion
	best     Operating
}

func newOperating(p, n float64, maximise bool, crit criterion) *operatingAcc {
	return &operatingAcc{p: p, n: n, maximise: maximise, crit: crit, best: Operating{Threshold: math.Inf(1), Value: crit.at(0, 0, p, n)}}
}

func (a *operatingAcc) feed(sg *segment) {
	p, n := a.p, a.n
	for g := range sg.score {
		tp, fp := sg.tp[g], sg.fp[g]
		v := a.crit.at(tp, fp, p, n)
		if (a.maximise && v > a.best.Value) || (!a.maximise && v < a.best.Value) {
			a.best = Operating{Threshold: sg.score[g], Value: v, TPR: tp / p, FPR: fp / n}
			if d := tp + fp; d != 0 {
				a.best.Precision = tp / d
			}
		}
	}
}

// hullAcc is the upper convex hull of the ROC points of [Table.CostCurve].
type hullAcc struct {
	p, n float64
	hull []hullPt
}

type hullPt struct{ x, y float64 }

func newHull(p, n float64) *hullAcc {
	a := &hullAcc{p: p, n: n, hull: make([]hullPt, 0, 64)}
	a.push(hullPt{0, 0})
	return a
}

func (a *hullAcc) push(q hullPt) {
	cross := func(o, a, b hullPt) float64 { return (a.x-o.x)*(b.y-o.y) - (a.y-o.y)*(b.x-o.x) }
	for len(a.hull) >= 2 && cross(a.hull[len(a.hull)-2], a.hull[len(a.hull)-1], q) >= 0 {
		a.hull = a.hull[:len(a.hull)-1]
	}
	a.hull = append(a.hull, q)
}

func (a *hullAcc) feed(sg *segment) {
	for g := range sg.score {
		a.push(hullPt{sg.fp[g] / a.n, sg.tp[g] / a.p})
	}
}

// probAcc is [Table.LogLoss], [Table.Brier] and the check that every
// score is a probability.
type probAcc struct {
	notProb  float64 // the first score outside [0, 1] (NaN: none)
	bad      bool
	ll, br   fsum.Sum
	w        fsum.Sum // Σ pos_g, neg_g (both losses' weight)
	wExact   float64  // the same, when the masses are counts
	exact    bool
	any      bool
	skipLoss bool    // only check
	eps      float64 // the log loss's clipping bound (0: Eps)
	// top is the cell of the largest per-row log loss of unweighted rows
	// (for the warning of [topLossWarning]; rows 0: none, or weighted).
	top topCell
}

// topCell is a (score, class) cell and the log loss of each of its rows.
type topCell struct {
	loss, score, rows float64
	pos               bool
}

func (a *probAcc) feed(sg *segment) {
	for _, s := range sg.score {
		a.any = true
		if !(s >= 0 && s <= 1) && !a.bad {
			a.bad, a.notProb = true, s
		}
	}
	if a.bad || a.skipLoss {
		return
	}
	// The log loss and Brier sums in one loop, each in row order.
	a.exact = sg.exact
	eps := a.eps
	if eps == 0 {
		eps = Eps
	}
	for g, s := range sg.score {
		pos, neg := sg.pos[g], sg.neg[g]
		p := min(max(s, eps), 1-eps)
		q := 1 - p
		z := q + p
		if pos != 0 {
			l := -math.Log(p / z)
			a.ll.Add(pos * l)
			if sg.exact && l > a.top.loss {
				a.top = topCell{l, s, pos, true}
			}
		}
		if neg != 0 {
			l := -math.Log(q / z)
			a.ll.Add(neg * l)
			if sg.exact && l > a.top.loss {
				a.top = topCell{l, s, neg, false}
			}
		}
		a.br.Add(pos * (1 - s) * (1 - s))
		a.br.Add(neg * s * s)
		if sg.exact {
			a.wExact += pos
			a.wExact += neg
		} else {
			a.w.Add(pos)
			a.w.Add(neg)
		}
	}
}

// hingeAcc sums the binary hinge loss of [Table.HingeLoss].
type hingeAcc struct{ s fsum.Sum }

func (a *hingeAcc) feed(sg *segment) {
	for g, s := range sg.score {
		if pos := sg.pos[g]; pos != 0 && s < 1 {
			a.s.Add(pos * (1 - s))
		}
		if neg := sg.neg[g]; neg != 0 && s > -1 {
			a.s.Add(neg * (1 + s))
		}
	}
}

// weight is the mass both losses are divided by.
func (a *probAcc) weight() float64 {
	if a.exact {
		return a.wExact
	}
	return a.w.Value()
}

func (a *probAcc) err() error {
	switch {
	case !a.any:
		return ErrEmpty
	case a.bad:
		return errorf(ErrNotProbability, "score %v is outside [0, 1]", a.notProb)
	}
	return nil
}

// calAcc sums the calibration bins of [Table.Calibration], the bins in
// decreasing order of score.
type calAcc struct {
	inner            []float64
	b                int
	sumP, sumT, mass []fsum.Sum
}

func newCal(inner []float64) *calAcc {
	k := len(inner) + 1
	return &calAcc{inner: inner, b: len(inner), sumP: make([]fsum.Sum, k), sumT: make([]fsum.Sum, k), mass: make([]fsum.Sum, k)}
}

func (a *calAcc) feed(sg *segment) {
	b := a.b
	for g, s := range sg.score {
		// bin b: the number of inner edges below s (a score on an edge
		// falls in the lower bin).
		for b > 0 && !(a.inner[b-1] < s) {
			b--
		}
		m := sg.pos[g] + sg.neg[g]
		a.mass[b].Add(m)
		a.sumP[b].Add(s * m)
		a.sumT[b].Add(sg.pos[g])
	}
	a.b = b
}

func (a *calAcc) curve() CalibrationCurve {
	var c CalibrationCurve
	var total, ece fsum.Sum
	for i := range a.mass {
		total.Merge(a.mass[i])
	}
	for i := range a.mass {
		m := a.mass[i].Value()
		if m == 0 {
			continue
		}
		pt, pp := a.sumT[i].Value()/m, a.sumP[i].Value()/m
		c.ProbTrue = append(c.ProbTrue, pt)
		c.ProbPred = append(c.ProbPred, pp)
		c.Mass = append(c.Mass, m)
		ece.Add(m / total.Value() * math.Abs(pt-pp))
		c.MCE = max(c.MCE, math.Abs(pt-pp))
	}
	c.ECE = ece.Value()
	return c
}

// delongAcc sums DeLong's structural components; see [Table.DeLongVar].
// qp and qn are Σw² of the positives and of the negatives: p and n when
// unweighted.
type delongAcc struct {
	p, n, theta float64
	qp, qn      float64
	sx, sy      fsum.Sum
}

func (a *delongAcc) feed(sg *segment) {
	a.feedX(sg)
	a.feedY(sg)
}

// feedX sums the positives' components, feedY the negatives': two sums
// apart, which may run concurrently.
func (a *delongAcc) feedX(sg *segment) {
	n, theta := a.n, a.theta
	q := sg.pos // each cell's Σw²: its count when unweighted
	if sg.posSq != nil {
		q = sg.posSq
	}
	for g := range sg.score {
		if sg.pos[g] != 0 {
			d := (n-sg.fp[g]+sg.neg[g]/2)/n - theta
			a.sx.Add(q[g] * d * d)
		}
	}
}

func (a *delongAcc) feedY(sg *segment) {
	p, theta := a.p, a.theta
	q := sg.neg
	if sg.negSq != nil {
		q = sg.negSq
	}
	for g := range sg.score {
		if sg.neg[g] != 0 {
			d := (sg.tp[g]-sg.pos[g]/2)/p - theta
			a.sy.Add(q[g] * d * d)
		}
	}
}

// value is Σ_g Q⁺_g (V₁₀(g) − θ)²/(W⁺² − Q⁺) + the same of the negatives:
// c⁺/W⁺² = 1/(W⁺² − Q⁺) with c⁺ = n⁺/(n⁺ − 1) and Kish's n⁺ = W⁺²/Q⁺.
// It divides by W⁺ − Q⁺/W⁺ and then by W⁺, which for unit weights (Q⁺ =
// W⁺ = m, Q⁺/W⁺ = 1 exactly) is DeLong's /(m − 1)/m, to the bit.
func (a *delongAcc) value() float64 {
	return a.sx.Value()/(a.p-a.qp/a.p)/a.p + a.sy.Value()/(a.n-a.qn/a.n)/a.n
}
