package report

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

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

// Sig formats v to 4 significant digits without an exponent for ordinary
// magnitudes (0.8333, 12.35, 1235, 123457); "—" for NaN; "∞" for infinities.
func Sig(v float64) string {
	switch {
	case math.IsNaN(v):
		return "—"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	case v == 0:
		return "0"
	}
	a := math.Abs(v)
	if a < 1e-4 || a >= 1e9 {
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	// Round to 4 significant digits first, so that 0.99996 shows as 1.000.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	digits := 3 - int(math.Floor(math.Log10(math.Abs(r))))
	if digits < 0 {
		digits = 0
	}
	return strconv.FormatFloat(r, 'f', digits, 64)
}

// Int formats a count that is held as a float (a weighted count): with no
// decimals when it is whole, else to 4 significant digits.
func Int(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return Sig(v)
}

// Interval formats a confidence interval as "[low, high]", each end as
// Sig does.
func Interval(lo, hi float64) string { return "[" + Sig(lo) + ", " + Sig(hi) + "]" }

// Pct formats a fraction as a percentage with 4 significant digits.
func Pct(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return Sig(v)
	}
	return Sig(100*v) + " %"
}

// A Doc is a document for people: a title and a list of blocks.
type Doc struct {
	Title  string
	Blocks []Block
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
