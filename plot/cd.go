package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/evalkit-go/evalkit/hyptest"
)

// CDDiagram draws Demšar's (2006) critical-difference diagram as SVG: an
// axis of average ranks from 1 (best, on the left) to k, each algorithm
// hung from its average rank with its name and rank, a bar of length CD
// above the axis, and thick bars joining the maximal groups of algorithms
// whose ranks differ by less than CD (not significantly different by the
// Nemenyi test). The axis caption says what "best" means: the highest score
// unless lowerIsBetter (errors, losses). title may be empty.
//
// It returns an error when names and ranks differ in length, fewer than 2
// algorithms are given, or a rank or cd is not finite.
func CDDiagram(title string, names []string, avgRanks []float64, cd float64, lowerIsBetter bool) ([]byte, error) {
	return CDDiagramFormat("svg", title, names, avgRanks, cd, lowerIsBetter)
}

// CDDiagramFormat is CDDiagram encoded as "svg" or "png".
func CDDiagramFormat(format, title string, names []string, avgRanks []float64, cd float64, lowerIsBetter bool) ([]byte, error) {
	if len(names) != len(avgRanks) {
		return nil, fmt.Errorf("plot: CD diagram needs one rank per algorithm, got %d names and %d ranks", len(names), len(avgRanks))
	}
	if math.IsNaN(cd) || math.IsInf(cd, 0) || cd < 0 {
		return nil, fmt.Errorf("plot: critical difference %v is not a finite non-negative number", cd)
	}
	cliques := hyptest.Cliques(avgRanks, func(a, b int) bool { return math.Abs(avgRanks[a]-avgRanks[b]) >= cd })
	return CDDiagramCliques(format, title, names, avgRanks, cd, cliques, lowerIsBetter)
}

// CDDiagramCliques is CDDiagramFormat with the cliques given (lists of
// algorithm indices joined by one bar each, as hyptest.PostHocResult's),
// for post-hoc procedures other than Nemenyi's. cd 0 draws no CD bar.
func CDDiagramCliques(format, title string, names []string, avgRanks []float64, cd float64, cliques [][]int, lowerIsBetter bool) ([]byte, error) {
	k := len(names)
	if k != len(avgRanks) || k < 2 {
		return nil, fmt.Errorf("plot: CD diagram needs at least 2 algorithms with one rank each, got %d names and %d ranks", k, len(avgRanks))
	}
	if math.IsNaN(cd) || math.IsInf(cd, 0) || cd < 0 {
		return nil, fmt.Errorf("plot: critical difference %v is not a finite non-negative number", cd)
	}
	for i, r := range avgRanks {
		if !(r >= 1 && r <= float64(k)) {
			return nil, fmt.Errorf("plot: average rank %v of %q outside [1, %d]", r, names[i], k)
		}
	}
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case avgRanks[a] < avgRanks[b]:
			return -1
		case avgRanks[a] > avgRanks[b]:
			return 1
		}
		return 0
	})
	for _, cl := range cliques {
		for _, j := range cl {
			if j < 0 || j >= k {
				return nil, fmt.Errorf("plot: clique %v names algorithm %d of %d", cl, j, k)
			}
		}
	}

	left := (k + 1) / 2 // the better half hangs to the left
	rowH := vg.Points(16)
	width := 6 * vg.Inch
	top := vg.Points(30)
	if title != "" {
		top += vg.Points(18)
	}
	height := top + vg.Points(30) + vg.Length(len(cliques))*vg.Points(6) + vg.Length(max(left, k-left))*rowH + vg.Points(16)
	c, err := newCanvas(format, width, height)
	if err != nil {
		return nil, err
	}
	line := func(w vg.Length, col color.Color) draw.LineStyle {
		return draw.LineStyle{Color: col, Width: w}
	}
	margin := vg.Points(150)
	x0, x1 := margin, width-margin
	xOf := func(r float64) vg.Length {
		return x0 + (x1-x0)*vg.Length((r-1)/float64(k-1))
	}
	y := height - vg.Points(12)
	if title != "" {
		c.FillText(textStyle(12, draw.XCenter, draw.YTop), vg.Point{X: width / 2, Y: y}, title)
		y -= vg.Points(18)
	}
	// CD bar, from rank 1.
	yCD := y - vg.Points(6)
	if cd > 0 {
		c.StrokeLine2(line(vg.Points(1.5), color.Black), xOf(1), yCD, xOf(1)+(x1-x0)*vg.Length(cd/float64(k-1)), yCD)
		for _, xx := range []vg.Length{xOf(1), xOf(1) + (x1-x0)*vg.Length(cd/float64(k-1))} {
			c.StrokeLine2(line(vg.Points(1), color.Black), xx, yCD-vg.Points(3), xx, yCD+vg.Points(3))
		}
		c.FillText(textStyle(9, draw.XLeft, draw.YCenter), vg.Point{X: xOf(1) + (x1-x0)*vg.Length(cd/float64(k-1)) + vg.Points(5), Y: yCD}, fmt.Sprintf("CD = %.3f", cd))
	}
	// The axis with integer ticks.
	yAxis := yCD - vg.Points(22)
	c.StrokeLine2(line(vg.Points(1), color.Black), x0, yAxis, x1, yAxis)
	for r := 1; r <= k; r++ {
		c.StrokeLine2(line(vg.Points(1), color.Black), xOf(float64(r)), yAxis, xOf(float64(r)), yAxis+vg.Points(4))
		c.FillText(textStyle(8, draw.XCenter, draw.YBottom), vg.Point{X: xOf(float64(r)), Y: yAxis + vg.Points(5)}, fmt.Sprint(r))
	}
	best := "highest score"
	if lowerIsBetter {
		best = "lowest score"
	}
	c.FillText(textStyle(8, draw.XRight, draw.YCenter), vg.Point{X: x0 - vg.Points(8), Y: yAxis}, "average rank (1 = "+best+")")
	// Cliques just under the axis.
	yc := yAxis - vg.Points(6)
	for _, cl := range cliques {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, j := range cl {
			lo, hi = math.Min(lo, avgRanks[j]), math.Max(hi, avgRanks[j])
		}
		c.StrokeLine2(line(vg.Points(3), Color(0)), xOf(lo)-vg.Points(3), yc, xOf(hi)+vg.Points(3), yc)
		yc -= vg.Points(6)
	}
	// Algorithms: the better half to the left, the rest to the right.
	yStart := yc - vg.Points(8)
	for pos, j := range order {
		var row int
		var xe vg.Length
		var ts draw.TextStyle
		if pos < left {
			row = pos
			xe = x0 - vg.Points(10)
			ts = textStyle(9, draw.XRight, draw.YCenter)
		} else {
			row = k - 1 - pos
			xe = x1 + vg.Points(10)
			ts = textStyle(9, draw.XLeft, draw.YCenter)
		}
		yl := yStart - vg.Length(row)*rowH
		xr := xOf(avgRanks[j])
		ls := line(vg.Points(0.8), color.Gray{Y: 60})
		c.StrokeLine2(ls, xr, yAxis, xr, yl)
		c.StrokeLine2(ls, xr, yl, xe, yl)
		label := fmt.Sprintf("%s (%.2f)", names[j], avgRanks[j])
		if pos < left {
			c.FillText(ts, vg.Point{X: xe - vg.Points(3), Y: yl}, label)
		} else {
			c.FillText(ts, vg.Point{X: xe + vg.Points(3), Y: yl}, label)
		}
	}
	return c.encode()
}
