package report

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// A Doc is a document for people: a title, the summary facts, the blocks
// that open it and its sections. A result's text layout (package report's
// Classify, Rank, …) fills Blocks; its page (the *Sections functions) fills
// Summary and Sections. [Doc.Text], [Doc.Markdown] and [Doc.HTML] write
// any Doc.
type Doc struct {
	Title   string
	Summary []Fact // data file, rows, models, version, …
	Blocks  []Block
	// Sections follow the opening blocks, each with an entry in the
	// contents of the HTML page.
	Sections []*Section
}

// A Fact is one line of the summary: a name and a value, which may be a
// number from the result.
type Fact struct {
	Name  string
	Value Cell
}

// A Section is a titled part of a document.
type Section struct {
	ID, Title string
	Intro     string // one paragraph of plain text
	// Methods, when set, follows the intro: how the section's intervals
	// were computed.
	Methods *Methods
	Blocks  []Block
}

// Methods says how a result's intervals were computed: for each method,
// in words, the JSON keys of the intervals it gave. The HTML page shows
// it collapsed (a details element), a list of the methods, each with its
// keys, numbered keys of the same pattern (per_class.0.recall,
// per_class.1.recall, …) said once (per_class.*.recall, and how many);
// text and Markdown show it as a paragraph.
type Methods struct {
	Title  string
	Groups []MethodGroup
}

// A MethodGroup is one method of [Methods]: what it is, in words, and the
// keys of its intervals.
type MethodGroup struct {
	What string
	Keys []string
}

// String is m as one paragraph: "Title: what (key, key); what (key)."
func (m *Methods) String() string {
	parts := make([]string, len(m.Groups))
	for i, g := range m.Groups {
		parts[i] = g.What + " (" + strings.Join(g.Keys, ", ") + ")"
	}
	return m.Title + ": " + strings.Join(parts, "; ") + "."
}

// KeyPatterns are keys with their numbered path parts made "*", in order
// of first appearance, with how many keys each pattern stands for.
func KeyPatterns(keys []string) (patterns []string, counts []int) {
	at := map[string]int{}
	for _, k := range keys {
		parts := strings.Split(k, ".")
		for i, p := range parts {
			if p != "" && strings.Trim(p, "0123456789") == "" {
				parts[i] = "*"
			}
		}
		pat := strings.Join(parts, ".")
		if i, ok := at[pat]; ok {
			counts[i]++
			continue
		}
		at[pat] = len(patterns)
		patterns, counts = append(patterns, pat), append(counts, 1)
	}
	return patterns, counts
}

// Add appends blocks to s and returns s.
func (s *Section) Add(b ...Block) *Section {
	s.Blocks = append(s.Blocks, b...)
	return s
}

// A Block is a *Pairs, a *Table, a *HeatMap, a Note, a Figures or a
// figure made a block by [Figure].
type Block interface{ block() }

// Pairs is a titled list of name–value pairs.
type Pairs struct {
	Title string
	Items [][2]string
}

// Add appends a pair.
func (p *Pairs) Add(name, value string) { p.Items = append(p.Items, [2]string{name, value}) }

// A Table is a titled table of cells. Columns after the first are
// right-aligned; the first column is a header column when RowHeads is
// set. A row of empty cells separates groups of rows: an empty line in
// text, left out of Markdown.
type Table struct {
	Title    string
	Header   []string
	Rows     [][]Cell
	RowHeads bool
	Class    string // extra CSS class of the HTML table
	// LeftLast makes the last column free text, left-aligned (a reason
	// in words).
	LeftLast bool
}

// Row is a row of text cells.
func Row(texts ...string) []Cell {
	r := make([]Cell, len(texts))
	for i, s := range texts {
		r[i] = T(s)
	}
	return r
}

// Note is a paragraph of plain text (a warning, an explanation).
type Note string

// Lead is the answer a page or layout opens with (the verdict of several
// models): a paragraph that pages set apart from notes.
type Lead string

// SignatureNote is the signature s as a note: "signature: " and s.
func SignatureNote(s *result.Signature) Note { return Note("signature: " + s.String()) }

// A HeatMap is a matrix of numbers shown as a table whose cells are shaded
// by Shade (0–1, a share of the row for a confusion matrix).
type HeatMap struct {
	Title                string
	RowTitle, ColTitle   string // what the rows and columns are ("true class")
	RowLabels, ColLabels []string
	Cells                [][]Cell
	Shade                [][]float64
}

// Figures is a group of figures, shown side by side where there is room.
type Figures []*figure.Figure

// Figure is f as a block of its own, outside a group.
func Figure(f *figure.Figure) Block { return figureBlock{f} }

type figureBlock struct{ f *figure.Figure }

func (*Pairs) block()      {}
func (*Table) block()      {}
func (*HeatMap) block()    {}
func (Note) block()        {}
func (Lead) block()        {}
func (Figures) block()     {}
func (figureBlock) block() {}

// A Cell is a table cell: plain text, or a number from the result. A number
// carries the flattened JSON key of its value (the key of --format csv), so
// that a page can be checked against the JSON of the same run; people see
// it to 4 significant digits.
type Cell struct {
	Text  string
	Key   string  // "" for plain text
	Value float64 // the number when Key != ""
	Count bool    // show as a count (no decimals when whole)
	P     bool    // a p-value: "< 1e-300" when it underflows ([PValue])
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

// P is a p-value cell (see [PValue]).
func P(key string, v float64) Cell { return Cell{Key: key, Value: v, P: true} }

// text is the cell's number as people read it.
func (c Cell) text() string {
	if c.P {
		return PValue(c.Value)
	}
	return numText(c.Value, c.Count)
}

// WithCI returns c with an interval.
func (c Cell) WithCI(lowKey string, low float64, highKey string, high float64) Cell {
	c.LowKey, c.Low, c.HighKey, c.High = lowKey, low, highKey, high
	return c
}

// String is the cell as people read it: its text, or its number to 4
// significant digits followed by "± PM" and " [low, high]" where it has
// them.
func (c Cell) String() string {
	if c.Key == "" {
		return c.Text
	}
	s := c.text()
	if c.PMKey != "" {
		s += " ± " + Sig(c.PM)
	}
	if c.LowKey != "" {
		s += " " + Interval(c.Low, c.High)
	}
	return s
}

// numText is a number as a cell shows it.
func numText(v float64, count bool) string {
	if count {
		return Int(v)
	}
	return Sig(v)
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

// labelsNote adds the note of how a task's labels compared (cmp, its
// result's label_comparison; nothing when "").
func (d *Doc) labelsNote(cmp string) {
	if n := labelsText(cmp); n != "" {
		d.Blocks = append(d.Blocks, Note(n))
	}
}

// labelsText says how a task's labels compared (cmp, its result's
// label_comparison: "numeric" or "string"; "" for nothing).
func labelsText(cmp string) string {
	switch cmp {
	case "numeric":
		return `labels compared as numbers (every label is a number): 1, 1.0 and " 1" are the label 1`
	case "string":
		return "labels compared as strings: equal only as spelled (1 and 1.0 are two labels)"
	}
	return ""
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
