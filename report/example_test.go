package report_test

import (
	"os"

	"github.com/evalkit-go/evalkit/report"
)

func ExampleDoc_Text() {
	d := &report.Doc{Title: "Report"}
	d.Blocks = append(d.Blocks, &report.Table{Header: []string{"class", "recall"},
		Rows: [][]string{{"a", report.Sig(2.0 / 3)}, {"b", report.Sig(1)}}})
	d.Text(os.Stdout)
	// Output:
	// Report
	// ======
	//
	//     class  recall
	//     a      0.6667
	//     b       1.000
}
