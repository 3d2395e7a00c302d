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

func BenchmarkMeasureClassify100(b *testing.B) {
	values, _ := classifyInput(rand.New(rand.NewPCG(3, 4)), 100, 0, 10, false)
	for _, opts := range []string{"measure=accuracy", "measure=confusion", "measure=prf\x1ffield=f1\x1fzero_division=0"} {
		b.Run(opts[8:15], func(b *testing.B) {
			for b.Loop() {
				if _, err := Measure("classify", opts, values); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
