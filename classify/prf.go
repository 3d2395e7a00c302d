package classify

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ZeroDivision is the value given to a ratio whose denominator is zero
// (precision with no predicted samples, recall with no true samples, F and
// Jaccard with neither).
type ZeroDivision int

// The policies. ZeroDivZero is the default, as in scikit-learn.
const (
	ZeroDivZero ZeroDivision = iota
	ZeroDivOne
	ZeroDivNaN
)

// ParseZeroDivision parses "0", "1" or "nan".
func ParseZeroDivision(s string) (ZeroDivision, error) {
	switch s {
	case "0", "zero", "":
		return ZeroDivZero, nil
	case "1", "one":
		return ZeroDivOne, nil
	case "nan", "NaN", "null":
		return ZeroDivNaN, nil
	}
	return 0, fmt.Errorf("unknown zero-division policy %q (want 0, 1 or nan)", s)
}

func (z ZeroDivision) value() float64 {
	switch z {
	case ZeroDivOne:
		return 1
	case ZeroDivNaN:
		return math.NaN()
	}
	return 0
}

func (z ZeroDivision) String() string {
	switch z {
	case ZeroDivOne:
		return "1"
	case ZeroDivNaN:
		return "nan"
	}
	return "0"
}

// div returns num/den, or the policy's value when den = 0.
func (z ZeroDivision) div(num, den float64) float64 {
	if den == 0 {
		return z.value()
	}
	return num / den
}

// ClassCounts are the one-vs-rest counts of a class: masses (weight sums)
// that are whole numbers without weights.
type ClassCounts struct {
	TP, FP, FN, TN float64
}

// Support is the true mass of the class, TP + FN.
func (c ClassCounts) Support() float64 { return c.TP + c.FN }

// Predicted is the predicted mass of the class, TP + FP.
func (c ClassCounts) Predicted() float64 { return c.TP + c.FP }

// Counts returns the one-vs-rest counts of every class. Without weights they
// are exact integers. With weights FP, FN and TN are compensated sums of
// their own cells, not differences, so a count that is zero is exactly zero.
func (c *Confusion) Counts() []ClassCounts {
	out := make([]ClassCounts, c.k)
	if !c.weighted {
		row := make([]int64, c.k)
		col := make([]int64, c.k)
		diag := make([]int64, c.k)
		c.each(func(i, j, at int) {
			v := c.cnt[at]
			row[i] += v
			col[j] += v
			if i == j {
				diag[i] = v
			}
		})
		for j := range c.k {
			tp := diag[j]
			fp, fn := col[j]-tp, row[j]-tp
			tn := c.n - tp - fp - fn
			out[j] = ClassCounts{TP: float64(tp), FP: float64(fp), FN: float64(fn), TN: float64(tn)}
		}
		return out
	}
	// FP of class j sums column j top to bottom, FN sums row j left to
	// right: per-class accumulators fed in row-major order add the same
	// cells in the same order as a loop over one column or row.
	fp := make([]fsum.Sum, c.k)
	fn := make([]fsum.Sum, c.k)
	tp := make([]float64, c.k)
	c.each(func(i, j, at int) {
		v := c.mass(at)
		if i == j {
			tp[i] = v
			return
		}
		fp[j].Add(v)
		fn[i].Add(v)
	})
	var total float64
	if c.k > 128 {
		total = c.Total()
	}
	for j := range c.k {
		var tn fsum.Sum
		if c.k <= 128 { // O(K·cells) in all: exact zeros for the usual K
			c.each(func(i, l, at int) {
				if i != j && l != j {
					tn.Add(c.mass(at))
				}
			})
		} else {
			tn.Add(total)
			tn.Add(-tp[j])
			tn.Add(-fp[j].Value())
			tn.Add(-fn[j].Value())
		}
		out[j] = ClassCounts{TP: tp[j], FP: fp[j].Value(), FN: fn[j].Value(), TN: tn.Value()}
	}
	return out
}

// Total returns the total mass (the number of rows without weights).
func (c *Confusion) Total() float64 {
	if !c.weighted {
		return float64(c.n)
	}
	var s fsum.Sum
	c.each(func(_, _, at int) { s.Merge(c.wsum[at]) })
	return s.Value()
}

// correct returns the mass on the diagonal and off it.
func (c *Confusion) correct() (diag, off float64) {
	var d, o fsum.Sum
	c.each(func(i, j, at int) {
		if i == j {
			d.Add(c.mass(at))
		} else {
			o.Add(c.mass(at))
		}
	})
	return d.Value(), o.Value()
}

// Accuracy returns the share of mass on the diagonal, Σ_c C[c][c] / Σ C.
// It is NaN for an empty matrix.
func (c *Confusion) Accuracy() float64 {
	d, o := c.correct()
	return d / (d + o)
}

// ErrorRate returns 1 − accuracy, computed from the off-diagonal mass so
// that it keeps full precision when it is small.
func (c *Confusion) ErrorRate() float64 {
	d, o := c.correct()
	return o / (d + o)
}

// PRF holds precision, recall, F1, F-beta and Jaccard.
type PRF struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	FBeta     float64 `json:"fbeta"`
	Jaccard   float64 `json:"jaccard"`
}

// FBetaOf returns F-beta from the counts:
//
//	F_β = (1+β²)·TP / ((1+β²)·TP + β²·FN + FP)
//
// which equals (1+β²)·P·R/(β²·P+R) whenever P and R are defined; when the
// denominator is zero (no true and no predicted mass) it is the policy's
// value. For β = +Inf it is the limit, the recall TP/(TP+FN) (the policy's
// value when TP+FN = 0), as scikit-learn's fbeta_score(beta=inf).
func FBetaOf(tp, fp, fn, beta float64, z ZeroDivision) float64 {
	if math.IsInf(beta, 1) {
		return z.div(tp, tp+fn)
	}
	b2 := beta * beta
	return z.div((1+b2)*tp, (1+b2)*tp+b2*fn+fp)
}

// prfOf returns the scores of one class (or of the pooled micro counts).
func prfOf(tp, fp, fn, beta float64, z ZeroDivision) PRF {
	return PRF{
		Precision: z.div(tp, tp+fp),
		Recall:    z.div(tp, tp+fn),
		F1:        FBetaOf(tp, fp, fn, 1, z),
		FBeta:     FBetaOf(tp, fp, fn, beta, z),
		Jaccard:   z.div(tp, tp+fp+fn),
	}
}

// PerClass returns the scores of every class.
func (c *Confusion) PerClass(beta float64, z ZeroDivision) []PRF {
	counts := c.Counts()
	out := make([]PRF, len(counts))
	for i, k := range counts {
		out[i] = prfOf(k.TP, k.FP, k.FN, beta, z)
	}
	return out
}

// Micro returns the scores of the pooled counts ΣTP, ΣFP, ΣFN. For
// single-label data over all classes, precision = recall = F = accuracy.
func (c *Confusion) Micro(beta float64, z ZeroDivision) PRF {
	var tp, fp, fn fsum.Sum
	for _, k := range c.Counts() {
		tp.Add(k.TP)
		fp.Add(k.FP)
		fn.Add(k.FN)
	}
	return prfOf(tp.Value(), fp.Value(), fn.Value(), beta, z)
}

// Averaged returns the average of per-class scores with the given class
// weights (nil: the plain mean, as scikit-learn's macro average). A NaN
// (undefined) class value is left out together with its weight, as
// scikit-learn ≥ 1.3 does; if the remaining weights sum to zero the
// remaining values are averaged plainly; if nothing remains the result is
// NaN.
func Averaged(per []PRF, weights []float64) PRF {
	pick := []func(*PRF) *float64{
		func(p *PRF) *float64 { return &p.Precision },
		func(p *PRF) *float64 { return &p.Recall },
		func(p *PRF) *float64 { return &p.F1 },
		func(p *PRF) *float64 { return &p.FBeta },
		func(p *PRF) *float64 { return &p.Jaccard },
	}
	var out PRF
	for _, f := range pick {
		xs := make([]float64, len(per))
		for i := range per {
			xs[i] = *f(&per[i])
		}
		*f(&out) = nanAverage(xs, weights)
	}
	return out
}

// nanAverage is the weighted mean of the non-NaN xs (see Averaged).
func nanAverage(xs, w []float64) float64 {
	var num, den, plain fsum.Sum
	n := 0
	for i, x := range xs {
		if math.IsNaN(x) {
			continue
		}
		n++
		plain.Add(x)
		if w != nil {
			num.Add(w[i] * x)
			den.Add(w[i])
		}
	}
	if n == 0 {
		return math.NaN()
	}
	if w == nil || den.Value() == 0 {
		return plain.Value() / float64(n)
	}
	return num.Value() / den.Value()
}

// FFromPR returns F-beta computed from a precision and a recall,
// (1+β²)·P·R/(β²·P+R): the seeds' (and Zhou's) macro-F from macro-P and
// macro-R. It is 0 when P = R = 0 and NaN when either is NaN. For
// β = +Inf it is the limit: R when P > 0, else 0.
func FFromPR(p, r, beta float64) float64 {
	if math.IsNaN(p) || math.IsNaN(r) {
		return math.NaN()
	}
	if math.IsInf(beta, 1) {
		if p > 0 {
			return r
		}
		return 0
	}
	b2 := beta * beta
	den := b2*p + r
	if den == 0 {
		return 0
	}
	return (1 + b2) * p * r / den
}

// Supports returns the true mass of every class.
func (c *Confusion) Supports() []float64 {
	sums := make([]fsum.Sum, c.k)
	c.each(func(i, _, at int) { sums[i].Add(c.mass(at)) })
	out := make([]float64, c.k)
	for i := range sums {
		out[i] = sums[i].Value()
	}
	return out
}

// InvLog2Weights returns the seeds' class weights w_c = 1/log2(n_c) for
// supports n (seed 002: weight the rarer classes up). A class with n_c ≤ 1
// has no such weight; it returns an error naming it.
func InvLog2Weights(n []float64, labels []string) ([]float64, error) {
	w := make([]float64, len(n))
	for i, v := range n {
		if !(v > 1) {
			name := fmt.Sprint(i)
			if labels != nil {
				name = fmt.Sprintf("%q", labels[i])
			}
			return nil, fmt.Errorf("%w: class %s has support %v; 1/log2(n) needs n > 1", ErrClassWeight, name, v)
		}
		w[i] = 1 / math.Log2(v)
	}
	return w, nil
}
