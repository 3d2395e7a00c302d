package resample_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/resample"
)

func ExampleStratifiedKFold() {
	y := []int{0, 0, 0, 0, 1, 1, 1, 1, 1, 1}
	f, err := resample.StratifiedKFold(y, 2, resample.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(f.Fold)
	for _, s := range f.Splits() {
		fmt.Println("train", s.Train, "test", s.Test)
	}
	// Output:
	// [0 0 1 1 0 0 0 1 1 1]
	// train [2 3 7 8 9] test [0 1 4 5 6]
	// train [0 1 4 5 6] test [2 3 7 8 9]
}

func ExampleCrossValidate() {
	iris := datasets.Iris().Data
	y := make([]int, len(iris.Y))
	for i, v := range iris.Y {
		y[i] = int(v)
	}
	folds, _ := resample.StratifiedKFold(y, 10, resample.Options{})
	cv, err := resample.CrossValidate(func() learn.Model { return &learn.GaussianNB{} },
		iris, folds.Splits(), []resample.Measure{resample.Accuracy}, resample.Config{})
	if err != nil {
		panic(err)
	}
	s := cv.Summary[0]
	fmt.Printf("%s %.4f ± %.4f, 95%% CI [%.4f, %.4f]\n", s.Name, s.Mean, s.Std, s.Lo, s.Hi)
	// Output:
	// accuracy 0.9533 ± 0.0450, 95% CI [0.9211, 0.9855]
}

func ExampleBootstrap() {
	b, _ := resample.Bootstrap(8, 2, 1)
	for _, s := range b {
		fmt.Println("drawn", s.Train, "out of bag", s.Test)
	}
	// Output:
	// drawn [2 5 5 5 7 7 7 7] out of bag [0 1 3 4 6]
	// drawn [0 2 2 3 5 6 6 6] out of bag [1 4 7]
}

func ExampleBiasVariance() {
	wine := datasets.Wine().Data
	f, _ := resample.KFold(len(wine.Y), 2, resample.Options{Shuffle: true, Seed: 1})
	s := f.Splits()[0]
	d, err := resample.BiasVariance(func() learn.Model { return &learn.Tree{MaxDepth: 1} },
		wine.Subset(s.Train), wine.Subset(s.Test), resample.ZeroOneLoss, 50, 7, resample.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("loss %.3f = bias %.3f + net variance %.3f\n", d.ExpectedLoss, d.Bias, d.NetVariance)
	// Output:
	// loss 0.387 = bias 0.337 + net variance 0.050
}
