package report_test

import (
	"math"
	"os"

	"github.com/evalkit-go/evalkit/report"
)

func ExampleDoc_Text() {
	d := &report.Doc{Title: "Report"}
	d.Blocks = append(d.Blocks, &report.Table{Header: []string{"class", "recall"},
		Rows: [][]report.Cell{report.Row("a", report.Sig(2.0/3)), report.Row("b", report.Sig(1))}})
	d.Text(os.Stdout)
	// Output:
	// Report
	// ======
	//
	//     class  recall
	//     a      0.6667
	//     b       1.000
}

// A page's document written for a terminal: the summary, then each
// section with its tables, heat maps and the numbers of its figures.
func ExampleDoc_Text_sections() {
	d := &report.Doc{Title: "Scores: a.csv", Summary: []report.Fact{{Name: "rows", Value: report.C("n", 7)}}}
	s := &report.Section{ID: "m", Title: "Measures", Intro: "Brackets are 95% intervals."}
	s.Add(&report.Table{Header: []string{"measure", "value"}, RowHeads: true, Rows: [][]report.Cell{
		{report.T("ROC AUC"), report.N("roc_auc", 0.75).WithCI("ci.low", 0.6, "ci.high", math.NaN())}}})
	s.Add(&report.HeatMap{Title: "Confusion", RowTitle: "true", ColTitle: "predicted", RowLabels: []string{"a", "b"}, ColLabels: []string{"a", "b"},
		Cells: [][]report.Cell{{report.C("m.0.0", 2), report.C("m.0.1", 1)}, {report.C("m.1.0", 0), report.C("m.1.1", 3)}}})
	d.Sections = []*report.Section{s}
	d.Text(os.Stdout)
	// Output:
	// Scores: a.csv
	// =============
	//
	//   rows  7
	//
	// Measures
	// --------
	//
	// Brackets are 95% intervals.
	//
	//     measure               value
	//     ROC AUC  0.7500 [0.6000, —]
	//
	// Confusion
	//     true ↓ · predicted →  a  b
	//     a                     2  1
	//     b                     0  3
}

// The same document as Markdown.
func ExampleDoc_Markdown() {
	d := &report.Doc{Title: "Scores: a.csv", Summary: []report.Fact{{Name: "rows", Value: report.C("n", 7)}}}
	s := &report.Section{ID: "m", Title: "Measures"}
	s.Add(&report.Table{Title: "Binary", Header: []string{"measure", "value"}, RowHeads: true, Rows: [][]report.Cell{
		{report.T("ROC AUC"), report.N("roc_auc", 0.75).WithCI("ci.low", 0.6, "ci.high", 0.9)}}})
	d.Sections = []*report.Section{s}
	d.Markdown(os.Stdout)
	// Output:
	// # Scores: a.csv
	//
	// |  |  |
	// |:--|--:|
	// | rows | 7 |
	//
	// ## Measures
	//
	// ### Binary
	//
	// | measure | value |
	// |:--|--:|
	// | ROC AUC | 0.7500 [0.6000, 0.9000] |
}
