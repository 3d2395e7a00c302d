package figure_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/figure"
)

// A critical-difference diagram of three algorithms, the first two not
// told apart, and its text alternative.
func ExampleCDDiagram() {
	f := figure.CDDiagram("CD", []string{"a", "b", "c"}, []float64{1.5, 1.5, 3}, 1.2, [][]int{{0, 1}}, "")
	fmt.Println(f.Desc)
	// Output:
	// Average ranks (1 is best): a 1.500, b 1.500, c 3.000. Critical difference 1.200. Not told apart: a b.
}
