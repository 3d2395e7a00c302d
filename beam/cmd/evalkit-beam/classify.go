package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&task{
		name:    "classify",
		summary: "confusion matrix, accuracy, precision/recall/F, kappa, MCC, … from true and predicted labels",
		define:  defineClassify,
	})
}

// defineClassify adds evalkit classify's flags to fs.
func defineClassify(fs *flag.FlagSet) func(common) (pipeline, error) {
	trueCol := fs.String("true", "y_true", "column of true labels")
	predCol := fs.String("pred", "y_pred", "column of predicted labels")
	weightCol := fs.String("weight", "", "column of sample weights (default: every weight 1)")
	labels := fs.String("labels", "", "comma-separated label list: fixes the order, may name absent labels, makes others an error")
	posLabel := fs.String("pos-label", "", "positive label: adds the \"binary\" block (that class against the rest)")
	beta := fs.Float64("beta", 1, "β of the fbeta fields (> 0)")
	zeroDiv := fs.String("zero-division", "0", "value of a ratio with a zero denominator: 0, 1 or nan (null)")
	classWeights := fs.String("class-weights", "", "comma-separated weights, one per label in label order, or inv-log2 for the seeds' 1/log2(n_c): adds \"class_weighted\"")
	maxMatrix := fs.Int("max-matrix", classify.DefaultMaxMatrix, "above this many classes print the confusion matrix as its non-zero cells (confusion_cells) (0: never)")
	cost := fs.String("cost", "", "cost matrix in label order, rows separated by ';' (\"0,1;5,0\"): adds \"cost_sensitive_error\"")
	return func(c common) (pipeline, error) {
		var opt classify.Options
		if !(*beta > 0) || *beta > 1e300 {
			return nil, usagef("classify: --beta must be a positive number, got %v", *beta)
		}
		opt.Beta = *beta
		z, err := classify.ParseZeroDivision(*zeroDiv)
		if err != nil {
			return nil, usagef("classify: --zero-division: %v", err)
		}
		opt.ZeroDivision = z
		opt.PosLabel = *posLabel
		opt.Weights = *weightCol
		switch {
		case *maxMatrix < 0:
			return nil, usagef("classify: --max-matrix must be ≥ 0, got %d", *maxMatrix)
		case *maxMatrix == 0:
			opt.MaxMatrix = -1
		default:
			opt.MaxMatrix = *maxMatrix
		}
		if *labels != "" {
			opt.Labels = strings.Split(*labels, ",")
			seen := map[string]bool{}
			for _, l := range opt.Labels {
				if l == "" {
					return nil, usagef("classify: --labels has an empty label")
				}
				if seen[l] {
					return nil, usagef("classify: --labels repeats %q", l)
				}
				seen[l] = true
			}
		}
		switch *classWeights {
		case "":
		case "inv-log2":
			opt.InvLog2ClassWeights = true
		default:
			ws, err := parseFloats(*classWeights, ",")
			if err != nil {
				return nil, usagef("classify: --class-weights: %v", err)
			}
			opt.ClassWeights = ws
		}
		if *cost != "" {
			for _, row := range strings.Split(*cost, ";") {
				vs, err := parseFloats(row, ",")
				if err != nil {
					return nil, usagef("classify: --cost: %v", err)
				}
				opt.Cost = append(opt.Cost, vs)
			}
		}
		return &evalbeam.Classify{True: *trueCol, Pred: *predCol, Weight: *weightCol, Options: opt, Name: c.Name, Output: c.Output}, nil
	}
}

func parseFloats(s, sep string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, sep) {
		v, err := table.ParseFloat([]byte(p))
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
