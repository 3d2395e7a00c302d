package rank

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ErrStreamed is returned for what a streamed report cannot give: the full
// curves (ReportOptions.Figures, or every vertex with CurvePoints 0 past
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
func (s *Spill) Report(opt ReportOptions, curves io.Writer) (*Report, error) {
	if err := opt.Validate(); err != nil {
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
	defer s.Close()
	if err := s.flushAll(); err != nil {
		return nil, err
	}
	return streamReport(s, opt, curves)
}

// streamReport computes the report of the table src gives part by part.
func streamReport(s *Spill, opt ReportOptions, curves io.Writer) (*Report, error) {
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
	rep := &Report{N: s.rows, PosLabel: opt.PosLabel, Positives: p, Negatives: n, ConfLevel: opt.Conf, Signature: opt.Signature(nil)}
	switch {
	case p == 0 && n == 0:
		return nil, fmt.Errorf("every weight is zero: %w", ErrEmpty)
	case p == 0:
		return nil, fmt.Errorf("no positive samples, ROC needs both classes: %w", ErrOneClass)
	case n == 0:
		return nil, fmt.Errorf("no negative samples, ROC needs both classes: %w", ErrOneClass)
	}
	var pc pieces
	// First reading: every running sum.
	var (
		auc    aucAcc
		rl     rankLossAcc
		ap     = apAcc{p: p}
		prt    = newPRTrap(p)
		bep    = bepAcc{p: p}
		yo     = newOperating(p, n, true, youden)
		mf     = newOperating(p, n, true, fBeta(1))
		mc     = newOperating(p, n, false, cost(opt.CostFP, opt.CostFN))
		hull   = newHull(p, n)
		prob   probAcc
		cal    *calAcc
		cum    = cumAcc{weighted: weighted}
		quant  *orderStats
		pauc   *pAUCAcc
		rocs   = &rocStream{p: p, n: n, drop: true}
		prs    = &prStream{p: p}
		rocOut *curveOut
		prOut  *curveOut
	)
	quantile := opt.CalStrategy == "quantile"
	if quantile {
		if !weighted {
			quant = newOrderStats(opt.CalBins, int64(p+n))
		}
	} else {
		cal = newCal(uniformEdges(opt.CalBins))
	}
	var rocSinks, prSinks multiSink
	if opt.MaxFPR > 0 && opt.MaxFPR < 1 {
		pauc = &pAUCAcc{max: opt.MaxFPR}
		rocSinks = append(rocSinks, pauc)
	}
	rows := rowsBound(s.rows)
	if opt.Curves {
		rocOut = newCurveOut(opt.CurvePoints, 2, true, rows, s.MaxScores)
		prOut = newCurveOut(opt.CurvePoints, 1, false, rows, s.MaxScores)
		rocSinks = append(rocSinks, rocOut)
		prSinks = append(prSinks, prOut)
	}
	rocs.sink, prs.sink = rocSinks, prSinks
	rocs.start()
	prs.start()
	if curves != nil {
		if _, err := io.WriteString(curves, CurvesCSVHeader); err != nil {
			return nil, err
		}
	}
	var tp, fp []float64
	var wg sync.WaitGroup
	err := s.each(func(sg *segment) error {
		wg.Go(func() {
			auc.feed(sg)
			rl.feed(sg)
			ap.feed(sg)
			prt.feed(sg)
			bep.feed(sg)
		})
		wg.Go(func() {
			yo.feed(sg)
			mf.feed(sg)
			mc.feed(sg)
			hull.feed(sg)
			prob.feed(sg)
			if cal != nil {
				cal.feed(sg)
			}
			if quant != nil {
				quant.feed(sg)
			}
		})
		defer wg.Wait()
		if len(rocSinks) == 0 && curves == nil {
			return nil
		}
		tp, fp = grow(tp, len(sg.score)), grow(fp, len(sg.score))
		cum.fill(sg, tp, fp)
		var werr error
		if curves != nil {
			wg.Go(func() { werr = writeCurveRows(curves, nil, sg.score, tp, fp, p, n) })
		}
		if len(rocSinks) > 0 {
			wg.Go(func() { rocs.feed(sg, tp, fp) })
			prs.feed(sg, tp, fp)
		}
		wg.Wait()
		return errors.Join(werr, rocOut.err(), prOut.err())
	})
	if err != nil {
		return nil, err
	}
	rocs.finish()
	pc.auc = auc.s.Value() / p / n
	pc.rankLoss = rl.s.Value() / p / n
	pc.ap = ap.s.Value()
	pc.prTrap = prt.s.Value()
	pc.bep = bep.value()
	switch {
	case opt.MaxFPR == 1:
		pc.pauc = pc.auc
	case pauc != nil:
		pc.pauc = pauc.value()
	}
	pc.y, pc.m, pc.c, pc.cc = yo.best, mf.best, mc.best, hull.curve()
	pc.isProb = prob.err() == nil
	if pc.isProb {
		pc.ll, _ = prob.logLoss()
		pc.br, _ = prob.brier()
		switch {
		case cal != nil:
			pc.cal = cal.curve()
		case weighted:
			pc.cale = errorf(ErrWeighted, "quantile calibration bins")
		default:
			cal = newCal(quant.edges())
		}
	}
	// Second reading, unweighted: DeLong's variance around the AUC, and
	// the quantile calibration bins.
	switch {
	case weighted:
		pc.de = errorf(ErrWeighted, "DeLong variance")
	case p < 2 || n < 2:
		pc.de = errorf(ErrTooFew, "DeLong variance needs 2 positives and 2 negatives, have %v and %v", p, n)
	}
	dl := delongAcc{p: p, n: n, theta: pc.auc}
	if pc.de == nil || (cal != nil && quantile) {
		if err := s.each(func(sg *segment) error {
			if cal != nil && quantile {
				wg.Go(func() { cal.feed(sg) })
			}
			if pc.de == nil {
				dl.feed(sg)
			}
			wg.Wait()
			return nil
		}); err != nil {
			return nil, err
		}
	}
	if pc.de == nil {
		pc.dv = dl.value()
		pc.dlo, pc.dhi = deLongCI(pc.auc, pc.dv, opt.Conf)
	}
	if cal != nil && quantile {
		pc.cal = cal.curve()
	}
	if opt.Curves {
		var x, y, t []float64
		x, y, t, pc.rocErr = rocOut.finish()
		pc.rocThin, pc.rocLen = ROCCurve{FPR: x, TPR: y, Thresholds: t}, rocOut.count
		x, y, t, pc.prErr = prOut.finish()
		pc.prThin, pc.prLen = prFromStream(x, y, t), prOut.count
	}
	if err := rep.assemble(&pc, nil, opt); err != nil {
		return nil, err
	}
	return rep, nil
}

func grow(a []float64, n int) []float64 {
	if cap(a) < n {
		return make([]float64, n)
	}
	return a[:n]
}

// multiSink gives each vertex to every sink in turn.
type multiSink []vertexSink

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
