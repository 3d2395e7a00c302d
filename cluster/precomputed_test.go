package cluster

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"testing"
)

// TestPrecomputedGolden compares the silhouette of precomputed distance
// matrices with scikit-learn 1.2.1's silhouette_score and
// silhouette_samples(metric="precomputed") (testdata/precomputed.json,
// tools/oracle/cluster_precomputed.py) to 1e-12, and its refusals (a
// diagonal entry beyond 100 machine epsilons, a negative entry) with
// ErrDiagonal and ErrFeature.
func TestPrecomputedGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/precomputed.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Cases []struct {
			Name       string      `json:"name"`
			D          [][]float64 `json:"d"`
			Labels     []int       `json:"labels"`
			Silhouette *float64    `json:"silhouette"`
			Samples    []float64   `json:"samples"`
			Error      string      `json:"error"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) < 40 {
		t.Fatalf("only %d cases", len(g.Cases))
	}
	var worst float64
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			n := len(c.Labels)
			d := make([]float64, 0, n*n)
			for _, row := range c.D {
				d = append(d, row...)
			}
			r, err := EvaluateInternal(d, n, c.Labels, InternalOptions{Metric: Precomputed, KeepSamples: true})
			if c.Error != "" {
				want := ErrFeature
				if c.Name == "diagonal" {
					want = ErrDiagonal
				}
				if !errors.Is(err, want) {
					t.Fatalf("error %v, want %v (scikit-learn: %s)", err, want, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			diff := math.Abs(r.Silhouette - *c.Silhouette)
			worst = max(worst, diff)
			if diff > 1e-12 {
				t.Errorf("silhouette %v, scikit-learn %v", r.Silhouette, *c.Silhouette)
			}
			for i, v := range c.Samples {
				if d := math.Abs(r.SilhouetteValues[i] - v); d > 1e-12 {
					t.Errorf("row %d: silhouette %v, scikit-learn %v", i, r.SilhouetteValues[i], v)
				}
			}
			if !math.IsNaN(r.DaviesBouldin) || !math.IsNaN(r.CalinskiHarabasz) || r.Clusters[0].Centroid != nil || len(r.Warnings) == 0 {
				t.Errorf("indices that need coordinates: DB %v, CH %v, centroid %v, warnings %q", r.DaviesBouldin, r.CalinskiHarabasz, r.Clusters[0].Centroid, r.Warnings)
			}
		})
	}
	t.Logf("largest difference from scikit-learn: %.3g", worst)
}

// TestPrecomputedMatchesFeatures: the silhouette of the Euclidean
// distance matrix of some rows is the silhouette of the rows, sampled
// or not.
func TestPrecomputedMatchesFeatures(t *testing.T) {
	const n, dim = 60, 3
	x := make([]float64, n*dim)
	labels := make([]int, n)
	for i := range n {
		labels[i] = i % 4
		for j := range dim {
			x[i*dim+j] = math.Sin(float64(i*dim+j)*1.7) + float64(labels[i])
		}
	}
	d := make([]float64, n*n)
	for i := range n {
		for j := range n {
			var s float64
			for t := range dim {
				e := x[i*dim+t] - x[j*dim+t]
				s += e * e
			}
			d[i*n+j] = math.Sqrt(s)
		}
	}
	for _, sample := range []int{0, 25} {
		a, err := EvaluateInternal(x, dim, labels, InternalOptions{SilhouetteSample: sample, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		b, err := EvaluateInternal(d, n, labels, InternalOptions{Metric: Precomputed, SilhouetteSample: sample, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Silhouette-b.Silhouette) > 1e-12 || a.SilhouetteRows != b.SilhouetteRows {
			t.Errorf("sample %d: features %v (%d rows), precomputed %v (%d rows)", sample, a.Silhouette, a.SilhouetteRows, b.Silhouette, b.SilhouetteRows)
		}
		for c := range a.Clusters {
			if math.Abs(a.Clusters[c].Silhouette-b.Clusters[c].Silhouette) > 1e-12 {
				t.Errorf("sample %d: cluster %d: %v, %v", sample, c, a.Clusters[c].Silhouette, b.Clusters[c].Silhouette)
			}
		}
	}
	if _, err := EvaluateInternal(d[:n*(n-1)], n-1, labels, InternalOptions{Metric: Precomputed}); !errors.Is(err, ErrDimension) {
		t.Errorf("a matrix that is not square: %v", err)
	}
}
