package gate_test

import (
	"fmt"

	"github.com/evalkit-go/evalkit/gate"
)

// Two gates on a result with an interval: the interval decides the first,
// and the second, on a value without one, its point estimate.
func ExampleEvaluateJSON() {
	doc := []byte(`{"n": 200, "roc_auc": 0.83, "level": 0.95,
		"intervals": {"roc_auc": {"low": 0.77, "high": 0.89, "method": "delong"}}}`)
	var exprs []gate.Expr
	for _, s := range []string{"roc_auc >= 0.8", "n >= 100"} {
		x, err := gate.Parse(s)
		if err != nil {
			panic(err)
		}
		exprs = append(exprs, x)
	}
	gs, err := gate.EvaluateJSON(doc, exprs, gate.Options{Intervals: true})
	if err != nil {
		panic(err)
	}
	for _, g := range gs {
		fmt.Printf("%s: %v: %s\n", g.Expression, g.Holds, g.Reason)
	}
	// Output:
	// roc_auc >= 0.8: false: the low end 0.77 of the 95% interval [0.77, 0.89] (DeLong) is not at least 0.8
	// n >= 100: true: the result has no interval for n: the point estimate 200 is at least 100
}

// A gate comparing two models, written without spaces: its parts, and
// its canonical spelling.
func ExampleParse() {
	x, err := gate.Parse("models.new.roc_auc>=models.old.roc_auc-0.01")
	if err != nil {
		panic(err)
	}
	fmt.Println(x.Left, x.Op, x.Right, x.Number)
	fmt.Println(x)
	// Output:
	// models.new.roc_auc >= models.old.roc_auc -0.01
	// models.new.roc_auc >= models.old.roc_auc - 0.01
}
