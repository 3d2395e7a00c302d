package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Format is an output format.
type Format int

// The output formats.
const (
	Text Format = iota
	JSONFormat
	Markdown
	CSV
)

// ParseFormat parses "text", "json", "markdown" (or "md") and "csv".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "text", "txt":
		return Text, nil
	case "json":
		return JSONFormat, nil
	case "markdown", "md":
		return Markdown, nil
	case "csv":
		return CSV, nil
	}
	return 0, fmt.Errorf("unknown format %q (want text, json, markdown or csv)", s)
}

// Sig, Int, Interval and Pct are result's formats of numbers for people
// ([result.Sig]): 4 significant digits, "—" for NaN.
func Sig(v float64) string { return result.Sig(v) }

// Int is [result.Int]: a count held as a float, whole when it is whole.
func Int(v float64) string { return result.Int(v) }

// Interval is [result.Interval]: "[low, high]".
func Interval(lo, hi float64) string { return result.Interval(lo, hi) }

// Pct is [result.Pct]: a fraction as a percentage.
func Pct(v float64) string { return result.Pct(v) }

// A Doc is a document for people: a title and a list of blocks.
type Doc struct {
	Title  string
	Blocks []Block
}

// closing appends what ends a result's layout: the note on its intervals
// at level (none without intervals), a note for each warning and the
// signature (none when sig is nil).
func (d *Doc) closing(level float64, ivs map[string]hyptest.Interval, warnings []string, sig *result.Signature) {
	if n := hyptest.IntervalNote(level, ivs); n != "" {
		d.Blocks = append(d.Blocks, Note(n))
	}
	for _, w := range warnings {
		d.Blocks = append(d.Blocks, Note("warning: "+w))
	}
	if sig != nil {
		d.Blocks = append(d.Blocks, SignatureNote(sig))
	}
}

// A Block is a *Pairs, a *Table or a Note.
type Block interface{ block() }

// Pairs is a titled list of name–value pairs.
type Pairs struct {
	Title string
	Items [][2]string
}

// Table is a titled table. Columns after the first are right-aligned.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
}

// Note is a paragraph of text.
type Note string

// SignatureNote is the signature s as a note: "signature: " and s.
func SignatureNote(s *result.Signature) Note { return Note("signature: " + s.String()) }

func (*Pairs) block() {}
func (*Table) block() {}
func (Note) block()   {}

// Add appends a pair.
func (p *Pairs) Add(name, value string) { p.Items = append(p.Items, [2]string{name, value}) }

// Text writes d for a terminal.
func (d *Doc) Text(w io.Writer) error {
	var b bytes.Buffer
	if d.Title != "" {
		fmt.Fprintf(&b, "%s\n%s\n", d.Title, strings.Repeat("=", runeLen(d.Title)))
	}
	for _, blk := range d.Blocks {
		b.WriteByte('\n')
		switch x := blk.(type) {
		case *Pairs:
			if x.Title != "" {
				fmt.Fprintf(&b, "%s\n", x.Title)
			}
			tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
			for _, it := range x.Items {
				fmt.Fprintf(tw, "  %s\t%s\n", it[0], it[1])
			}
			tw.Flush()
		case *Table:
			if x.Title != "" {
				fmt.Fprintf(&b, "%s\n", x.Title)
			}
			var tb bytes.Buffer
			tw := tabwriter.NewWriter(&tb, 0, 0, 2, ' ', tabwriter.AlignRight)
			row := func(cells []string) {
				// AlignRight pads every cell on the left; the first column
				// reads better left-aligned, so pad it by hand.
				fmt.Fprint(tw, "  ")
				for i, c := range cells {
					if i == 0 {
						c = c + strings.Repeat(" ", firstWidth(x)-runeLen(c))
					}
					fmt.Fprintf(tw, "%s\t", c)
				}
				fmt.Fprintln(tw)
			}
			row(x.Header)
			for _, r := range x.Rows {
				row(r) // a blank row keeps its tabs, so the columns stay one block
			}
			tw.Flush()
			for _, l := range strings.SplitAfter(tb.String(), "\n") {
				if l == "" {
					continue
				}
				b.WriteString(strings.TrimRight(l, " \n"))
				b.WriteByte('\n')
			}
		case Note:
			fmt.Fprintf(&b, "%s\n", string(x))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// blank reports whether every cell of a row is empty: such a row is a
// separator, an empty line in text, left out of Markdown.
func blank(r []string) bool {
	for _, c := range r {
		if c != "" {
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
		if len(r) > 0 && runeLen(r[0]) > n {
			n = runeLen(r[0])
		}
	}
	return n
}

func runeLen(s string) int { return len([]rune(s)) }

// Markdown writes d as Markdown.
func (d *Doc) Markdown(w io.Writer) error {
	var b bytes.Buffer
	if d.Title != "" {
		fmt.Fprintf(&b, "# %s\n", d.Title)
	}
	esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	for _, blk := range d.Blocks {
		b.WriteByte('\n')
		switch x := blk.(type) {
		case *Pairs:
			if x.Title != "" {
				fmt.Fprintf(&b, "## %s\n\n", x.Title)
			}
			b.WriteString("| measure | value |\n|:--|--:|\n")
			for _, it := range x.Items {
				fmt.Fprintf(&b, "| %s | %s |\n", esc(it[0]), esc(it[1]))
			}
		case *Table:
			if x.Title != "" {
				fmt.Fprintf(&b, "## %s\n\n", x.Title)
			}
			for i, h := range x.Header {
				if i == 0 {
					b.WriteString("|")
				}
				fmt.Fprintf(&b, " %s |", esc(h))
			}
			b.WriteString("\n|")
			for i := range x.Header {
				if i == 0 {
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
					fmt.Fprintf(&b, " %s |", esc(c))
				}
				b.WriteByte('\n')
			}
		case Note:
			fmt.Fprintf(&b, "%s\n", string(x))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Write renders a result in format f: JSON and CSV from v, text and Markdown
// from the Doc that doc builds (called only when needed).
func Write(w io.Writer, f Format, v any, doc func() *Doc) error {
	switch f {
	case JSONFormat:
		b, err := result.JSON(v, "  ")
		if err != nil {
			return err
		}
		b = append(b, '\n')
		_, err = w.Write(b)
		return err
	case CSV:
		return result.WriteCSV(w, v)
	case Markdown:
		return doc().Markdown(w)
	default:
		return doc().Text(w)
	}
}
