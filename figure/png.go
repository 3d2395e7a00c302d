package figure

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/evalkit-go/evalkit/result"
)

// pngDPI is the resolution of a PNG file: a view-box unit is a point, so
// a 480-unit wide figure is 960 pixels wide.
const pngDPI = 144

// WritePNG writes f as a PNG image: the same figure, title and note as
// WriteSVG, in the Light theme, drawn with gonum's vg canvas and the
// Liberation Sans font.
func (f *Figure) WritePNG(out io.Writer) error {
	l := f.fileLayout()
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(480), vg.Length(l.total)), vgimg.UseDPI(pngDPI), vgimg.UseBackgroundColor(rgb(Light.BG)))
	p := &painter{c: c, total: l.total, t: Light}
	for i, line := range l.title {
		p.text(240, 10+titleLead*float64(i)+titleSize, line, titleSize, rgb(p.t.FG), "middle", false, true)
	}
	for i, line := range l.note {
		p.text(12, l.top+l.h+noteLead*float64(i)+noteSize, line, noteSize, rgb(p.t.Mute), "start", false, false)
	}
	p.dy = l.top
	switch {
	case f.CD != nil:
		f.cdPNG(p)
	case f.Simplex != nil:
		f.simplexPNG(p)
	default:
		f.chartPNG(p)
	}
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(out)
	return err
}

// painter draws in view-box units (y down) on a vg canvas (y up), the
// figure's origin dy below the top of the image.
type painter struct {
	c         *vgimg.Canvas
	total, dy float64
	t         Theme
	clip      *draw.Canvas // when set, lines and fills are clipped to it
}

var (
	fontsOnce sync.Once
	fonts     *font.Cache
)

func (p *painter) pt(x, y float64) vg.Point {
	return vg.Point{X: vg.Length(x), Y: vg.Length(p.total - p.dy - y)}
}

func (p *painter) points(xy [][2]float64) []vg.Point {
	out := make([]vg.Point, len(xy))
	for i, q := range xy {
		out[i] = p.pt(q[0], q[1])
	}
	return out
}

// setClip clips what follows to the rectangle from (x0, y1) to (x1, y0);
// x0 > x1 clips nothing.
func (p *painter) setClip(x0, x1, y0, y1 float64) {
	if x0 > x1 {
		p.clip = nil
		return
	}
	p.clip = &draw.Canvas{Canvas: p.c, Rectangle: vg.Rectangle{Min: p.pt(x0, y0), Max: p.pt(x1, y1)}}
}

// line strokes the polyline xy in colour col, width w and dash pattern
// dash (view-box units; none for solid).
func (p *painter) line(xy [][2]float64, col color.Color, w float64, dash []float64) {
	if len(xy) < 2 {
		return
	}
	pts := [][]vg.Point{p.points(xy)}
	if p.clip != nil {
		pts = p.clip.ClipLinesXY(pts[0])
	}
	p.c.SetColor(col)
	p.c.SetLineWidth(vg.Length(w))
	ds := make([]vg.Length, len(dash))
	for i, d := range dash {
		ds[i] = vg.Length(d)
	}
	p.c.SetLineDash(ds, 0)
	for _, ps := range pts {
		if len(ps) < 2 {
			continue
		}
		var path vg.Path
		path.Move(ps[0])
		for _, q := range ps[1:] {
			path.Line(q)
		}
		p.c.Stroke(path)
	}
	p.c.SetLineDash(nil, 0)
}

// fill fills the polygon xy in colour col.
func (p *painter) fill(xy [][2]float64, col color.Color) {
	pts := p.points(xy)
	if p.clip != nil {
		pts = p.clip.ClipPolygonXY(pts)
	}
	if len(pts) < 3 {
		return
	}
	var path vg.Path
	path.Move(pts[0])
	for _, q := range pts[1:] {
		path.Line(q)
	}
	path.Close()
	p.c.SetColor(col)
	p.c.Fill(path)
}

// rect fills the rectangle at (x, y) (its top left) w wide and h high.
func (p *painter) rect(x, y, w, h float64, col color.Color) {
	p.fill([][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, col)
}

// text draws s with its baseline at y, anchored at x ("start", "middle"
// or "end"), turned a quarter anticlockwise when up.
func (p *painter) text(x, y float64, s string, size float64, col color.Color, anchor string, up, bold bool) {
	fontsOnce.Do(func() { fonts = font.NewCache(liberation.Collection()) })
	fnt := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if bold {
		fnt.Weight = 3 // golang.org/x/image/font.WeightBold
	}
	face := fonts.Lookup(fnt, vg.Length(size))
	wd := float64(face.Width(s))
	off := 0.0
	switch anchor {
	case "middle":
		off = -wd / 2
	case "end":
		off = -wd
	}
	p.c.SetColor(col)
	if !up {
		p.c.FillString(face, p.pt(x+off, y), s)
		return
	}
	p.c.Push()
	p.c.Translate(p.pt(x, y))
	p.c.Rotate(math.Pi / 2)
	p.c.FillString(face, vg.Point{X: vg.Length(off)}, s)
	p.c.Pop()
}

// alpha is col at opacity a.
func alpha(col color.NRGBA, a float64) color.NRGBA {
	col.A = uint8(math.Round(255 * a))
	return col
}

// dashes is the dash pattern of series style st.
func dashes(st int) []float64 {
	var out []float64
	for _, f := range strings.Fields(Dashes[StyleOf(st).Dash]) {
		v, _ := strconv.ParseFloat(f, 64)
		out = append(out, v)
	}
	return out
}

// marker draws the marker of series style style at (x, y) with radius
// r, as the SVG writer's marker does; edge, when not nil, outlines a
// filled marker.
func (p *painter) marker(style int, x, y, r float64, edge color.Color, edgeW float64) {
	lk := StyleOf(style)
	col := rgb(p.t.Series[lk.Colour])
	poly := func(xy [][2]float64) {
		p.fill(xy, col)
		if edge != nil {
			p.line(append(xy, xy[0]), edge, edgeW, nil)
		}
	}
	circle := func() [][2]float64 {
		var xy [][2]float64
		for i := range 24 {
			a := 2 * math.Pi * float64(i) / 24
			xy = append(xy, [2]float64{x + r*math.Cos(a), y + r*math.Sin(a)})
		}
		return xy
	}
	switch lk.Marker {
	case 0:
		poly(circle())
	case 1:
		poly([][2]float64{{x - r, y - r}, {x + r, y - r}, {x + r, y + r}, {x - r, y + r}})
	case 2:
		poly([][2]float64{{x, y - 1.2*r}, {x + 1.1*r, y + 0.8*r}, {x - 1.1*r, y + 0.8*r}})
	case 3:
		poly([][2]float64{{x, y - 1.3*r}, {x + 1.3*r, y}, {x, y + 1.3*r}, {x - 1.3*r, y}})
	case 4:
		poly([][2]float64{{x, y + 1.2*r}, {x + 1.1*r, y - 0.8*r}, {x - 1.1*r, y - 0.8*r}})
	case 5:
		p.line([][2]float64{{x - r, y - r}, {x + r, y + r}}, col, 2, nil)
		p.line([][2]float64{{x - r, y + r}, {x + r, y - r}}, col, 2, nil)
	case 6:
		p.line([][2]float64{{x - r, y}, {x + r, y}}, col, 2, nil)
		p.line([][2]float64{{x, y - r}, {x, y + r}}, col, 2, nil)
	default:
		c := circle()
		p.line(append(c, c[0]), col, 2, nil)
	}
}

// polylines are the pieces of the polyline through (x[i], y[i]) in
// view-box units: non-finite points break the line, and a step series
// goes across, then up or down.
func polylines(xs, ys scale, x, y []float64, step bool) [][][2]float64 {
	var out [][][2]float64
	var cur [][2]float64
	for i := range x {
		if !finite(x[i]) || !finite(y[i]) {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		q := [2]float64{xs.at(x[i]), ys.at(y[i])}
		if step && len(cur) > 0 {
			cur = append(cur, [2]float64{q[0], cur[len(cur)-1][1]})
		}
		cur = append(cur, q)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

func (f *Figure) chartPNG(p *painter) {
	t := p.t
	fg, mute := rgb(t.FG), rgb(t.Mute)
	l := f.layout()
	x0, x1, y0, y1 := l.x0, l.x1, l.y0, l.y1
	xs := scale{f.X, x0, x1}
	ys := scale{f.Y, y0, y1}
	xt, xl := f.xTicks()
	for i, v := range xt {
		x := xs.at(v)
		p.line([][2]float64{{x, y0}, {x, y1}}, rgb(t.Grid), 1, nil)
		p.text(x, y0+15, xl[i], 11, mute, "middle", false, false)
	}
	for _, v := range f.Y.ticks(5) {
		y := ys.at(v)
		p.line([][2]float64{{x0, y}, {x1, y}}, rgb(t.Grid), 1, nil)
		p.text(x0-5, y+4, tickText(v, f.Y), 11, mute, "end", false, false)
	}
	p.line([][2]float64{{x0, y1}, {x0, y0}, {x1, y0}}, rgb(t.Axis), 1, nil)
	p.text((x0+x1)/2, y0+xLabelDrop, f.XLabel, 12, fg, "middle", false, false)
	p.text(14, (y0+y1)/2, f.YLabel, 12, fg, "middle", true, false)

	p.setClip(x0-4, x1+4, y0+4, y1-4)
	if tl := f.Tiles; tl != nil {
		for i := range tl.Step {
			xa, xb := xs.at(tl.X0[i]), xs.at(tl.X1[i])
			ya, yb := ys.at(tl.Y1[i]), ys.at(tl.Y0[i])
			p.rect(xa, ya, math.Max(xb-xa, 0.6), math.Max(yb-ya, 0.6), rgb(Density[tl.Step[i]]))
		}
	}
	for _, r := range f.Refs {
		for _, pl := range polylines(xs, ys, r.X, r.Y, false) {
			if r.Faint {
				p.line(pl, alpha(mute, 0.6), 0.7, nil)
			} else {
				p.line(pl, mute, 1, []float64{4, 3})
			}
		}
	}
	for _, bs := range f.Bars {
		col := rgb(t.Series[StyleOf(bs.Style).Colour])
		for i := range bs.Y {
			xa, xb := xs.at(bs.Left[i]), xs.at(bs.Right[i])
			ya, yb := ys.at(0), ys.at(bs.Y[i])
			p.rect(xa, math.Min(ya, yb), math.Max(xb-xa, 0.5), math.Abs(ya-yb), col)
		}
	}
	for _, d := range f.Dots {
		col := alpha(rgb(t.Series[StyleOf(d.Style).Colour]), 0.55)
		for i := range d.X {
			if finite(d.X[i]) && finite(d.Y[i]) {
				p.rect(xs.at(d.X[i])-1, ys.at(d.Y[i])-1, 2, 2, col)
			}
		}
	}
	for _, s := range append(append([]Series{}, f.Bands...), f.Series...) {
		if s.Lo == nil {
			continue
		}
		hi := polylines(xs, ys, s.X, s.Hi, s.Step)
		lo := polylines(xs, ys, reverse(s.X), reverse(s.Lo), s.Step)
		var poly [][2]float64
		for _, pl := range append(hi, lo...) {
			poly = append(poly, pl...)
		}
		if len(poly) > 2 {
			p.fill(poly, alpha(rgb(t.Series[StyleOf(s.Style).Colour]), 0.18))
		}
	}
	for _, s := range f.Series {
		st := s.Style
		for _, pl := range polylines(xs, ys, s.X, s.Y, s.Step) {
			p.line(pl, rgb(t.Series[StyleOf(st).Colour]), 2, dashes(st))
		}
		for _, i := range markerAt(len(s.X)) {
			if s.Bare {
				break
			}
			if x, y := xs.at(s.X[i]), ys.at(s.Y[i]); finite(x) && finite(y) {
				p.marker(st, x, y, 3.5, nil, 0)
			}
		}
	}
	p.setClip(1, 0, 0, 0)
	for _, pt := range f.Points {
		if x, y := xs.at(pt.X), ys.at(pt.Y); finite(x) && finite(y) {
			p.marker(pt.Style, x, y, 5.5, rgb(t.BG), 1.2)
		}
	}
	lg := l.legend
	for k, it := range lg.items {
		x, y := lg.entry(k)
		col := rgb(t.Series[StyleOf(it.style).Colour])
		switch it.kind {
		case itemBar:
			p.rect(x+2, y+4, 22, 8, col)
		case itemLine:
			p.line([][2]float64{{x, y + 8}, {x + 26, y + 8}}, col, 2, dashes(it.style))
			p.marker(it.style, x+13, y+8, 3.5, nil, 0)
		default:
			p.marker(it.style, x+13, y+8, 5, nil, 0)
		}
		p.text(x+entrySwatch, y+12, it.name, 11.5, fg, "start", false, false)
	}
	if tl := f.Tiles; tl != nil {
		lx := x1 + 12
		p.text(lx, y1+10, "rows a cell", 11.5, fg, "start", false, false)
		for k := len(Density) - 1; k >= 0; k-- {
			y := y1 + 18 + float64(len(Density)-1-k)*17
			p.rect(lx, y, 14, 14, rgb(Density[k]))
			p.text(lx+19, y+11, tl.Legend[k], 11.5, fg, "start", false, false)
		}
	}
}

func (f *Figure) cdPNG(p *painter) {
	c := f.CD
	l := c.layout()
	fg, mute, ax := rgb(p.t.FG), rgb(p.t.Mute), rgb(p.t.Axis)
	axisY := 44.0
	if c.CD > 0 {
		a, b := l.at(1), l.at(1+c.CD)
		p.line([][2]float64{{a, 16}, {b, 16}}, ax, 1, nil)
		p.line([][2]float64{{a, 12}, {a, 20}}, ax, 1, nil)
		p.line([][2]float64{{b, 12}, {b, 20}}, ax, 1, nil)
		p.text((a+b)/2, 11, "CD "+result.Sig(c.CD), 11, mute, "middle", false, false)
	}
	p.line([][2]float64{{l.x0, axisY}, {l.x1, axisY}}, ax, 1, nil)
	for r := 1; r <= l.k; r++ {
		x := l.at(float64(r))
		p.line([][2]float64{{x, axisY - 5}, {x, axisY}}, ax, 1, nil)
		p.text(x, axisY-8, strconv.Itoa(r), 11, mute, "middle", false, false)
	}
	for j, cl := range c.Cliques {
		lo, hi := c.span(cl)
		y := axisY + 10 + 14*float64(j)
		p.line([][2]float64{{l.at(lo) - 3, y}, {l.at(hi) + 3, y}}, rgb(p.t.Series[6]), 4, nil)
	}
	base := axisY + 18 + 14*float64(len(c.Cliques))
	for j, i := range l.order {
		x := l.at(c.AvgRanks[i])
		y, tx, left := l.row(j, base)
		anchor, end := "start", tx-4
		if left {
			anchor, end = "end", tx+4
		}
		p.line([][2]float64{{x, axisY}, {x, y}, {end, y}}, mute, 1, nil)
		p.text(tx, y+4, fmt.Sprintf("%s (%s)", c.Names[i], result.Sig(c.AvgRanks[i])), 12, fg, anchor, false, false)
	}
}

func (f *Figure) simplexPNG(p *painter) {
	s := f.Simplex
	l := simplexFrame()
	for k, pts := range s.regions(l) {
		col := alpha(rgb(p.t.Series[simplexStyles[k]]), 0.55)
		for _, q := range pts {
			p.rect(q[0]-1.5, q[1]-1.5, 3, 3, col)
		}
	}
	cx, cy := l.at([3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3})
	for _, m := range simplexMidlines {
		x, y := l.at(m)
		p.line([][2]float64{{cx, cy}, {x, y}}, rgb(p.t.Mute), 1, []float64{4, 3})
	}
	p.line([][2]float64{l.bl, l.br, l.tp, l.bl}, rgb(p.t.Axis), 1, nil)
	fg := rgb(p.t.FG)
	p.text(l.bl[0], l.bl[1]+20, s.Labels[0], 12, fg, "middle", false, false)
	p.text(l.br[0], l.br[1]+20, s.Labels[2], 12, fg, "middle", false, false)
	p.text(l.tp[0], l.tp[1]-8, s.Labels[1], 12, fg, "middle", false, false)
}
