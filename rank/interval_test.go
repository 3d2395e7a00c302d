package rank

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

func binormal(rng *rand.Rand, npos, nneg int, mu float64) *Table {
	var b Builder
	for range npos {
		b.AddPositive(rng.NormFloat64() + mu)
	}
	for range nneg {
		b.AddNegative(rng.NormFloat64())
	}
	return b.Table()
}

func ciReport(t *testing.T, tb *Table, ci hyptest.CIOptions) *Report {
	t.Helper()
	return ciReportBlocks(t, tb, ci, 0)
}

func ciReportBlocks(t *testing.T, tb *Table, ci hyptest.CIOptions, blocks int) *Report {
	t.Helper()
	opt := DefaultOptions()
	opt.Curves = false
	opt.BootBlocks = blocks
	r, err := NewReport(tb, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(tb, opt, ci); err != nil {
		t.Fatal(err)
	}
	return r
}

// AUC's interval is DeLong's (pROC-checked AUCCI); the bootstrap is the
// same bits on any number of workers, and the per-row loss t-interval
// agrees with the t-interval of the expanded rows.
func TestAddIntervals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var b Builder
	var losses []float64
	for i := range 200 {
		s := math.Round(rng.Float64()*20) / 20 // ties
		pos := rng.Float64() < 0.3+0.5*s
		if pos {
			b.AddPositive(s)
		} else {
			b.AddNegative(s)
		}
		losses = append(losses, brierOf(s, pos))
		_ = i
	}
	tb := b.Table()
	r := ciReport(t, tb, hyptest.CIOptions{Seed: 3, Workers: 1})
	_, lo, hi, _ := tb.AUCCI(0.95)
	if iv := r.Intervals["roc_auc"]; iv.Low != lo || iv.High != hi || iv.Method != hyptest.CIDeLong {
		t.Errorf("roc_auc %+v, DeLong [%v, %v]", iv, lo, hi)
	}
	m, v := 0.0, 0.0
	for _, x := range losses {
		m += x
	}
	m /= float64(len(losses))
	for _, x := range losses {
		v += (x - m) * (x - m)
	}
	v /= float64(len(losses) - 1)
	want, _ := hyptest.MeanCI(float64(len(losses)), m, v, 0.95)
	if iv := r.Intervals["brier"]; math.Abs(iv.Low-want.Low) > 1e-12 || math.Abs(iv.High-want.High) > 1e-12 {
		t.Errorf("brier %+v, t-interval of the rows %+v", iv, want)
	}
	for _, key := range []string{"average_precision", "pr_auc_trapezoid", "bep", "log_loss", "rank_loss"} {
		iv, ok := r.Intervals[key]
		if !ok || !(iv.Low <= iv.High) {
			t.Errorf("%s: %+v", key, iv)
		}
	}
	for _, w := range []int{2, 5} {
		r2 := ciReport(t, tb, hyptest.CIOptions{Seed: 3, Workers: w})
		for k, iv := range r.Intervals {
			if r2.Intervals[k] != iv {
				t.Errorf("%d workers: %s %+v, 1 worker %+v", w, k, r2.Intervals[k], iv)
			}
		}
	}
}

// The population AP and BEP of the binormal model with prevalence pi:
// AP = ∫ precision dTPR over the thresholds; BEP = TPR where the
// predicted-positive share equals pi.
func binormalTruth(mu, pi float64) (ap, bep float64) {
	sf := func(x float64) float64 { return 0.5 * math.Erfc(x/math.Sqrt2) }
	const dt = 1e-4
	prevT := 1.0
	bep = math.NaN()
	for x := -12.0; x < 12+mu; x += dt {
		tpr, fpr := sf(x-mu), sf(x)
		if d := prevT - tpr; d > 0 && tpr+fpr > 0 {
			ap += d * pi * tpr / (pi*tpr + (1-pi)*fpr)
		}
		if math.IsNaN(bep) && pi*tpr+(1-pi)*fpr <= pi {
			bep = tpr
		}
		prevT = tpr
	}
	return ap, bep
}

// Coverage of the 95% intervals of ROC AUC (DeLong), AP and the
// trapezoidal P-R AUC (logit-bootstrap) and BEP (BCa at n = 50, percentile
// at n = 2000, above MaxJackknifeCells) over 1000 simulated binormal data
// sets (μ = 1, 40% positives), at n = 50 and (in CI, CI set, or with
// EVALKIT_COVERAGE=1: a minute on a loaded machine) n = 2000, with 200 bootstrap replicates per
// data set (1000 in the CLI). Each must lie in [0.93, 0.97]; the figures
// are in docs/ci.md.
func TestCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	const mu, pi = 1.0, 0.4
	auc := 0.5 * math.Erfc(-mu/2) // Φ(μ/√2)
	ap, bep := binormalTruth(mu, pi)
	truth := map[string]float64{"roc_auc": auc, "average_precision": ap, "pr_auc_trapezoid": ap, "bep": bep}
	keys := []string{"roc_auc", "average_precision", "pr_auc_trapezoid", "bep"}
	for _, c := range []struct{ n, blocks int }{{50, 0}, {50, 20}, {2000, 0}, {2000, 200}} {
		n := c.n
		if n > 1000 && os.Getenv("EVALKIT_COVERAGE") == "" && os.Getenv("CI") == "" {
			continue // minutes on a loaded machine: EVALKIT_COVERAGE=1 runs it
		}
		name := fmt.Sprintf("n=%d", n)
		if c.blocks > 0 {
			name += fmt.Sprintf(",blocks=%d", c.blocks)
		}
		t.Run(name, func(t *testing.T) {
			npos := int(pi * float64(n))
			hits := map[string]int{}
			bound, width := map[string]float64{}, map[string]float64{}
			rng := rand.New(rand.NewPCG(2026, uint64(n)))
			const nsim = 1000
			for s := range nsim {
				tb := binormal(rng, npos, n-npos, mu)
				r := ciReportBlocks(t, tb, hyptest.CIOptions{Bootstrap: 200, Seed: uint64(s)}, c.blocks)
				for _, k := range keys {
					if iv := r.Intervals[k]; c.blocks > 0 && k != "roc_auc" {
						if iv.Coarsened == nil || iv.Coarsened.Blocks > c.blocks {
							t.Fatalf("%s: not coarsened to %d blocks: %+v", k, c.blocks, iv)
						}
						bound[k] = max(bound[k], iv.Coarsened.EndBound)
						width[k] += (iv.High - iv.Low) / nsim
					}
					if iv, ok := r.Intervals[k]; ok && iv.Contains(truth[k]) {
						hits[k]++
					}
				}
			}
			for _, k := range keys {
				c := float64(hits[k]) / nsim
				t.Logf("%s  %-18s coverage %.3f (truth %.4f)", name, k, c, truth[k])
				if bound[k] > 0 {
					t.Logf("%s  %-18s largest end bound %.4f, mean width %.4f", name, k, bound[k], width[k])
				}
				lo := 0.93
				if !(c >= lo && c <= 0.97) {
					t.Errorf("n = %d: %s covers %.3f, want %.2f–0.97", n, k, c, lo)
				}
			}
		})
	}
}

// sweep gives the values of apCopies, PRAUCTrapezoid and BEP on the
// resampled table, which it does not build (to rounding: it sums the
// areas in plain float64).
func TestSweepEqualsTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var b Builder
	for range 300 {
		s := math.Round(rng.Float64()*100) / 100 // ties and single-row cells
		if rng.Float64() < 0.3+0.4*s {
			b.AddPositive(s)
		} else {
			b.AddNegative(s)
		}
	}
	tb := b.Table()
	n := tb.Len()
	sc := &tableScratch{pos: make([]int64, n), neg: make([]int64, n), tp: make([]float64, n), fp: make([]float64, n)}
	for r := range 50 {
		for g := range n {
			sc.pos[g] = int64(rng.IntN(3)) * int64(tb.Pos[g])
			sc.neg[g] = int64(rng.IntN(3)) * int64(tb.Neg[g])
		}
		if r == 0 {
			clear(sc.pos) // no positive drawn: NaN
		}
		got := make([]float64, 3)
		tb.sweep(sc.pos, sc.neg, nil, got, nil)
		u := tb.fromCounts(sc)
		trap, _ := u.PRAUCTrapezoid()
		bep, _ := u.BEP()
		want := []float64{u.apCopies(sc.single), trap, bep}
		for i := range got {
			if !(math.Abs(got[i]-want[i]) <= 1e-12) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Errorf("replicate %d, value %d: sweep %v, table %v", r, i, got[i], want[i])
			}
		}
	}
}

// multiclassSample draws n rows of the multiclass coverage design (3
// classes, 40/35/25 %; scores the softmax of logits μ·[j = y] + N(0, 1),
// μ = 1), each of weight w() (1 when w is nil).
func multiclassSample(t *testing.T, rng *rand.Rand, n int, w func() float64) *Multiclass {
	const k, mu = 3, 1.0
	shares := []float64{0.4, 0.35, 0.25}
	b := NewMultiBuilder(k)
	p := make([]float64, k)
	for c, sh := range shares {
		for range int(sh * float64(n)) {
			var s float64
			for j := range p {
				x := rng.NormFloat64()
				if j == c {
					x += mu
				}
				p[j] = math.Exp(x)
				s += p[j]
			}
			for j := range p {
				p[j] /= s
			}
			wi := 1.0
			if w != nil {
				wi = w()
			}
			if err := b.Add(c, p, wi); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.Result()
}

// multiclassCoverage returns the coverage of each multiclass interval
// over nsim data sets of n rows (multiclassSample, weights w) of the
// measures on 300 000 unweighted rows of the same model: with weights
// independent of the rows the weighted measures estimate the same values.
// It also returns the interval methods.
func multiclassCoverage(t *testing.T, seed uint64, nsim, n int, w func(*rand.Rand) float64) (map[string]float64, map[string]string) {
	opt := DefaultOptions()
	opt.K = 1
	classes := []string{"a", "b", "c"}
	big, err := NewMulticlassReport(multiclassSample(t, rand.New(rand.NewPCG(1, 1)), 300000, nil), classes, opt)
	if err != nil {
		t.Fatal(err)
	}
	truth := map[string]float64{"roc_auc_ovr_macro": big.ROCAUCOvRMacro, "roc_auc_ovr_weighted": big.ROCAUCOvRWeighted, "top_k_accuracy": big.TopKAccuracy,
		"roc_auc_ovo_macro": big.ROCAUCOvOMacro, "roc_auc_ovo_weighted": big.ROCAUCOvOWeighted, "log_loss": big.LogLoss, "hinge_loss": *big.HingeLoss}
	for j, c := range big.PerClass {
		truth[fmt.Sprintf("per_class.%d.roc_auc_ovr", j)] = c.ROCAUC
	}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	var draw func() float64
	if w != nil {
		draw = func() float64 { return w(rng) }
	}
	hits := map[string]int{}
	methods := map[string]string{}
	for range nsim {
		m := multiclassSample(t, rng, n, draw)
		r, err := NewMulticlassReport(m, classes, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddIntervals(m, hyptest.CIOptions{}); err != nil {
			t.Fatal(err)
		}
		for key, v := range truth {
			iv, ok := r.Intervals[key]
			if ok && iv.Contains(v) {
				hits[key]++
			}
			if ok {
				methods[key] = iv.Method
			}
		}
	}
	cov := map[string]float64{}
	for _, key := range slices.Sorted(maps.Keys(truth)) {
		cov[key] = float64(hits[key]) / float64(nsim)
		t.Logf("%-26s %-16s coverage %.3f (truth %.4f)", key, methods[key], cov[key], truth[key])
	}
	return cov, methods
}

// checkMulticlassCoverage asserts 0.93–0.97 for each interval, 0.95–1 for
// the conservative delong-bound averages.
func checkMulticlassCoverage(t *testing.T, cov map[string]float64) {
	for key, c := range cov {
		lo, hi := 0.93, 0.97
		if strings.HasPrefix(key, "roc_auc_ovr_") || strings.HasPrefix(key, "roc_auc_ovo_") {
			lo, hi = 0.95, 1 // conservative by construction
		}
		if !(c >= lo && c <= hi) {
			t.Errorf("%s covers %.3f, want %.2f–%.2f", key, c, lo, hi)
		}
	}
}

// Coverage of the multiclass intervals over 1000 simulated data sets of
// n = 300 (multiclassSample): DeLong per class (want 93–97 %), the
// conservative delong-bound of the macro and weighted one-vs-rest and
// one-vs-one AUCs (want at least 95 %; the figures are in docs/ci.md),
// Wilson for top-1 accuracy, the delta-lognormal interval of the log
// loss and the t-interval of the Crammer–Singer hinge loss. The truth is
// each measure on 300 000 rows of the same model.
func TestMulticlassCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	cov, _ := multiclassCoverage(t, 2026, 1000, 300, nil)
	checkMulticlassCoverage(t, cov)
}

// TestMulticlassWeightedCoverage: as TestMulticlassCoverage, the rows
// weighted uniformly on [0.5, 2] independently of everything else:
// delong-weighted per class, delong-bound from the weighted standard
// errors, wilson-kish top-1 accuracy, delta-lognormal log loss, t-weighted hinge
// loss (docs/ci.md).
func TestMulticlassWeightedCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	nsim := 1000
	if v, err := strconv.Atoi(os.Getenv("EVALKIT_NSIM")); err == nil {
		nsim = v
	}
	cov, methods := multiclassCoverage(t, 2027, nsim, 300, func(r *rand.Rand) float64 { return 0.5 + 1.5*r.Float64() })
	want := map[string]string{"per_class.0.roc_auc_ovr": hyptest.CIDeLongWeighted, "roc_auc_ovr_macro": hyptest.CIDeLongBound,
		"roc_auc_ovo_weighted": hyptest.CIDeLongBound, "top_k_accuracy": "wilson-kish", "log_loss": hyptest.CIDeltaLogNormal, "hinge_loss": hyptest.CITWeighted}
	for key, m := range want {
		if methods[key] != m {
			t.Errorf("%s: method %q, want %q", key, methods[key], m)
		}
	}
	checkMulticlassCoverage(t, cov)
}

// A coarsened table's replicate lies within its computed bound of the
// full table's value on the same resampled rows: the rows are drawn per
// cell of the full table (as the full bootstrap draws them), summed into
// the blocks, and both sweeps run, as does the partial AUC's bound. Ties,
// single-row cells drawn several times, and blocks of many cells.
func TestCoarseBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var b Builder
	for i := range 5000 {
		s := rng.Float64()
		if i%4 == 0 {
			s = math.Round(s*50) / 50 // ties
		}
		if rng.Float64() < 0.2+0.6*s {
			b.AddPositive(s)
		} else {
			b.AddNegative(s)
		}
	}
	tb := b.Table()
	for _, blocks := range []int{50, 300, 2000} {
		co := tb.coarsen(blocks)
		if len(co.Score) > blocks || len(co.Score) < blocks/3 {
			t.Errorf("coarsen(%d): %d blocks", blocks, len(co.Score))
		}
		n, k := tb.Len(), co.Len()
		full := &tableScratch{pos: make([]int64, n), neg: make([]int64, n), tp: make([]float64, n), fp: make([]float64, n)}
		cs := &tableScratch{pos: make([]int64, k), neg: make([]int64, k), tp: make([]float64, k), fp: make([]float64, k)}
		posCnt, negCnt := make([]int64, n), make([]int64, n)
		for g := range n {
			posCnt[g], negCnt[g] = int64(tb.Pos[g]), int64(tb.Neg[g])
		}
		var worst [4]float64
		for range 100 {
			full.buf = hyptest.ResampleRows(rng, posCnt, full.pos, full.buf)
			full.buf = hyptest.ResampleRows(rng, negCnt, full.neg, full.buf)
			clear(cs.pos)
			clear(cs.neg)
			blk := -1
			for g, s := range tb.Score {
				if blk+1 < k && co.Score[blk+1] == s {
					blk++
				}
				cs.pos[blk] += full.pos[g]
				cs.neg[blk] += full.neg[g]
			}
			exact, approx, bound := make([]float64, 3), make([]float64, 3), make([]float64, 3)
			tb.sweep(full.pos, full.neg, nil, exact, nil)
			co.sweep(cs.pos, cs.neg, co.merged, approx, bound)
			for i := range 3 {
				d := math.Abs(exact[i] - approx[i])
				if !(d <= bound[i]+1e-12) {
					t.Errorf("%d blocks, value %d: |%v − %v| = %v > bound %v", blocks, i, exact[i], approx[i], d, bound[i])
				}
				worst[i] = max(worst[i], d/bound[i])
			}
			pe, _ := tb.fromCounts(full).PartialAUC(0.3)
			pa, _ := co.fromCounts(cs).PartialAUC(0.3)
			var p, q, area int64
			for g, m := range co.merged {
				p += cs.pos[g]
				q += cs.neg[g]
				if m != cellOne {
					area += cs.pos[g] * cs.neg[g]
				}
			}
			pb := float64(area) / float64(p) / float64(q) / (2 * (0.3 - 0.045))
			if d := math.Abs(pe - pa); !(d <= pb+1e-12) {
				t.Errorf("%d blocks, partial AUC: |%v − %v| = %v > bound %v", blocks, pe, pa, d, pb)
			}
			worst[3] = max(worst[3], math.Abs(pe-pa)/pb)
		}
		t.Logf("%d blocks (%d cells): largest (NaN: bound 0) |error|/bound AP %.3f, trapezoid %.3f, BEP %.3f, pAUC %.3f", k, n, worst[0], worst[1], worst[2], worst[3])
	}
}
