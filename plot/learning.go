package plot

import (
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// CurveSeries is one learner's learning curve: the mean training and
// validation scores at each training-set size.
type CurveSeries struct {
	Name         string
	Sizes        []float64
	Train, Valid []float64
}

// LearningCurve returns a learning-curve figure (seed 001 §5): per series,
// the validation score as a solid line and the training score as a dashed
// line of the same colour, against the number of training rows. A wide gap
// between the two is overfitting; two low lines are underfitting. It
// returns an error if a series has lengths that differ or no points.
func LearningCurve(title, measure string, series []CurveSeries) (*gplot.Plot, error) {
	p := New(title, "training rows", measure)
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range series {
		if len(s.Sizes) == 0 || len(s.Train) != len(s.Sizes) || len(s.Valid) != len(s.Sizes) {
			return nil, fmt.Errorf("plot: learning curve %q: %d sizes, %d train and %d validation scores", s.Name, len(s.Sizes), len(s.Train), len(s.Valid))
		}
		valid := make(plotter.XYs, len(s.Sizes))
		train := make(plotter.XYs, len(s.Sizes))
		for j, n := range s.Sizes {
			valid[j] = plotter.XY{X: n, Y: s.Valid[j]}
			train[j] = plotter.XY{X: n, Y: s.Train[j]}
			lo = min(lo, s.Valid[j], s.Train[j])
			hi = max(hi, s.Valid[j], s.Train[j])
		}
		if err := Line(p, valid, i, s.Name+" (validation)"); err != nil {
			return nil, err
		}
		l, err := plotter.NewLine(train)
		if err != nil {
			return nil, err
		}
		l.Color = Color(i)
		l.Width = vg.Points(1.2)
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l)
		p.Legend.Add(s.Name+" (training)", l)
	}
	// room above the curves for the legend (top right)
	if hi > lo {
		p.Y.Min, p.Y.Max = lo-0.05*(hi-lo), hi+0.08*(hi-lo)*float64(2*len(series)+1)
	}
	return p, nil
}
