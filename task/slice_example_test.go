package task_test

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// Slices reads the rows once; each slice is then read by the task as a
// file of its rows alone would be.
func ExampleSlices() {
	data := "region,y_true,y_pred\nnorth,a,a\nsouth,a,b\nnorth,b,b\nsouth,b,b\nnorth,a,a\n"
	r, err := table.NewReader(strings.NewReader(data), "loans.csv", table.CSV)
	if err != nil {
		panic(err)
	}
	c := task.Classify{True: "y_true", Pred: "y_pred"}
	s := task.Slices{By: [][]string{{"region"}}}
	in, err := s.Read(r, c.Columns())
	if err != nil {
		panic(err)
	}
	report := func(r *table.Reader) float64 {
		tally, err := c.Read(r)
		if err != nil {
			panic(err)
		}
		rep, _, err := c.Report(tally)
		if err != nil {
			panic(err)
		}
		return rep.Accuracy
	}
	fmt.Printf("all rows: %d, accuracy %.2f\n", in.Rows(), report(in.All()))
	for _, sl := range in.Slices {
		fmt.Printf("%s=%s: %d rows, accuracy %.2f\n", sl.By[0].Key, sl.By[0].Value, sl.Rows, report(sl.Reader))
	}
	// Output:
	// all rows: 5, accuracy 0.80
	// region=north: 3 rows, accuracy 1.00
	// region=south: 2 rows, accuracy 0.50
}
