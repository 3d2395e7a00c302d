package hyptest_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/hyptest"
)

// Zhou (2016) table 2.5: ranks of three algorithms on four data sets.
func ExampleFriedman() {
	ranks := [][]float64{{1, 2, 3}, {1, 2.5, 2.5}, {1, 2, 3}, {1, 2, 3}}
	r, err := hyptest.Friedman(ranks, hyptest.FriedmanOptions{LowerIsBetter: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("average ranks %v\n", r.AvgRanks)
	fmt.Printf("tau_F = %.3f, CD = %.3f\n", r.ImanDavenport, r.CD)
	// Output:
	// average ranks [1 2.125 2.875]
	// tau_F = 24.429, CD = 1.657
}

func ExampleMcNemar() {
	r, _ := hyptest.McNemar(10, 2, hyptest.McNemarOptions{})
	fmt.Printf("chi2 = %.4f, p = %.4f\n", r.Statistic, r.PValue)
	// Output:
	// chi2 = 4.0833, p = 0.0433
}

func ExampleStudentizedRange() {
	d := hyptest.StudentizedRange{K: 3, DF: 20}
	fmt.Printf("q(0.95; 3, 20) = %.4f\n", d.UpperQuantile(0.05))
	// Output:
	// q(0.95; 3, 20) = 3.5779
}
