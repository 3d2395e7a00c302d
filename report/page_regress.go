package report

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
)

// RegressSections lays out a single-output regression report and the
// figures of a sample of its rows. prefix is the report's JSON path, sig
// its signature (nil for none).
func RegressSections(r *regress.Report, sig *result.Signature, fg *regress.Figures, prefix, trueName, predName string) []*Section {
	t := &Table{Title: "Measures from every row", Header: []string{"measure", "value"}, RowHeads: true}
	add := func(name, key string, v float64) {
		t.Rows = append(t.Rows, []Cell{T(name), cellInterval(N(Join(prefix, key), v), prefix, key, r.Intervals)})
	}
	add("mean squared error (MSE)", "mse", r.MSE)
	add("root mean squared error (RMSE)", "rmse", r.RMSE)
	add("mean absolute error (MAE)", "mae", r.MAE)
	add("median absolute error", "medae", r.MedAE)
	add("max error", "max_error", r.MaxError)
	add("MAPE (fraction)", "mape", r.MAPE)
	add("sMAPE (fraction)", "smape", r.SMAPE)
	add("WAPE (fraction)", "wape", r.WAPE)
	add("R²", "r2", r.R2)
	if r.AdjustedR2 != nil {
		add("adjusted R²", "adjusted_r2", *r.AdjustedR2)
	}
	add("explained variance", "explained_variance", r.ExplainedVariance)
	add("MSLE", "msle", r.MSLE)
	add("RMSLE", "rmsle", r.RMSLE)
	add(fmt.Sprintf("pinball loss (α = %s)", Sig(r.Alpha)), "pinball", r.Pinball)
	add("D² pinball", "d2_pinball", r.D2Pinball)
	add("D² absolute error", "d2_absolute_error", r.D2AbsoluteError)
	add("Poisson deviance", "poisson_deviance", r.PoissonDeviance)
	add("Gamma deviance", "gamma_deviance", r.GammaDeviance)
	add(fmt.Sprintf("Tweedie deviance (power %s)", Sig(r.Power)), "tweedie_deviance", r.TweedieDeviance)
	add("D² Tweedie", "d2_tweedie", r.D2Tweedie)
	t.Rows = append(t.Rows, []Cell{T("rows"), C(Join(prefix, "n"), float64(r.N))})
	if r.WeightSum != float64(r.N) {
		t.Rows = append(t.Rows, []Cell{T("weight sum"), C(Join(prefix, "weight_sum"), r.WeightSum)})
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{t}}
	if len(r.Intervals) > 0 {
		ms.Intro, ms.Methods = ciIntro(r.Level, r.Intervals, sig)
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

// RegressFigures is the section of a regression's figures
// (figure.Regression). output, when set, names the section after an
// output.
func RegressFigures(fg *regress.Figures, trueName, predName, output string) *Section {
	s := &Section{ID: "figures", Title: "Predictions and residuals", Blocks: []Block{Figures(figure.Regression(fg, trueName, predName))}}
	if output != "" {
		s.ID += "-" + output
		s.Title += " — " + output
	}
	return s
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
	t := &Table{Title: "Measures of each output from every row, and their " + how + " combination", Header: head, RowHeads: true}
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
