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
type segment struct {
	score, pos, neg []float64
	g0              int
	// flat marks, for a weighted table built from rows, the rows
	// scikit-learn's roc_curve drops (see [npCum]): bit g − flatBase for
	// row g. nil otherwise.
	flat     []uint64
	flatBase int
}

// whole is the table as one segment.
func (t *Table) whole() *segment {
	return &segment{score: t.Score, pos: t.Pos, neg: t.Neg, flat: t.npFlat}
}

// aucAcc sums Σ_g neg_g (TP_{<g} + ½ pos_g); see [Table.AUC].
type aucAcc struct{ above, s fsum.Sum }

func (a *aucAcc) feed(sg *segment) {
	for g := range sg.score {
		a.s.Add(sg.neg[g] * (a.above.Value() + sg.pos[g]/2))
		a.above.Add(sg.pos[g])
	}
}

// rankLossAcc sums Σ_g pos_g (FP_{<g} + ½ neg_g); see [Table.RankLoss].
type rankLossAcc struct{ above, s fsum.Sum }

func (a *rankLossAcc) feed(sg *segment) {
	for g := range sg.score {
		a.s.Add(sg.pos[g] * (a.above.Value() + sg.neg[g]/2))
		a.above.Add(sg.neg[g])
	}
}

// apAcc is [Table.AveragePrecision] with W⁺ = p.
type apAcc struct {
	p         float64
	tp, pp, s fsum.Sum
}

func (a *apAcc) feed(sg *segment) {
	for g := range sg.score {
		a.tp.Add(sg.pos[g])
		a.pp.Add(sg.pos[g] + sg.neg[g])
		if sg.pos[g] != 0 {
			a.s.Add(sg.pos[g] / a.p * (a.tp.Value() / a.pp.Value()))
		}
	}
}

// prTrapAcc is [Table.PRAUCTrapezoid] with W⁺ = p.
type prTrapAcc struct {
	p, r0, p0 float64
	tp, pp, s fsum.Sum
}

func newPRTrap(p float64) *prTrapAcc { return &prTrapAcc{p: p, p0: 1} }

func (a *prTrapAcc) feed(sg *segment) {
	for g := range sg.score {
		a.tp.Add(sg.pos[g])
		a.pp.Add(sg.pos[g] + sg.neg[g])
		r1, p1 := a.tp.Value()/a.p, 0.0
		if d := a.pp.Value(); d != 0 {
			p1 = a.tp.Value() / d
		}
		a.s.Add((r1 - a.r0) * (p1 + a.p0) / 2)
		a.r0, a.p0 = r1, p1
	}
}

// bepAcc is [Table.BEP] with W⁺ = p.
type bepAcc struct {
	p     float64
	tp, c fsum.Sum
	done  bool
	v     float64
}

func (a *bepAcc) feed(sg *segment) {
	if a.done {
		return
	}
	for g := range sg.score {
		m := sg.pos[g] + sg.neg[g]
		if m == 0 {
			continue
		}
		if a.c.Value()+m >= a.p {
			f := (a.p - a.c.Value()) / m
			a.v, a.done = (a.tp.Value()+f*sg.pos[g])/a.p, true
			return
		}
		a.tp.Add(sg.pos[g])
		a.c.Add(m)
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
	crit     func(tp, fp, p, n float64) float64
	tp, fp   fsum.Sum
	best     Operating
}

func newOperating(p, n float64, maximise bool, crit func(tp, fp, p, n float64) float64) *operatingAcc {
	return &operatingAcc{p: p, n: n, maximise: maximise, crit: crit, best: Operating{Threshold: math.Inf(1), Value: crit(0, 0, p, n)}}
}

func (a *operatingAcc) feed(sg *segment) {
	p, n := a.p, a.n
	for g := range sg.score {
		a.tp.Add(sg.pos[g])
		a.fp.Add(sg.neg[g])
		v := a.crit(a.tp.Value(), a.fp.Value(), p, n)
		if (a.maximise && v > a.best.Value) || (!a.maximise && v < a.best.Value) {
			a.best = Operating{Threshold: sg.score[g], Value: v, TPR: a.tp.Value() / p, FPR: a.fp.Value() / n}
			if d := a.tp.Value() + a.fp.Value(); d != 0 {
				a.best.Precision = a.tp.Value() / d
			}
		}
	}
}

// hullAcc is the upper convex hull of the ROC points of [Table.CostCurve].
type hullAcc struct {
	p, n   float64
	hull   []hullPt
	tp, fp fsum.Sum
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
		a.tp.Add(sg.pos[g])
		a.fp.Add(sg.neg[g])
		a.push(hullPt{a.fp.Value() / a.n, a.tp.Value() / a.p})
	}
}

// probAcc is [Table.LogLoss], [Table.Brier] and the check that every
// score is a probability.
type probAcc struct {
	notProb  float64 // the first score outside [0, 1] (NaN: none)
	bad      bool
	ll, llw  fsum.Sum
	br, brw  fsum.Sum
	any      bool
	skipLoss bool // only check
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
	for g, p := range sg.score {
		p = min(max(p, Eps), 1-Eps)
		q := 1 - p
		z := q + p
		if sg.pos[g] != 0 {
			a.ll.Add(-sg.pos[g] * math.Log(p/z))
		}
		if sg.neg[g] != 0 {
			a.ll.Add(-sg.neg[g] * math.Log(q/z))
		}
		a.llw.Add(sg.pos[g])
		a.llw.Add(sg.neg[g])
	}
	for g, p := range sg.score {
		a.br.Add(sg.pos[g] * (1 - p) * (1 - p))
		a.br.Add(sg.neg[g] * p * p)
		a.brw.Add(sg.pos[g])
		a.brw.Add(sg.neg[g])
	}
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
type delongAcc struct {
	p, n, theta    float64
	tp, fp, sx, sy fsum.Sum
}

func (a *delongAcc) feed(sg *segment) {
	p, n, theta := a.p, a.n, a.theta
	for g := range sg.score {
		a.tp.Add(sg.pos[g])
		a.fp.Add(sg.neg[g])
		if sg.pos[g] != 0 {
			d := (n-a.fp.Value()+sg.neg[g]/2)/n - theta
			a.sx.Add(sg.pos[g] * d * d)
		}
		if sg.neg[g] != 0 {
			d := (a.tp.Value()-sg.pos[g]/2)/p - theta
			a.sy.Add(sg.neg[g] * d * d)
		}
	}
}

func (a *delongAcc) value() float64 {
	return a.sx.Value()/(a.p-1)/a.p + a.sy.Value()/(a.n-1)/a.n
}
