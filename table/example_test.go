package table_test

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/table"
)

func ExampleReader() {
	in := "y_true,y_score\n1,0.9\n0,0.4\n1,abc\n"
	r, err := table.NewReader(strings.NewReader(in), "scores.csv", table.CSV)
	if err != nil {
		panic(err)
	}
	score, _ := r.Col("y_score")
	for r.Next() {
		v, err := r.Float(score)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(v)
	}
	// Output:
	// 0.9
	// 0.4
	// scores.csv:4: column "y_score": value "abc" is not a number
}
