package rank

import (
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
)

// DefaultBootBlocks is the default of [Options.BootBlocks]: score
// tables of more cells are coarsened for the AP, P-R AUC, BEP and partial
// AUC bootstrap (see [Report.AddIntervals]).
const DefaultBootBlocks = 20000

// coarse is a score table coarsened for the bootstrap: its cells are runs
// of adjacent cells of the full table (Score is each run's first score,
// Pos and Neg its totals), merged[b] says whether block b is one cell of
// the full table (cellOne), several cells of one row each (blockRows) or
// several cells, some of several rows (blockTies).
type coarse struct {
	*Table
	merged []uint8
	cells  int // the full table's cells
}

// The kinds of a coarse table's blocks.
const (
	cellOne   uint8 = iota // one cell of the full table
	blockRows              // several cells, each of one row (distinct scores)
	blockTies              // several cells, some of several rows
)

// coarsen merges adjacent cells of the table t (with its cells' rows and
// Σw² when weighted; a block's rows are then counted) into at most
// maxBlocks blocks. A block is grown while its rows stay within eps times
// the rows ranked above it, so that no block moves the precision of the
// rows it holds by more than about eps (the bound each replicate
// computes, see [Table.sweep]); eps is the smallest (to 15%) that gives
// at most maxBlocks blocks. The top 2/eps rows keep their own cells.
func (t *Table) coarsen(maxBlocks int) *coarse {
	rows := 0.0
	pr, nr, _, _ := t.stats()
	for g := range t.Score {
		rows += pr[g] + nr[g]
	}
	// The number of blocks of eps is about (2 + ln(rows·eps/2))/eps on
	// distinct scores (single cells up to 2/eps rows, then blocks growing
	// by the factor 1 + eps): start from the eps that solves it.
	est := func(eps float64) float64 { return (2 + math.Log(max(rows*eps/2, 1))) / eps }
	lo, hi := 1e-12, 1.0
	for range 60 {
		mid := math.Sqrt(lo * hi)
		if est(mid) > float64(maxBlocks) {
			lo = mid
		} else {
			hi = mid
		}
	}
	eps := hi
	for t.blocksOf(eps, nil) > maxBlocks {
		eps *= 1.15
	}
	for eps > 1e-12 && t.blocksOf(eps/1.15, nil) <= maxBlocks {
		eps /= 1.15 // the estimate is rough: use the blocks allowed
	}
	c := &coarse{Table: &Table{Rows: t.Rows, Weighted: t.Weighted}, cells: len(t.Score)}
	t.blocksOf(eps, c)
	return c
}

// blocksOf returns the number of blocks of eps (see coarsen), filling c
// when it is not nil.
func (t *Table) blocksOf(eps float64, c *coarse) int {
	k := 0
	var above, m float64 // rows above the open block, rows in it
	var pos, neg float64
	var st [4]float64 // a weighted block's rows and Σw² by class
	pr, nr, ps, ns := t.stats()
	cells := 0
	ties := false
	close := func() {
		if c != nil {
			c.Pos = append(c.Pos, pos)
			c.Neg = append(c.Neg, neg)
			if t.Weighted {
				c.PosRows = append(c.PosRows, st[0])
				c.NegRows = append(c.NegRows, st[1])
				c.PosSq = append(c.PosSq, st[2])
				c.NegSq = append(c.NegSq, st[3])
			}
			kind := cellOne
			switch {
			case cells > 1 && ties:
				kind = blockTies
			case cells > 1:
				kind = blockRows
			}
			c.merged = append(c.merged, kind)
		}
		above += m
		m, pos, neg, cells, ties, st = 0, 0, 0, 0, false, [4]float64{}
	}
	for g, s := range t.Score {
		r := pr[g] + nr[g] // rows
		if cells > 0 && m+r > eps*above {
			close()
		}
		if cells == 0 {
			k++
			if c != nil {
				c.Score = append(c.Score, s)
			}
		}
		m += r
		ties = ties || r > 1
		pos += t.Pos[g]
		neg += t.Neg[g]
		if t.Weighted {
			st[0] += pr[g]
			st[1] += nr[g]
			st[2] += ps[g]
			st[3] += ns[g]
		}
		cells++
	}
	if cells > 0 {
		close()
	}
	return k
}

// endBound returns how far the interval iv (from the replicates reps, each
// within bounds[b] of its exact value) can lie from the interval of the
// exact replicates, for the percentile interval (an order statistic moves
// by at most the largest bound) and the logit-bootstrap interval (the
// standard deviation of the logits moves by at most λ√(B/(B−1)), λ the
// largest bound of a replicate's logit; each end expit(u) by z times that,
// dz, on the logit scale: the exact differences expit(u ± dz) − expit(u),
// at most 1). It returns +Inf when a replicate's bound reaches 0 or 1 on
// the logit scale.
func endBound(iv hyptest.Interval, reps, bounds []float64, level float64) float64 {
	var d float64
	for _, b := range bounds {
		d = max(d, b)
	}
	if iv.Method != hyptest.CILogitBoot {
		return d
	}
	var lam float64
	for i, v := range reps {
		b := bounds[i]
		lo, hi := v-b, v+b
		if lo <= 0 || hi >= 1 {
			return math.Inf(1)
		}
		// x(1−x) is concave: its least over [lo, hi] is at an end
		lam = max(lam, b/min(lo*(1-lo), hi*(1-hi)))
	}
	nb := float64(len(reps))
	z := normQuantile((1 + level) / 2)
	dz := z * lam * math.Sqrt(nb/(nb-1))
	// An end expit(u) moves within [expit(u − dz), expit(u + dz)]: the
	// exact differences, never more than 1 (the slope bound dz·¼ was
	// unbounded for large dz: 10¹⁴ at n = 50 coarsened to 10 blocks).
	expit := func(u float64) float64 { return 1 / (1 + math.Exp(-u)) }
	var worst float64
	for _, end := range []float64{iv.Low, iv.High} {
		u := math.Log(end / (1 - end))
		worst = max(worst, expit(u+dz)-end, end-expit(u-dz))
	}
	return worst
}
