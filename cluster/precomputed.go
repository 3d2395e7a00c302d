package cluster

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ErrDiagonal is returned for a precomputed distance matrix with a
// non-zero diagonal entry.
var ErrDiagonal = errors.New("cluster: the distance matrix has a non-zero diagonal entry")

// DiagonalTolerance is the largest |d_ii| a precomputed distance matrix
// may have: 100 times float64's machine epsilon, scikit-learn's tolerance
// (silhouette_samples with metric="precomputed" raises a ValueError above
// it). Smaller diagonal entries count as they are, in the row's sum over
// its own cluster, as scikit-learn counts them.
const DiagonalTolerance = 100 * 2.220446049250313e-16

// EvaluatePrecomputed computes the internal indices of the clustering
// labels from d, a row-major n×n matrix of distances (d[i·n + j] the
// distance from row i to row j; n = len(labels)), as scikit-learn's
// silhouette_score(d, labels, metric="precomputed"): row i's a is its
// row's mean over the other rows of its cluster (the sum includes d_ii)
// and b the least mean of its row over another cluster's rows; the
// matrix need not be symmetric (each row is read for its own
// silhouette). Only the silhouette (overall, per cluster, per row with
// opt.KeepSamples, sampled with opt.SilhouetteSample) comes from
// distances alone: Davies–Bouldin (both), Calinski–Harabasz, Dunn, each
// cluster's centroid, scatter, avg, diam, d_min and d_cen need the rows'
// coordinates and are NaN (nil for the slices), with a warning; so are the
// standard errors asked by opt.SilhouetteSE or opt.IndexSE. opt.Metric is
// not used. The silhouette needs 2 ≤ k ≤ n−1 (else NaN with a warning)
// and, past opt.MaxPairwise rows, a sample.
//
// It returns ErrEmpty for no rows, ErrDimension when len(d) ≠ n², and
// errors naming row and column: ErrFeature for an entry that is negative
// or not finite (scikit-learn: "Precomputed distance need to have
// non-negative values"), ErrDiagonal for |d_ii| > DiagonalTolerance.
func EvaluatePrecomputed(d []float64, labels []int, opt InternalOptions) (Internal, error) {
	n := len(labels)
	if n == 0 {
		return Internal{}, ErrEmpty
	}
	if len(d) != n*n {
		return Internal{}, fmt.Errorf("%w: %d distances for %d rows: a precomputed distance matrix is square, %d × %d", ErrDimension, len(d), n, n, n)
	}
	if err := CheckDistances(d, n); err != nil {
		return Internal{}, err
	}
	g := group(labels)
	k := len(g.names)
	r := Internal{N: n, Dim: n, Metric: opt.Metric}
	r.Clusters = make([]ClusterStats, k)
	nan := math.NaN()
	for c := range r.Clusters {
		r.Clusters[c] = ClusterStats{Label: g.names[c], Size: g.size(c), Scatter: nan, Avg: nan, Diam: nan, Silhouette: nan}
	}
	r.DaviesBouldin, r.DaviesBouldinAvgPair, r.Dunn, r.CalinskiHarabasz, r.Silhouette = nan, nan, nan, nan, nan
	r.DaviesBouldinSE, r.DaviesBouldinAvgPairSE, r.CalinskiHarabaszSE, r.SilhouetteSE = nan, nan, nan, nan
	r.Warnings = append(r.Warnings, "davies_bouldin, davies_bouldin_avgpair, calinski_harabasz, dunn and each cluster's centroid, scatter, avg, diam, d_min and d_cen: null, they need the rows' coordinates and the features are a precomputed distance matrix (only the silhouette comes from distances alone)")
	if opt.SilhouetteSE || opt.IndexSE {
		r.Warnings = append(r.Warnings, "no standard errors from a precomputed distance matrix: the delta method's influences need the rows' coordinates")
	}
	okK := k >= 2 && k <= n-1
	if !okK {
		r.Warnings = append(r.Warnings, fmt.Sprintf("k = %d clusters for n = %d rows: the silhouette needs 2 ≤ k ≤ n−1", k, n))
	}
	sample := opt.SilhouetteSample > 0 && opt.SilhouetteSample < n
	switch {
	case sample:
		idx := sampleRows(n, opt.SilhouetteSample, opt.Seed)
		sl := make([]int, len(idx))
		for t, i := range idx {
			sl[t] = labels[i]
		}
		sg := group(sl)
		sk := len(sg.names)
		okS := sk >= 2 && sk <= len(idx)-1
		if !okS {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the silhouette sample of %d rows has %d clusters: the silhouette needs 2 ≤ k ≤ n−1", len(idx), sk))
		}
		r.SilhouetteSample = idx
		r.silhouette(sg, precomputedSums(d, n, idx, sg), g, okS, opt.KeepSamples)
	case opt.MaxPairwise > 0 && n > opt.MaxPairwise:
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d rows exceed the pairwise limit %d: the silhouette is not computed (set a sample size, cluster.InternalOptions.SilhouetteSample)", n, opt.MaxPairwise))
	default:
		r.silhouette(g, precomputedSums(d, n, nil, g), nil, okK, opt.KeepSamples)
	}
	return r, nil
}

// CheckDistances returns an error naming the row and column (0-based) of
// the first entry of the n×n distance matrix d that is negative or not
// finite (ErrFeature), or on the diagonal beyond DiagonalTolerance
// (ErrDiagonal).
func CheckDistances(d []float64, n int) error {
	for i := range n {
		for j, v := range d[i*n : (i+1)*n] {
			if !(v >= 0 && v <= math.MaxFloat64) {
				return fmt.Errorf("%w: row %d, column %d: distance %v (a precomputed distance is a finite number ≥ 0)", ErrFeature, i, j, v)
			}
			if i == j && v > DiagonalTolerance {
				return fmt.Errorf("%w: row %d, column %d: %v (a row's distance to itself must be 0, within %.3g, as scikit-learn requires)", ErrDiagonal, i, j, v, DiagonalTolerance)
			}
		}
	}
	return nil
}

// precomputedSums returns the silhouette's sums of the rows idx (nil:
// every row) of the distance matrix d (n×n), grouped by g (the groups of
// those rows, numbered 0…len−1): for each row, in g's order, the
// compensated sum of its row over its own cluster (d_ii included) and the
// least mean over another cluster.
func precomputedSums(d []float64, n int, idx []int, g *groups) *passResult {
	m := len(g.id)
	row := func(t int) int {
		if idx == nil {
			return t
		}
		return idx[t]
	}
	k := len(g.names)
	pr := &passResult{own: make([]float64, m), other: make([]float64, m)}
	sums := make([]fsum.Sum, k)
	for c := range k {
		for p := g.start[c]; p < g.start[c+1]; p++ {
			i := row(g.order[p])
			clear(sums)
			di := d[i*n : (i+1)*n]
			for u := range m {
				sums[g.id[u]].Add(di[row(u)])
			}
			pr.own[p] = sums[c].Value()
			b := math.Inf(1)
			for c2 := range k {
				if c2 != c {
					b = math.Min(b, sums[c2].Value()/float64(g.size(c2)))
				}
			}
			pr.other[p] = b
		}
	}
	return pr
}
