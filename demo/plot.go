package demo

import (
	"math"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
)

// Figures returns the demo's figures and their file names (without
// extension): the learning curves and, when the tests ran, the
// critical-difference diagram of the Friedman test.
func (r *Report) Figures() (names []string, figs []*figure.Figure) {
	var curves []figure.Curve
	for _, c := range r.LearningCurves {
		curves = append(curves, figure.Curve{Name: c.Learner, Points: c.Points})
	}
	names = append(names, "learning_curves")
	figs = append(figs, figure.LearningCurve("Learning curves, breast cancer", "accuracy", curves...))
	if r.Tests != nil {
		f := r.Tests.Friedman
		ranks := f.ranks()
		cliques := hyptest.Cliques(ranks, func(a, b int) bool { return math.Abs(ranks[a]-ranks[b]) >= f.CD })
		names = append(names, "cd_diagram")
		figs = append(figs, figure.CDDiagram("Nemenyi test, accuracy", f.Learners, ranks, f.CD, cliques,
			"Average rank 1 is the highest accuracy; learners joined by a thick bar differ by less than the critical difference."))
	}
	return names, figs
}
