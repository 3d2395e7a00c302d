package rank_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
)

// weightedBandCoverage is bandCoverage with a weight w(r, score) on each
// row. It returns the FPRs of the band, the share of the reps data sets
// whose band covers the true ROC at each, and Kish's effective number of
// positives of the last data set.
func weightedBandCoverage(t *testing.T, m, reps int, mu float64, seed uint64, w func(r *rand.Rand, s float64) float64) ([]float64, []float64, float64) {
	r := rand.New(rand.NewPCG(seed, 98))
	// A point of the grid may be left out of some data sets (the
	// effective number of negatives varies): coverage is of the data sets
	// that have it.
	hit, tries := map[float64]float64{}, map[float64]float64{}
	var ne float64
	for rep := 0; rep < reps; rep++ {
		var b rank.Builder
		for i := 0; i < m; i++ {
			s := r.NormFloat64()
			b.Add(s, false, w(r, s))
			s = mu + r.NormFloat64()
			b.Add(s, true, w(r, s))
		}
		tb := b.Table()
		band, err := tb.ROCBand(0.95, nil)
		if err != nil {
			t.Fatal(err)
		}
		var q float64
		for _, v := range tb.PosSq {
			q += v
		}
		ne = tb.Positives() * tb.Positives() / q
		for k, x := range band.FPR {
			tries[x]++
			truth := 0.5 * math.Erfc(-(mu+rank.Probit(x))/math.Sqrt2)
			if band.Low[k] <= truth && truth <= band.High[k] {
				hit[x]++
			}
		}
	}
	var fprs, cov []float64
	for _, x := range rank.BandFPR {
		if tries[x] >= float64(reps)/2 {
			fprs = append(fprs, x)
			cov = append(cov, hit[x]/tries[x])
		}
	}
	return fprs, cov, ne
}

// The weighted band's pointwise coverage on binormal data (1000 data
// sets of m positives and m negatives, mu = 1 and 2): weights independent
// of the score (exponential: Kish's n about m/2), and weights that grow
// with the score, e^(s/2) times a uniform on [0.5, 2], which tilt each
// class's normal to another of variance 1 shifted by ½, so that the
// weighted population's ROC is still Φ(mu + Φ⁻¹(t)). Run with -v for the
// table.
func TestROCBandWeightedCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	for _, wd := range []struct {
		name string
		w    func(r *rand.Rand, s float64) float64
	}{
		{"exponential", func(r *rand.Rand, s float64) float64 { return r.ExpFloat64() }},
		{"tilted", func(r *rand.Rand, s float64) float64 { return math.Exp(s/2) * (0.5 + 1.5*r.Float64()) }},
	} {
		for _, m := range []int{200, 1000} {
			for _, mu := range []float64{1, 2} {
				fprs, cov, ne := weightedBandCoverage(t, m, 1000, mu, uint64(m)*11+uint64(mu), wd.w)
				line := fmt.Sprintf("%s, m = %d (Kish n⁺ %.0f), mu = %g:", wd.name, m, ne, mu)
				for k, c := range cov {
					line += fmt.Sprintf(" %g:%.3f", fprs[k], c)
					// As in TestROCBandCoverage, held where the effective
					// positives on the smaller side of the TPR are many
					// enough, but from 0.90: the Σw² of the few rows on
					// the smaller side are a noisy estimate of their
					// variance, and the band under-covers there (0.908 at
					// worst in these data sets; docs/ci.md).
					truth := 0.5 * math.Erfc(-(mu+rank.Probit(fprs[k]))/math.Sqrt2)
					if ne*math.Min(truth, 1-truth) >= 5 && (c < 0.90 || c > 0.975) {
						t.Errorf("%s, m = %d, mu = %g, FPR %g: coverage %.3f, want 0.90–0.975", wd.name, m, mu, fprs[k], c)
					}
				}
				t.Log(line)
			}
		}
	}
}

// Weights all equal (3) make a weighted table whose effective counts are
// the counts: its band is the unweighted band; a table that lost its
// cells' Σw² gets none, with ErrWeighted.
func TestROCBandWeightedConstant(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	var u, w rank.Builder
	for range 300 {
		s := r.NormFloat64()
		u.Add(s, false, 1)
		w.Add(s, false, 3)
		s = 1 + r.NormFloat64()
		u.Add(s, true, 1)
		w.Add(s, true, 3)
	}
	ut, wt := u.Table(), w.Table()
	ub, err := ut.ROCBand(0.95, nil)
	if err != nil {
		t.Fatal(err)
	}
	wb, err := wt.ROCBand(0.95, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ub.FPR) != len(wb.FPR) {
		t.Fatalf("grid %v, unweighted %v", wb.FPR, ub.FPR)
	}
	for k := range ub.FPR {
		for _, c := range [][2]float64{{wb.TPR[k], ub.TPR[k]}, {wb.Low[k], ub.Low[k]}, {wb.High[k], ub.High[k]}} {
			if math.Abs(c[0]-c[1]) > 1e-12 {
				t.Fatalf("FPR %g: weighted %v, unweighted %v", ub.FPR[k], c[0], c[1])
			}
		}
	}
	lost := &rank.Table{Score: wt.Score, Pos: wt.Pos, Neg: wt.Neg, Rows: wt.Rows, Weighted: true}
	if _, err := lost.ROCBand(0.95, nil); !errors.Is(err, rank.ErrWeighted) {
		t.Fatalf("without Σw²: %v", err)
	}
}
