package hyptest

import "math"

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
