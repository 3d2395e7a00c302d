package page

import (
	"math"
	"strconv"
)

// A Figure is an inline SVG chart: lines, bands, bars and marked points on
// two linear axes (or a probit axis for DET curves). Colours come from CSS
// classes, so the dark scheme and print restyle it; each series has its own
// colour, dash pattern and marker, so it reads without colour too.
type Figure struct {
	Title          string // shown as the caption and the SVG <title>
	Desc           string // the text alternative: what it shows, its key numbers
	XLabel, YLabel string // with units
	X, Y           Axis
	Series         []Series
	Refs           []Series // reference lines: chance diagonal, baseline, iso-F1 (drawn thin and grey)
	Bands          []Series // shaded bands only (Lo to Hi over X; no line): confidence bands
	Bars           []Bars
	Dots           []Dots // scatter plots
	Tiles          *Tiles // a 2-D histogram, drawn under everything else
	Points         []Point
	Note           string // below the caption (e.g. how the curve was thinned)
	Table          *Table // the figure's numbers, shown in a <details> after it
	Square         bool   // a 1:1 plot area
	// XNames, when set, replaces the x ticks: XNames[i] at x = i.
	XNames []string
	// Legend is the corner of the legend: "tr" (default), "br", "bl" or "tl".
	Legend string
}

// An Axis is a range. Probit maps each value v in (0, 1) to Φ⁻¹(v) (a DET
// axis); ticks are then at the usual error rates.
type Axis struct {
	Min, Max float64
	Probit   bool
}

// A Series is one line, drawn with the style of index Style (colour, dash
// and marker).
type Series struct {
	Name   string
	X, Y   []float64
	Style  int
	Step   bool      // draw as a step function (post)
	Faint  bool      // a reference drawn thin and solid (iso-F1 lines) instead of dashed
	Lo, Hi []float64 // optional band around the line, same length as X
}

// Bars is a bar chart series: bar i spans [Left[i], Right[i]] up to Y[i].
type Bars struct {
	Name        string
	Left, Right []float64
	Y           []float64
	Style       int
}

// Dots is a scatter of small squares, drawn as one path.
type Dots struct {
	Name  string
	X, Y  []float64
	Style int
}

// Tiles are the cells of a 2-D histogram: cell i spans [X0[i], X1[i]] ×
// [Y0[i], Y1[i]] and is filled with step Step[i] (0 to densitySteps − 1)
// of a sequential colour-blind-safe scale; Legend[k] says what step k
// holds ("" for a step no count falls in).
type Tiles struct {
	X0, X1, Y0, Y1 []float64
	Step           []int
	Legend         []string
}

// densitySteps is the number of steps of a Tiles' scale.
const densitySteps = 8

// A Point is a marked point with a short label.
type Point struct {
	Name  string
	X, Y  float64
	Style int
}

const (
	svgW, svgH             = 480.0, 360.0
	padL, padR, padT, padB = 58.0, 14.0, 14.0, 46.0
)

type scale struct {
	a      Axis
	lo, hi float64 // pixel range
}

func probit(p float64) float64 {
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	return math.Sqrt2 * math.Erfinv(2*p-1)
}

func (s scale) at(v float64) float64 {
	lo, hi := s.a.Min, s.a.Max
	if s.a.Probit {
		lo, hi, v = probit(lo), probit(hi), probit(v)
	}
	if hi == lo {
		return (s.lo + s.hi) / 2
	}
	t := (v - lo) / (hi - lo)
	return s.lo + t*(s.hi-s.lo)
}

// ticks returns about n round values in [a.Min, a.Max].
func (a Axis) ticks(n int) []float64 {
	if a.Probit {
		var out []float64
		for _, v := range []float64{0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 0.999} {
			if v >= a.Min && v <= a.Max {
				out = append(out, v)
			}
		}
		return out
	}
	span := a.Max - a.Min
	if !(span > 0) || math.IsInf(span, 0) {
		return []float64{a.Min}
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(a.Min/step) * step; v <= a.Max+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
	}
	return out
}

func tickText(v float64, a Axis) string {
	if a.Probit {
		return strconv.FormatFloat(100*v, 'g', 3, 64) + "%"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// px formats a pixel coordinate with one decimal.
func px(b []byte, v float64) []byte {
	v = math.Round(v*10) / 10
	if v == math.Trunc(v) {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return strconv.AppendFloat(b, v, 'f', 1, 64)
}

func (f *Figure) write(w *writer) {
	id := w.id("fig-" + f.Title)
	w.s(`<figure id="`, id, `" class="fig">`)
	w.s(`<svg viewBox="0 0 480 360" role="img" aria-labelledby="`, id, `-t `, id, `-d" xmlns="http://www.w3.org/2000/svg">`)
	w.s(`<title id="`, id, `-t">`)
	w.esc(f.Title)
	w.s(`</title><desc id="`, id, `-d">`)
	w.esc(f.Desc)
	w.s(`</desc>`)
	x0, x1, y0, y1 := padL, svgW-padR, svgH-padB, padT
	if f.Square {
		side := math.Min(x1-x0, y0-y1)
		x1 = x0 + side
	}
	xs := scale{f.X, x0, x1}
	ys := scale{f.Y, y0, y1}
	var b []byte
	// grid and ticks
	w.s(`<g>`)
	xt := f.X.ticks(5)
	if f.XNames != nil {
		xt = xt[:0]
		for i := range f.XNames {
			xt = append(xt, float64(i))
		}
	}
	for i, t := range xt {
		x := xs.at(t)
		label := tickText(t, f.X)
		if f.XNames != nil {
			label = f.XNames[i]
		}
		b = append(b[:0], `<line class="grid" x1="`...)
		b = px(b, x)
		b = append(b, `" x2="`...)
		b = px(b, x)
		b = append(b, `" y1="`...)
		b = px(b, y0)
		b = append(b, `" y2="`...)
		b = px(b, y1)
		b = append(b, `"/><text class="tick" text-anchor="middle" x="`...)
		b = px(b, x)
		b = append(b, `" y="`...)
		b = px(b, y0+15)
		b = append(b, `">`...)
		w.s(string(b))
		w.esc(label)
		w.s("</text>")
	}
	for _, t := range f.Y.ticks(5) {
		y := ys.at(t)
		b = append(b[:0], `<line class="grid" x1="`...)
		b = px(b, x0)
		b = append(b, `" x2="`...)
		b = px(b, x1)
		b = append(b, `" y1="`...)
		b = px(b, y)
		b = append(b, `" y2="`...)
		b = px(b, y)
		b = append(b, `"/><text class="tick" text-anchor="end" x="`...)
		b = px(b, x0-5)
		b = append(b, `" y="`...)
		b = px(b, y+4)
		b = append(b, `">`...)
		w.s(string(b), tickText(t, f.Y), "</text>")
	}
	b = append(b[:0], `<path class="axis" d="M`...)
	b = px(b, x0)
	b = append(b, ' ')
	b = px(b, y1)
	b = append(b, 'V')
	b = px(b, y0)
	b = append(b, 'H')
	b = px(b, x1)
	w.s(string(b), `"/></g>`)
	// axis labels
	w.f(`<text text-anchor="middle" x="%.1f" y="%.1f">`, (x0+x1)/2, svgH-8)
	w.esc(f.XLabel)
	w.f(`</text><text text-anchor="middle" transform="translate(14 %.1f) rotate(-90)">`, (y0+y1)/2)
	w.esc(f.YLabel)
	w.s(`</text>`)
	w.f(`<clipPath id="%s-c"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"/></clipPath><g clip-path="url(#%s-c)">`, id, x0-4, y1-4, x1-x0+8, y0-y1+8, id)
	if tl := f.Tiles; tl != nil {
		paths := make([][]byte, densitySteps)
		for i := range tl.Step {
			xa, xb := xs.at(tl.X0[i]), xs.at(tl.X1[i])
			ya, yb := ys.at(tl.Y1[i]), ys.at(tl.Y0[i])
			b := paths[tl.Step[i]]
			b = append(b, 'M')
			b = px(b, xa)
			b = append(b, ' ')
			b = px(b, ya)
			b = append(b, 'H')
			b = px(b, math.Max(xb, xa+0.6))
			b = append(b, 'V')
			b = px(b, math.Max(yb, ya+0.6))
			b = append(b, 'H')
			b = px(b, xa)
			b = append(b, 'Z')
			paths[tl.Step[i]] = b
		}
		for k, p := range paths {
			if len(p) > 0 {
				w.f(`<path class="q%d" d="%s"/>`, k, p)
			}
		}
	}
	for _, r := range f.Refs {
		cls := "ref"
		if r.Faint {
			cls = "iso"
		}
		w.s(`<path class="`, cls, `" d="`, path(xs, ys, r.X, r.Y, false), `"/>`)
	}
	for _, bs := range f.Bars {
		for i := range bs.Y {
			xa, xb := xs.at(bs.Left[i]), xs.at(bs.Right[i])
			ya, yb := ys.at(0), ys.at(bs.Y[i])
			w.f(`<rect class="bar s%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, bs.Style%8, xa, math.Min(ya, yb), math.Max(xb-xa, 0.5), math.Abs(ya-yb))
		}
	}
	for _, d := range f.Dots {
		b := make([]byte, 0, 24*len(d.X))
		for i := range d.X {
			if math.IsNaN(d.X[i]) || math.IsNaN(d.Y[i]) || math.IsInf(d.X[i], 0) || math.IsInf(d.Y[i], 0) {
				continue
			}
			b = append(b, 'M')
			b = px(b, xs.at(d.X[i])-1)
			b = append(b, ' ')
			b = px(b, ys.at(d.Y[i])-1)
			b = append(b, "h2v2h-2z"...)
		}
		w.f(`<path class="dot s%d" d="%s"/>`, d.Style%8, b)
	}
	for _, s := range append(append([]Series{}, f.Bands...), f.Series...) {
		if s.Lo != nil {
			d := path(xs, ys, s.X, s.Hi, s.Step)
			rx, ry := reverse(s.X), reverse(s.Lo)
			d2 := path(xs, ys, rx, ry, s.Step)
			w.f(`<path class="band s%d" d="%sL%s Z"/>`, s.Style%8, d, d2[1:])
		}
	}
	for _, s := range f.Series {
		st := s.Style % 8
		w.f(`<path class="ln s%d d%d" d="%s"/>`, st, st, path(xs, ys, s.X, s.Y, s.Step))
		// markers at a few evenly spaced vertices, so that the series reads
		// without colour
		n := len(s.X)
		if n > 0 {
			k := min(n, 6)
			for j := 0; j < k; j++ {
				i := (j*2 + 1) * n / (2 * k)
				if x, y := xs.at(s.X[i]), ys.at(s.Y[i]); finite(x) && finite(y) {
					w.s(marker(st, x, y, 3.5))
				}
			}
		}
	}
	w.s(`</g>`)
	for _, p := range f.Points {
		x, y := xs.at(p.X), ys.at(p.Y)
		if !finite(x) || !finite(y) {
			continue
		}
		w.s(`<g class="pt">`, marker(p.Style%8, x, y, 5.5), `<title>`)
		w.esc(p.Name)
		w.s(`</title></g>`)
	}
	// legend
	type item struct {
		name  string
		style int
		bar   bool
	}
	var items []item
	for _, s := range f.Series {
		if s.Name != "" {
			items = append(items, item{s.Name, s.Style % 8, false})
		}
	}
	for _, s := range f.Bars {
		if s.Name != "" {
			items = append(items, item{s.Name, s.Style % 8, true})
		}
	}
	for _, p := range f.Points {
		items = append(items, item{p.Name, p.Style % 8, false})
	}
	if len(items) > 0 {
		lx, ly := x1-8.0, y1+6.0
		if f.Square {
			lx = svgW - padR
		}
		switch f.Legend {
		case "br":
			ly = y0 - 8 - 16*float64(len(items))
		case "bl":
			ly = y0 - 8 - 16*float64(len(items))
			lx = x0 + 230
		case "tl":
			lx = x0 + 230
		}
		w.s(`<g class="lg">`)
		for i, it := range items {
			y := ly + float64(i)*16
			tx := lx - 34
			if it.bar {
				w.f(`<rect class="bar s%d" x="%.1f" y="%.1f" width="22" height="8"/>`, it.style, lx-26, y+4)
			} else if i < len(items)-len(f.Points) {
				w.f(`<path class="ln s%d d%d" d="M%.1f %.1fh26"/>`, it.style, it.style, lx-28, y+8)
				w.s(marker(it.style, lx-15, y+8, 3.5))
			} else {
				w.s(marker(it.style, lx-15, y+8, 5))
			}
			w.f(`<text text-anchor="end" x="%.1f" y="%.1f">`, tx, y+12)
			w.esc(it.name)
			w.s(`</text>`)
		}
		w.s(`</g>`)
	}
	if tl := f.Tiles; tl != nil {
		// the scale's legend, right of the square plot: most at the top
		lx := x1 + 12
		w.s(`<g class="lg"><text x="`, string(px(nil, lx)), `" y="`, string(px(nil, y1+10)), `">rows a cell</text>`)
		for k := densitySteps - 1; k >= 0; k-- {
			y := y1 + 18 + float64(densitySteps-1-k)*17
			w.f(`<rect class="q%d" x="%.1f" y="%.1f" width="14" height="14"/>`, k, lx, y)
			w.f(`<text x="%.1f" y="%.1f">`, lx+19, y+11)
			w.esc(tl.Legend[k])
			w.s(`</text>`)
		}
		w.s(`</g>`)
	}
	w.s("</svg>\n<figcaption><b>")
	w.esc(f.Title)
	w.s("</b>")
	if f.Note != "" {
		w.s(". ")
		w.esc(f.Note)
	}
	w.s("</figcaption>")
	if f.Table != nil {
		w.s("<details><summary>The numbers of this figure</summary>")
		f.Table.write(w)
		w.s("</details>")
	}
	w.s("</figure>\n")
}

func reverse(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[len(v)-1-i] = x
	}
	return out
}

// path is the SVG path of the polyline through (x[i], y[i]); non-finite
// points break the line.
func path(xs, ys scale, x, y []float64, step bool) string {
	b := make([]byte, 0, 12*len(x)+8)
	pen := false
	var lastY float64
	for i := range x {
		if math.IsNaN(x[i]) || math.IsNaN(y[i]) || math.IsInf(x[i], 0) || math.IsInf(y[i], 0) {
			pen = false
			continue
		}
		px1, py1 := xs.at(x[i]), ys.at(y[i])
		switch {
		case !pen:
			b = append(b, 'M')
		case step:
			b = append(b, 'H')
			b = px(b, px1)
			b = append(b, 'V')
			b = px(b, py1)
			lastY = py1
			continue
		default:
			b = append(b, 'L')
		}
		b = px(b, px1)
		b = append(b, ' ')
		b = px(b, py1)
		pen = true
		lastY = py1
	}
	_ = lastY
	return string(b)
}

// marker draws marker shape style at (x, y) with radius r.
func marker(style int, x, y, r float64) string {
	f := func(v float64) string { return string(px(nil, v)) }
	cls := `class="s` + strconv.Itoa(style) + `"`
	switch style % 8 {
	case 0:
		return `<circle ` + cls + ` cx="` + f(x) + `" cy="` + f(y) + `" r="` + f(r) + `"/>`
	case 1:
		return `<rect ` + cls + ` x="` + f(x-r) + `" y="` + f(y-r) + `" width="` + f(2*r) + `" height="` + f(2*r) + `"/>`
	case 2:
		return `<path ` + cls + ` d="M` + f(x) + ` ` + f(y-1.2*r) + `L` + f(x+1.1*r) + ` ` + f(y+0.8*r) + `H` + f(x-1.1*r) + `Z"/>`
	case 3:
		return `<path ` + cls + ` d="M` + f(x) + ` ` + f(y-1.3*r) + `L` + f(x+1.3*r) + ` ` + f(y) + `L` + f(x) + ` ` + f(y+1.3*r) + `L` + f(x-1.3*r) + ` ` + f(y) + `Z"/>`
	case 4:
		return `<path ` + cls + ` d="M` + f(x) + ` ` + f(y+1.2*r) + `L` + f(x+1.1*r) + ` ` + f(y-0.8*r) + `H` + f(x-1.1*r) + `Z"/>`
	case 5:
		return `<path ` + cls + ` style="fill:none;stroke-width:2" d="M` + f(x-r) + ` ` + f(y-r) + `L` + f(x+r) + ` ` + f(y+r) + `M` + f(x-r) + ` ` + f(y+r) + `L` + f(x+r) + ` ` + f(y-r) + `"/>`
	case 6:
		return `<path ` + cls + ` style="fill:none;stroke-width:2" d="M` + f(x-r) + ` ` + f(y) + `H` + f(x+r) + `M` + f(x) + ` ` + f(y-r) + `V` + f(y+r) + `"/>`
	}
	return `<circle ` + cls + ` style="fill:none;stroke-width:2" cx="` + f(x) + `" cy="` + f(y) + `" r="` + f(r) + `"/>`
}

// Figures is a responsive grid of figures.
type Figures []*Figure

func (fs Figures) write(w *writer) {
	w.s(`<div class="figs">`)
	for _, f := range fs {
		f.write(w)
	}
	w.s("</div>\n")
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
