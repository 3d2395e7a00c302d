package report

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/result"
)

// writer collects the HTML.
type writer struct {
	b   bytes.Buffer
	ids map[string]int
}

func (w *writer) s(ss ...string) {
	for _, s := range ss {
		w.b.WriteString(s)
	}
}

func (w *writer) esc(s string) { w.b.WriteString(html.EscapeString(s)) }

func (w *writer) f(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

// id returns a unique element id from base.
func (w *writer) id(base string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "x"
	}
	w.ids[s]++
	if n := w.ids[s]; n > 1 {
		s = fmt.Sprintf("%s-%d", s, n)
	}
	return s
}

func num(w *writer, key string, v float64, count bool) {
	numAs(w, key, v, numText(v, count))
}

// numAs writes number v at key, shown as text.
func numAs(w *writer, key string, v float64, text string) {
	w.s(`<data value="`, result.FormatFloat(v), `" data-key="`)
	w.esc(key)
	w.s(`">`)
	w.esc(text)
	w.s(`</data>`)
}

func (c Cell) html(w *writer) {
	if c.Key == "" {
		w.esc(c.Text)
		return
	}
	numAs(w, c.Key, c.Value, c.text())
	if c.PMKey != "" {
		w.s(" ± ")
		num(w, c.PMKey, c.PM, false)
	}
	if c.LowKey != "" {
		w.s(` <span class="ci">[`)
		num(w, c.LowKey, c.Low, false)
		w.s(`, `)
		num(w, c.HighKey, c.High, false)
		w.s(`]</span>`)
	}
}

func (l Lead) html(w *writer) {
	w.s(`<p class="lead">`)
	w.esc(string(l))
	w.s("</p>\n")
}

func (n Note) html(w *writer) {
	w.s(`<p class="note">`)
	w.esc(string(n))
	w.s("</p>\n")
}

func (t *Table) html(w *writer) {
	w.s(`<div class="tw"><table class="`, strings.TrimSpace("num "+t.Class), `">`)
	if t.Title != "" {
		w.s("<caption>")
		w.esc(t.Title)
		w.s("</caption>")
	}
	if len(t.Header) > 0 {
		w.s("<thead><tr>")
		for _, h := range t.Header {
			w.s(`<th scope="col">`)
			w.esc(h)
			w.s("</th>")
		}
		w.s("</tr></thead>")
	}
	w.s("<tbody>\n")
	for _, r := range t.Rows {
		w.s("<tr>")
		for i, c := range r {
			if i == 0 && t.RowHeads {
				w.s(`<th scope="row">`)
				c.html(w)
				w.s("</th>")
				continue
			}
			w.s("<td>")
			c.html(w)
			w.s("</td>")
		}
		w.s("</tr>\n")
	}
	w.s("</tbody></table></div>\n")
}

func (h *HeatMap) html(w *writer) {
	w.s(`<div class="tw"><table class="num heat">`)
	w.s("<caption>")
	w.esc(h.Title)
	w.s("</caption>")
	w.s(`<thead><tr><th scope="col" class="corner">`)
	w.esc(h.RowTitle + " ↓ · " + h.ColTitle + " →")
	w.s("</th>")
	for _, l := range h.ColLabels {
		w.s(`<th scope="col">`)
		w.esc(l)
		w.s("</th>")
	}
	w.s("</tr></thead><tbody>\n")
	for i, row := range h.Cells {
		w.s(`<tr><th scope="row">`)
		w.esc(h.RowLabels[i])
		w.s("</th>")
		for j, c := range row {
			s := 0.0
			if i < len(h.Shade) && j < len(h.Shade[i]) {
				s = h.Shade[i][j]
			}
			if !(s >= 0) {
				s = 0
			}
			s = math.Min(s, 1)
			class := ""
			if s > 0.55 {
				class = ` class="hi"`
			}
			w.f(`<td%s style="--h:%.0f%%">`, class, 100*s)
			c.html(w)
			w.s("</td>")
		}
		w.s("</tr>\n")
	}
	w.s("</tbody></table></div>\n")
}

// html writes m collapsed: its title as the summary, then each method in
// words with the keys of its intervals, numbered keys said once by
// pattern.
func (m *Methods) html(w *writer) {
	n := 0
	for _, g := range m.Groups {
		n += len(g.Keys)
	}
	w.s(`<details class="methods"><summary>`)
	w.esc(fmt.Sprintf("%s (%d %s, %d %s)", m.Title, len(m.Groups), plural(len(m.Groups), "method", "methods"), n, plural(n, "interval", "intervals")))
	w.s("</summary><dl>")
	for _, g := range m.Groups {
		w.s("<div><dt>")
		w.esc(g.What)
		w.s("</dt><dd>")
		pats, counts := KeyPatterns(g.Keys)
		for i, p := range pats {
			if i > 0 {
				w.s(", ")
			}
			w.s("<code>")
			w.esc(p)
			w.s("</code>")
			if counts[i] > 1 {
				w.esc(fmt.Sprintf(" (%d)", counts[i]))
			}
		}
		w.s("</dd></div>")
	}
	w.s("</dl></details>\n")
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// HTML writes the document as one self-contained HTML document: inline
// styles, inline SVG figures, no script, and a Content-Security-Policy
// that forbids every network request.
func (d *Doc) HTML(out io.Writer) error {
	w := &writer{ids: map[string]int{}}
	w.s("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	w.s(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`, "\n")
	w.s(`<meta name="viewport" content="width=device-width, initial-scale=1">`, "\n")
	w.s(`<meta name="color-scheme" content="light dark">`, "\n")
	w.s("<title>")
	w.esc(d.Title)
	w.s("</title>\n<style>", css, "</style>\n</head>\n<body>\n<header>\n<h1>")
	w.esc(d.Title)
	w.s("</h1>\n")
	if len(d.Summary) > 0 {
		w.s(`<dl class="summary">`)
		for _, f := range d.Summary {
			// A long value (a signature, a path) takes a whole row of
			// the grid instead of wrapping in a narrow column.
			if f.Value.Text != "" && len([]rune(f.Value.Text)) > 40 {
				w.s(`<div class="wide"><dt>`)
			} else {
				w.s("<div><dt>")
			}
			w.esc(f.Name)
			w.s("</dt><dd>")
			f.Value.html(w)
			w.s("</dd></div>")
		}
		w.s("</dl>\n")
	}
	for _, b := range d.Blocks {
		writeBlock(w, b)
	}
	ids := make([]string, len(d.Sections))
	if len(d.Sections) > 1 {
		w.s(`<nav aria-label="Contents"><ol>`)
		for i, s := range d.Sections {
			ids[i] = w.id(s.ID)
			w.s(`<li><a href="#`, ids[i], `">`)
			w.esc(s.Title)
			w.s("</a></li>")
		}
		w.s("</ol></nav>\n")
	} else {
		for i, s := range d.Sections {
			ids[i] = w.id(s.ID)
		}
	}
	w.s("</header>\n<main>\n")
	for i, s := range d.Sections {
		w.s(`<section id="`, ids[i], `" aria-labelledby="h-`, ids[i], `">`, "\n")
		w.s(`<h2 id="h-`, ids[i], `">`)
		w.esc(s.Title)
		w.s("</h2>\n")
		if s.Intro != "" {
			w.s("<p>")
			w.esc(s.Intro)
			w.s("</p>\n")
		}
		if s.Methods != nil {
			s.Methods.html(w)
		}
		for _, b := range s.Blocks {
			writeBlock(w, b)
		}
		w.s("</section>\n")
	}
	w.s("</main>\n<footer><p>Written by evalkit. Every number on this page is a number of the JSON output of the same task with the same flags (<code>--format json</code>), shown to 4 significant digits; each one's every digit is in the <code>value</code> attribute of its <code>data</code> element, and its JSON path in <code>data-key</code>.</p></footer>\n</body>\n</html>\n")
	_, err := out.Write(w.b.Bytes())
	return err
}

// css is the page's only style sheet. Colours are custom properties so
// that the dark scheme and print only redefine them; the figures' colours
// are the themes of package figure (series: the Okabe–Ito palette, safe
// for colour blindness), and every series also has its own dash pattern
// and marker.
var css = "\n:root{" + themeVars(figure.Light, "#f6f6f4") + ";\n" + figure.Light.SeriesVars() + ";\n" + `font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
` +
	"@media (prefers-color-scheme:dark){:root{" + themeVars(figure.Dark, "#202329") + ";\n" + figure.Dark.SeriesVars() + "}}\n" + `*{box-sizing:border-box}
body{margin:0 auto;max-width:80rem;padding:1rem;overflow-wrap:anywhere}
h1{font-size:1.5rem;margin:.2rem 0 .8rem}h2{font-size:1.2rem;margin:2rem 0 .6rem;border-bottom:1px solid var(--grid);padding-bottom:.2rem}
a{color:var(--c0)}code{font-size:.92em}
.summary{display:grid;grid-template-columns:repeat(auto-fit,minmax(13rem,1fr));gap:.3rem 1.2rem;margin:0 0 1rem;padding:.6rem .8rem;background:var(--panel);border-radius:6px}
.summary div{display:flex;gap:.5rem;min-width:0}.summary .wide{grid-column:1/-1}.summary dt{color:var(--mute);flex:none}.summary dd{margin:0;min-width:0}
nav ol{margin:.3rem 0;padding-left:1.4rem;columns:14rem}
.note{color:var(--mute);font-size:.92rem}
.lead{font-size:1.05rem;font-weight:600;border-left:4px solid var(--grid);padding:.3rem .8rem;margin:1rem 0}
.tw{max-width:100%;overflow-x:auto;margin:.6rem 0 1rem}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.2rem 0 .4rem;caption-side:top}
th,td{padding:.22rem .55rem;border-bottom:1px solid var(--grid);text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left}thead th{border-bottom:2px solid var(--axis)}
.ci{color:var(--mute);font-size:.88em}
.gates td:last-child{white-space:normal;text-align:left;min-width:18rem}.gates thead th:last-child,.gates td:nth-child(2){text-align:left}.gates td:nth-child(2){font-weight:600}
.heat td{background:color-mix(in srgb,var(--heat) var(--h),transparent);min-width:3rem;text-align:center}
.heat td.hi{color:var(--bg)}.heat .corner{font-weight:400;color:var(--mute);font-size:.85em}
.figs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:1rem}
figure{margin:.6rem 0;break-inside:avoid;page-break-inside:avoid}
figure svg{width:100%;height:auto;max-width:34rem;display:block}
figcaption{font-size:.9rem;color:var(--mute)}figcaption b{color:var(--fg)}
` +
	figure.StyleSheet + `@media (max-width:40rem){td .ci{display:block}th[scope=row]{white-space:normal;min-width:8rem}caption{min-width:min(18rem,80vw)}.tw caption{position:sticky;left:0;max-width:calc(100vw - 2rem)}}
details{margin:.3rem 0 1rem}summary{cursor:pointer;color:var(--mute);font-size:.9rem}
.methods dl{margin:.4rem 0 0;font-size:.9rem}.methods dl div{display:grid;grid-template-columns:minmax(10rem,22rem) 1fr;gap:0 1rem;padding:.25rem 0;border-bottom:1px solid var(--grid)}
.methods dt{font-weight:600}.methods dd{margin:0}@media (max-width:40rem){.methods dl div{grid-template-columns:1fr}}
footer{margin-top:3rem;color:var(--mute);font-size:.85rem;border-top:1px solid var(--grid)}
@media print{:root{--bg:#fff;--fg:#000;--mute:#444;--grid:#ccc;--axis:#000;--panel:#fff;font-size:11pt}
body{max-width:none;padding:0}nav{display:none}details{display:block}details>*{display:block}
.figs{grid-template-columns:repeat(2,minmax(0,1fr))}figure svg{max-width:30rem}.figs figure svg{max-width:100%}figure,tr,.heat{break-inside:avoid;page-break-inside:avoid}
thead{display:table-header-group}h2{break-after:avoid;page-break-after:avoid}.tw{overflow:visible}}
`

// themeVars is a theme's colours of text, grid and axes as CSS custom
// properties, with the page's panel colour and the heat maps' colour (the
// first series colour).
func themeVars(t figure.Theme, panel string) string {
	return "--bg:" + t.BG + ";--fg:" + t.FG + ";--mute:" + t.Mute + ";--grid:" + t.Grid + ";--axis:" + t.Axis + ";--panel:" + panel + ";--heat:" + t.Series[0]
}

func (fs Figures) html(w *writer) {
	w.s(`<div class="figs">`)
	for _, f := range fs {
		writeFigure(w, f)
	}
	w.s("</div>\n")
}

func (b figureBlock) html(w *writer) { writeFigure(w, b.f) }

// writeFigure writes f as a <figure>: its inline SVG, its title and note
// as the caption, and the table of its numbers in a <details>.
func writeFigure(w *writer, f *figure.Figure) {
	id := w.id("fig-" + f.Title)
	w.s(`<figure id="`, id, `" class="fig">`)
	f.SVG(&w.b, id)
	w.s("\n<figcaption><b>")
	w.esc(f.Title)
	w.s("</b>")
	if f.Note != "" {
		w.s(". ")
		w.esc(f.Note)
	}
	w.s("</figcaption>")
	if t := f.Table; t != nil {
		w.s("<details><summary>The numbers of this figure</summary>")
		tableOf(t).html(w)
		w.s("</details>")
	}
	w.s("</figure>\n")
}

// writeBlock writes one block as HTML.
func writeBlock(w *writer, b Block) {
	switch x := b.(type) {
	case *Pairs:
		t := &Table{Title: x.Title, RowHeads: true}
		for _, it := range x.Items {
			t.Rows = append(t.Rows, Row(it[0], it[1]))
		}
		t.html(w)
	case *Table:
		x.html(w)
	case *HeatMap:
		x.html(w)
	case Note:
		x.html(w)
	case Lead:
		x.html(w)
	case Figures:
		x.html(w)
	case figureBlock:
		x.html(w)
	}
}
