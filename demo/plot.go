package demo

import (
	"path/filepath"

	"github.com/evalkit-go/evalkit/plot"
)

// WritePlots writes the learning curves (dir/learning_curves.svg and
// .png) and the critical-difference diagram of the Friedman test
// (dir/cd_diagram.svg and .png).
func (r *Report) WritePlots(dir string) error {
	var series []plot.CurveSeries
	for _, c := range r.LearningCurves {
		s := plot.CurveSeries{Name: c.Learner}
		for _, p := range c.Points {
			s.Sizes = append(s.Sizes, float64(p.TrainSize))
			s.Train = append(s.Train, p.Train.Mean)
			s.Valid = append(s.Valid, p.Valid.Mean)
		}
		series = append(series, s)
	}
	p, err := plot.LearningCurve("Learning curves, breast cancer", "accuracy", series)
	if err != nil {
		return err
	}
	if err := plot.Save(p, dir, "learning_curves"); err != nil {
		return err
	}
	if r.Tests != nil {
		return saveCD(dir, r.Tests.Friedman)
	}
	return nil
}

// saveCD writes the critical-difference diagram.
func saveCD(dir string, f *Friedman) error {
	for _, format := range []string{"svg", "png"} {
		b, err := plot.CDDiagramFormat(format, "Nemenyi test, accuracy", f.Learners, f.ranks(), f.CD, false)
		if err != nil {
			return err
		}
		if err := plot.WriteFileAtomic(filepath.Join(dir, "cd_diagram."+format), b); err != nil {
			return err
		}
	}
	return nil
}
