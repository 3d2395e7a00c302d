package classify

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

func pets(t *testing.T) (*Confusion, []string) {
	t.Helper()
	labels := []string{"a", "b", "c"}
	c := NewConfusion(3)
	m := [][]int{{20, 3, 2}, {4, 15, 1}, {1, 2, 12}}
	for i := range m {
		for j, v := range m[i] {
			for range v {
				c.Add(i, j)
			}
		}
	}
	return c, labels
}

// Accuracy's interval is statsmodels' Wilson interval of the diagonal
// count (hyptest checks ProportionCI against statsmodels); a per-class
// recall's that of TP over the support; the rest are bootstrapped and
// contain their estimate.
func TestAddIntervals(t *testing.T) {
	c, labels := pets(t)
	r, err := NewReport(labels, c, Options{PosLabel: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(c, Options{PosLabel: "b"}, hyptest.CIOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	want, _ := hyptest.ProportionCI(47, 60, 0.95, hyptest.CIWilson)
	if got := r.Intervals["accuracy"]; got != want {
		t.Errorf("accuracy interval %+v, want %+v", got, want)
	}
	want, _ = hyptest.ProportionCI(15, 20, 0.95, hyptest.CIWilson)
	if got := r.Intervals["per_class.1.recall"]; got != want {
		t.Errorf("per_class.1.recall interval %+v, want %+v", got, want)
	}
	if r.Level != 0.95 {
		t.Errorf("level %v", r.Level)
	}
	var keys []string
	r.measures(nil, &keys)
	for _, key := range keys {
		iv, ok := r.Intervals[key]
		if !ok {
			if !slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.HasPrefix(w, key+": no interval") }) {
				t.Errorf("no interval for %s and no warning (%q)", key, r.Warnings)
			}
			continue
		}
		if iv.Method == "" || iv.Low > iv.High {
			t.Errorf("%s: bad interval %+v", key, iv)
		}
	}
	if got := r.Intervals["macro.f1"].Method; got != hyptest.CIBCa {
		t.Errorf("macro.f1 method %q", got)
	}
	// Percentile and another proportion method.
	r2, _ := NewReport(labels, c, Options{})
	if err := r2.AddIntervals(c, Options{}, hyptest.CIOptions{Seed: 1, Method: hyptest.CIPercentile, Bootstrap: 500}); err != nil {
		t.Fatal(err)
	}
	if r2.Intervals["mcc"].Method != hyptest.CIPercentile || r2.Intervals["accuracy"].Method != hyptest.CIWilson {
		t.Errorf("methods %+v %+v", r2.Intervals["mcc"], r2.Intervals["accuracy"])
	}
	r3, _ := NewReport(labels, c, Options{})
	if err := r3.AddIntervals(c, Options{}, hyptest.CIOptions{Method: hyptest.CIClopperPearson, Bootstrap: 100}); err != nil {
		t.Fatal(err)
	}
	if r3.Intervals["accuracy"].Method != hyptest.CIClopperPearson {
		t.Errorf("accuracy %+v", r3.Intervals["accuracy"])
	}
}

// The same seed gives the same bits on any number of workers; another seed
// other bits.
func TestIntervalsWorkers(t *testing.T) {
	c, labels := pets(t)
	get := func(workers int, seed uint64) map[string]hyptest.Interval {
		r, _ := NewReport(labels, c, Options{})
		if err := r.AddIntervals(c, Options{}, hyptest.CIOptions{Seed: seed, Workers: workers, Bootstrap: 300}); err != nil {
			t.Fatal(err)
		}
		return r.Intervals
	}
	a := get(1, 5)
	for _, w := range []int{2, 7} {
		b := get(w, 5)
		for k, v := range a {
			if b[k] != v {
				t.Fatalf("%d workers: %s %+v, 1 worker %+v", w, k, b[k], v)
			}
		}
	}
	if get(2, 6)["macro.f1"] == a["macro.f1"] {
		t.Error("seed 6 gives seed 5's interval")
	}
}

// With weights, proportions are bootstrapped too.
func TestIntervalsWeighted(t *testing.T) {
	c := NewConfusion(2)
	for i := range 40 {
		c.AddWeighted(i%2, (i/3)%2, 1+float64(i%4))
	}
	r, err := NewReport([]string{"x", "y"}, c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(c, Options{}, hyptest.CIOptions{Bootstrap: 200}); err != nil {
		t.Fatal(err)
	}
	if m := r.Intervals["accuracy"].Method; m != hyptest.CIBCa {
		t.Errorf("weighted accuracy interval by %q", m)
	}
}

// The paired bootstrap's margins are the two models' matrices, and the
// difference of a model with itself is 0 in every replicate.
func TestPairedBootstrap(t *testing.T) {
	p := NewPaired(3)
	rng := rand.New(rand.NewPCG(1, 2))
	ca, cb := NewConfusion(3), NewConfusion(3)
	for range 300 {
		y := rng.IntN(3)
		a, b := y, y
		if rng.Float64() < 0.3 {
			a = rng.IntN(3)
		}
		if rng.Float64() < 0.4 {
			b = rng.IntN(3)
		}
		p.Add(y, a, b)
		ca.Add(y, a)
		cb.Add(y, b)
	}
	a, b := p.Confusions()
	for i := range 9 {
		if a.cnt[i] != ca.cnt[i] || b.cnt[i] != cb.cnt[i] {
			t.Fatal("margins differ from the models' matrices")
		}
	}
	diff := func(a, b *Confusion) float64 { return a.Accuracy() - b.Accuracy() }
	bs := p.PairedBootstrap(200, 3, 0, true, diff)
	if bs.Estimate != ca.Accuracy()-cb.Accuracy() {
		t.Errorf("estimate %v", bs.Estimate)
	}
	lo, hi, err := bs.BCa(0.95)
	if err != nil || !(lo < bs.Estimate && bs.Estimate < hi) {
		t.Errorf("BCa [%v, %v] %v", lo, hi, err)
	}
	same := p.PairedBootstrap(50, 3, 0, false, func(a, _ *Confusion) float64 { return a.Accuracy() - a.Accuracy() })
	for _, v := range same.Replicates {
		if v != 0 {
			t.Fatal("a model against itself differs")
		}
	}
}

// coverage simulates nsim data sets of the given class sizes from the
// row-conditional prediction probabilities m (truth: the measures of the
// expected confusion matrix), and returns how often each measure's 95%
// interval covered the truth.
func coverage(t *testing.T, sizes []int, m [][]float64, nsim, boot int, method string, keys []string) map[string]float64 {
	t.Helper()
	k := len(sizes)
	labels := []string{"a", "b", "c", "d", "e"}[:k]
	// The truth: the matrix of expected counts.
	e := NewConfusion(k)
	e.toWeighted()
	for i := range k {
		for j := range k {
			e.wsum[i*k+j].Add(float64(sizes[i]) * m[i][j])
			e.cnt[i*k+j]++
			e.n++
		}
	}
	truth, err := NewReport(labels, e, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tv := map[string]float64{}
	var tk []string
	for i, v := range truth.measures(nil, &tk) {
		tv[tk[i]] = v
	}
	hits := map[string]int{}
	rng := rand.New(rand.NewPCG(2026, 11))
	for s := range nsim {
		c := NewConfusion(k)
		for i, n := range sizes {
			for range n {
				u, j := rng.Float64(), 0
				for j < k-1 && u >= m[i][j] {
					u -= m[i][j]
					j++
				}
				c.Add(i, j)
			}
		}
		r, err := NewReport(labels, c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddIntervals(c, Options{}, hyptest.CIOptions{Bootstrap: boot, Seed: uint64(s), Method: method}); err != nil {
			t.Fatal(err)
		}
		for _, key := range keys {
			if iv, ok := r.Intervals[key]; ok && iv.Contains(tv[key]) {
				hits[key]++
			}
		}
	}
	out := map[string]float64{}
	for _, key := range keys {
		out[key] = float64(hits[key]) / float64(nsim)
	}
	return out
}

// Coverage of the 95% intervals over 1000 simulated data sets, at n = 50
// and n = 2000 (3 classes, sizes 40%/35%/25%), with 500 bootstrap
// replicates per data set (1000 in the CLI; fewer keep the test fast and
// make the interval ends noisier, which lowers coverage if anything).
// Each must lie in [0.93, 0.97]; the figures are in docs/ci.md.
func TestCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	m := [][]float64{{0.8, 0.12, 0.08}, {0.15, 0.7, 0.15}, {0.1, 0.2, 0.7}}
	keys := []string{"accuracy", "macro.f1", "mcc"}
	for _, sizes := range [][]int{{20, 18, 12}, {800, 700, 500}} {
		n := sizes[0] + sizes[1] + sizes[2]
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			cov := coverage(t, sizes, m, 1000, 500, "", keys)
			for _, key := range keys {
				t.Logf("n = %d  %-10s coverage %.3f", n, key, cov[key])
				if c := cov[key]; !(c >= 0.93 && c <= 0.97) || math.IsNaN(c) {
					t.Errorf("n = %d: %s covers %.3f, want 0.93–0.97", n, key, c)
				}
			}
		})
	}
}

// macroF1 is the macro-averaged F1 of a k-class matrix of masses (0 for a
// class with no true or predicted row).
func macroF1(k int, cell func(t, p int) float64) float64 {
	var s float64
	for j := range k {
		var tp, row, col float64
		tp = cell(j, j)
		for i := range k {
			row += cell(j, i)
			col += cell(i, j)
		}
		if row+col > 0 {
			s += 2 * tp / (row + col)
		}
	}
	return s / float64(k)
}

// The paired bootstrap of a difference (--compare) is proven by what it
// promises, on 1000 simulated data sets of two correlated models (3
// classes, fixed sizes; each model's prediction drawn from its
// row-conditional probabilities by inverse CDF of a uniform that the two
// models share with probability ½):
//
//   - its 95% percentile interval (the one the command line prints) of
//     macro F1(A) − macro F1(B) covers the population difference (the
//     measures of the expected matrices) in 93–97% of the data sets;
//   - with two models of equal skill (the same probabilities: true
//     difference 0) its p-value is below 0.05 in 5% of the data sets,
//     within the Monte Carlo limits 3.6–6.4% (±2 standard errors at 1000).
//
// 500 replicates per data set (1000 in the CLI).
func TestPairedBootstrapCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	ma := [][]float64{{0.8, 0.12, 0.08}, {0.15, 0.7, 0.15}, {0.1, 0.2, 0.7}}
	mb := [][]float64{{0.7, 0.2, 0.1}, {0.2, 0.6, 0.2}, {0.15, 0.2, 0.65}}
	draw := func(m []float64, u float64) int {
		j := 0
		for j < len(m)-1 && u >= m[j] {
			u -= m[j]
			j++
		}
		return j
	}
	run := func(t *testing.T, sizes []int, mb [][]float64) (cover, reject float64) {
		k := len(sizes)
		truth := func(m [][]float64) float64 {
			return macroF1(k, func(i, j int) float64 { return float64(sizes[i]) * m[i][j] })
		}
		want := truth(ma) - truth(mb)
		rng := rand.New(rand.NewPCG(2026, uint64(sizes[0])))
		const nsim = 1000
		var hits, rej int
		diff := func(a, b *Confusion) float64 {
			return macroF1(k, func(i, j int) float64 { return a.Cell(i, j) }) - macroF1(k, func(i, j int) float64 { return b.Cell(i, j) })
		}
		for s := range nsim {
			p := NewPaired(k)
			for i, n := range sizes {
				for range n {
					u := rng.Float64()
					v := u
					if rng.Float64() < 0.5 {
						v = rng.Float64()
					}
					p.Add(i, draw(ma[i], u), draw(mb[i], v))
				}
			}
			bs := p.PairedBootstrap(500, uint64(s), 0, false, diff)
			lo, hi, _, err := hyptest.FinitePercentile(bs, 0.95)
			if err == nil && lo <= want && want <= hi {
				hits++
			}
			if hyptest.BootstrapPValue(bs) < 0.05 {
				rej++
			}
		}
		return float64(hits) / nsim, float64(rej) / nsim
	}
	for _, sizes := range [][]int{{80, 70, 50}, {800, 700, 500}} {
		n := sizes[0] + sizes[1] + sizes[2]
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			cover, power := run(t, sizes, mb)
			t.Logf("n = %d  macro F1 difference: coverage %.3f, rejections at 0.05 %.3f", n, cover, power)
			if !(cover >= 0.93 && cover <= 0.97) {
				t.Errorf("n = %d: the difference's interval covers %.3f, want 0.93–0.97", n, cover)
			}
			cover0, size := run(t, sizes, ma)
			t.Logf("n = %d  equal models: coverage of 0 %.3f, size at 0.05 %.3f", n, cover0, size)
			if !(size >= 0.036 && size <= 0.064) {
				t.Errorf("n = %d: under the null the p-value is below 0.05 in %.3f of the data sets, want 0.036–0.064", n, size)
			}
		})
	}
}

// Intervals of a sparse confusion matrix (more than DenseMaxClasses
// classes): the bootstrap draws within each true class over its stored
// cells. It used to index the matrix as dense and panic. The intervals
// are like the dense matrix's (the same rows, another random stream):
// macro F1's ends within 0.01. Past maxBootWork the bootstrap is left out
// with a warning, and the proportions keep their Wilson intervals.
func TestIntervalsSparse(t *testing.T) {
	const k = DenseMaxClasses
	rng := rand.New(rand.NewPCG(3, 4))
	dense := NewConfusion(k)
	labels := make([]string, k)
	for i := range labels {
		labels[i] = fmt.Sprint(i)
	}
	for range 20000 {
		tc := rng.IntN(k)
		p := tc
		if rng.Float64() < 0.3 {
			p = rng.IntN(k)
		}
		dense.Add(tc, p)
	}
	sparse := dense.sparseCopy()
	ivs := map[bool]hyptest.Interval{}
	for _, c := range []*Confusion{dense, sparse} {
		r, err := NewReport(labels, c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddIntervals(c, Options{}, hyptest.CIOptions{Seed: 1, Bootstrap: 200, Method: hyptest.CIPercentile}); err != nil {
			t.Fatal(err)
		}
		iv := r.Intervals["macro.f1"]
		if !(iv.Low < r.Macro.F1 && r.Macro.F1 < iv.High) {
			t.Errorf("sparse %v: macro F1 %v, interval %+v", c.Sparse(), r.Macro.F1, iv)
		}
		ivs[c.Sparse()] = iv
	}
	if d, s := ivs[false], ivs[true]; math.Abs(d.Low-s.Low) > 0.01 || math.Abs(d.High-s.High) > 0.01 {
		t.Errorf("macro F1: dense %+v, sparse %+v", d, s)
	}
	r, _ := NewReport(labels, sparse, Options{})
	if err := r.AddIntervals(sparse, Options{}, hyptest.CIOptions{Seed: 1, Bootstrap: 1000000}); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Intervals["macro.f1"]; ok || !slices.ContainsFunc(r.Warnings, func(w string) bool {
		return strings.HasPrefix(w, "no interval for ") && strings.Contains(w, "too much work")
	}) {
		t.Errorf("a bootstrap past maxBootWork: %v, %q", r.Intervals["macro.f1"], r.Warnings)
	}
	if _, ok := r.Intervals["accuracy"]; !ok {
		t.Error("no accuracy interval past maxBootWork")
	}
}
