package rank

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/result"
)

// ErrStreamed is returned for what a streamed report cannot give: the full
// curves (Options.Figures, or every vertex with CurvePoints 0 past
// MaxScores), which need the whole table.
var ErrStreamed = errors.New("needs the whole score table")

// Report computes the report of every sample added, as [NewReport] does
// for [Spill.Table] — the same bits — and, when curves is not nil, writes
// [Table.WriteCurvesCSV]'s rows to it. When samples were spilled, the
// table is never held: the parts are read back in order and each part's
// rows feed every measure, the thinning of the printed curves and the CSV
// before the next part is read (the measures are running sums over the
// rows in decreasing score order). DeLong's variance (unweighted) needs
// the AUC first, and quantile calibration bins their edges, so the parts
// are read a second time for them; weighted samples need their total
// masses first, so they are read once before. Memory is one part at a
// time, the printed curves and, while a curve is thinned, a block of it
// (see [ROCCurve.Thin]). opt.Figures is not available (ErrStreamed), nor
// CurvePoints 0 for a curve of more than MaxScores vertices.
func (s *Spill) Report(opt Options, curves io.Writer) (*Report, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if s.err != nil {
		return nil, s.err
	}
	if s.split == nil {
		t := s.mem.Table()
		rep, err := NewReport(t, opt)
		if err == nil && curves != nil {
			err = t.WriteCurvesCSV(curves)
		}
		return rep, err
	}
	if opt.Figures {
		return nil, fmt.Errorf("figures of a spilled score table: %w", ErrStreamed)
	}
	if opt.proc() {
		name := "rank.Options.PAUCRange"
		switch {
		case opt.PAUCRange != [2]float64{}:
		case len(opt.AtSpecificity) > 0:
			name = "rank.Options.AtSpecificity"
		case opt.Smooth != "":
			name = "rank.Options.Smooth"
		default:
			name = "rank.Options.AtSensitivity"
		}
		return nil, &result.OptionError{Task: "rank", Option: name, Problem: "needs the whole score table in memory, and this one spilled to disk"}
	}
	defer s.Close()
	if err := s.flushAll(); err != nil {
		return nil, err
	}
	return streamReport(s, opt, curves)
}

// streamReport computes the report of the table src gives part by part.
func streamReport(s *Spill, opt Options, curves io.Writer) (*Report, error) {
	weighted := s.weighted()
	var p, n float64
	if weighted {
		var sp, sn fsum.Sum
		if err := s.each(func(sg *segment) error {
			for g := range sg.score {
				sp.Add(sg.pos[g])
				sn.Add(sg.neg[g])
			}
			return nil
		}); err != nil {
			return nil, err
		}
		p, n = sp.Value(), sn.Value()
	} else {
		p, n = float64(s.count[0]), float64(s.count[1])
	}
	rep := &Report{N: s.rows, PosLabel: opt.PosLabel, LabelComparison: opt.LabelComparison, Positives: p, Negatives: n, ConfLevel: opt.Conf, Signature: opt.Signature(nil)}
	if err := massesErr(p, n); err != nil {
		return nil, err
	}
	sw := newSweep(p, n, weighted, rowsBound(s.rows), s.MaxScores, opt)
	if curves != nil {
		if _, err := io.WriteString(curves, CurvesCSVHeader); err != nil {
			return nil, err
		}
	}
	each := withCum(weighted, s.each)
	// First reading: every running sum; the groups of accumulators, the
	// two curves and the CSV on their own goroutines, part by part.
	var wg sync.WaitGroup
	err := each(func(sg *segment) error {
		wg.Go(func() { sw.feedA(sg) })
		wg.Go(func() { sw.feedB(sg) })
		var werr error
		if curves != nil {
			wg.Go(func() { werr = writeCurveRows(curves, nil, sg.score, sg.tp, sg.fp, p, n) })
		}
		if sw.curves() {
			wg.Go(func() { sw.rocs.feed(sg) })
			sw.prs.feed(sg)
			sw.feedDET(sg)
		}
		wg.Wait()
		// One curve's overflow is enough to say (every curve has about
		// as many vertices as rows).
		cerr := sw.rocOut.err()
		for _, c := range []*curveOut{sw.prOut, sw.detOut} {
			if cerr == nil {
				cerr = c.err()
			}
		}
		return errors.Join(werr, cerr)
	})
	if err != nil {
		return nil, err
	}
	sw.first()
	// Second reading, unweighted: DeLong's variance around the AUC, and
	// the quantile calibration bins.
	if sw.second() {
		if err := each(func(sg *segment) error {
			wg.Go(func() { sw.feedCal2(sg) })
			sw.feedDeLong(sg)
			wg.Wait()
			return nil
		}); err != nil {
			return nil, err
		}
	}
	sw.finish()
	if err := rep.assemble(&sw.pc, nil, opt); err != nil {
		return nil, err
	}
	return rep, nil
}

// sweepReport computes the pieces of the report of a table held in
// memory as [Spill.Report] does for a spilled one (the same accumulators
// fed the same rows in the same order: the same bits), in one reading
// (two for DeLong's variance and quantile calibration bins) of the
// table's blocks: each of the two goroutines sweeps the table once,
// feeding its group of accumulators and one curve while the block is in
// cache.
func sweepReport(t *Table, opt Options) *pieces {
	sw := newSweep(t.Positives(), t.Negatives(), t.Weighted, rowsBound(t.Rows), 0, opt)
	each := withCum(t.Weighted, t.blocks)
	curves := sw.curves()
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = each(func(sg *segment) error {
			sw.feedA(sg)
			if curves {
				sw.rocs.feed(sg)
			}
			return nil
		})
	})
	_ = each(func(sg *segment) error {
		sw.feedB(sg)
		if curves {
			sw.prs.feed(sg)
			sw.feedDET(sg)
		}
		return nil
	})
	wg.Wait()
	sw.first()
	if sw.second() {
		// DeLong's two sums on the two goroutines, the calibration bins
		// with one of them.
		de := sw.pc.de == nil
		wg.Go(func() {
			_ = each(func(sg *segment) error {
				sw.feedCal2(sg)
				if de {
					sw.dl.feedX(sg)
				}
				return nil
			})
		})
		if de {
			_ = each(func(sg *segment) error { sw.dl.feedY(sg); return nil })
		}
		wg.Wait()
	}
	sw.finish()
	return &sw.pc
}

// sweep is every accumulator of a binary report, fed the rows of a score
// table in decreasing score order (with their running masses) in one
// reading, then, for DeLong's variance and quantile calibration bins, a
// second. feedA, feedB and the two curves' feeds touch disjoint state:
// they may run concurrently on the same segment.
type sweep struct {
	opt      Options
	p, n     float64
	weighted bool
	quantile bool
	pc       pieces

	auc    aucAcc
	rl     rankLossAcc
	ap     apAcc
	prt    *prTrapAcc
	bep    bepAcc
	yo     *operatingAcc
	mf     *operatingAcc
	mc     *operatingAcc
	hull   *hullAcc
	prob   probAcc
	hinge  hingeAcc
	cal    *calAcc
	quant  *orderStats
	pauc   *pAUCAcc
	rocs   *rocStream
	prs    *prStream
	rocOut *curveOut
	prOut  *curveOut
	dets   *detStream // the printed DET curve (opt.Curves)
	detOut *curveOut
	rocFig *curveOut // the curves drawn (opt.Figures)
	prFig  *curveOut
	dl     delongAcc
	cal2   bool // the second reading feeds cal
	sinks  bool // the ROC stream has a sink (the partial AUC or a curve)
}

func newSweep(p, n float64, weighted bool, rows, maxScores int, opt Options) *sweep {
	sw := &sweep{opt: opt, p: p, n: n, weighted: weighted, quantile: opt.CalStrategy == "quantile",
		ap: apAcc{p: p}, prt: newPRTrap(p), bep: bepAcc{p: p},
		yo: newOperating(p, n, true, youden), mf: newOperating(p, n, true, fBeta(1)),
		mc:   newOperating(p, n, false, cost(opt.CostFP, opt.CostFN)),
		hull: newHull(p, n), rocs: &rocStream{p: p, n: n, drop: true}, prs: &prStream{p: p}}
	sw.prob.eps = opt.LogLossEps
	sw.auc.k = massScale(weighted, p, n)
	sw.rl.k = sw.auc.k
	if sw.quantile {
		if !weighted {
			sw.quant = newOrderStats(opt.CalBins, int64(p+n))
		}
	} else {
		sw.cal = newCal(uniformEdges(opt.CalBins))
	}
	var rocSinks, prSinks multiSink
	if opt.MaxFPR > 0 && opt.MaxFPR < 1 {
		sw.pauc = &pAUCAcc{max: opt.MaxFPR}
		rocSinks = append(rocSinks, sw.pauc)
	}
	if opt.Curves {
		sw.rocOut = newCurveOut(opt.CurvePoints, 2, true, rows, maxScores)
		sw.prOut = newCurveOut(opt.CurvePoints, 1, false, rows, maxScores)
		rocSinks = append(rocSinks, sw.rocOut)
		prSinks = append(prSinks, sw.prOut)
		sw.detOut = newCurveOut(opt.CurvePoints, 2, true, rows, maxScores)
		sw.dets = &detStream{p: p, n: n, sink: sw.detOut}
	}
	if opt.Figures {
		sw.rocFig = newCurveOut(opt.FigurePoints, 2, true, rows, 0)
		sw.prFig = newCurveOut(opt.FigurePoints, 1, false, rows, 0)
		rocSinks = append(rocSinks, sw.rocFig)
		prSinks = append(prSinks, sw.prFig)
	}
	sw.sinks = len(rocSinks) > 0
	sw.rocs.sink, sw.prs.sink = one(rocSinks), one(prSinks)
	sw.rocs.start()
	sw.prs.start()
	return sw
}

// curves reports whether the curves' streams are fed.
func (sw *sweep) curves() bool { return sw.sinks }

// feedDET feeds the printed DET curve, when there is one.
func (sw *sweep) feedDET(sg *segment) {
	if sw.dets != nil {
		sw.dets.feed(sg)
	}
}

// feedA feeds the AUC, rank loss, AP, trapezoidal P-R AUC, BEP, the
// hinge loss and the cost curve's hull. (With the ROC curve in sweepReport, it takes about
// as long as feedB with the P-R curve.)
func (sw *sweep) feedA(sg *segment) {
	sw.auc.feed(sg)
	sw.rl.feed(sg)
	sw.ap.feed(sg)
	sw.prt.feed(sg)
	sw.bep.feed(sg)
	sw.hull.feed(sg)
	sw.hinge.feed(sg)
}

// feedB feeds the operating points, the probability losses and the
// calibration bins (or the quantile edges' order statistics).
func (sw *sweep) feedB(sg *segment) {
	sw.yo.feed(sg)
	sw.mf.feed(sg)
	sw.mc.feed(sg)
	sw.prob.feed(sg)
	if sw.cal != nil {
		sw.cal.feed(sg)
	}
	if sw.quant != nil {
		sw.quant.feed(sg)
	}
}

// first sets the pieces the first reading gives.
func (sw *sweep) first() {
	pc, opt, p, n := &sw.pc, sw.opt, sw.p, sw.n
	sw.rocs.finish()
	pc.auc = sw.auc.value(p, n)
	pc.rankLoss = sw.rl.value(p, n)
	pc.ap = sw.ap.s.Value()
	pc.prTrap = sw.prt.s.Value()
	pc.bep = sw.bep.value()
	pc.hinge = sw.hinge.s.Value() / (p + n)
	switch {
	case opt.MaxFPR == 1:
		pc.pauc = pc.auc
	case sw.pauc != nil:
		pc.pauc = sw.pauc.value()
	}
	pc.y, pc.m, pc.c, pc.cc = sw.yo.best, sw.mf.best, sw.mc.best, sw.hull.curve()
	pc.isProb = sw.prob.err() == nil
	if pc.isProb {
		pc.ll, _ = sw.prob.logLoss()
		pc.llSum = sw.prob.ll.Value()
		if !sw.weighted {
			pc.top = sw.prob.top
		}
		pc.br, _ = sw.prob.brier()
		switch {
		case sw.cal != nil:
			pc.cal = sw.cal.curve()
		case sw.weighted:
			pc.cale = errorf(ErrWeighted, "quantile calibration bins")
		default:
			sw.cal, sw.cal2 = newCal(sw.quant.edges()), true
		}
	}
	switch {
	case sw.weighted:
		pc.de = errorf(ErrWeighted, "DeLong variance")
	case p < 2 || n < 2:
		pc.de = errorf(ErrTooFew, "DeLong variance needs 2 positives and 2 negatives, have %v and %v", p, n)
	}
	sw.dl = delongAcc{p: p, n: n, theta: pc.auc, qp: p, qn: n}
}

// second reports whether a second reading is needed (feedDeLong and
// feedCal2).
func (sw *sweep) second() bool { return sw.pc.de == nil || sw.cal2 }

func (sw *sweep) feedDeLong(sg *segment) {
	if sw.pc.de == nil {
		sw.dl.feed(sg)
	}
}

func (sw *sweep) feedCal2(sg *segment) {
	if sw.cal2 {
		sw.cal.feed(sg)
	}
}

// finish sets the pieces of the second reading and the printed curves.
func (sw *sweep) finish() {
	pc := &sw.pc
	if pc.de == nil {
		pc.dv = sw.dl.value()
		pc.dlo, pc.dhi = deLongCI(pc.auc, pc.dv, sw.opt.Conf)
	}
	if sw.cal2 {
		pc.cal = sw.cal.curve()
	}
	if sw.opt.Curves {
		var x, y, t []float64
		x, y, t, pc.rocErr = sw.rocOut.finish()
		pc.rocThin, pc.rocLen = ROCCurve{FPR: x, TPR: y, Thresholds: t}, sw.rocOut.count
		x, y, t, pc.prErr = sw.prOut.finish()
		pc.prThin, pc.prLen = prFromStream(x, y, t), sw.prOut.count
		sw.dets.finish()
		x, y, t, pc.detErr = sw.detOut.finish()
		pc.detThin, pc.detLen = detFromStream(x, y, t), sw.detOut.count
	}
	if sw.opt.Figures {
		var x, y, t []float64
		x, y, t, pc.rocFigThin.Error = sw.rocFig.finish()
		pc.rocFig, pc.rocFigThin.Full = ROCCurve{FPR: x, TPR: y, Thresholds: t}, sw.rocFig.count
		x, y, t, pc.prFigThin.Error = sw.prFig.finish()
		pc.prFig, pc.prFigThin.Full = prFromStream(x, y, t), sw.prFig.count
	}
}

func grow(a []float64, n int) []float64 {
	if cap(a) < n {
		return make([]float64, n)
	}
	return a[:n]
}

// multiSink gives each vertex to every sink in turn.
type multiSink []vertexSink

// one returns the sink of m when it has one (a call less a vertex), else
// m.
func one(m multiSink) vertexSink {
	if len(m) == 1 {
		return m[0]
	}
	return m
}

func (m multiSink) vertex(x, y, t float64) {
	for _, s := range m {
		s.vertex(x, y, t)
	}
}

// curveOut is a printed curve from a stream of vertices: thinned to n
// vertices, or every vertex when n is 0 (at most max of them; 0: no
// limit).
type curveOut struct {
	th         *thinner
	x, y, t    []float64
	count, max int
	over       bool
}

func newCurveOut(n int, span float64, useY bool, rows, max int) *curveOut {
	c := &curveOut{max: max}
	if n > 0 {
		c.th = newThinner(n, span, useY, rows)
	}
	return c
}

func (c *curveOut) vertex(x, y, t float64) {
	c.count++
	if c.th != nil {
		c.th.add(x, y, t)
		return
	}
	if c.max > 0 && c.count > c.max {
		c.over = true
		return
	}
	c.x, c.y, c.t = append(c.x, x), append(c.y, y), append(c.t, t)
}

func (c *curveOut) err() error {
	if c != nil && c.over {
		return fmt.Errorf("a curve of more than %d vertices: %w", c.max, ErrStreamed)
	}
	return nil
}

func (c *curveOut) finish() (x, y, t []float64, e float64) {
	if c.th != nil {
		return c.th.finish()
	}
	return c.x, c.y, c.t, 0
}

// orderStats picks, from unweighted rows fed in decreasing score order,
// the order statistics that the inner edges of k quantile bins of n
// samples are interpolated from (see [Table.quantileEdges]).
type orderStats struct {
	k     int
	n     int64
	want  []int64 // the positions wanted, decreasing (0-based, increasing order)
	got   map[int64]float64
	above int64 // samples in the rows so far
}

func newOrderStats(k int, n int64) *orderStats {
	lo, hi, _ := quantileOrders(k, n)
	o := &orderStats{k: k, n: n, got: map[int64]float64{}}
	o.want = append(lo, hi...)
	slices.Sort(o.want)
	slices.Reverse(o.want)
	return o
}

func (o *orderStats) feed(sg *segment) {
	for g, s := range sg.score {
		c := int64(sg.pos[g] + sg.neg[g])
		// this row holds positions [n − above − c, n − above).
		lo := o.n - o.above - c
		for len(o.want) > 0 && o.want[0] >= lo {
			o.got[o.want[0]] = s
			o.want = o.want[1:]
		}
		o.above += c
	}
}

func (o *orderStats) edges() []float64 {
	return quantiles(o.k, o.n, func(i int64) float64 { return o.got[i] })
}
