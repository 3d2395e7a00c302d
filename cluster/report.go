package cluster

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Options configure [NewReport]. Use [DefaultOptions] for the
// command line's defaults.
type Options struct {
	// Beta weighs completeness in the V-measure (> 0).
	Beta float64
	// Average is the mean of the entropies of nmi and ami.
	Average Average
	// Internal configures the internal indices (Metric, MaxPairwise,
	// SilhouetteSample, Seed).
	Internal InternalOptions
	// Features names the feature columns of the internal indices.
	Features []string
	// Weights names the frequency-weights column, "" for none (for the
	// signature).
	Weights string
}

// DefaultOptions returns the options of "evalkit cluster" without
// flags.
func DefaultOptions() Options {
	return Options{Beta: 1, Average: Arithmetic, Internal: InternalOptions{Metric: Euclidean, MaxPairwise: 50000, Seed: 1}}
}

// Signature returns the signature of a report with these options (task
// cluster): weights, beta, average, features, metric, sample, sample_seed,
// pairwise_limit and the version.
func (o Options) Signature() *result.Signature {
	return result.NewSignature("cluster").Column("weights", o.Weights).Float("beta", o.Beta).Add("average", o.Average.String()).
		List("features", o.Features, "none").Add("metric", o.Internal.Metric.String()).Int("sample", o.Internal.SilhouetteSample).
		Seed("sample_seed", o.Internal.Seed).Int("pairwise_limit", o.Internal.MaxPairwise)
}

// Check returns a *result.OptionError for an option out of its range.
func (o Options) Check() error {
	bad := func(opt, format string, args ...any) error {
		return &result.OptionError{Task: "cluster", Option: opt, Problem: fmt.Sprintf(format, args...)}
	}
	switch {
	case !(o.Beta > 0 && o.Beta <= math.MaxFloat64):
		return bad("cluster.Options.Beta", "must be a positive number, got %v", o.Beta)
	case o.Internal.SilhouetteSample < 0:
		return bad("cluster.InternalOptions.SilhouetteSample", "must not be negative, got %d", o.Internal.SilhouetteSample)
	case o.Internal.MaxPairwise < 0:
		return bad("cluster.InternalOptions.MaxPairwise", "must not be negative, got %d", o.Internal.MaxPairwise)
	}
	return nil
}

// InternalData are the rows of the internal indices: x holds n rows of
// len(opt.Features) features, pred[i] the cluster of row i (an index into
// names, which are in report order).
type InternalData struct {
	X     []float64
	Pred  []int
	Names []string
}

// NewReport computes the report: the external indices of tab when tab is
// not nil, the internal indices of in when in is not nil. It returns a
// *result.OptionError for an invalid option, and the errors of
// [Contingency.External] and [EvaluateInternal].
func NewReport(tab *Contingency, in *InternalData, opt Options) (*Report, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	out := &Report{Warnings: []string{}, Signature: opt.Signature()}
	if tab != nil {
		ext, err := tab.External(opt.Beta)
		if err != nil {
			return nil, err
		}
		avg := opt.Average
		out.N = ext.N
		out.ExternalReport = &ExternalReport{
			Classes: ext.Classes, Clusters: ext.Clusters,
			A: ext.A, B: ext.B, C: ext.C, D: ext.D,
			Jaccard: ext.Jaccard, FowlkesMallows: ext.FowlkesMallows,
			RandIndex: ext.RandIndex, AdjustedRandIndex: ext.AdjustedRand,
			MutualInfo: ext.MutualInfo, NMI: ext.NMI[avg], AMI: ext.AMI[avg], Average: avg.String(),
			NMIAverages: averagesOf(ext.NMI), AMIAverages: averagesOf(ext.AMI),
			EntropyTrue: ext.EntropyTrue, EntropyPred: ext.EntropyPred, ExpectedMutualInfo: ext.ExpectedMutualInfo,
			Homogeneity: ext.Homogeneity, Completeness: ext.Completeness, VMeasure: ext.VMeasure, Beta: ext.Beta,
			Purity: ext.Purity,
		}
		out.Warnings = append(out.Warnings, ext.Warnings...)
	}
	if in != nil {
		res, err := EvaluateInternal(in.X, len(opt.Features), in.Pred, opt.Internal)
		if err != nil {
			return nil, err
		}
		out.N = int64(res.N)
		io := &InternalReport{
			Metric: opt.Internal.Metric.String(), Features: opt.Features,
			DaviesBouldin: res.DaviesBouldin, DaviesBouldinAvgPair: res.DaviesBouldinAvgPair, Dunn: res.Dunn,
			Silhouette: res.Silhouette, SilhouetteRows: res.SilhouetteRows, CalinskiHarabasz: res.CalinskiHarabasz,
			silhouetteSE: res.SilhouetteSE, dbSE: res.DaviesBouldinSE, dbAvgSE: res.DaviesBouldinAvgPairSE, chSE: res.CalinskiHarabaszSE,
			seAsked: [2]bool{opt.Internal.SilhouetteSE, opt.Internal.IndexSE},
		}
		for _, c := range res.Clusters {
			io.Clusters = append(io.Clusters, ClusterDetail{
				Label: in.Names[c.Label], Size: c.Size, Centroid: c.Centroid, Scatter: c.Scatter,
				Avg: c.Avg, Diam: c.Diam, Silhouette: c.Silhouette, DMin: c.DMin, DCen: c.DCen,
			})
		}
		out.InternalReport = io
		out.Warnings = append(out.Warnings, res.Warnings...)
	}
	return out, nil
}

// Report is what "evalkit cluster" prints: the external indices when a
// reference labelling was given, the internal ones when features were.
type Report struct {
	// Summary is the headline numbers with their intervals in one
	// sentence (task.Summarize), set for one model with intervals.
	Summary string `json:"summary,omitempty"`
	N       int64  `json:"n"`
	// LabelComparison is how the labels, reference and cluster alike,
	// compared: "numeric" (every one a number: the clusters 1 and 1.0
	// are one) or "string" (label.Comparison), as the task that read
	// them sets it. Empty inside a several-model result, which says it
	// once for its models.
	LabelComparison string `json:"label_comparison,omitempty"`
	*ExternalReport
	*InternalReport
	// Level and Intervals are set by [Report.AddIntervals]: the
	// confidence level and an interval for each external index, keyed by
	// its JSON key.
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings"`
	// Signature says how the report was computed (nil inside a
	// several-model result, whose own signature covers its models).
	Signature *result.Signature `json:"signature,omitempty"`
}

// AverageValues are NMI or AMI under each mean of the entropies.
type AverageValues struct {
	Min        float64 `json:"min"`
	Geometric  float64 `json:"geometric"`
	Arithmetic float64 `json:"arithmetic"`
	Max        float64 `json:"max"`
}

func averagesOf(v [4]float64) AverageValues {
	return AverageValues{Min: v[Min], Geometric: v[Geometric], Arithmetic: v[Arithmetic], Max: v[Max]}
}

// ExternalReport are the external indices of a [Report].
type ExternalReport struct {
	Classes            int           `json:"n_classes"`
	Clusters           int           `json:"n_clusters"`
	A                  int64         `json:"a"`
	B                  int64         `json:"b"`
	C                  int64         `json:"c"`
	D                  int64         `json:"d"`
	Jaccard            float64       `json:"jaccard"`
	FowlkesMallows     float64       `json:"fowlkes_mallows"`
	RandIndex          float64       `json:"rand_index"`
	AdjustedRandIndex  float64       `json:"adjusted_rand_index"`
	MutualInfo         float64       `json:"mutual_info"`
	NMI                float64       `json:"nmi"`
	AMI                float64       `json:"ami"`
	Average            string        `json:"average"`
	NMIAverages        AverageValues `json:"nmi_averages"`
	AMIAverages        AverageValues `json:"ami_averages"`
	EntropyTrue        float64       `json:"entropy_true"`
	EntropyPred        float64       `json:"entropy_pred"`
	ExpectedMutualInfo float64       `json:"expected_mutual_info"`
	Homogeneity        float64       `json:"homogeneity"`
	Completeness       float64       `json:"completeness"`
	VMeasure           float64       `json:"v_measure"`
	Beta               float64       `json:"beta"`
	Purity             float64       `json:"purity"`
	// Contingency is the table itself, set by [Report.AddContingency].
	Contingency *ContingencyTable `json:"contingency,omitempty"`
}

// InternalReport are the internal indices of a [Report].
type InternalReport struct {
	Metric               string          `json:"metric"`
	Features             []string        `json:"features"`
	DaviesBouldin        float64         `json:"davies_bouldin"`
	DaviesBouldinAvgPair float64         `json:"davies_bouldin_avgpair"`
	Dunn                 float64         `json:"dunn"`
	Silhouette           float64         `json:"silhouette"`
	SilhouetteRows       int             `json:"silhouette_rows"`
	CalinskiHarabasz     float64         `json:"calinski_harabasz"`
	Clusters             []ClusterDetail `json:"clusters"`
	silhouetteSE         float64         // with InternalOptions.SilhouetteSE
	dbSE, dbAvgSE, chSE  float64         // with InternalOptions.IndexSE
	seAsked              [2]bool         // InternalOptions.SilhouetteSE, InternalOptions.IndexSE
}

// ClusterDetail is one predicted cluster's internal statistics; d_min and
// d_cen list the distances to every cluster in the order of "clusters".
type ClusterDetail struct {
	Label      string    `json:"label"`
	Size       int       `json:"size"`
	Centroid   []float64 `json:"centroid"`
	Scatter    float64   `json:"scatter"`
	Avg        float64   `json:"avg"`
	Diam       float64   `json:"diam"`
	Silhouette float64   `json:"silhouette"`
	DMin       []float64 `json:"d_min"`
	DCen       []float64 `json:"d_cen"`
}
