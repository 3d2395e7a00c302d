package figure

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"

	"github.com/evalkit-go/evalkit/result"
)

// svgWriter collects SVG text.
type svgWriter struct{ b bytes.Buffer }

func (w *svgWriter) s(ss ...string) {
	for _, s := range ss {
		w.b.WriteString(s)
	}
}

func (w *svgWriter) esc(s string) { w.b.WriteString(html.EscapeString(s)) }

func (w *svgWriter) f(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// SVG writes f as an <svg> element to embed in an HTML page: its element
// ids start with id, which must be unique in the page; its colours come
// from the classes of StyleSheet, and its <title> and <desc> are the
// figure's Title and Desc, referenced by aria-labelledby.
func (f *Figure) SVG(out io.Writer, id string) error {
	w := &svgWriter{}
	switch {
	case f.CD != nil:
		f.cdSVG(w, id)
	case f.Simplex != nil:
		f.simplexSVG(w, id)
	default:
		f.chartSVG(w, id)
	}
	_, err := out.Write(w.b.Bytes())
	return err
}

// px formats a pixel coordinate with one decimal.
func px(b []byte, v float64) []byte {
	v = math.Round(v*10) / 10
	if v == math.Trunc(v) {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return strconv.AppendFloat(b, v, 'f', 1, 64)
}

// head writes the opening <svg> with view box viewBox, its title and its
// desc.
func (f *Figure) head(w *svgWriter, id, viewBox string) {
	w.s(`<svg viewBox="`, viewBox, `" role="img" aria-labelledby="`, id, `-t `, id, `-d" xmlns="http://www.w3.org/2000/svg">`)
	w.s(`<title id="`, id, `-t">`)
	w.esc(f.Title)
	w.s(`</title><desc id="`, id, `-d">`)
	w.esc(f.Desc)
	w.s(`</desc>`)
}

func (f *Figure) chartSVG(w *svgWriter, id string) {
	l := f.layout()
	f.head(w, id, "0 0 480 "+string(px(nil, l.h)))
	x0, x1, y0, y1 := l.x0, l.x1, l.y0, l.y1
	xs := scale{f.X, x0, x1}
	ys := scale{f.Y, y0, y1}
	var b []byte
	// grid and ticks
	w.s(`<g>`)
	xt, xl := f.xTicks()
	for i, t := range xt {
		x := xs.at(t)
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
		w.esc(xl[i])
		w.s("</text>")
	}
	yt := f.Y.ticks(5)
	if f.YNames != nil {
		yt = yt[:0]
		for i := range f.YNames {
			yt = append(yt, float64(i))
		}
	}
	for i, t := range yt {
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
		label := tickText(t, f.Y)
		if f.YNames != nil {
			label = f.YNames[i]
		}
		w.s(string(b))
		w.esc(label)
		w.s("</text>")
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
	w.f(`<text text-anchor="middle" x="%.1f" y="%.1f">`, (x0+x1)/2, y0+xLabelDrop)
	w.esc(f.XLabel)
	w.f(`</text><text text-anchor="middle" transform="translate(14 %.1f) rotate(-90)">`, (y0+y1)/2)
	w.esc(f.YLabel)
	w.s(`</text>`)
	w.f(`<clipPath id="%s-c"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"/></clipPath><g clip-path="url(#%s-c)">`, id, x0-4, y1-4, x1-x0+8, y0-y1+8, id)
	if tl := f.Tiles; tl != nil {
		paths := make([][]byte, len(Density))
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
			w.f(`<rect class="bar s%d" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, StyleOf(bs.Style).Colour, xa, math.Min(ya, yb), math.Max(xb-xa, 0.5), math.Abs(ya-yb))
		}
	}
	for _, d := range f.Dots {
		b := make([]byte, 0, 24*len(d.X))
		for i := range d.X {
			if !finite(d.X[i]) || !finite(d.Y[i]) {
				continue
			}
			b = append(b, 'M')
			b = px(b, xs.at(d.X[i])-1)
			b = append(b, ' ')
			b = px(b, ys.at(d.Y[i])-1)
			b = append(b, "h2v2h-2z"...)
		}
		w.f(`<path class="dot s%d" d="%s"/>`, StyleOf(d.Style).Colour, b)
	}
	for _, s := range append(append([]Series{}, f.Bands...), f.Series...) {
		if s.Lo != nil {
			d := path(xs, ys, s.X, s.Hi, s.Step)
			d2 := path(xs, ys, reverse(s.X), reverse(s.Lo), s.Step)
			w.f(`<path class="band s%d" d="%sL%s Z"/>`, StyleOf(s.Style).Colour, d, d2[1:])
		}
	}
	for _, s := range f.Series {
		st := StyleOf(s.Style)
		w.f(`<path class="ln s%d d%d" d="%s"/>`, st.Colour, st.Dash, path(xs, ys, s.X, s.Y, s.Step))
		for _, i := range markerAt(len(s.X)) {
			if s.Bare {
				break
			}
			if x, y := xs.at(s.X[i]), ys.at(s.Y[i]); finite(x) && finite(y) {
				w.s(marker(st, x, y, 3.5))
			}
		}
	}
	w.s(`</g>`)
	for _, p := range f.Points {
		x, y := xs.at(p.X), ys.at(p.Y)
		if !finite(x) || !finite(y) {
			continue
		}
		w.s(`<g class="pt">`, marker(StyleOf(p.Style), x, y, 5.5), `<title>`)
		w.esc(p.Name)
		w.s(`</title></g>`)
	}
	if lg := l.legend; len(lg.items) > 0 {
		w.s(`<g class="lg">`)
		for k, it := range lg.items {
			x, y := lg.entry(k)
			st := StyleOf(it.style)
			w.s(`<g class="li">`)
			switch it.kind {
			case itemBar:
				w.f(`<rect class="bar s%d" x="%.1f" y="%.1f" width="22" height="8"/>`, st.Colour, x+2, y+4)
			case itemLine:
				w.f(`<path class="ln s%d d%d" d="M%.1f %.1fh26"/>`, st.Colour, st.Dash, x, y+8)
				w.s(marker(st, x+13, y+8, 3.5))
			default:
				w.s(marker(st, x+13, y+8, 5))
			}
			w.f(`<text x="%.1f" y="%.1f">`, x+entrySwatch, y+12)
			w.esc(it.name)
			w.s(`</text></g>`)
		}
		w.s(`</g>`)
	}
	if tl := f.Tiles; tl != nil {
		// the scale's legend, right of the square plot: most at the top
		lx := x1 + 12
		w.s(`<g class="lg"><text x="`, string(px(nil, lx)), `" y="`, string(px(nil, y1+10)), `">rows a cell</text>`)
		for k := len(Density) - 1; k >= 0; k-- {
			y := y1 + 18 + float64(len(Density)-1-k)*17
			w.f(`<rect class="q%d" x="%.1f" y="%.1f" width="14" height="14"/>`, k, lx, y)
			w.f(`<text x="%.1f" y="%.1f">`, lx+19, y+11)
			w.esc(tl.Legend[k])
			w.s(`</text>`)
		}
		w.s(`</g>`)
	}
	w.s("</svg>")
}

// path is the SVG path of the polyline through (x[i], y[i]); non-finite
// points break the line.
func path(xs, ys scale, x, y []float64, step bool) string {
	b := make([]byte, 0, 12*len(x)+8)
	pen := false
	for i := range x {
		if !finite(x[i]) || !finite(y[i]) {
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
			continue
		default:
			b = append(b, 'L')
		}
		b = px(b, px1)
		b = append(b, ' ')
		b = px(b, py1)
		pen = true
	}
	return string(b)
}

// marker draws the marker of look lk (its shape, in its colour) at
// (x, y) with radius r; its classes name the colour (s0…s7) and the
// shape (m0…m7).
func marker(lk Look, x, y, r float64) string {
	f := func(v float64) string { return string(px(nil, v)) }
	cls := `class="s` + strconv.Itoa(lk.Colour) + ` m` + strconv.Itoa(lk.Marker) + `"`
	switch lk.Marker {
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

func (f *Figure) cdSVG(w *svgWriter, id string) {
	c := f.CD
	l := c.layout()
	f.head(w, id, fmt.Sprintf("0 0 480 %.0f", l.h))
	axisY := 44.0
	if c.CD > 0 {
		w.f(`<path class="axis" d="M%.1f 16H%.1fM%.1f 12V20M%.1f 12V20"/><text class="tick" x="%.1f" y="11" text-anchor="middle">CD %s</text>`,
			l.at(1), l.at(1+c.CD), l.at(1), l.at(1+c.CD), (l.at(1)+l.at(1+c.CD))/2, result.Sig(c.CD))
	}
	w.f(`<path class="axis" d="M%.1f %.1fH%.1f"/>`, l.x0, axisY, l.x1)
	for r := 1; r <= l.k; r++ {
		w.f(`<path class="axis" d="M%.1f %.1fV%.1f"/><text class="tick" x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, l.at(float64(r)), axisY-5, axisY, l.at(float64(r)), axisY-8, r)
	}
	for j, cl := range c.Cliques {
		lo, hi := c.span(cl)
		y := axisY + 10 + 14*float64(j)
		w.f(`<path class="ln s6" style="stroke-width:4" d="M%.1f %.1fH%.1f"/>`, l.at(lo)-3, y, l.at(hi)+3)
	}
	base := axisY + 18 + 14*float64(len(c.Cliques))
	for j, i := range l.order {
		x := l.at(c.AvgRanks[i])
		y, tx, left := l.row(j, base)
		anchor, end := "start", tx-4
		if left {
			anchor, end = "end", tx+4
		}
		w.f(`<path class="ref" style="stroke-dasharray:none" d="M%.1f %.1fV%.1fH%.1f"/>`, x, axisY, y, end)
		w.f(`<text x="%.1f" y="%.1f" text-anchor="%s">`, tx, y+4, anchor)
		w.esc(fmt.Sprintf("%s (%s)", c.Names[i], result.Sig(c.AvgRanks[i])))
		w.s(`</text>`)
	}
	w.s("</svg>")
}

// span is the lowest and highest average rank of a clique.
func (c *CD) span(cl []int) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, i := range cl {
		lo, hi = math.Min(lo, c.AvgRanks[i]), math.Max(hi, c.AvgRanks[i])
	}
	return lo, hi
}

// row is where the j-th best algorithm's label goes: the better half
// hangs to the left (rows from the top), the rest to the right (rows from
// the bottom); tx is the label's anchor.
func (l cdLayout) row(j int, base float64) (y, tx float64, left bool) {
	if j < l.half {
		return base + 18*float64(j), l.x0 - 8, true
	}
	return base + 18*float64(l.k-1-j), l.x1 + 8, false
}
