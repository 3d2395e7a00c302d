package main

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkMeasureRegress100(b *testing.B) {
	in := regressInput(rand.New(rand.NewPCG(3, 4)), 100, 1, false)
	for _, key := range []string{"mse", "r2", "medae"} {
		b.Run(key, func(b *testing.B) {
			for b.Loop() {
				if _, err := Measure("regress", "mape_epsilon=2.220446049250313e-16\x1fmeasure="+key, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
