package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cluster"
)

func init() {
	register(&task{
		name:    "cluster",
		summary: "external clustering indices (ARI, AMI, NMI, V-measure, purity, …) from reference and predicted labels",
		define:  defineCluster,
	})
}

// defineCluster adds the flags of evalkit cluster's external indices to fs.
// The internal indices (--features) need every row in one place and are
// not offered; nor are several models (--pred m1,m2,…) or --ci yet.
func defineCluster(fs *flag.FlagSet) func(common) (pipeline, error) {
	trueCol := fs.String("true", "y_true", "column of reference labels C*")
	predCol := fs.String("pred", "y_pred", "column of predicted cluster labels C (one model)")
	weightCol := fs.String("weight", "", "column of integer frequency weights")
	beta := fs.Float64("beta", 1, "weight of completeness in the V-measure")
	avgName := fs.String("average", "arithmetic", "mean of the entropies for nmi and ami: min, geometric, arithmetic or max")
	features := fs.String("features", "", "not supported: the internal indices need every row on one machine (use evalkit cluster)")
	return func(c common) (pipeline, error) {
		if *features != "" {
			return nil, usagef("cluster: --features: the internal indices need every row on one machine; evalkit-beam computes the external indices only (use evalkit cluster)")
		}
		if strings.Contains(*predCol, ",") {
			return nil, usagef("cluster: --pred %q: several models are not supported by evalkit-beam yet (use evalkit cluster)", *predCol)
		}
		avg, err := cluster.ParseAverage(*avgName)
		if err != nil {
			return nil, usagef("cluster: --average: %v", strings.TrimPrefix(err.Error(), "cluster: "))
		}
		opt := cluster.DefaultReportOptions()
		opt.Beta, opt.Average, opt.Weights = *beta, avg, *weightCol
		if err := opt.Validate(); err != nil {
			return nil, usagef("%v", err)
		}
		return &evalbeam.Cluster{True: *trueCol, Pred: *predCol, Weight: *weightCol, Options: opt, Name: c.Name, Output: c.Output}, nil
	}
}
