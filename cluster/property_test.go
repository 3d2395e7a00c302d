package cluster

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

func randLabels(rng *rand.Rand, n, k int) []int {
	x := make([]int, n)
	for i := range x {
		x[i] = rng.IntN(k)
	}
	return x
}

// brutePairs counts seed 002's a, b, c, d by looping over the pairs i < j.
func brutePairs(truth, pred []int, w []int64) Pairs {
	// Expand frequency weights into repeated rows.
	var t, p []int
	for i := range truth {
		c := int64(1)
		if w != nil {
			c = w[i]
		}
		for range c {
			t = append(t, truth[i])
			p = append(p, pred[i])
		}
	}
	var r Pairs
	for i := range t {
		for j := i + 1; j < len(t); j++ {
			sameC, sameT := p[i] == p[j], t[i] == t[j]
			switch {
			case sameC && sameT:
				r.A++
			case sameC:
				r.B++
			case sameT:
				r.C++
			default:
				r.D++
			}
		}
	}
	return r
}

func TestPairsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(60)
		truth := randLabels(rng, n, 1+rng.IntN(8))
		pred := randLabels(rng, n, 1+rng.IntN(8))
		var w []int64
		if trial%3 == 0 {
			w = make([]int64, n)
			for i := range w {
				w[i] = int64(rng.IntN(4))
			}
			w[0] = 1
		}
		tab, err := NewContingency(truth, pred, w)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := tab.Pairs()
		want := brutePairs(truth, pred, w)
		if got != want {
			t.Fatalf("trial %d: contingency %+v, pair loop %+v", trial, got, want)
		}
		m := tab.N()
		if got.Total() != m*(m-1)/2 {
			t.Fatalf("a+b+c+d = %d, m(m−1)/2 = %d", got.Total(), m*(m-1)/2)
		}
	}
}

func TestPairsSumLarge(t *testing.T) {
	// 10⁸ rows in a handful of cells: a+b+c+d = m(m−1)/2 exactly, and ARI
	// equals the exact rational value (math/big).
	var tab Contingency
	counts := [][3]int64{{0, 0, 31_000_000}, {0, 1, 9_000_000}, {1, 1, 27_000_000}, {2, 0, 3_000_000}, {2, 2, 30_000_000}}
	for _, c := range counts {
		tab.Add(int(c[0]), int(c[1]), c[2])
	}
	p, err := tab.Pairs()
	if err != nil {
		t.Fatal(err)
	}
	m := int64(100_000_000)
	if tab.N() != m || p.Total() != m*(m-1)/2 {
		t.Fatalf("n = %d, a+b+c+d = %d, want %d", tab.N(), p.Total(), m*(m-1)/2)
	}
	r, _ := tab.External(1)
	bi := func(v int64) *big.Int { return big.NewInt(v) }
	num := new(big.Int).Sub(new(big.Int).Mul(bi(p.A), bi(p.D)), new(big.Int).Mul(bi(p.B), bi(p.C)))
	num.Mul(num, bi(2))
	den := new(big.Int).Add(new(big.Int).Mul(bi(p.A+p.C), bi(p.C+p.D)), new(big.Int).Mul(bi(p.A+p.B), bi(p.B+p.D)))
	want, _ := new(big.Rat).SetFrac(num, den).Float64()
	if math.Abs(r.AdjustedRand-want) > 1e-15*math.Abs(want) {
		t.Errorf("ARI = %.17g, exact %.17g", r.AdjustedRand, want)
	}
}

func TestTooLarge(t *testing.T) {
	var tab Contingency
	tab.Add(0, 0, 3_000_000_000)
	tab.Add(1, 0, 3_000_000_000)
	if _, err := tab.External(1); err != ErrTooLarge {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
}

// TestMergeSplits: the table of any split, merged, equals the one-shot
// table, and so do all the indices (exactly).
func TestMergeSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		n := 1 + rng.IntN(500)
		kt, kp := 1+rng.IntN(30), 1+rng.IntN(30)
		truth, pred := randLabels(rng, n, kt), randLabels(rng, n, kp)
		if trial%5 == 0 { // large ids: the sparse representation
			for i := range pred {
				pred[i] *= 100_000
			}
		}
		one, _ := NewContingency(truth, pred, nil)
		cuts := []int{0, n}
		for range rng.IntN(5) {
			cuts = append(cuts, rng.IntN(n+1))
		}
		slices.Sort(cuts)
		var merged Contingency
		for i := 0; i+1 < len(cuts); i++ {
			var part Contingency
			for r := cuts[i]; r < cuts[i+1]; r++ {
				part.Add(truth[r], pred[r], 1)
			}
			merged.Merge(&part)
		}
		a, err1 := one.External(1)
		b, err2 := merged.External(1)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !sameExternal(a, b, 0) {
			t.Fatalf("trial %d: one shot %+v\nmerged %+v", trial, a, b)
		}
	}
}

func sameExternal(a, b External, tol float64) bool {
	if a.Pairs != b.Pairs || a.N != b.N || a.Classes != b.Classes || a.Clusters != b.Clusters {
		return false
	}
	fa := []float64{a.Jaccard, a.FowlkesMallows, a.RandIndex, a.AdjustedRand, a.MutualInfo, a.Homogeneity, a.Completeness, a.VMeasure, a.Purity, a.ExpectedMutualInfo}
	fb := []float64{b.Jaccard, b.FowlkesMallows, b.RandIndex, b.AdjustedRand, b.MutualInfo, b.Homogeneity, b.Completeness, b.VMeasure, b.Purity, b.ExpectedMutualInfo}
	fa = append(append(fa, a.NMI[:]...), a.AMI[:]...)
	fb = append(append(fb, b.NMI[:]...), b.AMI[:]...)
	for i := range fa {
		if math.IsNaN(fa[i]) && math.IsNaN(fb[i]) {
			continue
		}
		if !(math.Abs(fa[i]-fb[i]) <= tol*math.Max(1, math.Abs(fa[i]))) {
			return false
		}
	}
	return true
}

// TestRenaming: indices do not change when clusters or classes are renamed
// (any bijection of the labels) or rows are permuted; swapping the two
// clusterings swaps homogeneity and completeness and leaves the symmetric
// indices alone.
func TestRenaming(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 100 {
		n := 2 + rng.IntN(300)
		kt, kp := 1+rng.IntN(20), 1+rng.IntN(20)
		truth, pred := randLabels(rng, n, kt), randLabels(rng, n, kp)
		base, _ := Evaluate(truth, pred, nil)
		pt, pp := rng.Perm(kt), rng.Perm(kp)
		rt, rp := make([]int, n), make([]int, n)
		for i := range truth {
			rt[i], rp[i] = pt[truth[i]]*7-3, pp[pred[i]]*11+1000
		}
		rows := rng.Perm(n)
		st, sp := make([]int, n), make([]int, n)
		for i, r := range rows {
			st[i], sp[i] = rt[r], rp[r]
		}
		renamed, _ := Evaluate(st, sp, nil)
		if !sameExternal(base, renamed, 1e-12) {
			t.Fatalf("trial %d: renaming changed the indices:\n%+v\n%+v", trial, base, renamed)
		}
		sw, _ := Evaluate(pred, truth, nil)
		if sw.B != base.C || sw.C != base.B || !near(sw.AdjustedRand, base.AdjustedRand) || !near(sw.RandIndex, base.RandIndex) ||
			!near(sw.FowlkesMallows, base.FowlkesMallows) || !near(sw.Jaccard, base.Jaccard) || !near(sw.NMI[Arithmetic], base.NMI[Arithmetic]) ||
			!near(sw.Homogeneity, base.Completeness) || !near(sw.Completeness, base.Homogeneity) {
			t.Fatalf("trial %d: swapping the clusterings: %+v vs %+v", trial, sw, base)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(a)) }

// bruteInternal computes silhouette samples, avg, diam and d_min with plain
// loops over all pairs.
func bruteInternal(x []float64, dim int, labels []int, m Metric) (sil []float64, avg, diam []float64, dmin [][]float64) {
	n := len(labels)
	k := slices.Max(labels) + 1
	size := make([]int, k)
	for _, l := range labels {
		size[l]++
	}
	row := func(i int) []float64 { return x[i*dim : (i+1)*dim] }
	d := func(i, j int) float64 {
		if i == j {
			return 0
		}
		return dist(m, row(i), row(j), norm(row(i)), norm(row(j)))
	}
	avg, diam = make([]float64, k), make([]float64, k)
	dmin = make([][]float64, k)
	for c := range dmin {
		dmin[c] = make([]float64, k)
		for e := range dmin[c] {
			if e != c {
				dmin[c][e] = math.Inf(1)
			}
		}
	}
	sil = make([]float64, n)
	for i := range n {
		sums := make([]float64, k)
		for j := range n {
			v := d(i, j)
			sums[labels[j]] += v
			if labels[i] == labels[j] {
				diam[labels[i]] = math.Max(diam[labels[i]], v)
				if i < j {
					avg[labels[i]] += v
				}
			} else {
				dmin[labels[i]][labels[j]] = math.Min(dmin[labels[i]][labels[j]], v)
			}
		}
		own := labels[i]
		if size[own] > 1 {
			a := sums[own] / float64(size[own]-1)
			b := math.Inf(1)
			for c := range k {
				if c != own && size[c] > 0 {
					b = math.Min(b, sums[c]/float64(size[c]))
				}
			}
			if mx := math.Max(a, b); mx > 0 {
				sil[i] = (b - a) / mx
			}
		}
	}
	for c := range k {
		if size[c] > 1 {
			avg[c] /= float64(size[c]) * float64(size[c]-1) / 2
		}
	}
	return
}

// TestPairwiseBruteForce checks the tiled pass against plain loops on
// inputs that span several tiles (n > tileJ), for every metric and for one
// and several workers.
func TestPairwiseBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct{ n, k, dim int }{{700, 3, 2}, {1100, 17, 5}, {530, 2, 1}, {600, 60, 3}} {
		for _, m := range []Metric{Euclidean, Manhattan, Cosine} {
			labels := randLabels(rng, tc.n, tc.k)
			for c := range tc.k {
				labels[c] = c
			}
			x := make([]float64, tc.n*tc.dim)
			for i := range x {
				x[i] = rng.NormFloat64() + float64(labels[i/tc.dim]%3)
			}
			sil, avg, diam, dmin := bruteInternal(x, tc.dim, labels, m)
			for _, v := range []struct{ workers, symLimit int }{{1, 1 << 22}, {3, 1 << 22}, {2, 0}} {
				workers := v.workers
				symLimit = v.symLimit
				r, err := EvaluateInternal(x, tc.dim, labels, InternalOptions{Metric: m, KeepSamples: true, Workers: workers})
				symLimit = 1 << 22
				if err != nil {
					t.Fatal(err)
				}
				for i, v := range sil {
					if !closeAbs(r.SilhouetteValues[i], v) {
						t.Fatalf("n=%d %v workers=%d: silhouette[%d] = %g, brute force %g", tc.n, m, workers, i, r.SilhouetteValues[i], v)
					}
				}
				for c := range tc.k {
					cs := r.Clusters[c]
					if !closeAbs(cs.Avg, avg[c]) || !closeAbs(cs.Diam, diam[c]) {
						t.Fatalf("n=%d %v: cluster %d avg %g diam %g, brute force %g %g", tc.n, m, c, cs.Avg, cs.Diam, avg[c], diam[c])
					}
					for e := range tc.k {
						if !closeAbs(cs.DMin[e], dmin[c][e]) {
							t.Fatalf("n=%d %v: d_min(%d,%d) = %g, brute force %g", tc.n, m, c, e, cs.DMin[e], dmin[c][e])
						}
					}
				}
			}
		}
	}
}

func closeAbs(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestInternalRenaming: renaming clusters and permuting rows leave the
// internal indices unchanged.
func TestInternalRenaming(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n, dim, k := 300, 4, 6
	labels := randLabels(rng, n, k)
	x := make([]float64, n*dim)
	for i := range x {
		x[i] = rng.NormFloat64() + float64(labels[i/dim])
	}
	base, _ := EvaluateInternal(x, dim, labels, InternalOptions{})
	perm := rng.Perm(n)
	names := []int{-5, 40, 7, 1000, 3, -1}
	x2 := make([]float64, 0, n*dim)
	l2 := make([]int, n)
	for i, r := range perm {
		x2 = append(x2, x[r*dim:(r+1)*dim]...)
		l2[i] = names[labels[r]]
	}
	got, _ := EvaluateInternal(x2, dim, l2, InternalOptions{})
	for _, v := range [][2]float64{
		{base.Silhouette, got.Silhouette}, {base.DaviesBouldin, got.DaviesBouldin},
		{base.DaviesBouldinAvgPair, got.DaviesBouldinAvgPair}, {base.Dunn, got.Dunn},
		{base.CalinskiHarabasz, got.CalinskiHarabasz},
	} {
		if !closeAbs(v[0], v[1]) {
			t.Errorf("renaming changed an index: %g vs %g", v[0], v[1])
		}
	}
}

// TestSilhouetteSample: the sampled silhouette is the silhouette of the
// sampled rows, the same for the same seed.
func TestSilhouetteSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n, dim := 400, 3
	labels := randLabels(rng, n, 4)
	x := make([]float64, n*dim)
	for i := range x {
		x[i] = rng.NormFloat64() + float64(labels[i/dim])
	}
	a, _ := EvaluateInternal(x, dim, labels, InternalOptions{SilhouetteSample: 100, Seed: 42})
	b, _ := EvaluateInternal(x, dim, labels, InternalOptions{SilhouetteSample: 100, Seed: 42})
	if a.Silhouette != b.Silhouette || a.SilhouetteRows != 100 || !slices.Equal(a.SilhouetteSample, b.SilhouetteSample) {
		t.Fatalf("same seed, different samples: %v %v", a.Silhouette, b.Silhouette)
	}
	var sx []float64
	var sl []int
	for _, i := range a.SilhouetteSample {
		sx = append(sx, x[i*dim:(i+1)*dim]...)
		sl = append(sl, labels[i])
	}
	want, err := Silhouette(sx, dim, sl, Euclidean)
	if err != nil || !closeAbs(a.Silhouette, want) {
		t.Fatalf("sampled silhouette %g, silhouette of the sample %g (%v)", a.Silhouette, want, err)
	}
	c, _ := EvaluateInternal(x, dim, labels, InternalOptions{SilhouetteSample: 100, Seed: 43})
	if slices.Equal(a.SilhouetteSample, c.SilhouetteSample) {
		t.Error("different seeds drew the same rows")
	}
}

func TestErrors(t *testing.T) {
	if _, err := Evaluate(nil, nil, nil); err != ErrEmpty {
		t.Errorf("empty: %v", err)
	}
	if _, err := Evaluate([]int{1}, []int{1, 2}, nil); err == nil {
		t.Error("length mismatch: no error")
	}
	if _, err := Evaluate([]int{1, 2}, []int{1, 2}, []int64{1, -1}); err == nil {
		t.Error("negative weight: no error")
	}
	if _, err := Evaluate([]int{1, 2}, []int{1, 2}, []int64{0, 0}); err != ErrEmpty {
		t.Errorf("zero weights: %v", err)
	}
	if _, err := EvaluateInternal([]float64{1, math.NaN()}, 1, []int{0, 1}, InternalOptions{}); err == nil {
		t.Error("NaN feature: no error")
	}
	if _, err := EvaluateInternal([]float64{1, 2, 3}, 2, []int{0, 1}, InternalOptions{}); err == nil {
		t.Error("wrong size: no error")
	}
	if _, err := Silhouette([]float64{1, 2}, 1, []int{0, 0}, Euclidean); err != ErrClusterCount {
		t.Errorf("one cluster: %v", err)
	}
	if _, err := ParseMetric("hamming"); err == nil {
		t.Error("bad metric accepted")
	}
	if _, err := ParseAverage("median"); err == nil {
		t.Error("bad average accepted")
	}
}

// TestCosineZero: a zero vector is at cosine distance 1 from every other
// vector (scikit-learn's cosine_distances) and 0 from itself.
func TestCosineZero(t *testing.T) {
	x := []float64{0, 0, 1, 0, 1, 0.1, 0, 1}
	r, err := EvaluateInternal(x, 2, []int{0, 0, 1, 1}, InternalOptions{Metric: Cosine})
	if err != nil {
		t.Fatal(err)
	}
	if r.Clusters[0].Diam != 1 || !closeAbs(r.Clusters[0].DMin[1], 1-1/math.Sqrt(1.01)) {
		t.Errorf("diam %v d_min %v", r.Clusters[0].Diam, r.Clusters[0].DMin[1])
	}
}

// TestDeterministic: the result does not depend on the number of workers,
// to the last bit.
func TestDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	n, dim := 1500, 3
	labels := randLabels(rng, n, 7)
	x := make([]float64, n*dim)
	for i := range x {
		x[i] = rng.NormFloat64() * 1e3
	}
	a, _ := EvaluateInternal(x, dim, labels, InternalOptions{Workers: 1, KeepSamples: true})
	b, _ := EvaluateInternal(x, dim, labels, InternalOptions{Workers: 4, KeepSamples: true})
	if !slices.Equal(a.SilhouetteValues, b.SilhouetteValues) || a.Silhouette != b.Silhouette || a.DaviesBouldinAvgPair != b.DaviesBouldinAvgPair {
		t.Errorf("1 worker: %v %v; 4 workers: %v %v", a.Silhouette, a.DaviesBouldinAvgPair, b.Silhouette, b.DaviesBouldinAvgPair)
	}
}
