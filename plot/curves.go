package plot

import (
	"fmt"
	"image/color"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// MaxPoints is the most points a curve is drawn with; longer curves are
// thinned (the first and last points are always kept). A curve of ten
// million thresholds looks the same with a few thousand of them.
const MaxPoints = 4000

// xys pairs x and y, thinned to at most MaxPoints points.
func xys(x, y []float64) plotter.XYs {
	n := len(x)
	step := 1
	if n > MaxPoints {
		step = (n + MaxPoints - 1) / MaxPoints
	}
	out := make(plotter.XYs, 0, n/step+2)
	for i := 0; i < n; i += step {
		out = append(out, plotter.XY{X: x[i], Y: y[i]})
	}
	if (n-1)%step != 0 {
		out = append(out, plotter.XY{X: x[n-1], Y: y[n-1]})
	}
	return out
}

// ROC returns the ROC figure of one model: false-positive rate against
// true-positive rate on the unit square, the AUC in the legend, and the
// dashed chance diagonal.
func ROC(title, model string, fpr, tpr []float64, auc float64) (*gplot.Plot, error) {
	p := New(title, "False positive rate (1 − specificity)", "True positive rate (sensitivity)")
	Unit(p)
	p.Legend.Top, p.Legend.Left = false, false
	if err := Diagonal(p, 0, 1, "chance (AUC = 0.5)"); err != nil {
		return nil, err
	}
	if err := Line(p, xys(fpr, tpr), 0, fmt.Sprintf("%s (AUC = %.3f)", model, auc)); err != nil {
		return nil, err
	}
	return p, nil
}

// ROCs returns one figure with several ROC curves (e.g. one-vs-rest per
// class), each with its AUC in the legend, and the chance diagonal. It
// panics if the slices differ in length.
func ROCs(title string, names []string, fpr, tpr [][]float64, auc []float64) (*gplot.Plot, error) {
	if len(fpr) != len(names) || len(tpr) != len(names) || len(auc) != len(names) {
		panic("plot: ROCs: slices of different lengths")
	}
	p := New(title, "False positive rate (1 − specificity)", "True positive rate (sensitivity)")
	Unit(p)
	p.Legend.Top, p.Legend.Left = false, false
	if err := Diagonal(p, 0, 1, "chance (AUC = 0.5)"); err != nil {
		return nil, err
	}
	for i, n := range names {
		if err := Line(p, xys(fpr[i], tpr[i]), i, fmt.Sprintf("%s (AUC = %.3f)", n, auc[i])); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// PR returns the precision–recall figure: recall against precision, the
// average precision in the legend, and a dashed line at the prevalence
// (the precision of a random ranking).
func PR(title, model string, recall, precision []float64, ap, prevalence float64) (*gplot.Plot, error) {
	p := New(title, "Recall", "Precision")
	Unit(p)
	p.Legend.Top, p.Legend.Left = false, true
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: prevalence}, {X: 1, Y: prevalence}})
	if err != nil {
		return nil, err
	}
	l.Color = color.Gray{Y: 140}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	l.Width = vg.Points(1)
	p.Add(l)
	p.Legend.Add(fmt.Sprintf("chance (precision = %.3f)", prevalence), l)
	if err := Line(p, xys(recall, precision), 0, fmt.Sprintf("%s (AP = %.3f)", model, ap)); err != nil {
		return nil, err
	}
	return p, nil
}

// probit is the standard normal quantile Φ⁻¹(q).
func probit(q float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*q) }

// DET returns the detection error tradeoff figure: false-positive rate
// against false-negative rate, both on normal-deviate (probit) axes
// labelled in percent, where a binormal model draws a straight line.
// Rates of 0 and 1 (infinitely far on these axes) are drawn at the edges
// of the figure, 0.05 % and 99.95 %.
func DET(title, model string, fpr, fnr []float64) (*gplot.Plot, error) {
	p := New(title, "False positive rate", "False negative rate")
	p.Legend.Top, p.Legend.Left = true, false
	lo, hi := probit(0.0005), probit(0.9995)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	var ticks gplot.ConstantTicks
	for _, q := range []float64{0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 0.999} {
		ticks = append(ticks, gplot.Tick{Value: probit(q), Label: fmt.Sprintf("%g%%", 100*q)})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks, ticks
	clip := func(r []float64) []float64 {
		out := make([]float64, len(r))
		for i, v := range r {
			out[i] = min(max(probit(v), lo), hi)
		}
		return out
	}
	if err := Line(p, xys(clip(fpr), clip(fnr)), 0, model); err != nil {
		return nil, err
	}
	return p, nil
}

// Calibration returns the reliability diagram: mean predicted probability
// against observed frequency of positives per bin, with the dashed
// diagonal of perfect calibration and the expected calibration error in
// the legend.
func Calibration(title, model string, probPred, probTrue []float64, ece float64) (*gplot.Plot, error) {
	p := New(title, "Mean predicted probability", "Fraction of positives")
	Unit(p)
	p.Legend.Top, p.Legend.Left = true, true
	if err := Diagonal(p, 0, 1, "perfectly calibrated"); err != nil {
		return nil, err
	}
	xy := xys(probPred, probTrue)
	legend := fmt.Sprintf("%s (ECE = %.3f)", model, ece)
	if err := Line(p, xy, 0, legend); err != nil {
		return nil, err
	}
	if err := Scatter(p, xy, 0, ""); err != nil {
		return nil, err
	}
	return p, nil
}
