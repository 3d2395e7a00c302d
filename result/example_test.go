package result_test

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/result"
)

func ExampleJSON() {
	type scores struct {
		AUC      float64   `json:"auc"`
		Curve    []float64 `json:"curve"`
		Kappa    float64   `json:"kappa"`
		Warnings []string  `json:"warnings"`
	}
	b, _ := result.JSON(scores{AUC: 0.75, Curve: []float64{0, 0.5, 1}, Kappa: math.NaN(),
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
