package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"

	"github.com/evalkit-go/evalkit/internal/tempfile"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Palette is the colour sequence for series (Okabe–Ito, safe for colour
// blindness).
var Palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{240, 228, 66, 255},  // yellow
	color.RGBA{0, 0, 0, 255},       // black
}

// Color returns the i-th series colour, cycling.
func Color(i int) color.Color { return Palette[i%len(Palette)] }

// Size is the default figure size: 4.5 × 4 inches.
var Size = [2]vg.Length{4.5 * vg.Inch, 4 * vg.Inch}

// New returns a plot in the house style with the given title and axis
// labels.
func New(title, xLabel, yLabel string) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(12)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.X.Label.TextStyle.Font.Size = vg.Points(10)
	p.Y.Label.TextStyle.Font.Size = vg.Points(10)
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 215}
	g.Horizontal.Color = color.Gray{Y: 215}
	g.Vertical.Width = vg.Points(0.5)
	g.Horizontal.Width = vg.Points(0.5)
	p.Add(g)
	LegendAt(p, false, false)
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	return p
}

// LegendAt puts the legend in a corner, inset from the axes: bottom right
// (false, false) suits ROC and calibration curves, top right (true, false)
// P-R curves.
func LegendAt(p *gplot.Plot, top, left bool) {
	p.Legend.Top, p.Legend.Left = top, left
	p.Legend.XOffs = -vg.Points(8)
	if left {
		p.Legend.XOffs = vg.Points(8)
	}
	p.Legend.YOffs = vg.Points(8)
	if top {
		p.Legend.YOffs = -vg.Points(8)
	}
}

// Diagonal adds the dashed grey line y = x from (lo, lo) to (hi, hi), the
// chance line of ROC and the perfect line of a predicted-vs-actual plot.
func Diagonal(p *gplot.Plot, lo, hi float64, legend string) error {
	l, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return err
	}
	l.Color = color.Gray{Y: 140}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	l.Width = vg.Points(1)
	p.Add(l)
	if legend != "" {
		p.Legend.Add(legend, l)
	}
	return nil
}

// Line adds a solid line series of colour i with a legend entry.
func Line(p *gplot.Plot, xy plotter.XYs, i int, legend string) error {
	l, err := plotter.NewLine(xy)
	if err != nil {
		return err
	}
	l.Color = Color(i)
	l.Width = vg.Points(1.6)
	p.Add(l)
	if legend != "" {
		p.Legend.Add(legend, l)
	}
	return nil
}

// Scatter adds points of colour i with a legend entry.
func Scatter(p *gplot.Plot, xy plotter.XYs, i int, legend string) error {
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return err
	}
	s.GlyphStyle.Color = Color(i)
	s.GlyphStyle.Radius = vg.Points(1.6)
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(s)
	if legend != "" {
		p.Legend.Add(legend, s)
	}
	return nil
}

// Unit fixes both axes to [0, 1] with ticks every 0.2, for rate plots.
func Unit(p *gplot.Plot) {
	p.X.Min, p.X.Max = 0, 1
	p.Y.Min, p.Y.Max = 0, 1
	var ticks []gplot.Tick
	for i := 0; i <= 10; i++ {
		t := gplot.Tick{Value: float64(i) / 10}
		if i%2 == 0 {
			t.Label = strconv.FormatFloat(t.Value, 'f', 1, 64)
		}
		ticks = append(ticks, t)
	}
	p.X.Tick.Marker = gplot.ConstantTicks(ticks)
	p.Y.Tick.Marker = gplot.ConstantTicks(ticks)
}

// Render returns the figure encoded in format "svg" or "png".
func Render(p *gplot.Plot, format string) ([]byte, error) {
	w, err := p.WriterTo(Size[0], Size[1], format)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes the figure as dir/name.svg and dir/name.png, creating dir if
// needed. Each file is written to a temporary name and renamed into place,
// so a failure leaves no half-written figure.
func Save(p *gplot.Plot, dir, name string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, format := range []string{"svg", "png"} {
		b, err := Render(p, format)
		if err != nil {
			return fmt.Errorf("plot %s: %w", name, err)
		}
		if err := WriteFileAtomic(filepath.Join(dir, name+"."+format), b); err != nil {
			return err
		}
	}
	return nil
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder, renamed into place, so a reader never sees half a file (see
// tempfile.WriteAtomic: the umask and an existing file's mode are
// honoured, a symbolic link is written through).
func WriteFileAtomic(path string, data []byte) error {
	return tempfile.WriteFile(path, data)
}
