package figure

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
)

// Regression is the figures of a regression's sampled rows: predicted
// against actual (a density of every row when fg has one and the sample
// is not every row, else a scatter of the sample), residuals against
// predicted, the residual histogram and the normal Q-Q plot. trueName
// and predName name the target and the prediction. It returns nil for
// no rows.
func Regression(fg *regress.Figures, trueName, predName string) []*Figure {
	n := len(fg.Actual)
	if n == 0 {
		return nil
	}
	sampled := fmt.Sprintf("All %d rows.", n)
	if int64(n) < fg.Rows {
		sampled = fmt.Sprintf("A sample of %d of the %d rows, chosen by a hash of each row's line (the measures above use every row).", n, fg.Rows)
	}
	unweighted := ""
	if fg.Weighted {
		unweighted = " Rows are drawn and counted, not weighted: --weight changes the measures above, not these pictures."
		sampled += unweighted
	}
	// Points as dots; each axis spans its values with a margin.
	both := extent(fg.Actual, fg.Predicted)
	pva := &Figure{Title: "Predicted against actual", XLabel: "actual (" + trueName + ")", YLabel: "predicted (" + predName + ")",
		X: both, Y: both, Square: true, Refs: []Series{diagonal(both.Min, both.Max)},
		Desc: "Each point is a row: its prediction against its true value; the dashed line y = x is a perfect model. " + sampled,
		Note: sampled}
	pva.Dots = []Dots{{X: fg.Actual, Y: fg.Predicted, Style: 0}}
	if d := fg.Density; d != nil && d.N() > int64(n) {
		pva = Density2D(d, trueName, predName)
		pva.Desc += unweighted
		pva.Note += unweighted
	}
	res := &Figure{Title: "Residuals against predicted", XLabel: "predicted (" + predName + ")", YLabel: "residual y − ŷ",
		X: extent(fg.Predicted), Y: extent(fg.Residual),
		Desc: "Residual (true minus predicted) of each row against its prediction; a pattern (a funnel, a curve) means the errors depend on the prediction. " + sampled,
		Note: sampled}
	res.Refs = []Series{{X: []float64{res.X.Min, res.X.Max}, Y: []float64{0, 0}}}
	res.Dots = []Dots{{X: fg.Predicted, Y: fg.Residual, Style: 1}}
	hist := &Figure{Title: "Residual histogram", XLabel: "residual y − ŷ", YLabel: "rows in the sample",
		X: Axis{Min: fg.Edges[0], Max: fg.Edges[len(fg.Edges)-1]}, Desc: fmt.Sprintf("Counts of the sampled rows' residuals in %d equal-width bins. ", len(fg.Counts)) + sampled, Note: sampled}
	if !(hist.X.Max > hist.X.Min) {
		hist.X.Min, hist.X.Max = hist.X.Min-1, hist.X.Max+1
	}
	b := Bars{Style: 2}
	for i, c := range fg.Counts {
		b.Left, b.Right, b.Y = append(b.Left, fg.Edges[i]), append(b.Right, fg.Edges[i+1]), append(b.Y, c)
		hist.Y.Max = math.Max(hist.Y.Max, c*1.1)
	}
	hist.Bars = []Bars{b}
	qq := &Figure{Title: "Normal Q-Q plot of the residuals", XLabel: "standard normal quantile", YLabel: "residual quantile",
		X: extent(fg.QQTheoretical), Y: extent(fg.QQSample),
		Desc: "Sorted residuals against the quantiles of a standard normal distribution; normal residuals lie on a straight line, heavy tails bend away at the ends. " + sampled,
		Note: sampled}
	qq.Dots = []Dots{{X: fg.QQTheoretical, Y: fg.QQSample, Style: 3}}
	return []*Figure{pva, res, hist, qq}
}

// extent is the axis over the values of vs, widened by 4% each side (and
// to a width of 2 when they are all equal).
func extent(vs ...[]float64) Axis {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		for _, x := range v {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	if !(hi > lo) {
		lo, hi = lo-1, hi+1
	}
	pad := (hi - lo) * 0.04
	return Axis{Min: lo - pad, Max: hi + pad}
}

// densityCells is the most cells a density figure has across its extent.
const densityCells = 64

// Density2D draws predicted against actual as a 2-D histogram of every
// row: square cells, each shaded by its count on a log scale of the steps
// of Density, with the legend of the steps.
func Density2D(d *regress.Density, trueName, predName string) *Figure {
	cells, w := d.Grid(densityCells)
	minX, maxX, minY, maxY := d.Extent()
	lo, hi := math.Min(minX, minY), math.Max(maxX, maxY)
	if len(cells) > 0 {
		lo = math.Min(cells[0].X0, lo)
		for _, c := range cells {
			lo, hi = math.Min(lo, math.Min(c.X0, c.Y0)), math.Max(hi, math.Max(c.X1, c.Y1))
		}
	}
	if !(hi > lo) {
		lo, hi = lo-1, hi+1
	}
	pad := (hi - lo) * 0.02
	ax := Axis{Min: lo - pad, Max: hi + pad}
	var top int64
	for _, c := range cells {
		top = max(top, c.Count)
	}
	steps := len(Density)
	// Step k holds the counts in (top^(k/8), top^((k+1)/8)]; step 0 starts at 1.
	bounds := make([]int64, steps+1)
	for k := range bounds {
		bounds[k] = int64(math.Round(math.Pow(float64(top), float64(k)/float64(steps))))
	}
	bounds[0] = 0
	tl := &Tiles{}
	for _, c := range cells {
		k := 0
		for k < steps-1 && c.Count > bounds[k+1] {
			k++
		}
		tl.X0, tl.X1, tl.Y0, tl.Y1 = append(tl.X0, c.X0), append(tl.X1, c.X1), append(tl.Y0, c.Y0), append(tl.Y1, c.Y1)
		tl.Step = append(tl.Step, k)
	}
	for k := range steps {
		a, b := bounds[k]+1, bounds[k+1]
		switch {
		case b < a:
			tl.Legend = append(tl.Legend, "")
		case a == b:
			tl.Legend = append(tl.Legend, fmt.Sprint(a))
		default:
			tl.Legend = append(tl.Legend, fmt.Sprintf("%d–%d", a, b))
		}
	}
	what := fmt.Sprintf("A 2-D histogram of all %d rows (not a sample): %d non-empty square cells %s wide on both axes; a cell's shade is its number of rows on a log scale, from dark purple (few) to yellow (most, %d rows), as the legend gives. The dashed line y = x is a perfect model.",
		d.N(), len(cells), result.Sig(w), top)
	if nf := d.NonFinite(); nf > 0 {
		what += fmt.Sprintf(" %d rows with a non-finite value are not drawn.", nf)
	}
	return &Figure{Title: "Predicted against actual (density of every row)", XLabel: "actual (" + trueName + ")", YLabel: "predicted (" + predName + ")",
		X: ax, Y: ax, Square: true, Refs: []Series{diagonal(ax.Min, ax.Max)},
		Tiles: tl, Desc: what, Note: fmt.Sprintf("All %d rows, counted as they were read, in cells %s wide.", d.N(), result.Sig(w))}
}
