package cluster

import (
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"

	"github.com/evalkit-go/evalkit/internal/parallel"
)

// Standard errors of Davies–Bouldin (both), and Calinski–Harabasz by the
// delta method. The rows are independent draws of (x, cluster); each index
// is a smooth function of per-cluster means, so its error is that of the
// mean of its per-row influence IF_i (the derivative of the index in the
// direction of row i's weight, times n, with mean 0):
//
//	Var ≈ Σ_i IF_i² / n² · n/(n − 1).
//
// With p_c = n_c/n, μ_c the centroid of cluster c and μ the mean of all
// rows, a row i of cluster c moves:
//
//	μ_c:    IF = (x_i − μ_c)/p_c
//	S_c = mean dist(x, μ_c) over c (scikit-learn's scatter):
//	        IF = (dist(x_i, μ_c) − S_c + g_c·(x_i − μ_c))/p_c,
//	        g_c = mean over c of ∂dist(x, u)/∂u at u = μ_c
//	        (the centroid's own influence; near 0 for a symmetric cluster)
//	A_c = avg(C), the mean distance between two rows of c (a U-statistic):
//	        IF = 2(a_i − A_c)/p_c, a_i the mean distance of x_i to the other rows of c
//	M_ab = dist(μ_a, μ_b): IF = ∂M_ab/∂μ_a · IF(μ_a) for a row of a (of b likewise)
//
// and every other cluster's S, A and μ by 0. Davies–Bouldin is
// (1/k) Σ_a R_{a,b*(a)}, R_ab = (S_a + S_b)/M_ab; the delta method goes
// through the max at its argmax b*(a) (first order: a max of estimates
// whose argmax is near-tied is biased upward and its interval covers less,
// see TestIndexCoverage). Calinski–Harabasz is (n − k)/(k − 1) · B/W with
// B = Σ n_c‖μ_c − μ‖² and W = Σ_c Σ_{x∈c} ‖x − μ_c‖²: of ρ = B/W,
//
//	IF_i = (‖x_i − μ‖² − (1 + ρ)‖x_i − μ_c‖²) / (W/n),
//
// the influences of the total and the within dispersion, ‖x_i − μ‖² − T/n
// and ‖x_i − μ_c‖² − W/n, through the ratio (the constants cancel). The
// gradients g_c are summed in the O(n·d) pass that computes the scatters
// and W (centroidIndices; in a pass of their own when its per-block sums
// would exceed gradBlockCells), the influences in one more O(n·d) pass;
// they hold 3·k·d values. The jackknife (each row left out, the index
// recomputed) agrees to a few percent (TestIndexSEJackknife).

// gradBlockCells bounds the per-block partial sums of the scatters'
// gradients that the O(n·d) pass of centroidIndices gathers (k·d values a
// block of blockRows rows: 8 MB); beyond, indexSE makes a pass of its own
// (a variable for the tests).
var gradBlockCells = 1 << 20

// indexSEBytes is the memory of the standard errors of n rows of dim
// features in k clusters: the gradients g_c and the two indices' centroid
// coefficients (3·k·d values), and centroidIndices' per-block partial
// sums of the gradients when it gathers them.
func indexSEBytes(n, dim, k int) int64 {
	b := int64(3*k*dim+2*k) * 8
	nb := (n + blockRows - 1) / blockRows
	if 2*k*nb <= scatterBlockCells && k*dim*nb <= gradBlockCells {
		b += int64(k*dim*nb) * 8
	}
	return b
}

// gradSum adds gradients a row at a time: plain sums within blockRows
// rows, compensated across.
type gradSum struct {
	part []float64
	acc  []fsum.Sum
	rows int
}

func newGradSum(dim int) *gradSum {
	return &gradSum{part: make([]float64, dim), acc: make([]fsum.Sum, dim)}
}

// row returns the slice the next row's gradient is added to.
func (s *gradSum) row() []float64 {
	if s.rows == blockRows {
		s.flush()
	}
	s.rows++
	return s.part
}

func (s *gradSum) flush() {
	for t, v := range s.part {
		s.acc[t].Add(v)
	}
	clear(s.part)
	s.rows = 0
}

// mean sets out to the sum over size rows divided by size.
func (s *gradSum) mean(out []float64, size int) {
	s.flush()
	for t := range out {
		out[t] = s.acc[t].Value() / float64(size)
	}
}

// indexSE sets DaviesBouldinSE, DaviesBouldinAvgPairSE and
// CalinskiHarabaszSE from the rows x (dim columns) grouped by g; intra[c]
// is cluster c's Σ‖x − μ_c‖² and grad (k×dim) its mean gradient g_c, both
// from centroidIndices' pass (when gathered; else this makes a pass for
// grad); own[p] is the sum of the distances of the row at sorted position
// p to the other rows of its cluster (the pairwise pass's), nil when that
// pass was skipped. Each is left NaN, with a warning, when the index has
// no influence to speak of. The caller has checked 2 ≤ k ≤ n − 1, n ≥ 3,
// and charged indexSEBytes.
func (r *Internal) indexSE(x []float64, dim int, g *groups, m Metric, workers int, own, intra, grad []float64, gathered bool) {
	n, k := r.N, len(r.Clusters)
	nf := float64(n)
	row := func(i int) []float64 { return x[i*dim : (i+1)*dim] }
	mu := make([]float64, dim) // the mean of all rows
	for t := range dim {
		var s fsum.Sum
		for c := range r.Clusters {
			s.Add(r.Clusters[c].Centroid[t] * float64(r.Clusters[c].Size))
		}
		mu[t] = s.Value() / nf
	}
	cnorm := make([]float64, k)
	for c := range r.Clusters {
		cnorm[c] = norm(r.Clusters[c].Centroid)
	}
	if !gathered {
		parallel.For(k, workers, func(c int) {
			gs := newGradSum(dim)
			for _, i := range g.order[g.start[c]:g.start[c+1]] {
				xi := row(i)
				var nx float64
				if m == Cosine {
					nx = norm(xi)
				}
				distGrad(m, xi, r.Clusters[c].Centroid, nx, cnorm[c], 1, gs.row())
			}
			gs.mean(grad[c*dim:(c+1)*dim], r.Clusters[c].Size)
		})
	}
	within := intra

	// Calinski–Harabasz: ρ = B/W.
	var wsum, bsum fsum.Sum
	for c := range r.Clusters {
		wsum.Add(within[c])
		var q float64
		for t, v := range r.Clusters[c].Centroid {
			e := v - mu[t]
			q += e * e
		}
		bsum.Add(float64(r.Clusters[c].Size) * q)
	}
	W := wsum.Value()
	rho := bsum.Value() / W
	chOK := W > 0 && !math.IsNaN(r.CalinskiHarabasz)
	if !chOK && !math.IsNaN(r.CalinskiHarabasz) {
		r.Warnings = append(r.Warnings, "calinski_harabasz: no standard error (the within-cluster dispersion is 0)")
	}

	// Davies–Bouldin: the coefficients of each cluster's scatter and
	// centroid in the influence.
	scatter := make([]float64, k)
	avg := make([]float64, k)
	for c := range r.Clusters {
		scatter[c], avg[c] = r.Clusters[c].Scatter, r.Clusters[c].Avg
	}
	alpha, G, dbOK := r.dbCoefficients(m, scatter, grad, cnorm, r.DaviesBouldin)
	if !dbOK && !math.IsNaN(r.DaviesBouldin) {
		r.Warnings = append(r.Warnings, "davies_bouldin: no standard error (it is 0 by scikit-learn's rule: every scatter or every centroid distance is at most 1e-8)")
	}
	var alphaA, GA []float64
	avgOK := own != nil && !math.IsNaN(r.DaviesBouldinAvgPair)
	if avgOK {
		alphaA, GA, avgOK = r.dbCoefficients(m, avg, nil, cnorm, r.DaviesBouldinAvgPair)
		if !avgOK {
			r.Warnings = append(r.Warnings, "davies_bouldin_avgpair: no standard error (it is 0 by scikit-learn's rule: every avg(C) or every centroid distance is at most 1e-8)")
		}
	}
	if !chOK && !dbOK && !avgOK {
		return
	}

	// Pass 2: the influences, in blocks of sorted positions (plain sums
	// within a block, compensated across blocks in order: the same bits
	// for any number of workers).
	nb := (n + blockRows - 1) / blockRows
	parts := make([]float64, 3*nb)
	parallel.For(nb, workers, func(bl int) {
		var sdb, savg, sch float64
		for p := bl * blockRows; p < min(n, (bl+1)*blockRows); p++ {
			i := g.order[p]
			c := g.id[i]
			xi := row(i)
			u := r.Clusters[c].Centroid
			w := nf / float64(r.Clusters[c].Size) // 1/p_c
			var q, e, gd, ga float64
			for t, v := range xi {
				d := v - u[t]
				q += d * d
				f := v - mu[t]
				e += f * f
				if dbOK {
					gd += G[c*dim+t] * d
				}
				if avgOK {
					ga += GA[c*dim+t] * d
				}
			}
			if chOK {
				f := (e - (1+rho)*q) / (W / nf)
				sch += f * f
			}
			if dbOK {
				var d float64
				switch m {
				case Euclidean:
					d = math.Sqrt(q)
				case Cosine:
					d = dist(m, xi, u, norm(xi), cnorm[c])
				default:
					d = dist(m, xi, u, 0, 0)
				}
				f := w * (alpha[c]*(d-scatter[c]) + gd)
				sdb += f * f
			}
			if avgOK {
				var a float64
				if size := r.Clusters[c].Size; size > 1 {
					a = own[p] / float64(size-1)
				}
				f := w * (alphaA[c]*2*(a-avg[c]) + ga)
				savg += f * f
			}
		}
		parts[3*bl], parts[3*bl+1], parts[3*bl+2] = sdb, savg, sch
	})
	se := func(j int) float64 {
		var s fsum.Sum
		for bl := range nb {
			s.Add(parts[3*bl+j])
		}
		return math.Sqrt(s.Value() / (nf * (nf - 1)))
	}
	if dbOK {
		r.DaviesBouldinSE = se(0)
	}
	if avgOK {
		r.DaviesBouldinAvgPairSE = se(1)
	}
	if chOK {
		r.CalinskiHarabaszSE = float64(n-k) / float64(k-1) * se(2)
	}
}

// dbCoefficients returns, for the Davies–Bouldin index db computed from
// the per-cluster spreads s, each cluster's coefficient alpha[c] = ∂DB/∂s_c
// and the k×dim gradients G[c] of DB with respect to μ_c: through the
// centroid distances M_ab of the argmax pairs and, when grad (the k×dim
// mean gradients g_c of the scatter with respect to its centroid) is not
// nil, through s_c. It returns false when db is 0 by scikit-learn's rule.
func (r *Internal) dbCoefficients(m Metric, s, grad, cnorm []float64, db float64) ([]float64, []float64, bool) {
	k := len(s)
	if db == 0 {
		return nil, nil, false
	}
	dim := len(r.Clusters[0].Centroid)
	alpha := make([]float64, k)
	G := make([]float64, k*dim)
	kf := float64(k)
	for a := range k {
		best, bj := math.Inf(-1), -1
		for j := range k {
			var q float64
			if d := r.Clusters[a].DCen[j]; d != 0 {
				q = (s[a] + s[j]) / d
			}
			if q > best {
				best, bj = q, j
			}
		}
		M := r.Clusters[a].DCen[bj]
		if bj == a || M == 0 {
			continue // the ratio 0 of a zero distance: no influence
		}
		alpha[a] += 1 / (kf * M)
		alpha[bj] += 1 / (kf * M)
		// −R/M · ∂M/∂μ_a and ∂M/∂μ_b, M = dist(μ_a, μ_b) symmetric.
		ua, ub := r.Clusters[a].Centroid, r.Clusters[bj].Centroid
		f := -best / (kf * M)
		distGrad(m, ub, ua, cnorm[bj], cnorm[a], f, G[a*dim:(a+1)*dim])
		distGrad(m, ua, ub, cnorm[a], cnorm[bj], f, G[bj*dim:(bj+1)*dim])
	}
	if grad != nil {
		for c := range k {
			for t := range dim {
				G[c*dim+t] += alpha[c] * grad[c*dim+t]
			}
		}
	}
	return alpha, G, true
}

// distGrad adds f · ∂dist(x, u)/∂u to out; nx and nu are the Euclidean
// norms of x and u. Where the distance is not differentiable (x = u for
// Euclidean, x_t = u_t for Manhattan, a zero vector for Cosine) it adds 0,
// the mean of the one-sided derivatives.
//
//	Euclidean: −(x − u)/‖x − u‖
//	Manhattan: −sign(x − u)
//	Cosine:    −x/(‖x‖‖u‖) + (x·u) u/(‖x‖‖u‖³)
func distGrad(m Metric, x, u []float64, nx, nu, f float64, out []float64) {
	switch m {
	case Manhattan:
		for t, v := range x {
			switch {
			case v > u[t]:
				out[t] -= f
			case v < u[t]:
				out[t] += f
			}
		}
	case Cosine:
		if nx == 0 || nu == 0 {
			return
		}
		var dot float64
		for t, v := range x {
			dot += v * u[t]
		}
		a, b := f/(nx*nu), f*dot/(nx*nu*nu*nu)
		for t, v := range x {
			out[t] += -a*v + b*u[t]
		}
	default:
		var s float64
		for t, v := range x {
			e := v - u[t]
			s += e * e
		}
		if s == 0 {
			return
		}
		d := math.Sqrt(s)
		for t, v := range x {
			out[t] -= f * (v - u[t]) / d
		}
	}
}
