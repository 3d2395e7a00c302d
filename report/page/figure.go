package page

import "github.com/evalkit-go/evalkit/figure"

// Figures is a responsive grid of figures.
type Figures []*figure.Figure

func (fs Figures) write(w *writer) {
	w.s(`<div class="figs">`)
	for _, f := range fs {
		writeFigure(w, f)
	}
	w.s("</div>\n")
}

// Figure is f as a block of its own, outside a grid.
func Figure(f *figure.Figure) Block { return figureBlock{f} }

type figureBlock struct{ f *figure.Figure }

func (b figureBlock) write(w *writer) { writeFigure(w, b.f) }

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
		tableOf(t).write(w)
		w.s("</details>")
	}
	w.s("</figure>\n")
}

// tableOf is the page's table of a figure's numbers.
func tableOf(t *figure.Table) *Table {
	out := &Table{Caption: t.Caption, Header: t.Header, RowHeads: t.RowHeads}
	for _, r := range t.Rows {
		row := make([]Cell, len(r))
		for i, c := range r {
			row[i] = Cell{Text: c.Text, Key: c.Key, Value: c.Value, Count: c.Count}
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}
