package rank

import (
	"math"
	"slices"
	"sort"
)

// ROCCurve is a receiver operating characteristic curve: the false- and
// true-positive rates when every sample with score ≥ Thresholds[i] is
// predicted positive, in decreasing threshold order. The first point is
// (0, 0) at threshold +∞.
type ROCCurve struct {
	FPR, TPR, Thresholds []float64
}

// ROC returns the ROC curve, one point per distinct score (seed 003's
// stepping rule: a positive moves the point up by 1/m⁺, a negative right by
// 1/m⁻, a tie group diagonally). With dropIntermediate, points collinear
// with both neighbours are dropped exactly as scikit-learn's roc_curve
// (drop_intermediate=True) does: a point is dropped when the second
// differences of both the cumulative false- and true-positive masses are
// zero there. With weights, scikit-learn tests numpy's cumulative sums
// (plain float64 additions, row by row), which can find a vertex collinear
// where the compensated sums of the table do not, or the reverse; a table
// built by a [Builder] (or [NewTable]) follows numpy's sums, so its ROC
// curve has exactly scikit-learn's vertices; a table from [Merge] or
// [Binned] has no rows to follow and applies the rule to its own sums.
// The first threshold is +∞ (scikit-learn ≥ 1.3; 1.2 printed
// the largest score + 1). It returns ErrOneClass when a class is missing.
func (t *Table) ROC(dropIntermediate bool) (ROCCurve, error) {
	p, n, err := t.check()
	if err != nil {
		return ROCCurve{}, err
	}
	m := len(t.Score)
	c := &rocCollect{ROCCurve{
		FPR:        make([]float64, 0, m+1),
		TPR:        make([]float64, 0, m+1),
		Thresholds: make([]float64, 0, m+1),
	}}
	r := rocStream{p: p, n: n, drop: dropIntermediate, sink: c}
	r.start()
	t.feedAll(r.feed)
	r.finish()
	return c.ROCCurve, nil
}

// vertexSink takes the vertices of a curve in order: coordinates and
// threshold.
type vertexSink interface{ vertex(x, y, t float64) }

// rocCollect collects the vertices of an ROC curve.
type rocCollect struct{ ROCCurve }

func (c *rocCollect) vertex(x, y, t float64) {
	c.FPR = append(c.FPR, x)
	c.TPR = append(c.TPR, y)
	c.Thresholds = append(c.Thresholds, t)
}

// rocStream gives the vertices of the ROC curve to sink, from the rows of
// a score table and their cumulative masses fed in order: the point
// (0, 0) at threshold +∞, then one point per row, without the rows whose
// point is collinear with its neighbours' when drop is set (see
// [Table.ROC]; a row is decided when the next one comes).
type rocStream struct {
	p, n       float64
	drop       bool
	sink       vertexSink
	rows       int
	pend, prev [2]float64 // tp and fp of the last row and of the one before
	pendScore  float64
}

func (r *rocStream) start() { r.sink.vertex(0, 0, math.Inf(1)) }

func (r *rocStream) feed(sg *segment) {
	tp, fp := sg.tp, sg.fp
	for g := range sg.score {
		if r.rows > 0 {
			j := sg.g0 + g - 1 // the pending row, not the last
			keep := true
			if r.drop && j > 0 {
				if sg.flat != nil {
					b := j - sg.flatBase
					keep = sg.flat[b/64]>>(b%64)&1 == 0
				} else if fp[g]-2*r.pend[1]+r.prev[1] == 0 && tp[g]-2*r.pend[0]+r.prev[0] == 0 {
					keep = false
				}
			}
			if keep {
				r.sink.vertex(r.pend[1]/r.n, r.pend[0]/r.p, r.pendScore)
			}
		}
		r.prev, r.pend, r.pendScore = r.pend, [2]float64{tp[g], fp[g]}, sg.score[g]
		r.rows++
	}
}

// finish gives the last row's vertex.
func (r *rocStream) finish() {
	if r.rows > 0 {
		r.sink.vertex(r.pend[1]/r.n, r.pend[0]/r.p, r.pendScore)
	}
}

// prStream gives the vertices of the P-R curve in stream order: the final
// point (recall 0, precision 1, no threshold: NaN), then one per row in
// decreasing threshold order.
type prStream struct {
	p    float64
	sink vertexSink
}

func (r *prStream) start() { r.sink.vertex(0, 1, math.NaN()) }

func (r *prStream) feed(sg *segment) {
	tp, fp := sg.tp, sg.fp
	for g := range sg.score {
		var prec float64
		if d := tp[g] + fp[g]; d != 0 {
			prec = tp[g] / d
		}
		r.sink.vertex(tp[g]/r.p, prec, sg.score[g])
	}
}

// thinROC returns [Table.ROC] (dropIntermediate) thinned to n vertices
// (n ≥ 2) as ROCCurve.thin(n, rows) thins it, to the bit, with the full
// curve's vertex count and the thinning's error, without building the full
// curve: each vertex goes from the table's cumulative masses straight to
// the thinner.
func (t *Table) thinROC(n, rows int) (ROCCurve, int, float64, error) {
	p, neg, err := t.check()
	if err != nil {
		return ROCCurve{}, 0, 0, err
	}
	out := newCurveOut(n, 2, true, rows, 0)
	r := rocStream{p: p, n: neg, drop: true, sink: out}
	r.start()
	t.feedAll(r.feed)
	r.finish()
	x, y, th, e := out.finish()
	return ROCCurve{FPR: x, TPR: y, Thresholds: th}, out.count, e, nil
}

// thinPR is thinROC for [Table.PR] and PRCurve.thin.
func (t *Table) thinPR(n, rows int) (PRCurve, int, float64, error) {
	p, _, err := t.check()
	if err != nil {
		return PRCurve{}, 0, 0, err
	}
	out := newCurveOut(n, 1, false, rows, 0)
	r := prStream{p: p, sink: out}
	r.start()
	t.feedAll(r.feed)
	x, y, th, e := out.finish()
	return prFromStream(x, y, th), out.count, e, nil
}

// PRCurve is a precision–recall curve as scikit-learn's
// precision_recall_curve returns it: one point per distinct score in
// increasing threshold order, then the point (recall 0, precision 1) that
// has no threshold (len(Thresholds) = len(Precision) − 1).
type PRCurve struct {
	Precision, Recall, Thresholds []float64
}

// PR returns the precision–recall curve. Precision at a threshold where
// the predicted-positive mass is zero (only possible with zero weights) is
// 0, as in scikit-learn. It returns ErrOneClass when a class is missing.
func (t *Table) PR() (PRCurve, error) {
	p, _, err := t.check()
	if err != nil {
		return PRCurve{}, err
	}
	tp, fp := t.cum()
	m := len(tp)
	c := PRCurve{
		Precision:  make([]float64, m+1),
		Recall:     make([]float64, m+1),
		Thresholds: make([]float64, m),
	}
	for i := range tp {
		k := m - 1 - i
		if d := tp[i] + fp[i]; d != 0 {
			c.Precision[k] = tp[i] / d
		}
		c.Recall[k] = tp[i] / p
		c.Thresholds[k] = t.Score[i]
	}
	c.Precision[m], c.Recall[m] = 1, 0
	return c, nil
}

// DETCurve is a detection error tradeoff curve: false-positive and
// false-negative rates per threshold, in increasing threshold order, as
// scikit-learn's det_curve. Plotted on normal-deviate axes (probit of both
// rates) a binormal model is a straight line.
type DETCurve struct {
	FPR, FNR, Thresholds []float64
}

// DET returns the DET curve: the thresholds from the last one with no
// false positives down to the first with no false negatives, reversed, as
// scikit-learn's det_curve. It returns ErrOneClass when a class is missing.
func (t *Table) DET() (DETCurve, error) {
	p, n, err := t.check()
	if err != nil {
		return DETCurve{}, err
	}
	tp, fp := t.cum()
	// first: the last index with fp == fp[0]; last: the first with tp == p.
	first := sort.Search(len(fp), func(i int) bool { return fp[i] > fp[0] }) - 1
	last := sort.Search(len(tp), func(i int) bool { return tp[i] >= tp[len(tp)-1] })
	var c DETCurve
	if m := last - first + 1; m > 0 {
		c = DETCurve{FPR: make([]float64, 0, m), FNR: make([]float64, 0, m), Thresholds: make([]float64, 0, m)}
	}
	for i := last; i >= first; i-- {
		c.FPR = append(c.FPR, fp[i]/n)
		c.FNR = append(c.FNR, (tp[len(tp)-1]-tp[i])/p)
		c.Thresholds = append(c.Thresholds, t.Score[i])
	}
	return c, nil
}

// detStream gives the vertices of the DET curve ([Table.DET]) to sink in
// stream order, from the rows of a score table and their cumulative
// masses fed in decreasing score order: (FPR, FNR, threshold) of the rows
// from the last one whose false-positive mass equals the first row's to
// the first one whose true-positive mass reaches p — the DET curve's
// points in decreasing threshold order, the reverse of its own.
type detStream struct {
	p, n    float64
	sink    vertexSink
	rows    int
	fp0     float64
	pend    [3]float64 // tp, fp, score of the last row while fp = fp0
	lastAt  int        // the first row whose tp reaches p (−1: none yet)
	started bool       // the curve's last point (in stream order, its first) was given
	done    bool
}

func (d *detStream) give(tp, fp, s float64) { d.sink.vertex(fp/d.n, (d.p-tp)/d.p, s) }

func (d *detStream) feed(sg *segment) {
	tp, fp := sg.tp, sg.fp
	for g := range sg.score {
		i := d.rows
		d.rows++
		if d.done {
			continue
		}
		if i == 0 {
			d.fp0, d.lastAt = fp[g], -1
		}
		if !d.started {
			if fp[g] == d.fp0 {
				if d.lastAt < 0 && tp[g] >= d.p {
					d.lastAt = i
				}
				d.pend = [3]float64{tp[g], fp[g], sg.score[g]}
				continue
			}
			// Row i − 1 is the first point in stream order.
			d.started = true
			if d.lastAt >= 0 {
				if d.lastAt == i-1 {
					d.give(d.pend[0], d.pend[1], d.pend[2])
				}
				d.done = true
				continue
			}
			d.give(d.pend[0], d.pend[1], d.pend[2])
		}
		d.give(tp[g], fp[g], sg.score[g])
		if tp[g] >= d.p {
			d.done = true
		}
	}
}

// finish gives the last point when every row had the first row's
// false-positive mass.
func (d *detStream) finish() {
	if !d.started && d.rows > 0 && d.lastAt == d.rows-1 {
		d.give(d.pend[0], d.pend[1], d.pend[2])
	}
}

// detFromStream turns the vertices of a DET curve in stream order into a
// DETCurve (increasing thresholds).
func detFromStream(x, y, thr []float64) DETCurve {
	slices.Reverse(x)
	slices.Reverse(y)
	slices.Reverse(thr)
	return DETCurve{FPR: x, FNR: y, Thresholds: thr}
}

// thinDET returns [Table.DET] thinned to n vertices as a printed curve is
// (n ≥ 2; 0: every vertex), with the full curve's vertex count and the
// thinning's error, without building the full curve: the vertices go in
// decreasing threshold order to a thinner that cuts its blocks evenly
// along |ΔFPR| + |ΔFNR| (at most 2 in all), in rate units as the ROC
// curve's.
func (t *Table) thinDET(n, rows int) (DETCurve, int, float64, error) {
	p, neg, err := t.check()
	if err != nil {
		return DETCurve{}, 0, 0, err
	}
	out := newCurveOut(n, 2, true, rows, 0)
	d := detStream{p: p, n: neg, sink: out}
	t.feedAll(d.feed)
	d.finish()
	x, y, th, e := out.finish()
	return detFromStream(x, y, th), out.count, e, nil
}
