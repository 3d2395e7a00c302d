package page

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
)

// A Page is one report: a title, the summary facts and the sections.
type Page struct {
	Title   string
	Summary []Fact // data file, rows, models, version, time, …
	Notes   []string
	// Sections appear in order, each with an entry in the contents.
	Sections []*Section
}

// A Fact is one line of the summary: a name and a value, which may be a
// number from the result.
type Fact struct {
	Name  string
	Value Cell
}

// A Section is a titled part of the page.
type Section struct {
	ID, Title string
	Intro     string // one paragraph of plain text
	Blocks    []Block
}

// A Block is a *Table, a *Figure, a *HeatMap or a Note.
type Block interface {
	write(w *writer)
}

// Note is a paragraph of plain text (a warning, an explanation).
type Note string

// Add appends blocks to s and returns s.
func (s *Section) Add(b ...Block) *Section {
	s.Blocks = append(s.Blocks, b...)
	return s
}

// A Cell is a table cell: plain text, or a number from the result. A number
// carries the flattened JSON key of its value (the key of --format csv), so
// the page can be checked against the JSON of the same run: it is written
// as <data value="full digits" data-key="key">4 digits</data>.
type Cell struct {
	Text  string
	Key   string  // "" for plain text
	Value float64 // the number when Key != ""
	Count bool    // show as a count (no decimals when whole)
	// Low and High, when LowKey is set, are an interval shown after the
	// number.
	LowKey, HighKey string
	Low, High       float64
	// PMKey, when set, adds "± PM" (a half-width) after the number.
	PMKey string
	PM    float64
}

// T is a text cell.
func T(s string) Cell { return Cell{Text: s} }

// N is a number cell: the value v at JSON key key.
func N(key string, v float64) Cell { return Cell{Key: key, Value: v} }

// C is a count cell.
func C(key string, v float64) Cell { return Cell{Key: key, Value: v, Count: true} }

// WithCI returns c with an interval.
func (c Cell) WithCI(lowKey string, low float64, highKey string, high float64) Cell {
	c.LowKey, c.Low, c.HighKey, c.High = lowKey, low, highKey, high
	return c
}

// A Table is a table of cells. The first column is a header column when
// RowHeads is set.
type Table struct {
	Caption  string
	Header   []string
	Rows     [][]Cell
	RowHeads bool
	Class    string // extra CSS class
}

// Join is a key path: Join("per_class", 0, "recall") = "per_class.0.recall";
// empty parts are skipped.
func Join(parts ...any) string {
	var b strings.Builder
	for _, p := range parts {
		s := fmt.Sprint(p)
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

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
	text := report.Sig(v)
	if count {
		text = report.Int(v)
	}
	w.s(`<data value="`, result.FormatFloat(v), `" data-key="`)
	w.esc(key)
	w.s(`">`)
	w.esc(text)
	w.s(`</data>`)
}

func (c Cell) write(w *writer) {
	if c.Key == "" {
		w.esc(c.Text)
		return
	}
	num(w, c.Key, c.Value, c.Count)
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

func (n Note) write(w *writer) {
	w.s(`<p class="note">`)
	w.esc(string(n))
	w.s("</p>\n")
}

func (t *Table) write(w *writer) {
	w.s(`<div class="tw"><table class="`, strings.TrimSpace("num "+t.Class), `">`)
	if t.Caption != "" {
		w.s("<caption>")
		w.esc(t.Caption)
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
				c.write(w)
				w.s("</th>")
				continue
			}
			w.s("<td>")
			c.write(w)
			w.s("</td>")
		}
		w.s("</tr>\n")
	}
	w.s("</tbody></table></div>\n")
}

// A HeatMap is a matrix of numbers shown as a table whose cells are shaded
// by Shade (0–1, a share of the row for a confusion matrix).
type HeatMap struct {
	Caption              string
	RowTitle, ColTitle   string // what the rows and columns are ("true class")
	RowLabels, ColLabels []string
	Cells                [][]Cell
	Shade                [][]float64
}

// rowShareHeatMap is the heat map of a table of counts m (rows × cols),
// each cell shaded by its share of its row; key(i, j) is the JSON key of
// cell i, j.
func rowShareHeatMap(caption, rowTitle, colTitle string, rows, cols []string, m [][]float64, key func(i, j int) string) *HeatMap {
	hm := &HeatMap{Caption: caption, RowTitle: rowTitle, ColTitle: colTitle, RowLabels: rows, ColLabels: cols}
	for i, row := range m {
		var cells []Cell
		var shade []float64
		tot := 0.0
		for _, v := range row {
			tot += v
		}
		for j, v := range row {
			cells = append(cells, C(key(i, j), v))
			s := 0.0
			if tot > 0 {
				s = v / tot
			}
			shade = append(shade, s)
		}
		hm.Cells = append(hm.Cells, cells)
		hm.Shade = append(hm.Shade, shade)
	}
	return hm
}

func (h *HeatMap) write(w *writer) {
	w.s(`<div class="tw"><table class="num heat">`)
	w.s("<caption>")
	w.esc(h.Caption)
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
			c.write(w)
			w.s("</td>")
		}
		w.s("</tr>\n")
	}
	w.s("</tbody></table></div>\n")
}

// Write writes the page as one self-contained HTML document: inline
// styles, inline SVG figures, no script, and a Content-Security-Policy
// that forbids every network request.
func (p *Page) Write(out io.Writer) error {
	w := &writer{ids: map[string]int{}}
	w.s("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	w.s(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`, "\n")
	w.s(`<meta name="viewport" content="width=device-width, initial-scale=1">`, "\n")
	w.s(`<meta name="color-scheme" content="light dark">`, "\n")
	w.s("<title>")
	w.esc(p.Title)
	w.s("</title>\n<style>", css, "</style>\n</head>\n<body>\n<header>\n<h1>")
	w.esc(p.Title)
	w.s("</h1>\n")
	if len(p.Summary) > 0 {
		w.s(`<dl class="summary">`)
		for _, f := range p.Summary {
			// A long value (a signature, a path) takes a whole row of
			// the grid instead of wrapping in a narrow column.
			if f.Value.Text != "" && len([]rune(f.Value.Text)) > 40 {
				w.s(`<div class="wide"><dt>`)
			} else {
				w.s("<div><dt>")
			}
			w.esc(f.Name)
			w.s("</dt><dd>")
			f.Value.write(w)
			w.s("</dd></div>")
		}
		w.s("</dl>\n")
	}
	for _, n := range p.Notes {
		Note(n).write(w)
	}
	ids := make([]string, len(p.Sections))
	if len(p.Sections) > 1 {
		w.s(`<nav aria-label="Contents"><ol>`)
		for i, s := range p.Sections {
			ids[i] = w.id(s.ID)
			w.s(`<li><a href="#`, ids[i], `">`)
			w.esc(s.Title)
			w.s("</a></li>")
		}
		w.s("</ol></nav>\n")
	} else {
		for i, s := range p.Sections {
			ids[i] = w.id(s.ID)
		}
	}
	w.s("</header>\n<main>\n")
	for i, s := range p.Sections {
		w.s(`<section id="`, ids[i], `" aria-labelledby="h-`, ids[i], `">`, "\n")
		w.s(`<h2 id="h-`, ids[i], `">`)
		w.esc(s.Title)
		w.s("</h2>\n")
		if s.Intro != "" {
			w.s("<p>")
			w.esc(s.Intro)
			w.s("</p>\n")
		}
		for _, b := range s.Blocks {
			b.write(w)
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
.tw{max-width:100%;overflow-x:auto;margin:.6rem 0 1rem}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.2rem 0 .4rem;caption-side:top}
th,td{padding:.22rem .55rem;border-bottom:1px solid var(--grid);text-align:right;white-space:nowrap}
th[scope=row],thead th:first-child{text-align:left}thead th{border-bottom:2px solid var(--axis)}
.ci{color:var(--mute);font-size:.88em}
.heat td{background:color-mix(in srgb,var(--heat) var(--h),transparent);min-width:3rem;text-align:center}
.heat td.hi{color:var(--bg)}.heat .corner{font-weight:400;color:var(--mute);font-size:.85em}
.figs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));gap:1rem}
figure{margin:.6rem 0;break-inside:avoid;page-break-inside:avoid}
figure svg{width:100%;height:auto;max-width:34rem;display:block}
figcaption{font-size:.9rem;color:var(--mute)}figcaption b{color:var(--fg)}
` +
	figure.StyleSheet + `@media (max-width:40rem){td .ci{display:block}th[scope=row]{white-space:normal;min-width:8rem}caption{min-width:min(18rem,80vw)}}
details{margin:.3rem 0 1rem}summary{cursor:pointer;color:var(--mute);font-size:.9rem}
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

// withInterval adds to c the interval of measure key (a path within the
// report at prefix) from the report's intervals, if it has one.
func withInterval(c Cell, prefix, key string, ivs map[string]hyptest.Interval) Cell {
	if iv, ok := ivs[key]; ok {
		c = c.WithCI(Join(prefix, "intervals", key, "low"), iv.Low, Join(prefix, "intervals", key, "high"), iv.High)
	}
	return c
}

// levelText is a confidence level as people write it: 0.95 → "95%".
func levelText(l float64) string {
	return strconv.FormatFloat(100*l, 'g', -1, 64) + "%"
}

// ciIntro says what the brackets of a report are: the level, and what
// each interval was computed from (its method, and for the bootstraps the
// replicates and seed of the signature), naming the JSON keys of each.
func ciIntro(level float64, ivs map[string]hyptest.Interval, sig *result.Signature) string {
	byMethod := map[string][]string{}
	for k, iv := range ivs {
		byMethod[iv.Method] = append(byMethod[iv.Method], k)
	}
	methods := make([]string, 0, len(byMethod))
	for m := range byMethod {
		methods = append(methods, m)
	}
	sort.Strings(methods)
	boot := "bootstrap"
	if sig != nil && sig.CI != nil {
		boot = fmt.Sprintf("bootstrap, %d replicates, seed %d", sig.CI.Bootstrap, sig.CI.Seed)
	}
	var parts []string
	for _, m := range methods {
		keys := byMethod[m]
		sort.Strings(keys)
		what, ok := map[string]string{
			hyptest.CIDeLong: "DeLong's variance", hyptest.CIT: "t-interval of the mean of the per-row values",
			hyptest.CIDeLongWeighted: "DeLong's variance of weighted rows", hyptest.CITWeighted: "t-interval of the weighted mean of the per-row values",
			hyptest.CISqrtT: "square roots of the MSE's t-interval", hyptest.CIPercentile: "percentile " + boot,
			hyptest.CIBCa: "BCa " + boot, hyptest.CIWilson: "Wilson score interval", hyptest.CIClopperPearson: "Clopper–Pearson exact interval",
			hyptest.CIAgrestiCoull: "Agresti–Coull interval", hyptest.CIJeffreys: "Jeffreys interval", hyptest.CIWald: "Wald interval",
			hyptest.CIDelta: "delta method (t-interval of the linearised variance)", hyptest.CIDeltaLog: "delta method on the scale of log(1 − θ)",
			hyptest.CIDeltaSqrt: "square roots of the MSE's delta-method interval", hyptest.CIAverageBound: "the same average of the outputs' interval ends (conservative)",
			hyptest.CIDeltaLogNormal: "delta method on the scale of log θ",
			hyptest.CIDeltaLogit:     "delta method on the logit scale",
		}[m]
		if !ok {
			what = m
		}
		parts = append(parts, what+" ("+strings.Join(keys, ", ")+")")
	}
	return fmt.Sprintf("Brackets give each number's %s confidence interval, computed from every row by: %s.", levelText(level), strings.Join(parts, "; "))
}
