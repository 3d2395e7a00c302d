package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{name: "cluster", summary: "clustering indices: external (--true/--pred) and internal (--features)", run: runCluster})
}

var errFeatureRange = errors.New("beyond ±1e150, where squared distances overflow")

var errNotWhole = errors.New("not a whole number (weights of clustering rows are frequencies)")

// clusterOut is the JSON of "evalkit cluster". The external and internal
// parts are present when computed.
type clusterOut struct {
	N int64 `json:"n"`
	*clusterExternalOut
	*clusterInternalOut
	Warnings []string `json:"warnings"`
}

type clusterAverages struct {
	Min        float64 `json:"min"`
	Geometric  float64 `json:"geometric"`
	Arithmetic float64 `json:"arithmetic"`
	Max        float64 `json:"max"`
}

func averagesOf(v [4]float64) clusterAverages {
	return clusterAverages{Min: v[cluster.Min], Geometric: v[cluster.Geometric], Arithmetic: v[cluster.Arithmetic], Max: v[cluster.Max]}
}

type clusterExternalOut struct {
	Classes            int             `json:"n_classes"`
	Clusters           int             `json:"n_clusters"`
	A                  int64           `json:"a"`
	B                  int64           `json:"b"`
	C                  int64           `json:"c"`
	D                  int64           `json:"d"`
	Jaccard            float64         `json:"jaccard"`
	FowlkesMallows     float64         `json:"fowlkes_mallows"`
	RandIndex          float64         `json:"rand_index"`
	AdjustedRandIndex  float64         `json:"adjusted_rand_index"`
	MutualInfo         float64         `json:"mutual_info"`
	NMI                float64         `json:"nmi"`
	AMI                float64         `json:"ami"`
	Average            string          `json:"average"`
	NMIAverages        clusterAverages `json:"nmi_averages"`
	AMIAverages        clusterAverages `json:"ami_averages"`
	EntropyTrue        float64         `json:"entropy_true"`
	EntropyPred        float64         `json:"entropy_pred"`
	ExpectedMutualInfo float64         `json:"expected_mutual_info"`
	Homogeneity        float64         `json:"homogeneity"`
	Completeness       float64         `json:"completeness"`
	VMeasure           float64         `json:"v_measure"`
	Beta               float64         `json:"beta"`
	Purity             float64         `json:"purity"`
}

type clusterInternalOut struct {
	Metric               string          `json:"metric"`
	Features             []string        `json:"features"`
	DaviesBouldin        float64         `json:"davies_bouldin"`
	DaviesBouldinAvgPair float64         `json:"davies_bouldin_avgpair"`
	Dunn                 float64         `json:"dunn"`
	Silhouette           float64         `json:"silhouette"`
	SilhouetteRows       int             `json:"silhouette_rows"`
	CalinskiHarabasz     float64         `json:"calinski_harabasz"`
	Clusters             []clusterDetail `json:"clusters"`
}

// clusterDetail is one predicted cluster's internal statistics; d_min and
// d_cen list the distances to every cluster in the order of "clusters".
type clusterDetail struct {
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

func runCluster(e *env, args []string) error {
	fs := flag.NewFlagSet("cluster", flag.ContinueOnError)
	trueCol := fs.String("true", "y_true", "column of reference labels C* (external indices)")
	predCol := fs.String("pred", "y_pred", "column of predicted cluster labels C")
	featCols := fs.String("features", "", "comma-separated feature columns c1,c2,… (internal indices)")
	weightCol := fs.String("weight", "", "column of integer frequency weights (external indices only)")
	metricName := fs.String("metric", "euclidean", "distance for internal indices: euclidean, manhattan or cosine")
	beta := fs.Float64("beta", 1, "weight of completeness in the V-measure")
	avgName := fs.String("average", "arithmetic", "mean of the entropies for nmi and ami: min, geometric, arithmetic or max")
	sample := fs.Int("sample", 0, "compute the silhouette on N rows drawn with --seed (0: all rows)")
	seed := fs.Uint64("seed", 1, "random seed for --sample")
	limit := fs.Int("pairwise-limit", 50000, "skip the O(n²) indices above this many rows (0: no limit)")
	format := formatFlag(fs)
	path, outFmt, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	metric, err := cluster.ParseMetric(*metricName)
	if err != nil {
		return usagef("cluster: --metric: %v", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	avg, err := cluster.ParseAverage(*avgName)
	if err != nil {
		return usagef("cluster: --average: %v", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	if !(*beta > 0 && *beta <= math.MaxFloat64) {
		return usagef("cluster: --beta must be a positive number, got %v", *beta)
	}
	if *sample < 0 || *limit < 0 {
		return usagef("cluster: --sample and --pairwise-limit must not be negative")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var features []string
	if *featCols != "" {
		features = strings.Split(*featCols, ",")
		for _, f := range features {
			if f == "" {
				return usagef("cluster: --features %q names an empty column", *featCols)
			}
		}
	}
	external := len(features) == 0 || set["true"]
	internal := len(features) > 0
	if internal && *weightCol != "" {
		return usagef("cluster: --weight applies to external indices only; internal indices take no weights")
	}

	r, err := e.open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	tc, wc := -1, -1
	if external {
		if tc, err = r.Col(*trueCol); err != nil {
			return err
		}
	}
	pc, err := r.Col(*predCol)
	if err != nil {
		return err
	}
	if *weightCol != "" {
		if wc, err = r.Col(*weightCol); err != nil {
			return err
		}
	}
	fc := make([]int, len(features))
	for i, f := range features {
		if fc[i], err = r.Col(f); err != nil {
			return err
		}
	}

	// Each chunk of rows is read into a state of its own, with its own label
	// numbering; the states are merged in chunk order, so the result is the
	// same for any number of cores.
	type chunkState struct {
		tset, pset *label.Set
		tab        cluster.Contingency
		x          []float64
		pred       []int
	}
	tset, pset := label.NewSet(nil), label.NewSet(nil)
	var tab cluster.Contingency
	var x []float64
	var pred []int
	if n := estimateRows(path); internal && n > 0 {
		// Room for every row at once: no growing and copying.
		x, pred = make([]float64, 0, n*len(fc)), make([]int, 0, n)
	}
	remap := func(local, global *label.Set) []int {
		m := make([]int, local.Len())
		for i, name := range local.Names() {
			m[i], _ = global.ID([]byte(name))
		}
		return m
	}
	order := &chunkOrder[*chunkState]{
		fresh: func() *chunkState { return &chunkState{tset: label.NewSet(nil), pset: label.NewSet(nil)} },
		merge: func(st *chunkState) {
			tm, pm := remap(st.tset, tset), remap(st.pset, pset)
			if external {
				tab.MergeMapped(&st.tab, tm, pm)
			}
			x = append(x, st.x...)
			for _, p := range st.pred {
				pred = append(pred, pm[p])
			}
		},
	}
	err = readChunks(e, r, order, func(st *chunkState, sub *table.Reader) error {
		for sub.Next() {
			pb, err := sub.Text(pc)
			if err != nil {
				return err
			}
			p, _ := st.pset.ID(pb)
			if external {
				tb, err := sub.Text(tc)
				if err != nil {
					return err
				}
				t, _ := st.tset.ID(tb)
				w := int64(1)
				if wc >= 0 {
					v, err := sub.Weight(wc)
					if err != nil {
						return err
					}
					if v != math.Trunc(v) || v > 1<<53 {
						return sub.Errorf(wc, table.BadValue(sub.Field(wc), errNotWhole))
					}
					w = int64(v)
				}
				st.tab.Add(t, p, w)
			}
			if internal {
				for _, c := range fc {
					v, err := sub.Float(c)
					if err != nil {
						return err
					}
					if !(math.Abs(v) <= cluster.MaxFeature) {
						return sub.Errorf(c, table.BadValue(sub.Field(c), errFeatureRange))
					}
					st.x = append(st.x, v)
				}
				st.pred = append(st.pred, p)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	out := &clusterOut{Warnings: []string{}}
	var ext cluster.External
	if external {
		ext, err = tab.External(*beta)
		if err != nil {
			if errors.Is(err, cluster.ErrEmpty) {
				return fmt.Errorf("%s: every row has weight 0", r.Name())
			}
			return fmt.Errorf("%s: %v", r.Name(), err)
		}
		out.N = ext.N
		out.clusterExternalOut = &clusterExternalOut{
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
	var in cluster.Internal
	var names []string
	if internal {
		var perm []int
		names, perm = pset.Sorted()
		rank := make([]int, len(perm))
		for k, i := range perm {
			rank[i] = k
		}
		for i, p := range pred {
			pred[i] = rank[p]
		}
		in, err = cluster.EvaluateInternal(x, len(features), pred, cluster.Options{
			Metric: metric, MaxPairwise: *limit, SilhouetteSample: *sample, Seed: *seed,
		})
		if err != nil {
			return fmt.Errorf("%s: %v", r.Name(), err)
		}
		out.N = int64(in.N)
		io := &clusterInternalOut{
			Metric: metric.String(), Features: features,
			DaviesBouldin: in.DaviesBouldin, DaviesBouldinAvgPair: in.DaviesBouldinAvgPair, Dunn: in.Dunn,
			Silhouette: in.Silhouette, SilhouetteRows: in.SilhouetteRows, CalinskiHarabasz: in.CalinskiHarabasz,
		}
		for _, c := range in.Clusters {
			io.Clusters = append(io.Clusters, clusterDetail{
				Label: names[c.Label], Size: c.Size, Centroid: c.Centroid, Scatter: c.Scatter,
				Avg: c.Avg, Diam: c.Diam, Silhouette: c.Silhouette, DMin: c.DMin, DCen: c.DCen,
			})
		}
		out.clusterInternalOut = io
		out.Warnings = append(out.Warnings, in.Warnings...)
	}
	return emit(e, outFmt, out, func() *report.Doc { return clusterDoc(out) })
}

func clusterDoc(o *clusterOut) *report.Doc {
	d := &report.Doc{Title: "Clustering indices"}
	if x := o.clusterExternalOut; x != nil {
		p := &report.Pairs{Title: fmt.Sprintf("External: predicted C (%d clusters) vs reference C* (%d classes), %d rows", x.Clusters, x.Classes, o.N)}
		p.Add("a = |SS| (same in C, same in C*)", strconv.FormatInt(x.A, 10))
		p.Add("b = |SD| (same in C, different in C*)", strconv.FormatInt(x.B, 10))
		p.Add("c = |DS| (different in C, same in C*)", strconv.FormatInt(x.C, 10))
		p.Add("d = |DD| (different in both)", strconv.FormatInt(x.D, 10))
		p.Add("Jaccard coefficient", report.Sig(x.Jaccard))
		p.Add("Fowlkes–Mallows index", report.Sig(x.FowlkesMallows))
		p.Add("Rand index", report.Sig(x.RandIndex))
		p.Add("adjusted Rand index", report.Sig(x.AdjustedRandIndex))
		p.Add("mutual information (nats)", report.Sig(x.MutualInfo))
		p.Add("NMI ("+x.Average+")", report.Sig(x.NMI))
		p.Add("AMI ("+x.Average+")", report.Sig(x.AMI))
		p.Add("homogeneity", report.Sig(x.Homogeneity))
		p.Add("completeness", report.Sig(x.Completeness))
		p.Add(fmt.Sprintf("V-measure (β = %s)", report.Sig(x.Beta)), report.Sig(x.VMeasure))
		p.Add("purity", report.Sig(x.Purity))
		d.Blocks = append(d.Blocks, p)
	}
	if x := o.clusterInternalOut; x != nil {
		feat := "features"
		if len(x.Features) == 1 {
			feat = "feature"
		}
		p := &report.Pairs{Title: fmt.Sprintf("Internal: %d rows, %d %s, %s distance", o.N, len(x.Features), feat, x.Metric)}
		p.Add("Davies–Bouldin (scikit-learn)", report.Sig(x.DaviesBouldin))
		p.Add("Davies–Bouldin (seed 002, avg(C))", report.Sig(x.DaviesBouldinAvgPair))
		p.Add("Dunn index", report.Sig(x.Dunn))
		sil := "silhouette"
		if x.SilhouetteRows != int(o.N) && x.SilhouetteRows > 0 {
			sil = fmt.Sprintf("silhouette (%d sampled rows)", x.SilhouetteRows)
		}
		p.Add(sil, report.Sig(x.Silhouette))
		p.Add("Calinski–Harabasz", report.Sig(x.CalinskiHarabasz))
		d.Blocks = append(d.Blocks, p)
		t := &report.Table{Title: "Clusters", Header: []string{"cluster", "size", "avg(C)", "diam(C)", "scatter", "silhouette"}}
		for _, c := range x.Clusters {
			t.Rows = append(t.Rows, []string{c.Label, strconv.Itoa(c.Size), report.Sig(c.Avg), report.Sig(c.Diam), report.Sig(c.Scatter), report.Sig(c.Silhouette)})
		}
		d.Blocks = append(d.Blocks, t)
	}
	for _, w := range o.Warnings {
		d.Blocks = append(d.Blocks, report.Note("warning: "+w))
	}
	return d
}
