package cluster

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/evalkit-go/evalkit/label"
)

// The expected numbers in testdata/oracle.json come from scikit-learn 1.2.1
// and scipy (Debian python3-sklearn), and from direct brute-force formulas
// for seed 002's definitions; tools/oracle/cluster.py regenerates the file
// and documents the source of every key.

type oracleFile struct {
	Reference string       `json:"reference"`
	Cases     []oracleCase `json:"cases"`
}

type oracleCase struct {
	Name     string          `json:"name"`
	Kind     string          `json:"kind"`
	True     []string        `json:"true"`
	Pred     []string        `json:"pred"`
	Weights  []int64         `json:"weights"`
	Beta     float64         `json:"beta"`
	Metric   string          `json:"metric"`
	Dim      int             `json:"dim"`
	Features [][]float64     `json:"features"`
	Labels   []string        `json:"labels"`
	Expected json.RawMessage `json:"expected"`
}

type extExpected struct {
	A, B, C, D        int64
	Jaccard           float64             `json:"jaccard"`
	FowlkesMallows    float64             `json:"fowlkes_mallows"`
	RandIndex         float64             `json:"rand_index"`
	AdjustedRandIndex float64             `json:"adjusted_rand_index"`
	MutualInfo        float64             `json:"mutual_info"`
	NMI               map[string]float64  `json:"nmi"`
	AMI               map[string]*float64 `json:"ami"`
	Homogeneity       float64             `json:"homogeneity"`
	Completeness      float64             `json:"completeness"`
	VMeasure          float64             `json:"v_measure"`
	Purity            float64             `json:"purity"`
	N                 int64               `json:"n"`
	Classes           int                 `json:"n_classes"`
	Clusters          int                 `json:"n_clusters"`
	EntropyTrue       float64             `json:"entropy_true"`
	EntropyPred       float64             `json:"entropy_pred"`
	ExpectedMI        float64             `json:"expected_mutual_info"`
}

type intCluster struct {
	Label      string    `json:"label"`
	Size       int       `json:"size"`
	Centroid   []float64 `json:"centroid"`
	Scatter    float64   `json:"scatter"`
	Avg        float64   `json:"avg"`
	Diam       float64   `json:"diam"`
	DMin       []float64 `json:"d_min"`
	DCen       []float64 `json:"d_cen"`
	Silhouette *float64  `json:"silhouette"`
}

type intExpected struct {
	Clusters             []intCluster `json:"clusters"`
	Dunn                 *float64     `json:"dunn"`
	Silhouette           *float64     `json:"silhouette"`
	SilhouetteSamples    []float64    `json:"silhouette_samples"`
	CalinskiHarabasz     *float64     `json:"calinski_harabasz"`
	DaviesBouldin        *float64     `json:"davies_bouldin"`
	DaviesBouldinAvgPair *float64     `json:"davies_bouldin_avgpair"`
}

func loadOracle(t testing.TB) oracleFile {
	t.Helper()
	b, err := os.ReadFile("testdata/oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	var f oracleFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// within reports whether got is within 1e-9 of want, relative to
// max(|want|, 1): values near 0 (MI − E[MI], ARI of independent
// labellings) come from cancellation, where a relative tolerance means
// nothing.
func within(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= 1e-9*math.Max(math.Abs(want), 1)
}

func ptrNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// ids maps string labels to ints in label order ([label.Sort]).
func ids(names []string) []int {
	s := label.NewSet(nil)
	raw := make([]int, len(names))
	for i, n := range names {
		raw[i], _ = s.ID([]byte(n))
	}
	_, perm := s.Sorted()
	rank := make([]int, len(perm))
	for k, i := range perm {
		rank[i] = k
	}
	for i := range raw {
		raw[i] = rank[raw[i]]
	}
	return raw
}

func TestOracle(t *testing.T) {
	f := loadOracle(t)
	if len(f.Cases) < 150 {
		t.Fatalf("%d oracle cases, want at least 150", len(f.Cases))
	}
	for _, c := range f.Cases {
		t.Run(c.Kind+"/"+c.Name, func(t *testing.T) {
			switch c.Kind {
			case "external":
				checkExternal(t, c)
			case "internal":
				checkInternal(t, c)
			default:
				t.Fatalf("unknown kind %q", c.Kind)
			}
		})
	}
}

func checkExternal(t *testing.T, c oracleCase) {
	var want extExpected
	if err := json.Unmarshal(c.Expected, &want); err != nil {
		t.Fatal(err)
	}
	tab, err := NewContingency(ids(c.True), ids(c.Pred), c.Weights)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tab.External(c.Beta)
	if err != nil {
		t.Fatal(err)
	}
	if got.N != want.N || got.Classes != want.Classes || got.Clusters != want.Clusters {
		t.Errorf("n, classes, clusters = %d %d %d, want %d %d %d", got.N, got.Classes, got.Clusters, want.N, want.Classes, want.Clusters)
	}
	if got.Pairs != (Pairs{want.A, want.B, want.C, want.D}) {
		t.Errorf("pairs = %+v, want a=%d b=%d c=%d d=%d", got.Pairs, want.A, want.B, want.C, want.D)
	}
	for _, x := range []struct {
		name      string
		got, want float64
	}{
		{"jaccard", got.Jaccard, want.Jaccard},
		{"fowlkes_mallows", got.FowlkesMallows, want.FowlkesMallows},
		{"rand_index", got.RandIndex, want.RandIndex},
		{"adjusted_rand_index", got.AdjustedRand, want.AdjustedRandIndex},
		{"mutual_info", got.MutualInfo, want.MutualInfo},
		{"homogeneity", got.Homogeneity, want.Homogeneity},
		{"completeness", got.Completeness, want.Completeness},
		{"v_measure", got.VMeasure, want.VMeasure},
		{"purity", got.Purity, want.Purity},
		{"entropy_true", got.EntropyTrue, want.EntropyTrue},
		{"entropy_pred", got.EntropyPred, want.EntropyPred},
		{"expected_mutual_info", got.ExpectedMutualInfo, want.ExpectedMI},
	} {
		if !within(x.got, x.want) {
			t.Errorf("%s = %.17g, want %.17g", x.name, x.got, x.want)
		}
	}
	for _, a := range Averages {
		if !within(got.NMI[a], want.NMI[a.String()]) {
			t.Errorf("nmi[%v] = %.17g, want %.17g", a, got.NMI[a], want.NMI[a.String()])
		}
		if !within(got.AMI[a], ptrNaN(want.AMI[a.String()])) {
			t.Errorf("ami[%v] = %.17g, want %v", a, got.AMI[a], ptrNaN(want.AMI[a.String()]))
		}
	}
}

func checkInternal(t *testing.T, c oracleCase) {
	var want intExpected
	if err := json.Unmarshal(c.Expected, &want); err != nil {
		t.Fatal(err)
	}
	m, err := ParseMetric(c.Metric)
	if err != nil {
		t.Fatal(err)
	}
	var x []float64
	for _, row := range c.Features {
		x = append(x, row...)
	}
	got, err := EvaluateInternal(x, c.Dim, ids(c.Labels), InternalOptions{Metric: m, KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		name      string
		got, want float64
	}{
		{"silhouette", got.Silhouette, ptrNaN(want.Silhouette)},
		{"dunn", got.Dunn, ptrNaN(want.Dunn)},
		{"calinski_harabasz", got.CalinskiHarabasz, ptrNaN(want.CalinskiHarabasz)},
		{"davies_bouldin", got.DaviesBouldin, ptrNaN(want.DaviesBouldin)},
		{"davies_bouldin_avgpair", got.DaviesBouldinAvgPair, ptrNaN(want.DaviesBouldinAvgPair)},
	} {
		if !within(v.got, v.want) {
			t.Errorf("%s = %.17g, want %.17g", v.name, v.got, v.want)
		}
	}
	if want.SilhouetteSamples != nil {
		for i, w := range want.SilhouetteSamples {
			if !within(got.SilhouetteValues[i], w) {
				t.Errorf("silhouette_samples[%d] = %.17g, want %.17g", i, got.SilhouetteValues[i], w)
			}
		}
	}
	if len(got.Clusters) != len(want.Clusters) {
		t.Fatalf("%d clusters, want %d", len(got.Clusters), len(want.Clusters))
	}
	for i, w := range want.Clusters {
		g := got.Clusters[i]
		if g.Size != w.Size {
			t.Errorf("cluster %s: size %d, want %d", w.Label, g.Size, w.Size)
		}
		for _, v := range []struct {
			name      string
			got, want float64
		}{
			{"scatter", g.Scatter, w.Scatter},
			{"avg", g.Avg, w.Avg},
			{"diam", g.Diam, w.Diam},
			{"silhouette", g.Silhouette, ptrNaN(w.Silhouette)},
		} {
			if !within(v.got, v.want) {
				t.Errorf("cluster %s: %s = %.17g, want %.17g", w.Label, v.name, v.got, v.want)
			}
		}
		for d := range w.Centroid {
			if !within(g.Centroid[d], w.Centroid[d]) {
				t.Errorf("cluster %s: centroid[%d] = %.17g, want %.17g", w.Label, d, g.Centroid[d], w.Centroid[d])
			}
		}
		for e := range w.DMin {
			if !within(g.DMin[e], w.DMin[e]) || !within(g.DCen[e], w.DCen[e]) {
				t.Errorf("cluster %s to %d: d_min %.17g d_cen %.17g, want %.17g %.17g", w.Label, e, g.DMin[e], g.DCen[e], w.DMin[e], w.DCen[e])
			}
		}
	}
}
