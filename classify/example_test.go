package classify_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/classify"
)

func ExampleEvaluate() {
	yTrue := []string{"cat", "cat", "cat", "dog", "dog", "dog"}
	yPred := []string{"cat", "dog", "cat", "dog", "dog", "dog"}
	r, err := classify.Evaluate(yTrue, yPred, nil, classify.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Labels, r.ConfusionMatrix)
	fmt.Printf("accuracy %.4f, macro F1 %.4f, seeds' macro F1 %.4f\n", r.Accuracy, r.Macro.F1, r.Macro.F1FromPR)
	// Output:
	// [cat dog] [[2 1] [0 3]]
	// accuracy 0.8333, macro F1 0.8286, seeds' macro F1 0.8537
}

func ExampleTally() {
	// Two parts of a stream, tallied apart (say, by two goroutines) and
	// merged: the result is that of the whole.
	a, b := classify.NewTally(nil), classify.NewTally(nil)
	a.Add([]byte("1"), []byte("1"), -1)
	a.Add([]byte("10"), []byte("2"), -1)
	b.Add([]byte("2"), []byte("2"), -1)
	a.Merge(b)
	labels, c := a.Sorted() // numeric labels sort as numbers
	fmt.Println(labels, c.Matrix(), c.Accuracy())
	// Output:
	// [1 2 10] [[1 0 0] [0 1 0] [0 1 0]] 0.6666666666666666
}
