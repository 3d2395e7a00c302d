package rank

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/xsum"
	"github.com/evalkit-go/evalkit/result"
)

// MaxJackknifeCells bounds the score tables whose measures get BCa
// intervals: the jackknife leaves out one row of each non-empty (score,
// class) cell and recomputes every measure, O(cells²) in all. Larger
// tables get the percentile interval (the interval's method says so); at
// the sample sizes that make a table that large the two agree closely.
const MaxJackknifeCells = 1000

// AddIntervals sets r.Level and r.Intervals from the score table t that
// NewReport computed r from (docs/ci.md):
//
//   - roc_auc: DeLong's interval, clipped to [0, 1] ([Table.AUCCI]);
//     rank_loss = 1 − AUC gets the mirrored interval;
//   - brier and hinge_loss: the t-interval of the per-row losses
//     ([hyptest.MeanCI]), whose mean and variance the table gives exactly
//     (every row of a (score, class) cell has the same loss); log_loss
//     (clipped by opt.LogLossEps) the same t-interval on the scale of
//     log(mean) (method delta-lognormal, see [logLossCI]: per-row log
//     losses are heavy-tailed); log_loss_sum gets log_loss's interval
//     times the total weight, which is fixed;
//   - average_precision, pr_auc_trapezoid, bep and partial_auc: a
//     bootstrap of the table, stratified by class: the positives are a
//     multinomial draw of W⁺ rows over the positive cells, the negatives
//     likewise ([hyptest.ResampleRows]); replicate b draws from
//     PCG(ci.Seed, b), so the result is the same bits on any number of
//     cores. BCa (the default) up to [MaxJackknifeCells] non-empty cells,
//     else the percentile interval. A table of more cells than
//     opt.BootBlocks (default [DefaultBootBlocks]) is coarsened into at
//     most that many blocks of adjacent cells first ([Table.sweep]): each
//     interval's Coarsened then says how far that can have moved its
//     replicates and ends, a warning names the blocks, and BCa becomes
//     the percentile interval.
//
// Binned scores (Options.Bins; t is [Binned.Table]) get the same intervals,
// of the binned measures: DeLong with the ties of each bin, the bootstrap
// of the bins' counts — except log loss and Brier, which the bins keep
// exactly but without their squares.
//
// A weighted table gets the same intervals from its cells' row counts and
// Σw² ([Table.PosRows]): roc_auc and rank_loss the weighted DeLong
// variance ([Table.DeLongVar], method delong-weighted); brier the
// t-interval of the weighted mean, Var = c·Σ w²(x − m)²/W² with Kish's
// effective size n = W²/Σw², c = n/(n − 1) and n − 1 degrees of freedom
// (method t-weighted), log_loss that interval on the scale of log(mean)
// (delta-lognormal); the bootstrap draws each class's rows over
// its cells as above, a drawn row of cell g carrying the cell's mean
// weight W_g/n_g (exact when the cell's rows share one weight, as a cell
// of one row does), also when coarsened. A weighted table without them
// (decoded from the encoding of version 1, or binned scores of encoding
// version 2) gets no interval (Warnings says so). Weighted binned scores
// keep each bin's row counts and Σw² ([Binned.Table] hands them over), so
// they get the weighted intervals of their bins. It returns an error for bad options.
func (r *Report) AddIntervals(t *Table, opt Options, ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if r.Signature != nil {
		r.Signature.CI = &result.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	r.Level = ci.Level
	r.Intervals = map[string]hyptest.Interval{}
	warn := func(format string, args ...any) { r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...)) }
	if !t.hasStats() {
		warn("intervals: not computed for weighted scores (the score table keeps masses, not the row counts and squared weights an interval needs: a table of encoding version 1, or binned scores of encoding version 2)")
		return nil
	}
	if err := t.squaresErr(); err != nil {
		warn("intervals: not computed: %v", err)
		return nil
	}
	dlMethod := hyptest.CIDeLong
	if t.Weighted {
		dlMethod = hyptest.CIDeLongWeighted
	}
	if _, lo, hi, err := t.AUCCI(ci.Level); err == nil {
		r.Intervals["roc_auc"] = hyptest.Interval{Low: lo, High: hi, Method: dlMethod}
		r.Intervals["rank_loss"] = hyptest.Interval{Low: 1 - hi, High: 1 - lo, Method: dlMethod}
	} else {
		warn("roc_auc, rank_loss: no interval: %v", err)
	}
	if b, err := t.ROCBand(ci.Level, nil); err == nil {
		r.ROCBand = b
	} else {
		warn("roc_band: none: %v", err)
	}
	if r.LogLoss != nil && r.Bins > 0 {
		// The bins keep the exact Σ of each row's losses, not of their
		// squares; the table's bin edges are not the rows' scores.
		warn("log_loss, brier: no interval from binned scores (rank.Options.Bins keeps the sums of the losses, not of their squares)")
	} else {
		eps := opt.LogLossEps
		if eps == 0 {
			eps = Eps
		}
		type perRow struct {
			key  string
			loss func(p float64, positive bool) float64
		}
		var losses []perRow
		if r.LogLoss != nil {
			losses = append(losses, perRow{"log_loss", func(p float64, positive bool) float64 { return logLossEpsOf(p, positive, eps) }}, perRow{"brier", brierOf})
		}
		if r.HingeLoss != nil {
			losses = append(losses, perRow{"hinge_loss", hingeOf})
		}
		for _, l := range losses {
			var n, mean, v float64
			if t.Weighted {
				n, mean, v = t.weightedLossMoments(l.loss)
			} else {
				n, mean, v = t.lossMoments(l.loss)
			}
			ivf := hyptest.MeanCI
			if l.key == "log_loss" {
				ivf = logLossCI
			}
			iv, err := ivf(n, mean, v, ci.Level)
			if err != nil {
				warn("%s: no interval: %v", l.key, err)
				continue
			}
			if t.Weighted && iv.Method == hyptest.CIT {
				iv.Method = hyptest.CITWeighted
			}
			r.Intervals[l.key] = iv.Clip(0, math.Inf(1))
		}
		// The summed log loss is the mean times the fixed total weight.
		if iv, ok := r.Intervals["log_loss"]; ok && r.LogLossSum != nil {
			W := r.Positives + r.Negatives
			r.Intervals["log_loss_sum"] = hyptest.Interval{Low: iv.Low * W, High: iv.High * W, Method: iv.Method}
		}
	}
	keys := []string{"average_precision", "pr_auc_trapezoid", "bep"}
	est := []float64{r.AveragePrecision, r.PRAUCTrapezoid, r.BEP}
	if r.PartialAUC != nil {
		keys = append(keys, "partial_auc")
		est = append(est, *r.PartialAUC)
	}
	nk := len(keys)
	// The table resampled: t, or t coarsened to at most opt.BootBlocks
	// blocks; the replicates then carry their bounds in reps[nk:].
	bt, merged := t, []uint8(nil)
	var co *coarse
	if blocks := opt.bootBlocks(); blocks > 0 && len(t.Score) > blocks {
		co = t.coarsen(blocks)
		bt, merged = co.Table, co.merged
		if r.Signature != nil {
			r.Signature.CI.Blocks = len(co.Score)
		}
	}
	pscale := 1.0 // McClish's standardisation of the partial AUC
	if opt.MaxFPR > 0 && opt.MaxFPR < 1 {
		pscale = 1 / (2 * (opt.MaxFPR - opt.MaxFPR*opt.MaxFPR/2))
	}
	stat := func(tb *Table, merged []uint8) countStat {
		var mw *meanWeights
		if tb.Weighted {
			mw = tb.meanWeights()
		}
		return func(s *tableScratch, out []float64) {
			var bound []float64
			if merged != nil {
				bound = out[nk : nk+3]
			}
			if mw != nil {
				tb.sweepWeighted(s.pos, s.neg, mw, merged, out[:3], bound, nk > 3, pscale, out[nk:])
				if nk > 3 {
					out[3], _ = tb.fromCounts(s).PartialAUC(opt.MaxFPR)
				}
				return
			}
			tb.sweep(s.pos, s.neg, merged, out[:3], bound)
			if nk > 3 {
				out[3], _ = tb.fromCounts(s).PartialAUC(opt.MaxFPR)
				if merged != nil {
					// a block's ROC path lies in its a/P × b/N
					// rectangle, through both corners the
					// coarse table joins by a diagonal
					var p, n, area int64
					for g := range s.pos {
						p += s.pos[g]
						n += s.neg[g]
					}
					for g, m := range merged {
						if m != cellOne {
							area += s.pos[g] * s.neg[g]
						}
					}
					out[nk+3] = pscale * float64(area) / float64(p) / float64(n)
				}
			}
		}
	}
	nout := nk
	if co != nil {
		nout = 2 * nk
	}
	reps := bt.bootstrap(ci, nout, stat(bt, merged))
	var jack [][]float64
	var jw []float64
	method := ci.BootMethod()
	if method == hyptest.CIBCa {
		// BCa's bias correction counts the replicates below the
		// estimate, which the coarsening's bound does not carry over
		// to: a coarsened table gets the percentile interval.
		if cells := t.nonEmptyCells(); cells <= MaxJackknifeCells && co == nil {
			jack, jw = t.jackknife(nk, stat(t, nil))
		} else {
			method = hyptest.CIPercentile
		}
	}
	bci := ci
	bci.Method = method
	for i, key := range keys {
		bs := &hyptest.Bootstrap{Estimate: est[i], Replicates: reps[i]}
		if jack != nil {
			bs.Jackknife, bs.JackknifeWeights = jack[i], jw
		}
		var iv hyptest.Interval
		if logitAuto(ci, key) {
			lo, hi, err := bs.LogitNormal(ci.Level)
			if err == nil {
				iv = hyptest.Interval{Low: lo, High: hi, Method: hyptest.CILogitBoot}
			} else {
				warn("%s: %s interval instead of logit-bootstrap (the estimate or a bootstrap replicate is 0 or 1)", key, bci.BootMethod())
			}
		}
		if iv.Method == "" {
			var w string
			iv, w = bs.CI(bci)
			if w != "" {
				warn("%s: %s", key, w)
			}
		}
		if iv.Method == "" {
			continue
		}
		if co != nil {
			c := &hyptest.Coarsening{Cells: co.cells, Blocks: len(co.Score)}
			for b, v := range reps[nk+i] {
				if !math.IsNaN(reps[i][b]) {
					c.ReplicateBound = max(c.ReplicateBound, v)
				}
			}
			c.EndBound = endBound(iv, reps[i], reps[nk+i], ci.Level)
			if math.IsInf(c.EndBound, 0) || math.IsNaN(c.EndBound) {
				// the logit scale has no bound: the percentile
				// interval of the same replicates has
				iv, _ = bs.CI(bci)
				warn("%s: %s interval instead of logit-bootstrap (a coarsened replicate's bound reaches 0 or 1)", key, iv.Method)
				c.EndBound = endBound(iv, reps[i], reps[nk+i], ci.Level)
			}
			iv.Coarsened = c
		}
		r.Intervals[key] = iv
	}
	if co != nil {
		wnote := ""
		if t.Weighted {
			wnote = "; weighted: the bounds take a block's rows at its mean weight, not the spread of the weights inside it"
		}
		warn("intervals: %s bootstrapped from the score table coarsened from %d cells to %d blocks (a replicate moves by at most intervals.*.coarsened.replicate_bound, an end by end_bound%s)",
			strings.Join(keys, ", "), co.cells, len(co.Score), wnote)
	}
	return nil
}

// logitAuto reports whether the measure key gets the logit-bootstrap
// interval: average precision and the trapezoidal P-R AUC unless
// ci.Method asks for a bootstrap method by name. Their estimators are
// biased upward at small n and skewed; over 1000 simulated binormal data
// sets of n = 50 the 95% percentile and BCa intervals of AP covered the
// population AP in 91.0% and 92.4%, the logit-bootstrap interval of the
// same replicates in 96.3% (docs/ci.md).
func logitAuto(ci hyptest.CIOptions, key string) bool {
	if ci.Method == hyptest.CIPercentile || ci.Method == hyptest.CIBCa {
		return false
	}
	return key == "average_precision" || key == "pr_auc_trapezoid"
}

// logLossOf, brierOf and hingeOf are the per-row losses of LogLoss,
// Brier and HingeLoss; logLossEpsOf is logLossOf clipped to [eps, 1 − eps].
func logLossOf(p float64, positive bool) float64 { return logLossEpsOf(p, positive, Eps) }

func hingeOf(s float64, positive bool) float64 {
	if positive {
		return max(0, 1-s)
	}
	return max(0, 1+s)
}

func logLossEpsOf(p float64, positive bool, eps float64) float64 {
	p = min(max(p, eps), 1-eps)
	q := 1 - p
	z := q + p
	if positive {
		return -math.Log(p / z)
	}
	return -math.Log(q / z)
}

func brierOf(p float64, positive bool) float64 {
	if positive {
		return (1 - p) * (1 - p)
	}
	return p * p
}

// lossMoments returns the (effective) number of rows, the weighted mean and
// the unbiased variance of the per-row loss of an unweighted table: every
// row of a (score, class) cell has the same loss, so these are exact.
func (t *Table) lossMoments(loss func(p float64, positive bool) float64) (n, mean, variance float64) {
	n, mean, ss := t.cellLossSums(loss, t.Pos, t.Neg)
	return n, mean, ss / (n - 1)
}

// weightedLossMoments returns Kish's effective size n = W²/Q (Q = Σw²),
// the weighted mean m of the per-row loss and v such that v/n = c·Σ_g
// Q_g (x_g − m)²/W², c = n/(n − 1): the linearised variance of the
// weighted mean with the small-sample factor of the unweighted one (to
// which it reduces for unit weights). Every row of a cell has the cell's
// loss x_g, so only the cells' masses and Σw² are needed.
func (t *Table) weightedLossMoments(loss func(p float64, positive bool) float64) (n, mean, variance float64) {
	W, mean, ss := t.cellLossSums(loss, t.PosSq, t.NegSq)
	var q fsum.Sum
	for g := range t.Score {
		q.Add(t.PosSq[g] + t.NegSq[g])
	}
	n, variance = kishVar(W, q.Value(), ss)
	return n, mean, variance
}

// cellLossSums returns the table's mass W, the weighted mean m of the
// per-row loss (each cell's rows share the cell's loss x_g) and
// Σ_g (pos2_g (x⁺_g − m)² + neg2_g (x⁻_g − m)²), the cells' squared
// deviations weighted by pos2 and neg2: the masses for an unweighted
// table, the cells' Σw² for a weighted one.
func (t *Table) cellLossSums(loss func(p float64, positive bool) float64, pos2, neg2 []float64) (W, mean, ss float64) {
	var w, wl fsum.Sum
	for g, s := range t.Score {
		w.Add(t.Pos[g] + t.Neg[g])
		if t.Pos[g] != 0 {
			wl.Add(t.Pos[g] * loss(s, true))
		}
		if t.Neg[g] != 0 {
			wl.Add(t.Neg[g] * loss(s, false))
		}
	}
	W = w.Value()
	mean = wl.Value() / W
	var sq fsum.Sum
	for g, s := range t.Score {
		if t.Pos[g] != 0 {
			d := loss(s, true) - mean
			sq.Add(pos2[g] * d * d)
		}
		if t.Neg[g] != 0 {
			d := loss(s, false) - mean
			sq.Add(neg2[g] * d * d)
		}
	}
	return W, mean, sq.Value()
}

// kishVar returns Kish's effective size n = W²/Q of rows whose weights
// sum to W and their squares to Q, and the variance v of a weighted mean
// such that v/n = c·S/W², c = n/(n − 1), S = Σ w²(x − m)² (the
// t-weighted interval's; [Table.weightedLossMoments]).
func kishVar(W, Q, S float64) (n, variance float64) {
	n = W / Q * W
	return n, S / (W - Q/W) / W * n
}

// meanOf is mass/rows, 0 for an empty cell.
func meanOf(mass, rows float64) float64 {
	if rows == 0 {
		return 0
	}
	return mass / rows
}

// meanWeights is the mean weight of a row of each cell of a weighted
// table, and whether the cell holds a single row.
type meanWeights struct {
	pos, neg []float64
	single   []bool
}

func (t *Table) meanWeights() *meanWeights {
	pr, nr, _, _ := t.stats()
	m := &meanWeights{pos: make([]float64, len(t.Score)), neg: make([]float64, len(t.Score)), single: make([]bool, len(t.Score))}
	for g := range t.Score {
		m.pos[g], m.neg[g] = meanOf(t.Pos[g], pr[g]), meanOf(t.Neg[g], nr[g])
		m.single[g] = pr[g]+nr[g] == 1
	}
	return m
}

// sweepWeighted is [Table.sweep] for a weighted table: the resampled row
// counts pos, neg of t's cells, each drawn row of cell g carrying the
// cell's mean weight mw (exact when the cell's rows share one weight, as
// a cell of one row does), give the masses a = pos[g]·mw.pos[g] and b
// likewise, and out[0] the average precision (the copies of a row of a
// one-row cell taken one at a time, as sweep does), out[1] the
// trapezoidal P-R AUC, out[2] the break-even point.
//
// When merged is not nil (a coarsened table), a block's rows lie in an
// unknown order. Every drawn row of a block carries its class's mean
// weight in the block, u for a positive and v for a negative, so in units
// of u the block is sweep's block of a positive rows and b·v/u negative
// ones below TP/u and PP/u: [blockSweep] gives the same shares and bounds
// (the same bits for unit weights); the BEP gets sweep's bound in masses;
// with partial, pbound[3] gets the partial AUC's bound pscale·Σ a·b/(P·N).
// The bounds hold for the rows at their block's mean weights: they do not
// cover the spread of the weights inside a block (docs/ci.md).
func (t *Table) sweepWeighted(pos, neg []int64, mw *meanWeights, merged []uint8, out, bound []float64, partial bool, pscale float64, pbound []float64) {
	var P, N float64
	for g := range pos {
		P += float64(pos[g]) * mw.pos[g]
		N += float64(neg[g]) * mw.neg[g]
	}
	if bound != nil {
		clear(bound)
		if partial {
			pbound[3] = 0
		}
	}
	if P == 0 || N == 0 {
		out[0], out[1], out[2] = math.NaN(), math.NaN(), math.NaN()
		return
	}
	var tp, pp, ap, trap, area float64
	r0, p0 := 0.0, 1.0
	bep, found := math.NaN(), false
	for g := range pos {
		if pos[g]+neg[g] == 0 {
			continue
		}
		a, b := float64(pos[g])*mw.pos[g], float64(neg[g])*mw.neg[g]
		m := a + b
		if m == 0 {
			continue
		}
		block := merged != nil && merged[g] != cellOne
		trapDone := false
		if !found && pp+m >= P {
			f := (P - pp) / m
			bep, found = (tp+f*a)/P, true
			if block {
				need := P - pp
				lo, hi := max(0, need-b), min(a, need)
				bound[2] = max(f*a-lo, hi-f*a) / P
			}
		}
		switch {
		case block:
			area += a * b
			if a == 0 {
				break
			}
			// In units of the block's positive row weight u (every
			// drawn row of the block carries its class's mean
			// weight), the unweighted block's bounds hold with b's
			// mass b/u and fractional rows above.
			u := mw.pos[g]
			sap, sapB, str, strB, ok := blockSweep(merged[g], float64(pos[g]), b/u, tp/u, pp/u, P/u, p0)
			ap += sap
			bound[0] += sapB
			bound[1] += strB
			if ok {
				trap += str
				trapDone = true
			}
		case pos[g] > 1 && mw.single[g]:
			// copies of one row, one at a time
			w, ctp, cpp := mw.pos[g], tp, pp
			for range pos[g] {
				ctp += w
				cpp += w
				ap += w / P * (ctp / cpp)
			}
		case a != 0:
			ap += a / P * ((tp + a) / (pp + m))
		}
		tp += a
		pp += m
		r1, p1 := tp/P, tp/pp
		if !trapDone {
			trap += (r1 - r0) * (p1 + p0) / 2
		}
		r0, p0 = r1, p1
	}
	out[0], out[1], out[2] = ap, trap, bep
	if bound != nil && partial {
		pbound[3] = pscale * area / P / N
	}
}

func (t *Table) nonEmptyCells() int {
	c := 0
	for g := range t.Score {
		if t.Pos[g] != 0 {
			c++
		}
		if t.Neg[g] != 0 {
			c++
		}
	}
	return c
}

// tableScratch is one worker's buffers for resampled tables.
type tableScratch struct {
	pos, neg []int64
	buf      []uint8
	score    []float64
	pm, nm   []float64
	tp, fp   []float64
	vals     []float64
	single   []bool // the kept cell's original cell held a single row
}

// countStat computes statistics into out from the resampled counts
// s.pos, s.neg of t's cells.
type countStat func(s *tableScratch, out []float64)

// bootstrap returns the replicates of nm statistics (stat fills out) over
// ci.Bootstrap stratified row bootstraps of the table t: the rows of each
// class (a weighted table's row counts, [Table.PosRows]) are drawn over
// its cells.
func (t *Table) bootstrap(ci hyptest.CIOptions, nm int, stat countStat) [][]float64 {
	posCnt := make([]int64, len(t.Score))
	negCnt := make([]int64, len(t.Score))
	pr, nr, _, _ := t.stats() // rows: the counts when unweighted
	for g := range t.Score {
		posCnt[g], negCnt[g] = int64(pr[g]), int64(nr[g])
	}
	reps := make([][]float64, nm)
	for i := range reps {
		reps[i] = make([]float64, ci.Bootstrap)
	}
	n := len(t.Score)
	hyptest.Replicate(ci.Bootstrap, ci.Seed, ci.Workers, func() *tableScratch {
		return &tableScratch{pos: make([]int64, n), neg: make([]int64, n), score: make([]float64, 0, n),
			pm: make([]float64, 0, n), nm: make([]float64, 0, n), tp: make([]float64, n), fp: make([]float64, n), vals: make([]float64, nm)}
	}, func(b int, rng *rand.Rand, s *tableScratch) {
		s.buf = hyptest.ResampleRows(rng, posCnt, s.pos, s.buf)
		s.buf = hyptest.ResampleRows(rng, negCnt, s.neg, s.buf)
		stat(s, s.vals)
		for i, v := range s.vals {
			reps[i][b] = v
		}
	})
	return reps
}

// fromCounts builds, in s's buffers, the table of t's scores with the
// counts s.pos and s.neg, leaving out the scores that drew no row.
func (t *Table) fromCounts(s *tableScratch) *Table {
	s.score, s.pm, s.nm, s.single = s.score[:0], s.pm[:0], s.nm[:0], s.single[:0]
	var rows int64
	pr, nr, _, _ := t.stats()
	for g, sc := range t.Score {
		if s.pos[g] == 0 && s.neg[g] == 0 {
			continue
		}
		s.score = append(s.score, sc)
		if t.Weighted {
			// a drawn row carries its cell's mean weight
			s.pm = append(s.pm, float64(s.pos[g])*meanOf(t.Pos[g], pr[g]))
			s.nm = append(s.nm, float64(s.neg[g])*meanOf(t.Neg[g], nr[g]))
		} else {
			s.pm = append(s.pm, float64(s.pos[g]))
			s.nm = append(s.nm, float64(s.neg[g]))
		}
		s.single = append(s.single, pr[g]+nr[g] == 1)
		rows += s.pos[g] + s.neg[g]
	}
	u := &Table{Score: s.score, Pos: s.pm, Neg: s.nm, Rows: rows, Weighted: t.Weighted}
	// The cumulative masses go to the worker's buffers, not fresh ones.
	u.cums.Do(func() { u.fillCum(s.tp[:len(s.score)], s.fp[:len(s.score)]) })
	return u
}

// jackknife returns the nm statistics with one row left out of each
// non-empty cell, and the cells' counts as weights.
func (t *Table) jackknife(nm int, stat countStat) ([][]float64, []float64) {
	n := len(t.Score)
	s := &tableScratch{pos: make([]int64, n), neg: make([]int64, n), tp: make([]float64, n), fp: make([]float64, n)}
	pr, nr, _, _ := t.stats()
	for g := range t.Score {
		s.pos[g], s.neg[g] = int64(pr[g]), int64(nr[g])
	}
	jack := make([][]float64, nm)
	var jw []float64
	out := make([]float64, nm)
	leave := func(c *int64) {
		if *c == 0 {
			return
		}
		w := float64(*c)
		*c--
		stat(s, out)
		*c++
		for i, v := range out {
			jack[i] = append(jack[i], v)
		}
		jw = append(jw, w)
	}
	for g := range t.Score {
		leave(&s.pos[g])
		leave(&s.neg[g])
	}
	return jack, jw
}

// sweep computes, in one pass over the resampled counts pos, neg of t's
// cells, out[0] the average precision with copies of one row taken as
// distinct rows ([Table.apCopies]), out[1] the trapezoidal P-R AUC
// ([Table.PRAUCTrapezoid]) and out[2] the break-even point ([Table.BEP]),
// without building the resampled table (NaN when a class drew no row).
// The counts are whole numbers, cumulated exactly in int64; the areas are
// plain float64 sums (a replicate needs no compensated sum: over 10⁶
// cells the rounding is below 10⁻¹⁰, far inside any interval).
//
// When merged is not nil, t is a coarsened table ([Table.coarsen]) and
// merged[g] says that cell g is a block of several cells of the full
// table, whose rows drawn lie in an unknown order inside the block. Such
// a block with a positives and b negatives drawn, below TP positives and
// PP rows, gives
//
//   - AP: a/P·(TP+k)/(PP+k·m/a) at the middle positive k = (a+1)/2
//     (m = a+b: the positives spread evenly over the block). Whatever the
//     order, each positive's precision lies in [(TP+1)/(PP+b+1),
//     (TP+a)/(PP+a)], so the block's share of AP lies within
//     a/P·max(upper − mid, mid − lower) of the value;
//   - P-R AUC: the trapezoid from the block's first to its last point, as
//     for tied scores; the precisions inside lie in [min(p₀, TP/(PP+b)),
//     max(p₀, (TP+a)/(PP+a))], p₀ the precision above, so the block's
//     area lies within a/P times the larger distance of that range's ends
//     from the trapezoid's mean height;
//   - BEP (the block where the predicted positives reach P): the
//     interpolation TP + a·f, f = (P−PP)/m; the positives among the first
//     P−PP rows of the block lie in [max(0, P−PP−b), min(a, P−PP)].
//
// bound[i] then gets the sum of the blocks' bounds of out[i]: the value
// on the full table of the same resampled rows lies within it. A block of
// one cell is exact (bound 0).
func (t *Table) sweep(pos, neg []int64, merged []uint8, out, bound []float64) {
	var p, n int64
	for g := range pos {
		p += pos[g]
		n += neg[g]
	}
	if bound != nil {
		clear(bound)
	}
	if p == 0 || n == 0 {
		out[0], out[1], out[2] = math.NaN(), math.NaN(), math.NaN()
		return
	}
	P := float64(p)
	var tp, pp int64
	var ap, trap float64
	r0, p0 := 0.0, 1.0
	bep, found := math.NaN(), false
	for g, a := range pos {
		b := neg[g]
		m := a + b
		if m == 0 {
			continue
		}
		block := merged != nil && merged[g] != cellOne
		trapDone := false
		if !found && pp+m >= p {
			f := float64(p-pp) / float64(m)
			bep, found = (float64(tp)+f*float64(a))/P, true
			if block {
				need := float64(p - pp)
				lo, hi := max(0, need-float64(b)), min(float64(a), need)
				bound[2] = max(f*float64(a)-lo, hi-f*float64(a)) / P
			}
		}
		switch {
		case block:
			if a == 0 {
				break
			}
			sap, sapB, str, strB, ok := blockSweep(merged[g], float64(a), float64(b), float64(tp), float64(pp), P, p0)
			ap += sap
			bound[0] += sapB
			bound[1] += strB
			if ok {
				trap += str
				trapDone = true
			}
		case a > 1 && t.Pos[g]+t.Neg[g] == 1:
			// copies of one row, one at a time
			ctp, cpp := float64(tp), float64(pp)
			for range a {
				ctp++
				cpp++
				ap += ctp / cpp / P
			}
		case a != 0:
			ap += float64(a) / P * (float64(tp+a) / float64(pp+m))
		}
		tp += a
		pp += m
		r1, p1 := float64(tp)/P, float64(tp)/float64(pp)
		if !trapDone {
			trap += (r1 - r0) * (p1 + p0) / 2
		}
		r0, p0 = r1, p1
	}
	out[0], out[1], out[2] = ap, trap, bep
}

// blockSweep returns a coarsened block's share of AP and its bound, and
// the bound of its share of the P-R AUC, with the share itself (ok) when
// the block is of distinct scores (blockRows); see [Table.sweep]. The
// block holds fa positive rows and fb negative ones (fb may be
// fractional: a weighted block's negative mass in units of its positive
// rows' weight), below ftp positives of fpp rows (the same units); P is
// the positives, p0 the precision above the block.
func blockSweep(kind uint8, fa, fb, ftp, fpp, P, p0 float64) (ap, apBound, trap, trapBound float64, ok bool) {
	p1 := (ftp + fa) / (fpp + fa + fb)
	if kind == blockRows {
		// Distinct scores: positive k's precision lies in
		// [g(k), f(k)], f(x) = (TP+x)/(PP+x) and g(x) =
		// (TP+x)/(PP+b+x), both increasing, and the
		// point before it at [g(k−1), f(k−1)] (f(0) = p₀):
		// the sums are bounded by integrals.
		d := fpp - ftp
		sf := fa - d*math.Log1p(fa/(fpp+1)) // ≥ Σ f(k), k = 1…a
		sg, g0 := fa, p0                    // ≤ Σ g(k)
		if fpp+fb > 0 {
			sg = fa - (d+fb)*math.Log1p(fa/(fpp+fb))
			g0 = ftp / (fpp + fb)
		}
		apHi, apLo := sf/P, sg/P
		trHi := (sf - (ftp+fa)/(fpp+fa)/2 + p0/2) / P
		trLo := (sg - (ftp+fa)/(fpp+fb+fa)/2 + g0/2) / P
		return (apHi + apLo) / 2, (apHi - apLo) / 2, (trHi + trLo) / 2, (trHi - trLo) / 2, true
	}
	// Tied cells inside: a tied group's positives all take
	// the precision at its end.
	k := (fa + 1) / 2
	mid := fa / P * (ftp + k) / (fpp + k*(fa+fb)/fa)
	up := fa / P * (ftp + fa) / (fpp + fa)
	lo := fa / P * (ftp + 1) / (fpp + fb + 1)
	pmin, pmax := p0, max(p0, (ftp+fa)/(fpp+fa))
	if fpp+fb > 0 {
		pmin = min(p0, ftp/(fpp+fb))
	}
	h := (p0 + p1) / 2
	return mid, max(up-mid, mid-lo), 0, fa / P * max(pmax-h, h-pmin), false
}

// apCopies is the average precision of a resampled table u in which the
// copies of one original row are distinct rows, not a tie: single[g] says
// that u's cell g is copies of one row. Average precision groups tied
// positives and takes the precision at the group's end, which the copies
// of a row drawn k times would otherwise get (raising every replicate: 95%
// intervals then covered the truth in 90% of simulated data sets at
// n = 50). Copies are taken one at a time; true ties are kept. On the data
// itself (every cell drawn once) it equals [Table.AveragePrecision].
func (u *Table) apCopies(single []bool) float64 {
	p, _, err := u.check()
	if err != nil {
		return math.NaN()
	}
	// u is a resampled unweighted table: tp and pp are whole numbers,
	// summed exactly in float64.
	var tp, pp float64
	var s fsum.Sum
	for g := range u.Score {
		if single[g] && u.Pos[g] > 1 {
			for range int(u.Pos[g]) {
				tp++
				pp++
				s.Add(tp / pp / p)
			}
			continue
		}
		tp += u.Pos[g]
		pp += u.Pos[g] + u.Neg[g]
		if u.Pos[g] != 0 {
			s.Add(u.Pos[g] / p * (tp / pp))
		}
	}
	return s.Value()
}

// AddIntervals sets r.Level and r.Intervals from the multiclass state m
// that NewMulticlassReport computed r from:
//
//   - per_class.J.roc_auc_ovr: DeLong's interval of class J's
//     one-vs-rest AUC ([Table.AUCCI] of m.OvR(J)), exact from the state;
//
//   - roc_auc_ovr_macro and roc_auc_ovr_weighted: the average AUC ± z
//     times the same average of the classes' DeLong standard errors,
//     clipped to [0, 1] (method delong-bound). The state keeps each
//     column's scores by true class, not each row's scores together, so
//     the covariances of the classes' AUCs are unknown; the standard
//     error of an average of AUCs is at most the average of their
//     standard errors (Cauchy–Schwarz, equality when they are perfectly
//     correlated), so the interval is conservative: it covers at least
//     at its level (asymptotically), wider than a joint bootstrap's;
//
//   - top_k_accuracy: the proportion interval of the rows whose true
//     class ranks in the top k ([hyptest.ProportionCI], Wilson by
//     default).
//
//   - log_loss: the t-interval of the rows' log losses on the scale of
//     log(mean) (the state keeps Σℓ and Σℓ²; method delta-lognormal, see
//     [logLossCI]).
//
//   - hinge_loss: the t-interval of the rows' hinge losses (the state
//     keeps Σh and Σh²), clipped at 0.
//
//   - roc_auc_ovo_macro and roc_auc_ovo_weighted: delong-bound, from each
//     pair's two DeLong variances (the pair's two AUCs' covariance needs a
//     row's two columns together, which the state does not keep).
//
//   - roc_auc_ovr_micro: none, with a warning: its (row, class) pairs are
//     not independent (a row gives K of them), so DeLong's variance of
//     their table does not apply, and the state keeps no row's scores
//     together.
//
// Weighted rows get the same intervals from the weighted tables' row
// counts and Σw² ([Table.PosRows]) and the state's exact sums of squared
// weights: each class's one-vs-rest AUC the weighted DeLong variance
// ([Table.DeLongVar], method delong-weighted), the averages delong-bound
// from those standard errors; top_k_accuracy the proportion method's
// interval of p·n_e successes in n_e = W²/Σw² trials, Kish's effective
// number of rows (method wilson-kish by default, as classify's weighted
// proportions); log_loss the interval of [logLossCI] with the weighted
// mean's Var = c·Σ w²(ℓ − m)²/W², c = n_e/(n_e − 1), and n_e − 1 degrees
// of freedom (method delta-lognormal, as the binary log loss's);
// hinge_loss the t-interval of the weighted mean with the same variance
// of the hinge losses (method t-weighted). A weighted state of
// encoding version 3 lacks the sums of squared weights: its top-k
// accuracy and log loss get none. Warnings says which measures get none
// and why. It returns an error for bad options.
func (r *MulticlassReport) AddIntervals(m *Multiclass, ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if r.Signature != nil {
		r.Signature.CI = &result.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	r.Level = ci.Level
	r.Intervals = map[string]hyptest.Interval{}
	warn := func(format string, args ...any) { r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...)) }
	warn("roc_auc_ovr_micro: no interval: a row gives K of its (row, class) pairs, which are not independent")
	weighted := m.Weighted || m.tablesWeighted()
	sup := m.Support()
	total := fsum.Of(sup)
	z := normQuantile((1 + ci.Level) / 2)
	var sdMacro, sdWeighted float64
	ok := true
	for j := range m.K {
		t := m.OvR(j)
		v, err := t.DeLongVar()
		if err != nil {
			warn("per_class.%d.roc_auc_ovr: no interval: %v", j, err)
			ok = false
			continue
		}
		auc, _ := t.AUC()
		lo, hi := deLongCI(auc, v, ci.Level)
		method := hyptest.CIDeLong
		if t.Weighted {
			method = hyptest.CIDeLongWeighted
		}
		r.Intervals[fmt.Sprintf("per_class.%d.roc_auc_ovr", j)] = hyptest.Interval{Low: lo, High: hi, Method: method}
		sdMacro += math.Sqrt(v) / float64(m.K)
		sdWeighted += sup[j] / total * math.Sqrt(v)
	}
	if ok {
		for _, a := range []struct {
			key   string
			v, sd float64
		}{{"roc_auc_ovr_macro", r.ROCAUCOvRMacro, sdMacro}, {"roc_auc_ovr_weighted", r.ROCAUCOvRWeighted, sdWeighted}} {
			r.Intervals[a.key] = hyptest.Interval{Low: a.v - z*a.sd, High: a.v + z*a.sd, Method: hyptest.CIDeLongBound}.Clip(0, 1)
		}
	}
	if weighted {
		r.weightedScalarIntervals(m, total, ci)
	} else if iv, err := hyptest.ProportionCI(math.Round(r.TopKAccuracy*total), total, ci.Level, ci.ProportionMethod()); err == nil {
		r.Intervals["top_k_accuracy"] = iv
	} else {
		warn("top_k_accuracy: no interval: %v", err)
	}
	if n := total; n >= 2 && !weighted {
		mean := m.LogLossSum / n
		v := math.Max(0, (m.LogLossSq-n*mean*mean)/(n-1))
		if iv, err := logLossCI(n, r.LogLoss, v, ci.Level); err == nil {
			r.Intervals["log_loss"] = iv
		} else {
			warn("log_loss: no interval: %v", err)
		}
		if r.HingeLoss != nil {
			mean := m.HingeSum / n
			v := math.Max(0, (m.HingeSq-n*mean*mean)/(n-1))
			if iv, err := hyptest.MeanCI(n, *r.HingeLoss, v, ci.Level); err == nil {
				r.Intervals["hinge_loss"] = iv.Clip(0, math.Inf(1))
			} else {
				warn("hinge_loss: no interval: %v", err)
			}
		}
	}
	// One-vs-one: each pair's score (A(a|b) + A(b|a))/2 is a mean of two
	// AUCs whose DeLong variances the tables give; their covariance (a
	// row's two columns together) they do not, so the standard error of
	// the mean of the pair's, and of the pairs' average, is bounded by the
	// same mean of the standard errors (Cauchy–Schwarz), as for the
	// one-vs-rest averages.
	var sdOvOMacro, sdOvOWeighted, prev float64
	ovoOK := true
	pairs := float64(m.K * (m.K - 1) / 2)
	for a := 0; a < m.K && ovoOK; a++ {
		for b := a + 1; b < m.K; b++ {
			vab, err1 := Merge(m.Cell[a][a], asNeg(m.Cell[b][a])).DeLongVar()
			vba, err2 := Merge(m.Cell[b][b], asNeg(m.Cell[a][b])).DeLongVar()
			if err1 != nil || err2 != nil {
				warn("roc_auc_ovo_macro, roc_auc_ovo_weighted: no interval: classes %d and %d: %v", a, b, errors.Join(err1, err2))
				ovoOK = false
				break
			}
			sd := (math.Sqrt(vab) + math.Sqrt(vba)) / 2
			pr := (sup[a] + sup[b]) / total
			sdOvOMacro += sd / pairs
			sdOvOWeighted += sd * pr
			prev += pr
		}
	}
	if ovoOK {
		for _, a := range []struct {
			key   string
			v, sd float64
		}{{"roc_auc_ovo_macro", r.ROCAUCOvOMacro, sdOvOMacro}, {"roc_auc_ovo_weighted", r.ROCAUCOvOWeighted, sdOvOWeighted / prev}} {
			r.Intervals[a.key] = hyptest.Interval{Low: a.v - z*a.sd, High: a.v + z*a.sd, Method: hyptest.CIDeLongBound}.Clip(0, 1)
		}
	}
	return nil
}

// weightedScalarIntervals adds the intervals of a weighted state's top-k
// accuracy and log loss (see [MulticlassReport.AddIntervals]) from its
// sums of squared weights; W is the rows' weight.
func (r *MulticlassReport) weightedScalarIntervals(m *Multiclass, W float64, ci hyptest.CIOptions) {
	sq := m.sqSums()
	if sq == nil {
		r.Warnings = append(r.Warnings, "top_k_accuracy, log_loss: no interval: the weighted state lacks the sums of squared weights (merged from a state of encoding version 3)")
		return
	}
	var q xsum.Sum
	for i := range sq.rank {
		q.Merge(&sq.rank[i])
	}
	Q := q.Value()
	if !(W > 0 && Q > 0) {
		r.Warnings = append(r.Warnings, "top_k_accuracy, log_loss: no interval: no row of weight > 0")
		return
	}
	ne := W / Q * W
	if iv, err := hyptest.ProportionCI(math.Min(ne, math.Max(0, r.TopKAccuracy*ne)), ne, ci.Level, ci.ProportionMethod()); err == nil {
		iv.Method += "-kish"
		r.Intervals["top_k_accuracy"] = iv
	} else {
		r.Warnings = append(r.Warnings, fmt.Sprintf("top_k_accuracy: no interval: %v", err))
	}
	// S = Σ w²(ℓ − m)² = Σ w²ℓ² − 2m Σ w²ℓ + m² Σ w²
	mean := r.LogLoss
	S := math.Max(0, sq.ll2.Value()-2*mean*sq.ll.Value()+mean*mean*Q)
	n, v := kishVar(W, Q, S)
	if iv, err := logLossCI(n, mean, v, ci.Level); err == nil {
		r.Intervals["log_loss"] = iv
	} else {
		r.Warnings = append(r.Warnings, fmt.Sprintf("log_loss: no interval: %v", err))
	}
	if r.HingeLoss != nil {
		mean := *r.HingeLoss
		S := math.Max(0, sq.hl2.Value()-2*mean*sq.hl.Value()+mean*mean*Q)
		n, v := kishVar(W, Q, S)
		if iv, err := hyptest.MeanCI(n, mean, v, ci.Level); err == nil {
			iv.Method = hyptest.CITWeighted
			r.Intervals["hinge_loss"] = iv.Clip(0, math.Inf(1))
		} else {
			r.Warnings = append(r.Warnings, fmt.Sprintf("hinge_loss: no interval: %v", err))
		}
	}
}
