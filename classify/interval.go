package classify

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/result"
)

// measures appends the report's headline numbers to vals, in output
// order: every rate, score and average, not the counts (n, support, tp, …)
// or the options. With keys not nil it appends their flattened JSON paths
// (the CSV keys) to *keys as well.
func (r *Report) measures(vals []float64, keys *[]string) []float64 {
	add := func(key string, v float64) {
		vals = append(vals, v)
		if keys != nil {
			*keys = append(*keys, key)
		}
	}
	add("accuracy", r.Accuracy)
	add("error_rate", r.ErrorRate)
	add("balanced_accuracy", r.BalancedAccuracy)
	add("balanced_accuracy_adjusted", r.BalancedAccuracyAdjusted)
	add("cohen_kappa", r.CohenKappa)
	add("cohen_kappa_linear", r.CohenKappaLinear)
	add("cohen_kappa_quadratic", r.CohenKappaQuadratic)
	add("mcc", r.MCC)
	add("hamming_loss", r.HammingLoss)
	add("zero_one_loss", r.ZeroOneLoss)
	if r.CostSensitiveError != nil {
		add("cost_sensitive_error", *r.CostSensitiveError)
	}
	prf := func(prefix func() string, p PRF) {
		if keys == nil {
			vals = append(vals, p.Precision, p.Recall, p.F1, p.FBeta, p.Jaccard)
			return
		}
		pre := prefix()
		add(pre+"precision", p.Precision)
		add(pre+"recall", p.Recall)
		add(pre+"f1", p.F1)
		add(pre+"fbeta", p.FBeta)
		add(pre+"jaccard", p.Jaccard)
	}
	fixed := func(s string) func() string { return func() string { return s } }
	for i, c := range r.PerClass {
		prf(func() string { return "per_class." + strconv.Itoa(i) + "." }, c.PRF)
	}
	prf(fixed("micro."), r.Micro)
	prf(fixed("macro."), r.Macro.PRF)
	add("macro.f1_from_pr", r.Macro.F1FromPR)
	add("macro.fbeta_from_pr", r.Macro.FBetaFromPR)
	prf(fixed("weighted."), r.Weighted)
	if r.ClassWeighted != nil {
		prf(fixed("class_weighted."), *r.ClassWeighted)
	}
	if b := r.Binary; b != nil {
		prf(fixed("binary."), b.PRF)
		add("binary.specificity", b.Specificity)
		add("binary.positive_likelihood_ratio", b.PositiveLR)
		add("binary.negative_likelihood_ratio", b.NegativeLR)
	}
	return vals
}

// proportions returns, for the measures that are proportions of counts,
// their numerator and denominator: accuracy and error rate (and the equal
// Hamming and zero-one losses), per-class and micro precision and recall,
// and the binary block's precision, recall and specificity (docs/ci.md).
// c is the matrix r was computed from.
func (r *Report) proportions(c *Confusion) map[string][2]float64 {
	diag, _ := c.correct()
	tot := r.WeightSum
	p := map[string][2]float64{
		"accuracy": {diag, tot}, "error_rate": {tot - diag, tot},
		"hamming_loss": {tot - diag, tot}, "zero_one_loss": {tot - diag, tot},
		// Single-label micro averages pool every TP, FP and FN: both are
		// the accuracy.
		"micro.precision": {diag, tot}, "micro.recall": {diag, tot},
	}
	if r.classes != nil && len(r.classes) != len(r.Labels) || r.LabelSubset != nil {
		// Over listed labels: the pooled TP over the pooled predicted
		// and true mass of those labels.
		var tp, pred, sup float64
		for _, c := range r.PerClass {
			tp, pred, sup = tp+c.TP, pred+c.TP+c.FP, sup+c.Support
		}
		p["micro.precision"], p["micro.recall"] = [2]float64{tp, pred}, [2]float64{tp, sup}
	}
	for i, c := range r.PerClass {
		k := "per_class." + strconv.Itoa(i) + "."
		p[k+"precision"] = [2]float64{c.TP, c.TP + c.FP}
		p[k+"recall"] = [2]float64{c.TP, c.TP + c.FN}
	}
	if b := r.Binary; b != nil {
		p["binary.precision"] = [2]float64{b.TP, b.TP + b.FP}
		p["binary.recall"] = [2]float64{b.TP, b.TP + b.FN}
		p["binary.specificity"] = [2]float64{b.TN, b.TN + b.FP}
	}
	return p
}

// AddIntervals sets r.Level and r.Intervals: a confidence interval for
// every headline number of r, which NewReport computed from c with opt
// (docs/ci.md). Unweighted proportions (accuracy, error rate, per-class and
// micro precision and recall, the binary block's precision, recall and
// specificity) get ci.ProportionMethod() (Wilson unless another proportion
// method is asked for); every other measure, and every measure of weighted
// data, gets a bootstrap interval (ci.BootMethod(): BCa unless the
// percentile interval is asked for).
//
// The bootstrap resamples the confusion matrix, never the rows: within each
// true class (stratified), the row of the matrix is a multinomial draw of
// its row total over its cells ([hyptest.ResampleRows]); with weights each
// drawn row carries its cell's mean weight. Replicate b draws from
// PCG(ci.Seed, b), so the intervals are the same bits for the same seed on
// any number of cores. BCa's jackknife leaves out one row of each non-empty
// cell (weighted by the cell's count).
//
// A measure that is undefined (NaN) gets no interval; nor does one whose
// replicates are undefined in some resample, nor a proportion with an empty
// denominator; Warnings says which. It returns an error for bad options.
func (r *Report) AddIntervals(c *Confusion, opt Options, ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if r.Signature != nil {
		r.Signature.CI = &result.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	var keys []string
	ests := r.measures(nil, &keys)
	props := map[string][2]float64{}
	if !c.Weighted() {
		props = r.proportions(c)
	}
	r.Level = ci.Level
	r.Intervals = map[string]hyptest.Interval{}

	boot := newConfusionBoot(c)
	bootOK := true
	if work := int64(ci.Bootstrap) * c.bootCost(); work > maxBootWork || int64(len(keys))*int64(ci.Bootstrap) > maxBootKeys {
		bootOK = false
		// Proportions keep their intervals; the bootstrap would take too
		// long: one warning for every measure left without one.
		var left []string
		for i, key := range keys {
			if _, ok := props[key]; !ok && !math.IsNaN(ests[i]) && !math.IsInf(ests[i], 0) {
				left = append(left, key)
			}
		}
		if len(left) > 0 {
			list := strings.Join(left[:min(len(left), 5)], ", ")
			if len(left) > 5 {
				list += fmt.Sprintf(" and %d more", len(left)-5)
			}
			r.Warnings = append(r.Warnings, fmt.Sprintf("no interval for %s: a bootstrap of %d classes (%d cells, %d measures) × %d replicates is too much work", list, c.k, len(c.cnt), len(keys), ci.Bootstrap))
		}
		keys, ests = onlyProportions(keys, ests, props)
	}
	rep := make([][]float64, len(keys)) // rep[i][b]: measure i in replicate b
	for i := range rep {
		rep[i] = make([]float64, ci.Bootstrap)
	}
	var ferr error
	hyptest.Replicate(bootReps(bootOK, ci.Bootstrap), ci.Seed, ci.Workers, boot.scratch, func(b int, rng *rand.Rand, s *confusionScratch) {
		d := boot.draw(rng, s)
		rr, err := NewReport(r.matrixLabels(), d, opt)
		if err != nil {
			ferr = err // cannot happen: the options passed for r
			return
		}
		s.vals = rr.measures(s.vals[:0], nil)
		for i, v := range s.vals {
			rep[i][b] = v
		}
	})
	if ferr != nil {
		return ferr
	}
	var jack [][]float64
	var jw []float64
	if bootOK && ci.BootMethod() == hyptest.CIBCa {
		if int64(len(c.cnt))*c.bootCost() > maxBootWork {
			r.Warnings = append(r.Warnings, fmt.Sprintf("percentile intervals instead of BCa: its jackknife over %d cells of %d classes is too much work", len(c.cnt), c.k))
			ci.Method = hyptest.CIPercentile
		} else {
			jack, jw = boot.jackknife(r.matrixLabels(), opt, len(keys))
		}
	}
	for i, key := range keys {
		est := ests[i]
		if math.IsNaN(est) || math.IsInf(est, 0) {
			continue
		}
		if q, ok := props[key]; ok {
			if q[1] == 0 {
				r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
				continue
			}
			iv, err := hyptest.ProportionCI(q[0], q[1], ci.Level, ci.ProportionMethod())
			if err != nil {
				return err
			}
			r.Intervals[key] = iv
			continue
		}
		bs := &hyptest.Bootstrap{Estimate: est, Replicates: rep[i]}
		if jack != nil {
			bs.Jackknife, bs.JackknifeWeights = jack[i], jw
		}
		iv, warn := bs.CI(ci)
		if warn != "" {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: %s", key, warn))
		}
		if iv.Method != "" {
			r.Intervals[key] = iv
		}
	}
	return nil
}

// matrixLabels are the labels of the matrix r was computed from.
func (r *Report) matrixLabels() []string {
	if r.classes != nil {
		return r.classes
	}
	return r.Labels
}

// confusionBoot draws stratified row bootstraps of a confusion matrix.
// For a sparse matrix, rows holds the stored cells' positions in
// row-major order and starts where each true class's cells begin.
type confusionBoot struct {
	c      *Confusion
	rows   []int32
	starts []int
	counts []int64 // the cells' counts in the order of rows
}

func newConfusionBoot(c *Confusion) *confusionBoot {
	b := &confusionBoot{c: c}
	if c.pos == nil {
		return b
	}
	b.rows = c.rowMajor()
	for j, at := range b.rows {
		if j == 0 || c.keys[at]>>32 != c.keys[b.rows[j-1]]>>32 {
			b.starts = append(b.starts, j)
		}
		b.counts = append(b.counts, c.cnt[at])
	}
	b.starts = append(b.starts, len(b.rows))
	return b
}

// bootCost is the work of one replicate, in units of about 2 ns: a
// report over its classes (about 500 ns a class, measured on 188767
// classes) and a draw over its stored cells.
func (c *Confusion) bootCost() int64 { return 250*int64(c.k) + int64(len(c.cnt)) }

// maxBootWork bounds the work of the bootstrap (replicates × bootCost) and
// of BCa's jackknife (non-empty cells × bootCost), about 20 s; maxBootKeys
// bounds the replicates kept (measures × replicates, 8 bytes each: 256
// MiB). Past them the intervals would take minutes or gigabytes.
const (
	maxBootWork = 1e10
	maxBootKeys = 32 << 20
)

type confusionScratch struct {
	cnt  []int64
	out  []int64 // sparse: the drawn counts in the order of rows
	buf  []uint8
	vals []float64
}

func (b *confusionBoot) scratch() *confusionScratch {
	return &confusionScratch{cnt: make([]int64, len(b.c.cnt)), out: make([]int64, len(b.counts))}
}

// draw returns one replicate: each row of the matrix (a true class) is a
// multinomial draw of its row total over its cells.
func (b *confusionBoot) draw(rng *rand.Rand, s *confusionScratch) *Confusion {
	if b.rows != nil {
		for r := range len(b.starts) - 1 {
			lo, hi := b.starts[r], b.starts[r+1]
			s.buf = hyptest.ResampleRows(rng, b.counts[lo:hi], s.out[lo:hi], s.buf)
		}
		for j, at := range b.rows {
			s.cnt[at] = s.out[j]
		}
		return b.c.withCounts(s.cnt)
	}
	k := b.c.k
	for t := range k {
		s.buf = hyptest.ResampleRows(rng, b.c.cnt[t*k:(t+1)*k], s.cnt[t*k:(t+1)*k], s.buf)
	}
	return b.c.withCounts(s.cnt)
}

// withCounts returns a matrix over c's classes holding counts cnt; when c is
// weighted each count carries its cell's mean weight.
func (c *Confusion) withCounts(cnt []int64) *Confusion {
	d := &Confusion{k: c.k, n: c.n, cnt: append([]int64(nil), cnt...), weighted: c.weighted}
	if c.pos != nil {
		// The same cells: the sparse index is shared, read only (a zero
		// count in a stored cell is a cell with no rows).
		d.pos, d.keys, d.order, d.diag = c.pos, c.keys, c.order, c.diag
	}
	if c.weighted {
		d.wsum = make([]fsum.Sum, len(cnt))
		for i, v := range cnt {
			if v > 0 {
				d.wsum[i].Add(float64(v) * c.wsum[i].Value() / float64(c.cnt[i]))
			}
		}
	}
	return d
}

// jackknife returns, for every measure, its value with one row left out of
// each non-empty cell, and the cells' counts as weights.
func (b *confusionBoot) jackknife(labels []string, opt Options, nm int) ([][]float64, []float64) {
	c := b.c
	jack := make([][]float64, nm)
	var jw []float64
	cnt := append([]int64(nil), c.cnt...)
	for cell, v := range c.cnt {
		if v == 0 {
			continue
		}
		cnt[cell]--
		d := c.withCounts(cnt)
		cnt[cell]++
		rr, err := NewReport(labels, d, opt)
		if err != nil {
			// Leaving out the only row: no jackknife value; BCa then falls
			// back to the percentile interval.
			return nil, nil
		}
		for i, v := range rr.measures(nil, nil) {
			jack[i] = append(jack[i], v)
		}
		jw = append(jw, float64(v))
	}
	return jack, jw
}

// onlyProportions keeps the keys (and their estimates) that props names.
func onlyProportions(keys []string, ests []float64, props map[string][2]float64) ([]string, []float64) {
	var k2 []string
	var e2 []float64
	for i, k := range keys {
		if _, ok := props[k]; ok {
			k2, e2 = append(k2, k), append(e2, ests[i])
		}
	}
	return k2, e2
}

// bootReps is the number of replicates to draw: none when the bootstrap is
// off.
func bootReps(on bool, b int) int {
	if on {
		return b
	}
	return 0
}
