package figure

import (
	"bytes"
	"io"
	"strings"
)

// A figure file (WriteSVG, WritePNG) is the figure of SVG under its title,
// with its note below, on the light theme's background.
const (
	titleSize, titleLead = 14.0, 18.0 // the title's font size and line height
	noteSize, noteLead   = 10.5, 14.0
	titleChars           = 64 // the longest line of a wrapped title
	noteChars            = 96
)

// fileLayout is the layout of a figure file: the title's and the note's
// lines, the top of the figure, its height and the file's height, in
// view-box units (480 wide).
type fileLayout struct {
	title, note   []string
	top, h, total float64
}

func (f *Figure) fileLayout() fileLayout {
	l := fileLayout{title: wrap(f.Title, titleChars), note: wrap(f.Note, noteChars)}
	l.top = 10 + titleLead*float64(len(l.title))
	switch {
	case f.CD != nil:
		l.h = f.CD.layout().h
	case f.Simplex != nil:
		l.h = simplexH
	default:
		l.h = f.layout().h
	}
	l.total = l.top + l.h + noteLead*float64(len(l.note)) + 8
	return l
}

// wrap breaks s into lines of at most n characters at spaces (a longer
// word is a line of its own).
func wrap(s string, n int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= n:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// WriteSVG writes f as a standalone SVG file: the figure of SVG, its
// title above and its note below, styled by StyleSheet in the Light
// theme.
func (f *Figure) WriteSVG(out io.Writer) error {
	l := f.fileLayout()
	w := &svgWriter{}
	t := Light
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 480 %.0f">`, 480*1.5, l.total*1.5, l.total)
	w.s("<style>:root{--bg:", t.BG, ";--fg:", t.FG, ";--mute:", t.Mute, ";--grid:", t.Grid, ";--axis:", t.Axis, ";", t.SeriesVars(), "}\n",
		StyleSheet, "svg .title{font-size:14px;font-weight:600}svg .note{fill:var(--mute);font-size:10.5px}</style>\n")
	w.s(`<rect width="480" height="`, string(px(nil, l.total)), `" fill="`, t.BG, `"/>`)
	for i, line := range l.title {
		w.f(`<text class="title" text-anchor="middle" x="240" y="%.1f">`, 10+titleLead*float64(i)+titleSize)
		w.esc(line)
		w.s("</text>")
	}
	var inner bytes.Buffer
	if err := f.SVG(&inner, "fig"); err != nil {
		return err
	}
	w.f(`<svg x="0" y="%.1f" width="480" height="%.1f" `, l.top, l.h)
	w.b.Write(bytes.TrimPrefix(inner.Bytes(), []byte("<svg ")))
	for i, line := range l.note {
		w.f(`<text class="note" x="12" y="%.1f">`, l.top+l.h+noteLead*float64(i)+noteSize)
		w.esc(line)
		w.s("</text>")
	}
	w.s("</svg>\n")
	_, err := out.Write(w.b.Bytes())
	return err
}
