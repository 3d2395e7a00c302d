package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/internal/parallel"
)

// ErrClusterCount is returned by the one-call internal indices when the
// number of clusters k is not in 2 ≤ k ≤ n−1, where scikit-learn's
// silhouette_score, davies_bouldin_score and calinski_harabasz_score raise
// an error.
var ErrClusterCount = errors.New("cluster: the number of clusters must be between 2 and n−1")

// Metric is a distance between feature vectors. The zero value is
// Euclidean.
type Metric int

// The metrics.
const (
	Euclidean Metric = iota // √Σ(x_t − y_t)²
	Manhattan               // Σ|x_t − y_t|
	// Cosine is 1 − x·y/(‖x‖‖y‖), clipped to [0, 2], as scikit-learn's
	// cosine_distances: a zero vector is at distance 1 from every other
	// vector, and every vector is at distance 0 from itself.
	Cosine
	// Precomputed says the features are a square matrix of distances
	// between the rows ([EvaluatePrecomputed]), as scikit-learn's
	// metric="precomputed".
	Precomputed
)

func (m Metric) String() string {
	switch m {
	case Manhattan:
		return "manhattan"
	case Cosine:
		return "cosine"
	case Precomputed:
		return "precomputed"
	}
	return "euclidean"
}

// ParseMetric parses "euclidean", "manhattan" or "cosine" (Precomputed
// is not a distance between feature vectors: it is set on its own).
func ParseMetric(s string) (Metric, error) {
	for _, m := range []Metric{Euclidean, Manhattan, Cosine} {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("cluster: unknown metric %q (want euclidean, manhattan or cosine)", s)
}

// InternalOptions configures [EvaluateInternal]. The zero value computes every
// index on every row with the Euclidean distance on all cores.
type InternalOptions struct {
	Metric Metric
	// MaxPairwise is the number of rows above which the O(n²) indices
	// (silhouette unless sampled, avg, diam, d_min, Dunn and
	// davies_bouldin_avgpair) are not computed: they are NaN with a
	// warning. 0 means no limit.
	MaxPairwise int
	// SilhouetteSample, when positive and less than n, computes the
	// silhouette on that many rows drawn without replacement with Seed
	// (as scikit-learn's silhouette_score sample_size, though with a
	// different random generator: the same seed gives the same rows here
	// on every platform, not the rows NumPy would draw).
	SilhouetteSample int
	Seed             uint64
	// Workers is the number of goroutines (0: GOMAXPROCS).
	Workers int
	// KeepSamples keeps the silhouette of every row in
	// Internal.SilhouetteSamples.
	KeepSamples bool
	// SilhouetteSE computes Internal.SilhouetteSE, the silhouette's
	// standard error by the delta method (silci.go): a second O(n²) pass.
	SilhouetteSE bool
	// IndexSE computes Internal.DaviesBouldinSE,
	// DaviesBouldinAvgPairSE and CalinskiHarabaszSE, their standard errors
	// by the delta method (indexci.go): one more O(n·d) pass, and 3·k·d
	// values charged to Budget (indexSEBytes).
	IndexSE bool
	// Budget, when not nil, is charged with the memory of the O(n²)
	// pass ([PairwiseBytes]) while it runs; when the pass does not fit,
	// its indices are not computed (NaN with a warning), as above
	// MaxPairwise.
	Budget *budget.Budget
}

// PairwiseBytes returns the memory the O(n²) pass over n rows of dim
// features in k clusters holds, with the given number of workers: the rows
// copied in cluster order, per-row sums, the n×k table of the symmetric
// pass (when n·k is small enough for it) or per-worker tiles, and the k×k
// least inter-cluster distances per worker when k ≤ 1000.
func PairwiseBytes(n, dim, k, workers int) int64 {
	b := int64(n) * int64(dim+3) * 8
	if int64(n)*int64(k) <= int64(symLimit) {
		b += int64(n) * int64(k) * 16
		b += int64(workers) * (tileS*tileS + tileS) * 8
	} else {
		b += int64(workers) * (tileI*tileJ*8 + tileI*40)
	}
	b += int64(workers+1) * int64(k) * 8
	if k <= 1000 {
		b += int64(workers+1) * int64(k) * int64(k) * 8
	}
	return b
}

// ClusterStats describes one predicted cluster C (seed 002's quantities).
type ClusterStats struct {
	Label    int       // the cluster's label as given
	Size     int       // |C|
	Centroid []float64 // u = (1/|C|) Σ x_i
	// Scatter is the mean distance of the cluster's points to u
	// (scikit-learn's Davies–Bouldin s_i).
	Scatter float64
	// Avg is avg(C) = 2/(|C|(|C|−1)) Σ_{i<j} dist(x_i, x_j), 0 for a
	// single point (seed 002). NaN when the pairwise pass was skipped.
	Avg float64
	// Diam is diam(C) = max_{i<j} dist(x_i, x_j), 0 for a single point.
	Diam float64
	// Silhouette is the mean silhouette of the cluster's rows (of the
	// sampled rows under InternalOptions.SilhouetteSample; NaN if none was drawn).
	Silhouette float64
	// DMin[j] is d_min(C, C_j) = min dist(x, y) over x ∈ C, y ∈ C_j and
	// DCen[j] is d_cen(C, C_j) = dist(u, u_j) (0 for C_j = C). DMin is nil
	// when the pairwise pass was skipped or there are more than 1000
	// clusters.
	DMin, DCen []float64
}

// Internal holds the internal indices of a clustering.
type Internal struct {
	N, Dim   int
	Metric   Metric
	Clusters []ClusterStats // in increasing order of label

	// DaviesBouldin is (1/k) Σ_i max_{j≠i} (s_i + s_j)/d_cen(i, j) with
	// s_i the mean distance to the centroid (scikit-learn
	// davies_bouldin_score; a zero d_cen makes its ratio 0, and the index
	// is 0 when every s_i or every d_cen is at most 10⁻⁸, as scikit-learn's
	// np.allclose tests).
	DaviesBouldin float64
	// DaviesBouldinAvgPair is seed 002's DBI, with avg(C) in place of s_i,
	// under the same conventions.
	DaviesBouldinAvgPair float64
	// Dunn is DI = min_{i≠j} d_min(C_i, C_j) / max_l diam(C_l) (seed 002);
	// NaN with a warning when every cluster has diameter 0.
	Dunn float64
	// Silhouette is the mean over rows of s = (b − a)/max(a, b), a the
	// mean distance to the other rows of the row's cluster, b the least
	// mean distance to another cluster's rows; s = 0 for a row alone in its
	// cluster and when a = b = 0 (scikit-learn silhouette_score).
	Silhouette       float64
	SilhouetteRows   int       // rows the silhouette was computed on
	SilhouetteSample []int     // their row indices when sampled (sorted)
	SilhouetteValues []float64 // per row (InternalOptions.KeepSamples), in the order of SilhouetteSample when sampled
	// SilhouetteSE is the silhouette's standard error by the delta method
	// (InternalOptions.SilhouetteSE; NaN otherwise, or when it was not computed).
	SilhouetteSE float64
	// CalinskiHarabasz is [Σ_k n_k‖u_k − u‖² / (k−1)] / [Σ_k Σ_{x∈C_k}
	// ‖x − u_k‖² / (n−k)], always with squared Euclidean distances
	// (scikit-learn calinski_harabasz_score); 1 when the within-cluster
	// dispersion is 0.
	CalinskiHarabasz float64
	// DaviesBouldinSE, DaviesBouldinAvgPairSE and CalinskiHarabaszSE are
	// the indices' standard errors by the delta method (InternalOptions.IndexSE;
	// NaN otherwise, or when they were not computed: Warnings says why).
	DaviesBouldinSE, DaviesBouldinAvgPairSE, CalinskiHarabaszSE float64

	Warnings []string
}

// MaxFeature bounds the magnitude of a feature, so that squared
// distances and their sums stay finite.
const MaxFeature = 1e150

// EvaluateInternal computes every internal index of the clustering labels
// of the n rows of x, a row-major n×dim matrix. Labels may be any int
// values. Indices need 2 ≤ k ≤ n−1 clusters (scikit-learn's rule; Dunn and
// avgpair need k ≥ 2 and a non-zero diameter); outside that range they are
// NaN with a warning, never an error. It returns ErrEmpty for no rows,
// ErrDimension when len(x) ≠ len(labels)·dim, and ErrFeature, naming row
// and column, for a NaN or infinite feature or one beyond ±1e150.
//
// With opt.Metric Precomputed, x is a distance matrix and dim must be n:
// it is [EvaluatePrecomputed].
func EvaluateInternal(x []float64, dim int, labels []int, opt InternalOptions) (Internal, error) {
	if opt.Metric == Precomputed {
		if dim != len(labels) {
			return Internal{}, fmt.Errorf("%w: %d feature columns for %d rows: a precomputed distance matrix is square", ErrDimension, dim, len(labels))
		}
		return EvaluatePrecomputed(x, labels, opt)
	}
	n := len(labels)
	if n == 0 {
		return Internal{}, ErrEmpty
	}
	if dim < 1 || len(x) != n*dim {
		return Internal{}, fmt.Errorf("%w: %d values for %d rows of %d features", ErrDimension, len(x), n, dim)
	}
	for i, v := range x {
		if !(math.Abs(v) <= MaxFeature) {
			return Internal{}, fmt.Errorf("%w: row %d, feature %d is %v (the limit is ±1e150, beyond which squared distances overflow)", ErrFeature, i/dim, i%dim, v)
		}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	g := group(labels)
	k := len(g.names)
	r := Internal{N: n, Dim: dim, Metric: opt.Metric}
	r.Clusters = make([]ClusterStats, k)
	for c := range r.Clusters {
		r.Clusters[c] = ClusterStats{Label: g.names[c], Size: g.size(c)}
	}
	centroids(x, dim, g, r.Clusters, workers)
	okK := k >= 2 && k <= n-1
	r.DaviesBouldinSE, r.DaviesBouldinAvgPairSE, r.CalinskiHarabaszSE = math.NaN(), math.NaN(), math.NaN()
	var grad []float64 // the scatters' mean gradients, for the indices' errors (indexci.go)
	if opt.IndexSE && okK && n >= 3 {
		acct := opt.Budget.Account("the internal indices' standard errors", "")
		defer acct.Close()
		if err := acct.Grow(indexSEBytes(n, dim, k)); err != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("davies_bouldin, davies_bouldin_avgpair, calinski_harabasz: no standard error: the %d clusters × %d features of their influences do not fit the memory budget of %s (raise it with cluster.InternalOptions.Budget)", k, dim, budget.FormatSize(opt.Budget.Limit())))
		} else {
			grad = make([]float64, k*dim)
		}
	}
	intra, gathered := r.centroidIndices(x, dim, g, opt.Metric, workers, grad)

	if !okK {
		r.Warnings = append(r.Warnings, fmt.Sprintf("k = %d clusters for n = %d rows: silhouette, both Davies–Bouldin indices and Calinski–Harabasz need 2 ≤ k ≤ n−1", k, n))
		r.DaviesBouldin, r.CalinskiHarabasz = math.NaN(), math.NaN()
	}

	// The O(n²) pass.
	pairwise := opt.MaxPairwise <= 0 || n <= opt.MaxPairwise
	sample := opt.SilhouetteSample > 0 && opt.SilhouetteSample < n
	r.Silhouette, r.Dunn, r.DaviesBouldinAvgPair = math.NaN(), math.NaN(), math.NaN()
	for c := range r.Clusters {
		r.Clusters[c].Avg, r.Clusters[c].Diam, r.Clusters[c].Silhouette = math.NaN(), math.NaN(), math.NaN()
	}
	var acct *budget.Account
	if pairwise && opt.Budget != nil {
		acct = opt.Budget.Account("the cluster pairwise pass", "")
		if err := acct.Grow(PairwiseBytes(n, dim, k, workers)); err != nil {
			pairwise = false
			r.Warnings = append(r.Warnings, fmt.Sprintf("avg, diam, d_min, Dunn and davies_bouldin_avgpair are not computed: the pairwise pass over %d rows does not fit the memory budget of %s (raise it with cluster.InternalOptions.Budget)", n, budget.FormatSize(opt.Budget.Limit())))
		}
		defer acct.Close()
	}
	r.SilhouetteSE = math.NaN()
	var own []float64 // the pairwise pass's, for davies_bouldin_avgpair's error
	if pairwise {
		pr := pass(x, dim, g, opt.Metric, workers, k <= 1000)
		own = pr.own
		r.pairIndices(g, pr, k <= 1000)
		if !sample {
			r.silhouette(g, pr, nil, okK, opt.KeepSamples)
			if opt.SilhouetteSE && okK {
				r.SilhouetteSE = silhouetteSE(x, dim, g, opt.Metric, workers)
			}
		}
	} else if opt.MaxPairwise > 0 && n > opt.MaxPairwise {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d rows exceed the pairwise limit %d: avg, diam, d_min, Dunn and davies_bouldin_avgpair are not computed", n, opt.MaxPairwise))
	}
	if grad != nil {
		r.indexSE(x, dim, g, opt.Metric, workers, own, intra, grad, gathered)
	}
	if sample {
		idx := sampleRows(n, opt.SilhouetteSample, opt.Seed)
		sx := make([]float64, 0, len(idx)*dim)
		sl := make([]int, len(idx))
		for t, i := range idx {
			sx = append(sx, x[i*dim:(i+1)*dim]...)
			sl[t] = labels[i]
		}
		sg := group(sl)
		sk := len(sg.names)
		okS := sk >= 2 && sk <= len(idx)-1
		if !okS {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the silhouette sample of %d rows has %d clusters: the silhouette needs 2 ≤ k ≤ n−1", len(idx), sk))
		}
		pr := pass(sx, dim, sg, opt.Metric, workers, false)
		r.SilhouetteSample = idx
		r.silhouette(sg, pr, g, okS, opt.KeepSamples)
		if opt.SilhouetteSE && okS {
			// The sample is a sample of rows: its silhouette's error.
			r.SilhouetteSE = silhouetteSE(sx, dim, sg, opt.Metric, workers)
		}
	} else if !pairwise {
		r.Warnings = append(r.Warnings, "the silhouette is not computed: set a sample size (cluster.InternalOptions.SilhouetteSample) for this many rows")
	}
	return r, nil
}

// groups are the rows sorted by cluster: order[start[c]:start[c+1]] are
// the rows of cluster c (clusters numbered in increasing label order).
type groups struct {
	names []int // label of cluster c
	id    []int // cluster of row i
	order []int
	start []int
}

func (g *groups) size(c int) int { return g.start[c+1] - g.start[c] }

func group(labels []int) *groups {
	names := slices.Clone(labels)
	slices.Sort(names)
	names = slices.Compact(names)
	g := &groups{names: names, id: make([]int, len(labels)), start: make([]int, len(names)+1)}
	small := len(names) > 0 && names[0] >= 0 && names[len(names)-1] < 4*len(labels)+16
	var dense []int
	if small {
		dense = make([]int, names[len(names)-1]+1)
		for c, v := range names {
			dense[v] = c
		}
	}
	for i, v := range labels {
		if small {
			g.id[i] = dense[v]
		} else {
			c, _ := slices.BinarySearch(names, v)
			g.id[i] = c
		}
		g.start[g.id[i]+1]++
	}
	for c := range names {
		g.start[c+1] += g.start[c]
	}
	pos := slices.Clone(g.start[:len(names)])
	g.order = make([]int, len(labels))
	for i, c := range g.id {
		g.order[pos[c]] = i
		pos[c]++
	}
	return g
}

// blockRows is the block size of the O(n·d) passes: sums are plain within
// a block of rows and compensated across blocks, which are merged in row
// order (so the result does not depend on the number of workers).
const blockRows = 8192

// centroids fills Centroid with the means of the clusters' rows.
func centroids(x []float64, dim int, g *groups, cs []ClusterStats, workers int) {
	n, k := len(g.id), len(cs)
	nb := (n + blockRows - 1) / blockRows
	if k*dim*nb <= 1<<22 {
		parts := make([]float64, nb*k*dim)
		parallel.For(nb, workers, func(b int) {
			p := parts[b*k*dim : (b+1)*k*dim]
			for i := b * blockRows; i < min(n, (b+1)*blockRows); i++ {
				c := g.id[i]
				pc := p[c*dim : (c+1)*dim]
				for t, v := range x[i*dim : (i+1)*dim] {
					pc[t] += v
				}
			}
		})
		acc := make([]fsum.Sum, k*dim)
		for b := range nb {
			for j, v := range parts[b*k*dim : (b+1)*k*dim] {
				acc[j].Add(v)
			}
		}
		for c := range cs {
			u := make([]float64, dim)
			for t := range u {
				u[t] = acc[c*dim+t].Value() / float64(cs[c].Size)
			}
			cs[c].Centroid = u
		}
		return
	}
	parallel.For(len(cs), workers, func(c int) {
		acc := make([]fsum.Sum, dim)
		for _, i := range g.order[g.start[c]:g.start[c+1]] {
			row := x[i*dim : (i+1)*dim]
			for t, v := range row {
				acc[t].Add(v)
			}
		}
		u := make([]float64, dim)
		for t := range acc {
			u[t] = acc[t].Value() / float64(cs[c].Size)
		}
		cs[c].Centroid = u
	})
}

// scatterBlockCells bounds the per-block partial sums of centroidIndices
// (2k values a block of blockRows rows); beyond, it sums cluster by
// cluster (a variable for the tests).
var scatterBlockCells = 1 << 22

// centroidIndices computes scatter, d_cen, Davies–Bouldin and
// Calinski–Harabasz: all O(n·d). It returns each cluster's Σ‖x − u‖².
// When grad (k×dim) is not nil, the same pass fills it with each
// cluster's mean gradient g_c of the distance to its centroid
// (indexci.go) and gathered is true, unless its per-block partial sums
// would exceed gradBlockCells values (the caller then makes a pass of
// its own: indexSEBytes).
func (r *Internal) centroidIndices(x []float64, dim int, g *groups, m Metric, workers int, grad []float64) (intra []float64, gathered bool) {
	k := len(r.Clusters)
	n := r.N
	mean := make([]float64, dim)
	for t := range dim {
		var s fsum.Sum
		for c := range r.Clusters {
			s.Add(r.Clusters[c].Centroid[t] * float64(r.Clusters[c].Size))
		}
		mean[t] = s.Value() / float64(n)
	}
	intra = make([]float64, k) // Σ‖x − u‖² per cluster
	cnorm := make([]float64, k)
	for c := range r.Clusters {
		cnorm[c] = norm(r.Clusters[c].Centroid)
	}
	// toCentroid returns dist(x_i, u_c) and ‖x_i − u_c‖².
	toCentroid := func(i, c int) (float64, float64) {
		row := x[i*dim : (i+1)*dim]
		u := r.Clusters[c].Centroid
		var q float64
		for t, v := range row {
			e := v - u[t]
			q += e * e
		}
		if m == Euclidean {
			return math.Sqrt(q), q
		}
		return dist(m, row, u, norm(row), cnorm[c]), q
	}
	// addGrad adds ∂dist(x_i, u)/∂u at u = u_c to out.
	addGrad := func(i, c int, out []float64) {
		row := x[i*dim : (i+1)*dim]
		var nr float64
		if m == Cosine {
			nr = norm(row)
		}
		distGrad(m, row, r.Clusters[c].Centroid, nr, cnorm[c], 1, out)
	}
	nb := (n + blockRows - 1) / blockRows
	if 2*k*nb <= scatterBlockCells {
		parts := make([]float64, 2*k*nb)
		var gparts []float64
		if grad != nil && k*dim*nb <= gradBlockCells {
			gparts, gathered = make([]float64, k*dim*nb), true
		}
		parallel.For(nb, workers, func(b int) {
			p := parts[2*k*b : 2*k*(b+1)]
			for i := b * blockRows; i < min(n, (b+1)*blockRows); i++ {
				c := g.id[i]
				d, q := toCentroid(i, c)
				p[2*c] += d
				p[2*c+1] += q
				if gparts != nil {
					addGrad(i, c, gparts[(b*k+c)*dim:(b*k+c+1)*dim])
				}
			}
		})
		for c := range r.Clusters {
			var sd, sq fsum.Sum
			for b := range nb {
				sd.Add(parts[2*k*b+2*c])
				sq.Add(parts[2*k*b+2*c+1])
			}
			r.Clusters[c].Scatter = sd.Value() / float64(r.Clusters[c].Size)
			intra[c] = sq.Value()
			if gparts != nil {
				for t := range dim {
					var sg fsum.Sum
					for b := range nb {
						sg.Add(gparts[(b*k+c)*dim+t])
					}
					grad[c*dim+t] = sg.Value() / float64(r.Clusters[c].Size)
				}
			}
		}
	} else {
		gathered = grad != nil
		parallel.For(k, workers, func(c int) {
			var sd, sq fsum.Sum
			var gs *gradSum
			if grad != nil {
				gs = newGradSum(dim)
			}
			for _, i := range g.order[g.start[c]:g.start[c+1]] {
				d, q := toCentroid(i, c)
				sd.Add(d)
				sq.Add(q)
				if gs != nil {
					addGrad(i, c, gs.row())
				}
			}
			r.Clusters[c].Scatter = sd.Value() / float64(r.Clusters[c].Size)
			intra[c] = sq.Value()
			if gs != nil {
				gs.mean(grad[c*dim:(c+1)*dim], r.Clusters[c].Size)
			}
		})
	}
	norms := make([]float64, k)
	for c := range r.Clusters {
		norms[c] = norm(r.Clusters[c].Centroid)
	}
	for c := range r.Clusters {
		r.Clusters[c].DCen = make([]float64, k)
	}
	for c := range k {
		for e := c + 1; e < k; e++ {
			d := dist(m, r.Clusters[c].Centroid, r.Clusters[e].Centroid, norms[c], norms[e])
			r.Clusters[c].DCen[e], r.Clusters[e].DCen[c] = d, d
		}
	}
	s := make([]float64, k)
	for c := range r.Clusters {
		s[c] = r.Clusters[c].Scatter
	}
	r.DaviesBouldin = r.daviesBouldin(s)

	var extra, within fsum.Sum
	for c := range r.Clusters {
		var q float64
		for t, v := range r.Clusters[c].Centroid {
			e := v - mean[t]
			q += e * e
		}
		extra.Add(float64(r.Clusters[c].Size) * q)
		within.Add(intra[c])
	}
	if within.Value() == 0 {
		r.CalinskiHarabasz = 1
	} else {
		r.CalinskiHarabasz = extra.Value() * float64(n-k) / (within.Value() * float64(k-1))
	}
	return intra, gathered
}

// daviesBouldin applies scikit-learn's rule to the scatters s.
func (r *Internal) daviesBouldin(s []float64) float64 {
	k := len(s)
	allSmall := func(f func(i int) []float64, n int) bool {
		for i := range n {
			for _, v := range f(i) {
				if !(math.Abs(v) <= 1e-8) {
					return false
				}
			}
		}
		return true
	}
	if allSmall(func(i int) []float64 { return s[i : i+1] }, k) ||
		allSmall(func(i int) []float64 { return r.Clusters[i].DCen }, k) {
		return 0
	}
	var sum fsum.Sum
	for i := range k {
		best := math.Inf(-1)
		for j := range k {
			var q float64
			if d := r.Clusters[i].DCen[j]; d != 0 {
				q = (s[i] + s[j]) / d
			}
			best = math.Max(best, q)
		}
		sum.Add(best)
	}
	return sum.Value() / float64(k)
}

func norm(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// dist returns the distance between a and b; na and nb are their Euclidean
// norms (used by Cosine only).
func dist(m Metric, a, b []float64, na, nb float64) float64 {
	switch m {
	case Manhattan:
		var s float64
		for t, v := range a {
			s += math.Abs(v - b[t])
		}
		return s
	case Cosine:
		var s float64
		for t, v := range a {
			s += v * b[t]
		}
		return cosineFrom(s, na, nb)
	}
	var s float64
	for t, v := range a {
		e := v - b[t]
		s += e * e
	}
	return math.Sqrt(s)
}

func cosineFrom(dot, na, nb float64) float64 {
	if na == 0 || nb == 0 {
		return 1
	}
	d := 1 - dot/(na*nb)
	return min(max(d, 0), 2)
}

// sampleRows draws m of n rows without replacement (partial Fisher–Yates
// with a PCG generator seeded by seed) and returns them sorted.
func sampleRows(n, m int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := range m {
		j := i + rng.IntN(n-i)
		p[i], p[j] = p[j], p[i]
	}
	out := slices.Clone(p[:m])
	slices.Sort(out)
	return out
}
