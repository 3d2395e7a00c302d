package report

import (
	"fmt"
	"io"
	"strings"

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

// Write renders a result in format f: JSON and CSV from v, text and Markdown
// from the Doc that doc builds (called only when needed). JSON is encoded
// whole before any of it is written (an encoding error writes nothing),
// then indented as it is written (result.WriteJSON).
func Write(w io.Writer, f Format, v any, doc func() *Doc) error {
	switch f {
	case JSONFormat:
		if err := result.WriteJSON(w, v, "  "); err != nil {
			return err
		}
		_, err := io.WriteString(w, "\n")
		return err
	case CSV:
		return result.WriteCSV(w, v)
	case Markdown:
		return doc().Markdown(w)
	default:
		return doc().Text(w)
	}
}
