package report_test

import (
	"fmt"
	"math"
	"os"

	"github.com/evalkit-go/evalkit/report"
)

func ExampleJSON() {
	type result struct {
		AUC      float64   `json:"auc"`
		Curve    []float64 `json:"curve"`
		Kappa    float64   `json:"kappa"`
		Warnings []string  `json:"warnings"`
	}
	b, _ := report.JSON(result{AUC: 0.75, Curve: []float64{0, 0.5, 1}, Kappa: math.NaN(),
		Warnings: []string{"kappa is undefined"}}, "  ")
	fmt.Println(string(b))
	// Output:
	// {
	//   "auc": 0.75,
	//   "curve": [0, 0.5, 1],
	//   "kappa": null,
	//   "warnings": ["kappa is undefined"]
	// }
}

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
