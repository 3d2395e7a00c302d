package page

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/report"
)

// RegressSections lays out a single-output regression report and the
// figures of a sample of its rows. prefix is the report's JSON path, sig
// its signature (nil for none).
func RegressSections(r *regress.Report, sig *report.Signature, fg *regress.Figures, prefix, trueName, predName string) []*Section {
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
	n := len(fg.Actual)
	sampled := fmt.Sprintf("All %d rows.", n)
	if int64(n) < fg.Rows {
		sampled = fmt.Sprintf("A sample of %d of the %d rows, chosen by a hash of each row's line (the measures above use every row).", n, fg.Rows)
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
	out = append(out, &Section{ID: "figures", Title: "Predictions and residuals", Blocks: []Block{Figures{pva, res, hist, qq}}})
	return out
}
