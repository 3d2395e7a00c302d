package page

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
)

// RegressSections lays out a single-output regression report and the
// figures of a sample of its rows. prefix is the report's JSON path, sig
// its signature (nil for none).
func RegressSections(r *regress.Report, sig *result.Signature, fg *regress.Figures, prefix, trueName, predName string) []*Section {
	t := &Table{Caption: "Measures from every row", Header: []string{"measure", "value"}, RowHeads: true}
	add := func(name, key string, v float64) {
		t.Rows = append(t.Rows, []Cell{T(name), withInterval(N(Join(prefix, key), v), prefix, key, r.Intervals)})
	}
	add("mean squared error (MSE)", "mse", r.MSE)
	add("root mean squared error (RMSE)", "rmse", r.RMSE)
	add("mean absolute error (MAE)", "mae", r.MAE)
	add("median absolute error", "medae", r.MedAE)
	add("max error", "max_error", r.MaxError)
	add("MAPE (fraction)", "mape", r.MAPE)
	add("sMAPE", "smape", r.SMAPE)
	add("WAPE", "wape", r.WAPE)
	add("R²", "r2", r.R2)
	if r.AdjustedR2 != nil {
		add("adjusted R²", "adjusted_r2", *r.AdjustedR2)
	}
	add("explained variance", "explained_variance", r.ExplainedVariance)
	add("MSLE", "msle", r.MSLE)
	add("RMSLE", "rmsle", r.RMSLE)
	add(fmt.Sprintf("pinball loss (α = %s)", report.Sig(r.Alpha)), "pinball", r.Pinball)
	add("D² pinball", "d2_pinball", r.D2Pinball)
	add("D² absolute error", "d2_absolute_error", r.D2AbsoluteError)
	add("Poisson deviance", "poisson_deviance", r.PoissonDeviance)
	add("Gamma deviance", "gamma_deviance", r.GammaDeviance)
	add(fmt.Sprintf("Tweedie deviance (power %s)", report.Sig(r.Power)), "tweedie_deviance", r.TweedieDeviance)
	add("D² Tweedie", "d2_tweedie", r.D2Tweedie)
	t.Rows = append(t.Rows, []Cell{T("rows"), C(Join(prefix, "n"), float64(r.N))})
	if r.WeightSum != float64(r.N) {
		t.Rows = append(t.Rows, []Cell{T("weight sum"), C(Join(prefix, "weight_sum"), r.WeightSum)})
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{t}}
	if len(r.Intervals) > 0 {
		ms.Intro = ciIntro(r.Level, r.Intervals, sig)
		t.Rows = append(t.Rows, []Cell{T("confidence level"), N(Join(prefix, "level"), r.Level)})
	}
	for _, w := range r.Warnings {
		ms.Add(Note("warning: " + w))
	}
	out := []*Section{ms}
	if fg == nil || len(fg.Actual) == 0 {
		return out
	}
	return append(out, RegressFigures(fg, trueName, predName, ""))
}

// RegressFigures is the section of a regression's figures: predicted
// against actual (a density of every row when fg has one and the sample
// is not every row, else a scatter of the sample), residuals against
// predicted, the residual histogram and the normal Q-Q plot of the
// sample. output, when set, names the section after an output.
func RegressFigures(fg *regress.Figures, trueName, predName, output string) *Section {
	n := len(fg.Actual)
	sampled := fmt.Sprintf("All %d rows.", n)
	if int64(n) < fg.Rows {
		sampled = fmt.Sprintf("A sample of %d of the %d rows, chosen by a hash of each row's line (the measures above use every row).", n, fg.Rows)
	}
	unweighted := ""
	if fg.Weighted {
		unweighted = " Rows are drawn and counted, not weighted: --weight changes the measures above, not these pictures."
		sampled += unweighted
	}
	ext := func(vs ...[]float64) Axis {
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
	// Points as a series of markers only: a line with no stroke.
	both := ext(fg.Actual, fg.Predicted)
	pva := &Figure{Title: "Predicted against actual", XLabel: "actual (" + trueName + ")", YLabel: "predicted (" + predName + ")",
		X: both, Y: both, Square: true, Refs: []Series{{X: []float64{both.Min, both.Max}, Y: []float64{both.Min, both.Max}}},
		Desc: "Each point is a row: its prediction against its true value; the dashed line y = x is a perfect model. " + sampled,
		Note: sampled}
	pva.Dots = []Dots{{X: fg.Actual, Y: fg.Predicted, Style: 0}}
	if d := fg.Density; d != nil && d.N() > int64(n) {
		pva = densityFigure(d, trueName, predName)
		pva.Desc += unweighted
		pva.Note += unweighted
	}
	ra := ext(fg.Residual)
	res := &Figure{Title: "Residuals against predicted", XLabel: "predicted (" + predName + ")", YLabel: "residual y − ŷ",
		X: ext(fg.Predicted), Y: ra, Refs: []Series{{X: []float64{-1e300, 1e300}, Y: []float64{0, 0}}},
		Desc: "Residual (true minus predicted) of each row against its prediction; a pattern (a funnel, a curve) means the errors depend on the prediction. " + sampled,
		Note: sampled}
	res.Refs[0].X = []float64{res.X.Min, res.X.Max}
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
		X: ext(fg.QQTheoretical), Y: ext(fg.QQSample),
		Desc: "Sorted residuals against the quantiles of a standard normal distribution; normal residuals lie on a straight line, heavy tails bend away at the ends. " + sampled,
		Note: sampled}
	qq.Dots = []Dots{{X: fg.QQTheoretical, Y: fg.QQSample, Style: 3}}
	s := &Section{ID: "figures", Title: "Predictions and residuals", Blocks: []Block{Figures{pva, res, hist, qq}}}
	if output != "" {
		s.ID += "-" + output
		s.Title += " — " + output
	}
	return s
}

// densityCells is the most cells a density figure has across its extent.
const densityCells = 64

// densityFigure draws predicted against actual as a 2-D histogram of every
// row: square cells, each shaded by its count on a log scale of eight
// steps of the viridis palette (readable with every common colour-vision
// deficiency), with the legend of the steps.
func densityFigure(d *regress.Density, trueName, predName string) *Figure {
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
	// Step k holds the counts in (top^(k/8), top^((k+1)/8)]; step 0 starts at 1.
	bounds := make([]int64, densitySteps+1)
	for k := range bounds {
		bounds[k] = int64(math.Round(math.Pow(float64(top), float64(k)/densitySteps)))
	}
	bounds[0] = 0
	tl := &Tiles{}
	for _, c := range cells {
		k := 0
		for k < densitySteps-1 && c.Count > bounds[k+1] {
			k++
		}
		tl.X0, tl.X1, tl.Y0, tl.Y1 = append(tl.X0, c.X0), append(tl.X1, c.X1), append(tl.Y0, c.Y0), append(tl.Y1, c.Y1)
		tl.Step = append(tl.Step, k)
	}
	for k := range densitySteps {
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
		d.N(), len(cells), report.Sig(w), top)
	if nf := d.NonFinite(); nf > 0 {
		what += fmt.Sprintf(" %d rows with a non-finite value are not drawn.", nf)
	}
	return &Figure{Title: "Predicted against actual (density of every row)", XLabel: "actual (" + trueName + ")", YLabel: "predicted (" + predName + ")",
		X: ax, Y: ax, Square: true, Refs: []Series{{X: []float64{ax.Min, ax.Max}, Y: []float64{ax.Min, ax.Max}}},
		Tiles: tl, Desc: what, Note: fmt.Sprintf("All %d rows, counted as they were read, in cells %s wide.", d.N(), report.Sig(w))}
}

// RegressMultiSections lays out a multi-output regression: one table with
// a row per measure and a column for the outputs' combination (how:
// "uniform" or "variance-weighted"; none for "raw", whose JSON has each
// output's value under the measure's key) and one per output, then each
// output's warnings.
func RegressMultiSections(mr *regress.MultiReport, how string, trues, preds []string) []*Section {
	head := []string{"measure"}
	if how != "raw" {
		head = append(head, how+" average")
	}
	for j := range mr.Outputs {
		head = append(head, trues[j]+" / "+preds[j])
	}
	t := &Table{Caption: "Measures of each output from every row, and their " + how + " combination", Header: head, RowHeads: true}
	c := &mr.Combined
	for _, key := range regress.MeasureKeys(c) {
		row := []Cell{T(regress.MeasureName(key))}
		if how != "raw" {
			v, _ := c.Get(key)
			row = append(row, N(key, v))
		}
		for j := range mr.Outputs {
			v, _ := mr.Outputs[j].Get(key)
			row = append(row, N(Join("outputs", j, key), v))
		}
		t.Rows = append(t.Rows, row)
	}
	rows := []Cell{T("rows"), C("n", float64(c.N))}
	for range mr.Outputs {
		rows = append(rows, T(""))
	}
	if how == "raw" {
		rows = rows[:len(rows)-1]
	}
	t.Rows = append(t.Rows, rows)
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{t},
		Intro: fmt.Sprintf("%d outputs, each a target column and its prediction. The combination is %s (--multioutput); every output's measures are under outputs in the JSON.", len(mr.Outputs), how)}
	for j, r := range mr.Outputs {
		for _, w := range r.Warnings {
			ms.Add(Note("warning: " + trues[j] + ": " + w))
		}
	}
	return []*Section{ms}
}
