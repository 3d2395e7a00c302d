package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "cluster",
		summary: "external clustering indices (ARI, AMI, NMI, V-measure, purity, …) from reference and predicted labels",
		define:  defineCluster,
	})
}

// defineCluster adds evalkit cluster's flags (cli.ClusterFlags) to fs.
// The internal indices (--features) need every row in one place and are
// not offered; nor are several models (--pred m1,m2,…) yet.
func defineCluster(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.ClusterFlags
	f.Define(fs)
	return func(c common) (pipeline, error) {
		if f.Features != "" {
			return nil, usagef("cluster: --features: the internal indices need every row on one machine; evalkit-beam computes the external indices only (use evalkit cluster)")
		}
		if strings.Contains(f.Pred, ",") {
			return nil, usagef("cluster: --pred %q: several models are not supported by evalkit-beam yet (use evalkit cluster)", f.Pred)
		}
		opt, err := f.Options()
		if err != nil {
			return nil, err
		}
		return &evalbeam.Cluster{True: f.True, Pred: f.Pred, Weight: f.Weight, Options: opt, MaxMatrix: f.ContingencyLimit(), Name: c.Name, Output: c.Output}, nil
	}
}
