package rank_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/rank"
)

func ExampleAUC() {
	// scikit-learn's roc_auc_score documentation example: 0.75.
	positive := []bool{false, false, true, true}
	score := []float64{0.1, 0.4, 0.35, 0.8}
	auc, err := rank.AUC(positive, score, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(auc)
	// Output: 0.75
}

func ExampleTable_ROC() {
	t, err := rank.NewTable([]float64{0.1, 0.4, 0.35, 0.8}, []bool{false, false, true, true}, nil)
	if err != nil {
		panic(err)
	}
	c, _ := t.ROC(true)
	fmt.Println("fpr", c.FPR)
	fmt.Println("tpr", c.TPR)
	fmt.Println("thresholds", c.Thresholds)
	ap, _ := t.AveragePrecision()
	bep, _ := t.BEP()
	fmt.Printf("AP %.4f  BEP %.4f\n", ap, bep)
	// Output:
	// fpr [0 0 0.5 0.5 1]
	// tpr [0 0.5 0.5 1 1]
	// thresholds [+Inf 0.8 0.4 0.35 0.1]
	// AP 0.8333  BEP 0.5000
}

func ExampleBuilder() {
	// Stream samples into two builders (say, two shards) and merge.
	var a, b rank.Builder
	a.Add(0.9, true, 1)
	a.Add(0.2, false, 1)
	b.Add(0.6, false, 2) // a weight of 2
	b.Add(0.6, true, 1)  // tied with the negative: the pair counts ½
	// (1 + 2 + 1 + 2·½) / (2 · 3) = 5/6 by hand.
	t := rank.Merge(a.Table(), b.Table())
	auc, _ := t.AUC()
	fmt.Printf("%d distinct scores, AUC %.4f\n", t.Len(), auc)
	// Output: 3 distinct scores, AUC 0.8333
}

func ExampleDeLongTest() {
	positive := []bool{true, true, true, true, false, false, false, false, true, false}
	a := []float64{0.9, 0.8, 0.7, 0.4, 0.3, 0.6, 0.2, 0.1, 0.65, 0.5}
	b := []float64{0.6, 0.5, 0.9, 0.3, 0.4, 0.7, 0.2, 0.35, 0.55, 0.8}
	// pROC 1.18 roc.test(method="delong", paired=TRUE): Z = 2.218801, p = 0.02650028.
	r, err := rank.DeLongTest(positive, a, b)
	if err != nil {
		panic(err)
	}
	fmt.Printf("AUC %.2f vs %.2f, z = %.3f, p = %.3f\n", r.AUCA, r.AUCB, r.Z, r.P)
	// Output: AUC 0.92 vs 0.60, z = 2.219, p = 0.027
}
