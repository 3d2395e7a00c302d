package cli

import (
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/task"
)

// ClusterFlags are the flags of the cluster task: the columns and
// cluster.Options.
type ClusterFlags struct {
	True, Pred, Features, Weight string
	Metric, Average              string
	Beta                         float64
	Sample, PairwiseLimit        int
	// MaxMatrix is --max-matrix: above this many classes or clusters the
	// contingency table is given as its non-zero cells (0: never).
	MaxMatrix int
	Seed      uint64
	// Precomputed is --precomputed: the --features columns are a square
	// matrix of distances between the rows.
	Precomputed bool
}

// Define adds the cluster flags to fs (--seed among them, which the
// interval flags then share).
func (f *ClusterFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.True, "true", "y_true", "column of reference labels C* (external indices)")
	fs.StringVar(&f.Pred, "pred", "y_pred", "column of predicted cluster labels C; a comma list m1,m2,… evaluates and compares several clusterings (external indices)")
	fs.StringVar(&f.Features, "features", "", "comma-separated feature columns c1,c2,… (internal indices)")
	fs.StringVar(&f.Weight, "weight", "", "column of integer frequency weights (external indices only)")
	fs.StringVar(&f.Metric, "metric", "euclidean", "distance for internal indices: euclidean, manhattan or cosine")
	fs.Float64Var(&f.Beta, "beta", 1, "weight of completeness in the V-measure")
	fs.StringVar(&f.Average, "average", "arithmetic", "mean of the entropies for nmi and ami: min, geometric, arithmetic or max")
	fs.BoolVar(&f.Precomputed, "precomputed", false, "the --features columns are a square distance matrix, one column a row (silhouette only, as scikit-learn's metric=\"precomputed\")")
	fs.IntVar(&f.Sample, "sample", 0, "compute the silhouette on N rows drawn with --seed (0: all rows)")
	fs.Uint64Var(&f.Seed, "seed", 1, "random seed for --sample and the --ci bootstrap")
	fs.IntVar(&f.PairwiseLimit, "pairwise-limit", 50000, "skip the O(n²) indices above this many rows (0: no limit)")
	fs.IntVar(&f.MaxMatrix, "max-matrix", cluster.DefaultMaxMatrix, "above this many reference classes or clusters give the contingency table as its non-zero cells (contingency.cells) and, as text, its largest cells (0: never)")
}

// Options checks --metric, --average and the other options and returns
// the report options.
func (f *ClusterFlags) Options() (cluster.Options, error) {
	metric, err := cluster.ParseMetric(f.Metric)
	if err != nil {
		return cluster.Options{}, Usagef("cluster: --metric: %v", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	avg, err := cluster.ParseAverage(f.Average)
	if err != nil {
		return cluster.Options{}, Usagef("cluster: --average: %v", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	if f.MaxMatrix < 0 {
		return cluster.Options{}, Usagef("cluster: --max-matrix must be ≥ 0, got %d", f.MaxMatrix)
	}
	if f.Precomputed {
		switch {
		case f.Features == "":
			return cluster.Options{}, Usagef("cluster: --precomputed needs --features, the columns of the distance matrix")
		case metric != cluster.Euclidean:
			return cluster.Options{}, Usagef("cluster: --precomputed takes the distances as given; drop --metric %s", f.Metric)
		}
		metric = cluster.Precomputed
	}
	opt := cluster.Options{Beta: f.Beta, Average: avg, Weights: f.Weight,
		Internal: cluster.InternalOptions{Metric: metric, MaxPairwise: f.PairwiseLimit, SilhouetteSample: f.Sample, Seed: f.Seed}}
	if err := opt.Check(); err != nil {
		return opt, OptionUsage(err)
	}
	return opt, nil
}

// FeatureColumns is the --features columns (none without it); an empty
// name is a usage error.
func (f *ClusterFlags) FeatureColumns() ([]string, error) {
	if f.Features == "" {
		return nil, nil
	}
	features := strings.Split(f.Features, ",")
	for _, c := range features {
		if c == "" {
			return nil, Usagef("cluster: --features %q names an empty column", f.Features)
		}
	}
	return features, nil
}

// ContingencyLimit is --max-matrix as [cluster.Report.AddContingency]
// takes it: -1 (no limit) for 0.
func (f *ClusterFlags) ContingencyLimit() int {
	if f.MaxMatrix == 0 {
		return -1
	}
	return f.MaxMatrix
}

// ModelsTask is the task of several clusterings of the reference labels,
// the models names with options mo, charged to b: external indices only,
// so --features is refused.
func (f *ClusterFlags) ModelsTask(names []string, mo board.Options, b *budget.Budget) (*task.Cluster, error) {
	if f.Features != "" {
		return nil, Usagef("cluster: several models (--pred m1,m2,…) get external indices only; drop --features")
	}
	if err := mo.Check("cluster", names); err != nil {
		return nil, OptionUsage(err)
	}
	opt, err := f.Options()
	if err != nil {
		return nil, err
	}
	return &task.Cluster{True: f.True, Preds: names, Weight: f.Weight, Options: opt, Models: mo,
		MaxMatrix: f.ContingencyLimit(), Budget: b}, nil
}
