package figure

import (
	"math"
	"unicode"
)

// A legendItem is an entry of the legend: a series (a line with a
// marker), a bar series (a swatch) or a point (a marker).
type legendItem struct {
	name  string
	style int
	kind  int // itemLine, itemBar or itemPoint
}

const (
	itemLine = iota
	itemBar
	itemPoint
)

// The legend's geometry, in view-box units: an entry is a swatch
// entrySwatch wide, then its name; entries are entryH apart, columns
// colGap apart, and the box has a margin of boxPad around them.
const (
	entryH      = 16.0
	entrySwatch = 32.0
	colGap      = 12.0
	boxPad      = 4.0
	legendGap   = 10.0     // between the plot area and a legend outside it
	xLabelDrop  = padB - 8 // from the x axis down to the baseline of its label
)

// chartLayout is where a chart's parts go, in view-box units: the plot
// area (x from x0 to x1, y from y0 at the bottom to y1 at the top), the
// height of the view box (svgH; less when a square plot shrinks to leave
// room for the legend at its right, more when the legend is below the
// plot) and the legend.
type chartLayout struct {
	x0, x1, y0, y1 float64
	h              float64
	legend         legendLayout
}

// legendLayout is the legend's box (top left x, y; size w × h) and its
// entries, in cols columns colW apart, filled column by column.
type legendLayout struct {
	items      []legendItem
	x, y, w, h float64
	cols       int
	colW       float64
}

// entry is the top left corner of entry k.
func (l legendLayout) entry(k int) (x, y float64) {
	rows := (len(l.items) + l.cols - 1) / l.cols
	return l.x + boxPad + float64(k/rows)*l.colW, l.y + boxPad + float64(k%rows)*entryH
}

// legendItems are the entries of f's legend: its named series, its named
// bar series and its points.
func (f *Figure) legendItems() []legendItem {
	var items []legendItem
	for _, s := range f.Series {
		if s.Name != "" {
			items = append(items, legendItem{s.Name, s.Style, itemLine})
		}
	}
	for _, s := range f.Bars {
		if s.Name != "" {
			items = append(items, legendItem{s.Name, s.Style, itemBar})
		}
	}
	for _, p := range f.Points {
		items = append(items, legendItem{p.Name, p.Style, itemPoint})
	}
	return items
}

// textWidth is an upper estimate of the width of s in the legend's
// 11.5-unit font (the widths of DejaVu Sans, the widest common fallback
// of system-ui), so that a box sized by it holds the text.
func textWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case r == ' ':
			w += 3.8
		case r == 'm' || r == 'w' || r == 'M' || r == 'W' || r == '—' || r == '–':
			w += 10.5
		case r == 'i' || r == 'l' || r == 'j' || r == 't' || r == 'f' || r == 'r' || r == 'I' ||
			r == '.' || r == ',' || r == ':' || r == ';' || r == '|' || r == '!' || r == '\'' || r == '(' || r == ')':
			w += 4.6
		case unicode.IsUpper(r) || unicode.IsDigit(r):
			w += 7.6
		default:
			w += 7.1
		}
	}
	return w
}

// layout places the plot area and the legend of a chart. The legend goes
// where it covers nothing drawn: right of a square plot area when it
// fits there (the square shrinks by at most a fifth to make room), else
// in the first empty corner of the plot area (the corner of f.Legend
// first), else below the plot in as many columns as fit, the view box
// taller by its height.
func (f *Figure) layout() chartLayout {
	x0, x1, y0, y1 := f.frame()
	l := chartLayout{x0: x0, x1: x1, y0: y0, y1: y1, h: svgH}
	items := f.legendItems()
	if len(items) == 0 {
		return l
	}
	ew := 0.0
	for _, it := range items {
		ew = math.Max(ew, entrySwatch+textWidth(it.name))
	}
	lg := legendLayout{items: items, cols: 1, colW: ew + colGap, w: ew + 2*boxPad, h: entryH*float64(len(items)) + 2*boxPad}
	bottom := f.Legend == BottomRight || f.Legend == BottomLeft
	if f.Square && f.Tiles == nil {
		side := y0 - y1
		room := svgW - 2 - lg.w - legendGap - x0 // the side that leaves room on the right
		if room >= 0.8*side && lg.h <= math.Min(side, room) {
			// The view box loses what the square does, at the bottom.
			d := math.Max(side-room, 0)
			l.x1, l.y0, l.h = x1-d, y0-d, svgH-d
			lg.x, lg.y = l.x1+legendGap, y1
			if bottom {
				lg.y = l.y0 - lg.h
			}
			l.legend = lg
			return l
		}
	}
	xs, ys := scale{f.X, x0, x1}, scale{f.Y, y0, y1}
	corners := []Corner{f.Legend, TopRight, TopLeft, BottomRight, BottomLeft}
	for _, c := range corners {
		lg.x, lg.y = x1-6-lg.w, y1+6
		if c == TopLeft || c == BottomLeft {
			lg.x = x0 + 6
		}
		if c == BottomRight || c == BottomLeft {
			lg.y = y0 - 6 - lg.h
		}
		if lg.x >= x0 && lg.y >= y1 && !f.covers(xs, ys, lg.x, lg.y, lg.x+lg.w, lg.y+lg.h) {
			l.legend = lg
			return l
		}
	}
	// Below the axis label, in columns.
	n := len(items)
	lg.cols = min(n, max(1, int((svgW-2*boxPad-8+colGap)/lg.colW)))
	rows := (n + lg.cols - 1) / lg.cols
	lg.w = float64(lg.cols)*lg.colW - colGap + 2*boxPad
	lg.h = entryH*float64(rows) + 2*boxPad
	lg.x, lg.y = math.Max((svgW-lg.w)/2, 2), y0+xLabelDrop+6
	l.h = lg.y + lg.h + 2
	l.legend = lg
	return l
}

// covers reports whether anything drawn in the plot area comes within a
// few units of the box from (bx0, by0) to (bx1, by1): a line, a band's
// edge, a marker, a marked point, a bar, a dot or a tile.
func (f *Figure) covers(xs, ys scale, bx0, by0, bx1, by1 float64) bool {
	in := func(x, y, pad float64) bool {
		return x >= bx0-pad && x <= bx1+pad && y >= by0-pad && y <= by1+pad
	}
	rect := func(xa, ya, xb, yb float64) bool {
		return math.Max(xa, xb) >= bx0-2 && math.Min(xa, xb) <= bx1+2 && math.Max(ya, yb) >= by0-2 && math.Min(ya, yb) <= by1+2
	}
	line := func(x, y []float64, step bool) bool {
		for _, pl := range polylines(xs, ys, x, y, step) {
			for i, q := range pl {
				if in(q[0], q[1], 3) {
					return true
				}
				if i == 0 {
					continue
				}
				p := pl[i-1]
				n := math.Ceil(math.Hypot(q[0]-p[0], q[1]-p[1]) / 2)
				for k := 1.0; k < n; k++ {
					if in(p[0]+(q[0]-p[0])*k/n, p[1]+(q[1]-p[1])*k/n, 3) {
						return true
					}
				}
			}
		}
		return false
	}
	for _, r := range f.Refs {
		if line(r.X, r.Y, false) {
			return true
		}
	}
	for _, s := range append(append([]Series{}, f.Bands...), f.Series...) {
		if s.Lo != nil && (line(s.X, s.Lo, s.Step) || line(s.X, s.Hi, s.Step)) {
			return true
		}
	}
	for _, s := range f.Series {
		if line(s.X, s.Y, s.Step) {
			return true
		}
		for _, i := range markerAt(len(s.X)) {
			if !s.Bare && in(xs.at(s.X[i]), ys.at(s.Y[i]), 6) {
				return true
			}
		}
	}
	for _, p := range f.Points {
		if in(xs.at(p.X), ys.at(p.Y), 8) {
			return true
		}
	}
	for _, bs := range f.Bars {
		for i := range bs.Y {
			if rect(xs.at(bs.Left[i]), ys.at(0), xs.at(bs.Right[i]), ys.at(bs.Y[i])) {
				return true
			}
		}
	}
	for _, d := range f.Dots {
		for i := range d.X {
			if in(xs.at(d.X[i]), ys.at(d.Y[i]), 2) {
				return true
			}
		}
	}
	if tl := f.Tiles; tl != nil {
		for i := range tl.Step {
			if rect(xs.at(tl.X0[i]), ys.at(tl.Y0[i]), xs.at(tl.X1[i]), ys.at(tl.Y1[i])) {
				return true
			}
		}
	}
	return false
}
