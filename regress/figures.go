package regress

import (
	"math"
	"slices"
)

// Figures is what the figures of a regression draw, from a sample of its
// rows (all of them when they are few): predicted against actual,
// residuals y − ŷ against ŷ, the residual histogram and the normal Q-Q
// plot of the residuals.
type Figures struct {
	Actual, Predicted, Residual []float64 // one per sampled row
	// Rows is the number of rows of the data the sample was drawn from.
	Rows int64
	// Edges and Counts are the residual histogram: Counts[i] residuals in
	// [Edges[i], Edges[i+1]) (the last bin closed).
	Edges, Counts []float64
	// QQ pairs the sorted residuals (QQSample) with the standard normal
	// quantiles Φ⁻¹((i − 0.5)/n) (QQTheoretical), i = 1…n.
	QQTheoretical, QQSample []float64
	// Density, when set, is the density of actual against predicted of
	// every row (not only the sample's), which the caller counted as the
	// rows streamed by.
	Density *Density
	// Weighted says the rows had weights, which the figures do not use:
	// they count rows.
	Weighted bool
}

// NewFigures returns the figures' data of the sampled rows (y[i], yhat[i])
// drawn from rows rows, with bins histogram bins. It panics if y and yhat
// differ in length or bins < 1.
func NewFigures(y, yhat []float64, rows int64, bins int) Figures {
	if len(y) != len(yhat) || bins < 1 {
		panic("regress: NewFigures: lengths differ or bins < 1")
	}
	f := Figures{Actual: slices.Clone(y), Predicted: slices.Clone(yhat), Rows: rows, Residual: make([]float64, len(y))}
	for i := range y {
		f.Residual[i] = y[i] - yhat[i]
	}
	n := len(y)
	if n == 0 {
		return f
	}
	f.QQSample = slices.Clone(f.Residual)
	slices.Sort(f.QQSample)
	f.QQTheoretical = make([]float64, n)
	for i := range n {
		p := (float64(i) + 0.5) / float64(n)
		f.QQTheoretical[i] = math.Sqrt2 * math.Erfinv(2*p-1)
	}
	lo, hi := f.QQSample[0], f.QQSample[n-1]
	if !(hi > lo) {
		bins = 1
	}
	f.Edges, f.Counts = make([]float64, bins+1), make([]float64, bins)
	w := (hi - lo) / float64(bins)
	for i := range f.Edges {
		f.Edges[i] = lo + float64(i)*w
	}
	f.Edges[bins] = hi
	for _, r := range f.Residual {
		b := bins - 1
		if w > 0 {
			b = min(int((r-lo)/w), bins-1)
		}
		f.Counts[b]++
	}
	return f
}
