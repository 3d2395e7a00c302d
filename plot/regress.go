package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// SaveRegression writes two figures of a regression into dir: a
// predicted-vs-actual scatter with the dashed y = x line of a perfect
// model (regress_pred_vs_actual<suffix>), and residuals y − ŷ against ŷ
// with a dashed zero line (regress_residuals<suffix>), each as SVG and PNG.
// trueName and predName label the axes. y and yhat are the points (a
// sample of the rows for large data).
func SaveRegression(dir, suffix, trueName, predName string, y, yhat []float64) error {
	if len(y) != len(yhat) {
		panic("plot: SaveRegression with different numbers of targets and predictions")
	}
	if len(y) == 0 {
		return fmt.Errorf("plot: no points to draw")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	xy := make(plotter.XYs, len(y))
	res := make(plotter.XYs, len(y))
	rlo, rhi := math.Inf(1), math.Inf(-1)
	for i := range y {
		xy[i] = plotter.XY{X: y[i], Y: yhat[i]}
		res[i] = plotter.XY{X: yhat[i], Y: y[i] - yhat[i]}
		lo = math.Min(lo, math.Min(y[i], yhat[i]))
		hi = math.Max(hi, math.Max(y[i], yhat[i]))
		rlo, rhi = math.Min(rlo, yhat[i]), math.Max(rhi, yhat[i])
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	pad := (hi - lo) * 0.04
	lo, hi = lo-pad, hi+pad
	p := New("Predicted vs actual", "actual ("+trueName+")", "predicted ("+predName+")")
	if err := Diagonal(p, lo, hi, "y = x"); err != nil {
		return err
	}
	if err := Scatter(p, xy, 0, fmt.Sprintf("%s (%d points)", predName, len(y))); err != nil {
		return err
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	p.Legend.Left = true // the upper left is where y = x leaves room
	if err := Save(p, dir, "regress_pred_vs_actual"+suffix); err != nil {
		return err
	}

	q := New("Residuals", "predicted ("+predName+")", "residual (actual − predicted)")
	if rlo == rhi {
		rlo, rhi = rlo-1, rhi+1
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: rlo, Y: 0}, {X: rhi, Y: 0}})
	if err != nil {
		return err
	}
	zero.Color = color.Gray{Y: 140}
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	zero.Width = vg.Points(1)
	q.Add(zero)
	q.Legend.Add("zero", zero)
	if err := Scatter(q, res, 1, "residual"); err != nil {
		return err
	}
	return Save(q, dir, "regress_residuals"+suffix)
}
