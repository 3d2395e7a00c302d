package hyptest

import (
	"fmt"
	"math"
)

// NormalQuantile returns the standard normal quantile Φ⁻¹(p).
func NormalQuantile(p float64) float64 { return normQuantile(p) }

// BootstrapPValue returns the two-sided p-value of the hypothesis that the
// bootstrapped statistic (typically a paired difference of a measure) is
// 0, by inverting the percentile interval: with B finite replicates,
//
//	p = min(1, 2 · min(#{θ*_b ≤ 0} + 1, #{θ*_b ≥ 0} + 1) / (B + 1))
//
// (Davison & Hinkley 1997, §4.4; the +1 keeps p above 0 with finitely
// many replicates). Replicates that are not finite are left out; with none
// left it returns NaN.
func BootstrapPValue(bs *Bootstrap) float64 {
	var le, ge, b float64
	for _, v := range bs.Replicates {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		b++
		if v <= 0 {
			le++
		}
		if v >= 0 {
			ge++
		}
	}
	if b == 0 {
		return math.NaN()
	}
	return math.Min(1, 2*math.Min(le+1, ge+1)/(b+1))
}

// FinitePercentile returns the percentile interval of the finite
// replicates of bs (a replicate is undefined when a resample lacks what the
// measure needs, e.g. R² of a resample whose targets are all equal) and
// how many were left out. It returns an error if fewer than two are finite.
func FinitePercentile(bs *Bootstrap, level float64) (lo, hi float64, dropped int, err error) {
	fin := &Bootstrap{Estimate: bs.Estimate}
	for _, v := range bs.Replicates {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			dropped++
			continue
		}
		fin.Replicates = append(fin.Replicates, v)
	}
	if len(fin.Replicates) < 2 {
		return 0, 0, dropped, fmt.Errorf("%w: %d of %d bootstrap replicates are undefined", ErrTooFew, dropped, len(bs.Replicates))
	}
	lo, hi, err = fin.Percentile(level)
	return lo, hi, dropped, err
}
