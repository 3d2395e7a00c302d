package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxSimplexPoints bounds the points Simplex draws: it thins larger
// samples evenly.
const MaxSimplexPoints = 1500

// Simplex draws samples of a posterior over three outcomes (θ_B, θ_rope,
// θ_A), each summing to 1, as points in the probability simplex, SVG: "B
// better" at the lower left corner, "A better" at the lower right and
// "equivalent" at the top (Benavoli et al. 2017, fig. 5). Lines from the
// centre to the edges' midpoints split the triangle where each θ is the
// largest; points are coloured by that region. labels name the corners
// (B, rope, A) and title may be empty.
//
// It returns an error for no samples or a sample outside the simplex.
func Simplex(title string, labels [3]string, theta [][3]float64) ([]byte, error) {
	return SimplexFormat("svg", title, labels, theta)
}

// SimplexFormat is Simplex encoded as "svg" or "png".
func SimplexFormat(format, title string, labels [3]string, theta [][3]float64) ([]byte, error) {
	if len(theta) == 0 {
		return nil, fmt.Errorf("plot: simplex needs at least one sample")
	}
	for i, th := range theta {
		s := th[0] + th[1] + th[2]
		if !(th[0] >= -1e-12 && th[1] >= -1e-12 && th[2] >= -1e-12 && math.Abs(s-1) < 1e-9) {
			return nil, fmt.Errorf("plot: sample %d = %v is not in the probability simplex", i, th)
		}
	}
	width, height := 5*vg.Inch, 4.8*vg.Inch
	c, err := newCanvas(format, width, height)
	if err != nil {
		return nil, err
	}
	top := height - vg.Points(20)
	if title != "" {
		c.FillText(textStyle(11, draw.XCenter, draw.YTop), vg.Point{X: width / 2, Y: height - vg.Points(8)}, title)
		top -= vg.Points(20)
	}
	side := math.Min(float64(width-vg.Points(80)), float64(top-vg.Points(40))/(math.Sqrt(3)/2))
	h := vg.Length(side * math.Sqrt(3) / 2)
	bl := vg.Point{X: (width - vg.Length(side)) / 2, Y: top - vg.Points(14) - h}
	br := vg.Point{X: bl.X + vg.Length(side), Y: bl.Y}
	tp := vg.Point{X: bl.X + vg.Length(side)/2, Y: bl.Y + h}
	at := func(th [3]float64) vg.Point {
		return vg.Point{
			X: vg.Length(th[0])*bl.X + vg.Length(th[1])*tp.X + vg.Length(th[2])*br.X,
			Y: vg.Length(th[0])*bl.Y + vg.Length(th[1])*tp.Y + vg.Length(th[2])*br.Y,
		}
	}
	step := (len(theta) + MaxSimplexPoints - 1) / MaxSimplexPoints
	for i := 0; i < len(theta); i += step {
		th := theta[i]
		win := 0
		for j := 1; j < 3; j++ {
			if th[j] > th[win] {
				win = j
			}
		}
		c.DrawGlyph(draw.GlyphStyle{Color: Color(win), Radius: vg.Points(1), Shape: draw.CircleGlyph{}}, at(th))
	}
	edge := draw.LineStyle{Color: color.Black, Width: vg.Points(1)}
	c.StrokeLines(edge, []vg.Point{bl, br, tp, bl})
	mid := draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(0.7), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
	centre := at([3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3})
	for _, m := range [][3]float64{{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}} {
		c.StrokeLine2(mid, centre.X, centre.Y, at(m).X, at(m).Y)
	}
	c.FillText(textStyle(10, draw.XCenter, draw.YTop), vg.Point{X: bl.X, Y: bl.Y - vg.Points(6)}, labels[0])
	c.FillText(textStyle(10, draw.XCenter, draw.YTop), vg.Point{X: br.X, Y: br.Y - vg.Points(6)}, labels[2])
	c.FillText(textStyle(10, draw.XCenter, draw.YBottom), vg.Point{X: tp.X, Y: tp.Y + vg.Points(6)}, labels[1])
	return c.encode()
}
