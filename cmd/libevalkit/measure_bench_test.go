package main

import (
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/task"
)

func BenchmarkMeasureRegress100(b *testing.B) {
	in := regressInput(rand.New(rand.NewPCG(3, 4)), 100, 1, false)
	for _, key := range []string{"mse", "r2", "medae", "max_error"} {
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

func BenchmarkMeasureScoreLarge(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 1 << 23
	y, s := make([]float64, n), make([]float64, n)
	for i := range y {
		y[i] = float64(rng.IntN(2))
		s[i] = rng.Float64() + 0.2*y[i]
	}
	for _, m := range []string{"roc_auc", "average_precision"} {
		b.Run(m, func(b *testing.B) {
			for b.Loop() {
				in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"true": {y}, "score": {s}}}
				if _, err := Measure("score", "measure="+m, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMeasureScore100 is the lean call of roc_auc_score and
// average_precision_score on 100 rows of int64 labels 0 and 1, as
// evalkit.metrics makes it.
func BenchmarkMeasureScore100(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 100
	y, s := make([]int64, n), make([]float64, n)
	for i := range y {
		y[i] = int64(rng.IntN(2))
		s[i] = rng.Float64() + 0.2*float64(y[i])
	}
	for _, m := range []string{"roc_auc", "average_precision"} {
		b.Run(m, func(b *testing.B) {
			for b.Loop() {
				in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{"score": {s}}, ints: map[string][]int64{"true": y}}
				if _, err := Measure("score", "binary=1\x1fmeasure="+m, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
