package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalkit-go/evalkit/figure"
)

// Text writes d for a terminal: titles underlined, pairs and tables
// aligned by text/tabwriter, numbers to 4 significant digits.
func (d *Doc) Text(w io.Writer) error {
	var b bytes.Buffer
	if d.Title != "" {
		fmt.Fprintf(&b, "%s\n%s\n", d.Title, strings.Repeat("=", runeLen(d.Title)))
	}
	if len(d.Summary) > 0 {
		b.WriteByte('\n')
		textPairs(&b, "", factItems(d.Summary))
	}
	textBlocks(&b, d.Blocks)
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "\n%s\n%s\n", s.Title, strings.Repeat("-", runeLen(s.Title)))
		if s.Intro != "" {
			fmt.Fprintf(&b, "\n%s\n", s.Intro)
		}
		if s.Methods != nil {
			fmt.Fprintf(&b, "\n%s\n", s.Methods)
		}
		textBlocks(&b, s.Blocks)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// factItems are the facts of a summary as name–value pairs.
func factItems(fs []Fact) [][2]string {
	items := make([][2]string, len(fs))
	for i, f := range fs {
		items[i] = [2]string{f.Name, f.Value.String()}
	}
	return items
}

func textBlocks(b *bytes.Buffer, blocks []Block) {
	for _, blk := range blocks {
		switch x := blk.(type) {
		case *Pairs:
			b.WriteByte('\n')
			textPairs(b, x.Title, x.Items)
		case *Table:
			b.WriteByte('\n')
			textTable(b, x)
		case *HeatMap:
			b.WriteByte('\n')
			textTable(b, x.table())
		case Note:
			fmt.Fprintf(b, "\n%s\n", string(x))
		case Lead:
			fmt.Fprintf(b, "\n%s\n", string(x))
		case Figures:
			for _, f := range x {
				textFigure(b, f)
			}
		case figureBlock:
			textFigure(b, x.f)
		}
	}
}

func textPairs(b *bytes.Buffer, title string, items [][2]string) {
	if title != "" {
		fmt.Fprintf(b, "%s\n", title)
	}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for _, it := range items {
		fmt.Fprintf(tw, "  %s\t%s\n", it[0], it[1])
	}
	tw.Flush()
}

func textTable(b *bytes.Buffer, x *Table) {
	if x.Title != "" {
		fmt.Fprintf(b, "%s\n", x.Title)
	}
	var tb bytes.Buffer
	tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', tabwriter.AlignRight)
	first := firstWidth(x)
	row := func(cells []string) {
		// AlignRight pads every cell on the left; the first column
		// reads better left-aligned, so pad it by hand.
		fmt.Fprint(tw, "  ")
		for i, c := range cells {
			if i == 0 {
				c = c + strings.Repeat(" ", first-runeLen(c))
			}
			if x.LeftLast && i == len(cells)-1 && i > 0 {
				// after the last tab: not a column, so not padded
				fmt.Fprint(tw, "  "+c)
				continue
			}
			fmt.Fprintf(tw, "%s\t", c)
		}
		fmt.Fprintln(tw)
	}
	row(x.Header)
	for _, r := range x.Rows {
		row(texts(r)) // a blank row keeps its tabs, so the columns stay one block
	}
	tw.Flush()
	for _, l := range strings.SplitAfter(tb.String(), "\n") {
		if l == "" {
			continue
		}
		b.WriteString(strings.TrimRight(l, " \n"))
		b.WriteByte('\n')
	}
}

// textFigure writes a figure as its title, its note and the table of its
// numbers: a terminal has no picture.
func textFigure(b *bytes.Buffer, f *figure.Figure) {
	fmt.Fprintf(b, "\nFigure: %s", f.Title)
	if f.Note != "" {
		fmt.Fprintf(b, ". %s", f.Note)
	}
	b.WriteByte('\n')
	if f.Table != nil {
		b.WriteByte('\n')
		textTable(b, tableOf(f.Table))
	}
}

// texts is a row's cells as people read them.
func texts(r []Cell) []string {
	s := make([]string, len(r))
	for i, c := range r {
		s[i] = c.String()
	}
	return s
}

// blank reports whether every cell of a row is empty: such a row is a
// separator, an empty line in text, left out of Markdown.
func blank(r []Cell) bool {
	for _, c := range r {
		if c.String() != "" {
			return false
		}
	}
	return true
}

func firstWidth(t *Table) int {
	n := 0
	if len(t.Header) > 0 {
		n = runeLen(t.Header[0])
	}
	for _, r := range t.Rows {
		if len(r) > 0 && runeLen(r[0].String()) > n {
			n = runeLen(r[0].String())
		}
	}
	return n
}

func runeLen(s string) int { return len([]rune(s)) }

// table is the heat map as a table of its cells, its row labels first.
func (h *HeatMap) table() *Table {
	t := &Table{Title: h.Title, Header: append([]string{h.RowTitle + " ↓ · " + h.ColTitle + " →"}, h.ColLabels...), RowHeads: true}
	for i, r := range h.Cells {
		t.Rows = append(t.Rows, append([]Cell{T(h.RowLabels[i])}, r...))
	}
	return t
}

// tableOf is the table of a figure's numbers.
func tableOf(t *figure.Table) *Table {
	out := &Table{Title: t.Caption, Header: t.Header, RowHeads: t.RowHeads}
	for _, r := range t.Rows {
		row := make([]Cell, len(r))
		for i, c := range r {
			row[i] = Cell{Text: c.Text, Key: c.Key, Value: c.Value, Count: c.Count}
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// Markdown writes d as Markdown: pipe tables, the document's title a
// first-level heading, sections second-level ones and the titles of
// tables one level below where they stand.
func (d *Doc) Markdown(w io.Writer) error {
	var b bytes.Buffer
	if d.Title != "" {
		fmt.Fprintf(&b, "# %s\n", d.Title)
	}
	if len(d.Summary) > 0 {
		b.WriteByte('\n')
		mdPairs(&b, "", "", [2]string{"", ""}, factItems(d.Summary))
	}
	mdBlocks(&b, "##", d.Blocks)
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "\n## %s\n", mdEsc(s.Title))
		if s.Intro != "" {
			fmt.Fprintf(&b, "\n%s\n", s.Intro)
		}
		if s.Methods != nil {
			fmt.Fprintf(&b, "\n%s\n", s.Methods)
		}
		mdBlocks(&b, "###", s.Blocks)
	}
	_, err := w.Write(b.Bytes())
	return err
}

func mdEsc(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func mdBlocks(b *bytes.Buffer, heading string, blocks []Block) {
	for _, blk := range blocks {
		switch x := blk.(type) {
		case *Pairs:
			b.WriteByte('\n')
			mdPairs(b, heading, x.Title, [2]string{"measure", "value"}, x.Items)
		case *Table:
			b.WriteByte('\n')
			mdTable(b, heading, x)
		case *HeatMap:
			b.WriteByte('\n')
			mdTable(b, heading, x.table())
		case Note:
			fmt.Fprintf(b, "\n%s\n", string(x))
		case Lead:
			fmt.Fprintf(b, "\n**%s**\n", string(x))
		case Figures:
			for _, f := range x {
				mdFigure(b, heading, f)
			}
		case figureBlock:
			mdFigure(b, heading, x.f)
		}
	}
}

// mdPairs writes name–value pairs as a table of two columns headed head.
func mdPairs(b *bytes.Buffer, heading, title string, head [2]string, items [][2]string) {
	if title != "" {
		fmt.Fprintf(b, "%s %s\n\n", heading, title)
	}
	fmt.Fprintf(b, "| %s | %s |\n|:--|--:|\n", head[0], head[1])
	for _, it := range items {
		fmt.Fprintf(b, "| %s | %s |\n", mdEsc(it[0]), mdEsc(it[1]))
	}
}

func mdTable(b *bytes.Buffer, heading string, x *Table) {
	if x.Title != "" {
		fmt.Fprintf(b, "%s %s\n\n", heading, x.Title)
	}
	for i, h := range x.Header {
		if i == 0 {
			b.WriteString("|")
		}
		fmt.Fprintf(b, " %s |", mdEsc(h))
	}
	b.WriteString("\n|")
	for i := range x.Header {
		if i == 0 || x.LeftLast && i == len(x.Header)-1 {
			b.WriteString(":--|")
		} else {
			b.WriteString("--:|")
		}
	}
	b.WriteByte('\n')
	for _, r := range x.Rows {
		if blank(r) {
			continue
		}
		b.WriteString("|")
		for _, c := range r {
			fmt.Fprintf(b, " %s |", mdEsc(c.String()))
		}
		b.WriteByte('\n')
	}
}

// mdFigure writes a figure as its title, its note and the table of its
// numbers.
func mdFigure(b *bytes.Buffer, heading string, f *figure.Figure) {
	fmt.Fprintf(b, "\n*Figure: %s*", f.Title)
	if f.Note != "" {
		fmt.Fprintf(b, ". %s", f.Note)
	}
	b.WriteByte('\n')
	if f.Table != nil {
		b.WriteByte('\n')
		mdTable(b, heading+"#", tableOf(f.Table))
	}
}
