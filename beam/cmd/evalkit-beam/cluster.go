package main

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
)

func init() {
	register(&task{
		name:    "cluster",
		summary: "external clustering indices (ARI, AMI, NMI, V-measure, purity, …) from reference and predicted labels",
		define:  defineCluster,
	})
}

// defineCluster adds evalkit cluster's flags (cli.ClusterFlags, --ci, the
// several-model flags and --memory) to fs. The internal indices (--features) need
// every row in one place and are not offered.
func defineCluster(fs *flag.FlagSet) func(common) (pipeline, error) {
	var f cli.ClusterFlags
	var ci cli.CIFlags
	var models cli.ModelFlags
	f.Define(fs)
	ci.Define(fs)
	new(cli.GateFlags).Define(fs)
	models.DefineComparing(fs, "adjusted_rand_index")
	mem := cli.MemoryFlag(fs)
	sf := defineSlices(fs, "cluster")
	return func(c common) (pipeline, error) {
		several := strings.Contains(f.Pred, ",")
		if several && f.Features != "" {
			return nil, usagef("cluster: several models (--pred m1,m2,…) get external indices only; drop --features")
		}
		if f.Features != "" {
			return nil, usagef("cluster: --features: the internal indices need every row on one machine; evalkit-beam computes the external indices only (use evalkit cluster)")
		}
		preds := []string{f.Pred}
		var mo board.Options
		if several {
			preds = strings.Split(f.Pred, ",")
			mo = models.Options(fs)
			if err := mo.Check("cluster", preds); err != nil {
				return nil, cli.OptionUsage(err)
			}
			ci.Paired = models.Compares()
		} else if name := oneModelFlag(fs, sf.f.On()); name != "" {
			return nil, usagef("cluster: --%s needs several models (--pred m1,m2,…)", name)
		}
		opt, err := f.Options()
		if err != nil {
			return nil, err
		}
		civ, withCI, err := ci.Options()
		if err != nil {
			return nil, err
		}
		if err := cli.ChargeFlags(mem, ci.FlagSizes("cluster", withCI)...); err != nil {
			return nil, err
		}
		sl, err := sf.slicing(withCI, &sliceCI{level: civ.Level, models: &models, primaries: []string{"adjusted_rand_index", "silhouette"}})
		if err != nil {
			return nil, err
		}
		return &evalbeam.Cluster{Slices: sl, True: f.True, Preds: preds, Weight: f.Weight, Options: opt, Models: mo, MaxMatrix: f.ContingencyLimit(),
			CI: cli.CIPtr(civ, withCI), Name: c.Name, Output: c.Output}, nil
	}
}
