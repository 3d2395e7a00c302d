package rank_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
)

// bandCoverage returns the FPRs of the band and, at each, the share of reps
// binormal data sets (negatives N(0, 1), positives N(mu, 1), m of each)
// whose 95% band covers the true ROC, Φ(mu + Φ⁻¹(t)).
func bandCoverage(t *testing.T, m, reps int, mu float64, seed uint64) ([]float64, []float64) {
	r := rand.New(rand.NewPCG(seed, 99))
	hit := make([]float64, len(rank.BandFPR))
	var fprs []float64
	for rep := 0; rep < reps; rep++ {
		var b rank.Builder
		for i := 0; i < m; i++ {
			b.Add(r.NormFloat64(), false, 1)
			b.Add(mu+r.NormFloat64(), true, 1)
		}
		band, err := b.Table().ROCBand(0.95, nil)
		if err != nil {
			t.Fatal(err)
		}
		fprs = band.FPR
		for k, x := range band.FPR {
			truth := 0.5 * math.Erfc(-(mu+rank.Probit(x))/math.Sqrt2)
			if band.Low[k] <= truth && truth <= band.High[k] {
				hit[k]++
			}
		}
	}
	hit = hit[:len(fprs)]
	for k := range hit {
		hit[k] /= float64(reps)
	}
	return fprs, hit
}

// The band's pointwise coverage on binormal data: 1000 data sets of 100
// positives and 100 negatives, and of 1000 and 1000,
// with AUC 0.76 (mu = 1) and 0.92 (mu = 2). Run with -v for the table.
func TestROCBandCoverage(t *testing.T) {
	for _, m := range []int{100, 1000} {
		for _, mu := range []float64{1, 2} {
			fprs, cov := bandCoverage(t, m, 1000, mu, uint64(m)*7+uint64(mu))
			line := fmt.Sprintf("m = %d, mu = %g:", m, mu)
			for k, c := range cov {
				line += fmt.Sprintf(" %g:%.3f", fprs[k], c)
				// Where the positives on the smaller side of the true TPR
				// are many enough for a normal approximation, the band
				// must cover; elsewhere (a TPR within a few positives of
				// 1) the coverage is logged, not held.
				truth := 0.5 * math.Erfc(-(mu+rank.Probit(fprs[k]))/math.Sqrt2)
				if float64(m)*math.Min(truth, 1-truth) >= 5 && (c < 0.93 || c > 0.975) {
					t.Errorf("m = %d, mu = %g, FPR %g: coverage %.3f, want 0.93–0.975", m, mu, fprs[k], c)
				}
			}
			t.Log(line)
		}
	}
}

// At a false positive rate where every positive is above the threshold
// (TPR 1, past a kink of the curve), the band's low end stays near 1.
// The earlier Wald interval on the logit scale, its variance taken at the
// clamped TPR 1 − ½/n⁺ and a chord slope of about ½ across the kink, put
// it near 0: a spike down to 0 on the drawn band.
func TestROCBandAtOne(t *testing.T) {
	var b rank.Builder
	for i := range 100 {
		b.Add(float64(i)/100, false, 1)    // negatives uniform on [0, 1)
		b.Add(0.5+float64(i)/200, true, 1) // positives on [0.5, 1): ROC min(1, 2t)
	}
	band, err := b.Table().ROCBand(0.95, nil)
	if err != nil {
		t.Fatal(err)
	}
	ones := 0
	for k, x := range band.FPR {
		if band.TPR[k] == 1 {
			ones++
			// Wilson's low end for 100 of 100 is 0.963; the slope term
			// widens it, most at the kink itself (0.887 at FPR 0.5).
			if band.Low[k] < 0.85 || band.High[k] != 1 {
				t.Errorf("FPR %g: TPR 1, band [%g, %g], want a low end ≥ 0.85 and a high end 1", x, band.Low[k], band.High[k])
			}
		}
	}
	if ones < 5 {
		t.Fatalf("%d points at TPR 1, want the grid past FPR 0.5", ones)
	}
}
