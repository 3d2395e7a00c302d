package figure

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/result"
)

// CDDiagram is the critical-difference diagram (Demšar 2006) of
// algorithms names with average ranks avgRanks (1 is best), critical
// difference cd (0 draws no bar) and the cliques a post-hoc test does not
// tell apart (indices into names). note is said below it. It panics if
// names and avgRanks differ in length or a clique names no algorithm.
func CDDiagram(title string, names []string, avgRanks []float64, cd float64, cliques [][]int, note string) *Figure {
	if len(names) != len(avgRanks) {
		panic("figure: CDDiagram: names and ranks differ in length")
	}
	for _, cl := range cliques {
		for _, i := range cl {
			if i < 0 || i >= len(names) {
				panic(fmt.Sprintf("figure: CDDiagram: clique %v names algorithm %d of %d", cl, i, len(names)))
			}
		}
	}
	c := &CD{Names: names, AvgRanks: avgRanks, CD: cd, Cliques: cliques}
	desc := "Average ranks (1 is best): "
	for j, i := range c.layout().order {
		if j > 0 {
			desc += ", "
		}
		desc += fmt.Sprintf("%s %s", names[i], result.Sig(avgRanks[i]))
	}
	desc += fmt.Sprintf(". Critical difference %s.", result.Sig(cd))
	for _, cl := range cliques {
		desc += " Not told apart:"
		for _, i := range cl {
			desc += " " + names[i]
		}
		desc += "."
	}
	return &Figure{Title: title, Desc: desc, Note: note, CD: c}
}

// SimplexFigure draws samples theta of a posterior over three outcomes
// (θ_B, θ_rope, θ_A) in the probability simplex, each point coloured by
// the outcome it makes the most probable; labels name the outcomes. It
// returns an error for no samples or a sample outside the simplex.
func SimplexFigure(title string, labels [3]string, theta [][3]float64) (*Figure, error) {
	if len(theta) == 0 {
		return nil, fmt.Errorf("figure: simplex needs at least one sample")
	}
	var wins [3]int
	for i, th := range theta {
		s := th[0] + th[1] + th[2]
		if !(th[0] >= -1e-12 && th[1] >= -1e-12 && th[2] >= -1e-12 && math.Abs(s-1) < 1e-9) {
			return nil, fmt.Errorf("figure: sample %d = %v is not in the probability simplex", i, th)
		}
		win := 0
		for j := 1; j < 3; j++ {
			if th[j] > th[win] {
				win = j
			}
		}
		wins[win]++
	}
	desc := fmt.Sprintf("%d posterior samples in the probability simplex: %q at the lower left, %q at the lower right, %q at the top; dashed lines split the triangle where each outcome is the most probable. Samples where each is the most probable: %s %d, %s %d, %s %d.",
		len(theta), labels[0], labels[2], labels[1], labels[0], wins[0], labels[1], wins[1], labels[2], wins[2])
	note := ""
	if len(theta) > MaxSimplexPoints {
		note = fmt.Sprintf("Drawn from an even thinning of the %d samples to at most %d.", len(theta), MaxSimplexPoints)
	}
	return &Figure{Title: title, Desc: desc, Note: note, Simplex: &Simplex{Labels: labels, Theta: theta}}, nil
}

// A Curve is one learner's learning curve: its name and points, and its
// JSON path (the prefix of the keys of its numbers).
type Curve struct {
	Name, Prefix string
	Points       []resample.CurvePoint
}

// LearningCurve is the figure of learning curves: per curve, the mean
// training score and the mean validation score against the number of
// training rows, measured by measure. One curve's figure also has the
// validation mean's interval as a band, and the table of its numbers. It
// returns nil when a curve has no points.
func LearningCurve(title, measure string, curves ...Curve) *Figure {
	f := &Figure{Title: title, XLabel: "training rows", YLabel: measure,
		Y: Axis{Min: math.Inf(1), Max: math.Inf(-1)}, Legend: BottomRight}
	for i, c := range curves {
		if len(c.Points) == 0 {
			return nil
		}
		tr := Series{Name: "training", Style: 2*i + 1}
		va := Series{Name: "validation", Style: 2 * i}
		if len(curves) > 1 {
			tr.Name, va.Name = c.Name+" (training)", c.Name+" (validation)"
		}
		var tab *Table
		if len(curves) == 1 {
			tab = &Table{Header: []string{"training rows", "training", "validation"}}
		}
		for j, pt := range c.Points {
			x := float64(pt.TrainSize)
			tr.X, tr.Y = append(tr.X, x), append(tr.Y, pt.Train.Mean)
			va.X, va.Y = append(va.X, x), append(va.Y, pt.Valid.Mean)
			ys := []float64{pt.Train.Mean, pt.Valid.Mean}
			if len(curves) == 1 {
				va.Lo, va.Hi = append(va.Lo, pt.Valid.Lo), append(va.Hi, pt.Valid.Hi)
				ys = append(ys, pt.Valid.Lo)
			}
			for _, v := range ys {
				f.Y.Min, f.Y.Max = math.Min(f.Y.Min, v), math.Max(f.Y.Max, v)
			}
			if tab != nil {
				k := func(s, f string) string { return join(c.Prefix, "points", j, s, f) }
				tab.Rows = append(tab.Rows, []Cell{count(join(c.Prefix, "points", j, "train_size"), x), num(k("train", "mean"), pt.Train.Mean), num(k("valid", "mean"), pt.Valid.Mean)})
			}
		}
		f.X.Max = math.Max(f.X.Max, tr.X[len(tr.X)-1])
		f.Series = append(f.Series, tr, va)
		f.Table = tab
	}
	f.Y.Min, f.Y.Max = math.Floor(f.Y.Min*20)/20, math.Min(1, math.Ceil(f.Y.Max*20)/20)
	band := "; the band is the validation mean's interval"
	if len(curves) > 1 {
		band = ""
	}
	f.Desc = fmt.Sprintf("Mean %s over the folds on the training rows and on the held-out rows, against the number of training rows%s. A gap that stays wide is over-fitting; two low curves, under-fitting.", measure, band)
	return f
}
