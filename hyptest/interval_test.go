package hyptest

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// The expected intervals in testdata/proportion_ci.json come from
// statsmodels 0.13.5 proportion_confint and scipy 1.10.1 t.interval
// (tools/oracle/proportion_ci.py).
func TestProportionCIOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/proportion_ci.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Proportion []struct {
			Count, Nobs, Level float64
			Method             string
			Low, High          float64
		}
		Mean []struct {
			N, Mean, Variance, Level, Low, High float64
		}
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Proportion) < 900 || len(g.Mean) < 40 {
		t.Fatalf("%d proportion and %d mean cases", len(g.Proportion), len(g.Mean))
	}
	clip := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	for _, c := range g.Proportion {
		iv, err := ProportionCI(c.Count, c.Nobs, c.Level, c.Method)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		// statsmodels leaves Wald (and, at 0.13, no other method) outside
		// [0, 1]; evalkit clips every end.
		if !close(iv.Low, clip(c.Low), 1e-9) || !close(iv.High, clip(c.High), 1e-9) || iv.Method != c.Method {
			t.Errorf("ProportionCI(%v, %v, %v, %s) = %+v, statsmodels [%v, %v]", c.Count, c.Nobs, c.Level, c.Method, iv, c.Low, c.High)
		}
	}
	for _, c := range g.Mean {
		iv, err := MeanCI(c.N, c.Mean, c.Variance, c.Level)
		if err != nil {
			t.Fatal(err)
		}
		if !close(iv.Low, c.Low, 1e-9) || !close(iv.High, c.High, 1e-9) {
			t.Errorf("MeanCI(%v, %v, %v, %v) = %+v, scipy [%v, %v]", c.N, c.Mean, c.Variance, c.Level, iv, c.Low, c.High)
		}
	}
}

// close compares to tol relative, or absolute near zero.
func close(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestProportionCIErrors(t *testing.T) {
	for _, c := range []struct {
		count, nobs, level float64
		method             string
	}{{1, 0, 0.95, CIWilson}, {3, 2, 0.95, CIWilson}, {-1, 2, 0.95, CIWald}, {1, 2, 1, CIWilson}, {1, 2, 0.95, "nope"}, {math.NaN(), 2, 0.95, CIWilson}} {
		if _, err := ProportionCI(c.count, c.nobs, c.level, c.method); err == nil {
			t.Errorf("ProportionCI(%v, %v, %v, %q): no error", c.count, c.nobs, c.level, c.method)
		}
	}
	if _, err := MeanCI(1, 0, 0, 0.95); err == nil {
		t.Error("MeanCI with n = 1: no error")
	}
}

// A multinomial draw keeps its total, leaves empty cells empty and has the
// cell means n·p (checked over many draws to 4 standard errors), for the
// binomial path and the row path of ResampleRows alike.
func TestResampleRows(t *testing.T) {
	for _, counts := range [][]int64{{5000, 3000, 0, 2000}, {1, 2, 0, 3, 1, 1, 2, 0, 1}} {
		var n int64
		for _, c := range counts {
			n += c
		}
		sum := make([]float64, len(counts))
		out := make([]int64, len(counts))
		var buf []uint8
		const reps = 4000
		for r := range reps {
			buf = ResampleRows(rand.New(rand.NewPCG(1, uint64(r))), counts, out, buf)
			var tot int64
			for i, v := range out {
				tot += v
				sum[i] += float64(v)
				if counts[i] == 0 && v != 0 {
					t.Fatalf("empty cell %d drew %d", i, v)
				}
			}
			if tot != n {
				t.Fatalf("total %d, want %d", tot, n)
			}
		}
		for i, c := range counts {
			p := float64(c) / float64(n)
			se := math.Sqrt(float64(n) * p * (1 - p) / reps)
			if d := math.Abs(sum[i]/reps - float64(c)); d > 4*se+1e-12 {
				t.Errorf("counts %v: cell %d mean %v, want %v ± %v", counts, i, sum[i]/reps, c, 4*se)
			}
		}
	}
}

// Replicate gives the same values whatever the number of workers.
func TestReplicateWorkers(t *testing.T) {
	run := func(workers int) []int64 {
		res := make([]int64, 200)
		Replicate(200, 7, workers, func() []int64 { return make([]int64, 3) }, func(r int, rng *rand.Rand, out []int64) {
			Multinomial(rng, 1000, []int64{10, 20, 30}, out)
			res[r] = out[0]*1000000 + out[1]*1000 + out[2]
		})
		return res
	}
	a := run(1)
	for _, w := range []int{2, 3, 8} {
		if b := run(w); !slices.Equal(a, b) {
			t.Fatalf("%d workers differ from 1", w)
		}
	}
}

// The weighted jackknife of BCa equals the jackknife with each value
// repeated by its weight.
func TestBCaJackknifeWeights(t *testing.T) {
	reps := make([]float64, 500)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range reps {
		reps[i] = rng.NormFloat64() + 0.1*rng.ExpFloat64()
	}
	a := &Bootstrap{Estimate: 0.05, Replicates: reps, Jackknife: []float64{0.1, 0.3, -0.2, 0.05, 0.3, 0.3}}
	b := &Bootstrap{Estimate: 0.05, Replicates: reps, Jackknife: []float64{0.1, 0.3, -0.2, 0.05}, JackknifeWeights: []float64{1, 3, 1, 1}}
	la, ha, err := a.BCa(0.9)
	if err != nil {
		t.Fatal(err)
	}
	lb, hb, err := b.BCa(0.9)
	if err != nil {
		t.Fatal(err)
	}
	if !close(la, lb, 1e-12) || !close(ha, hb, 1e-12) {
		t.Errorf("weighted jackknife [%v, %v], repeated [%v, %v]", lb, hb, la, ha)
	}
}

// LogitNormal is expit(logit θ̂ ± z·sd(logit θ̂*)) (computed here by
// hand); it refuses an estimate or replicate at 0 or 1.
func TestLogitNormal(t *testing.T) {
	reps := []float64{0.6, 0.7, 0.65, 0.8, 0.55}
	bs := &Bootstrap{Estimate: 0.68, Replicates: reps}
	lo, hi, err := bs.LogitNormal(0.9)
	if err != nil {
		t.Fatal(err)
	}
	var m, ss float64
	for _, r := range reps {
		m += math.Log(r / (1 - r))
	}
	m /= 5
	for _, r := range reps {
		d := math.Log(r/(1-r)) - m
		ss += d * d
	}
	sd := math.Sqrt(ss / 4)
	l := math.Log(0.68 / 0.32)
	const z = 1.6448536269514722 // scipy.stats.norm.ppf(0.95)
	wantLo, wantHi := 1/(1+math.Exp(-(l-z*sd))), 1/(1+math.Exp(-(l+z*sd)))
	if math.Abs(lo-wantLo) > 1e-12 || math.Abs(hi-wantHi) > 1e-12 {
		t.Errorf("[%v, %v], want [%v, %v]", lo, hi, wantLo, wantHi)
	}
	for _, b := range []*Bootstrap{{Estimate: 1, Replicates: reps}, {Estimate: 0.5, Replicates: []float64{0.5, 1}}, {Estimate: 0.5, Replicates: []float64{0, 0.5}}} {
		if _, _, err := b.LogitNormal(0.95); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: %v, want ErrInvalid", b, err)
		}
	}
}

// StudentizedMeanCI is [θ̂ − t*₁₋α/₂·se, θ̂ − t*α/₂·se] with numpy's linear
// quantiles of t*.
func TestStudentizedMeanCI(t *testing.T) {
	ts := []float64{-3, -1, 0, 0.5, 2} // quantiles at 0.05 and 0.95: −2.6 and 1.7
	iv, err := StudentizedMeanCI(10, 2, ts, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(iv.Low-(10-1.7*2)) > 1e-12 || math.Abs(iv.High-(10+2.6*2)) > 1e-12 || iv.Method != CIBootT {
		t.Errorf("%+v, want [6.6, 15.2] bootstrap-t", iv)
	}
	if _, err := StudentizedMeanCI(10, 2, []float64{1, math.Inf(1)}, 0.9); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite t*: %v", err)
	}
}
