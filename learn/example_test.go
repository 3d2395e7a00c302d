package learn_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
)

func ExampleLogistic() {
	cancer := datasets.BreastCancer()
	m := learn.Standardize(&learn.Logistic{C: 1})
	if err := m.Fit(cancer.Data); err != nil {
		panic(err)
	}
	pred := m.Predict(cancer.Data.X[:5])
	p := m.(learn.Prober).Proba(cancer.Data.X[:1])
	fmt.Println(pred)
	fmt.Printf("P(%s) = %.4f\n", cancer.ClassNames[0], p[0][0])
	// Output:
	// [0 0 0 0 0]
	// P(malignant) = 1.0000
}

func ExampleLinear() {
	diabetes := datasets.Diabetes()
	m := &learn.Linear{}
	if err := m.Fit(diabetes.Data); err != nil {
		panic(err)
	}
	fmt.Printf("intercept %.4f, bmi weight %.4f\n", m.Intercept, m.Weights[2])
	// Output:
	// intercept -334.5671, bmi weight 5.6030
}
