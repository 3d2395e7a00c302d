package hyptest

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ZeroMethod says how Wilcoxon treats zero differences (scipy's names).
type ZeroMethod int

const (
	// Wilcox drops zero differences before ranking (scipy's default).
	Wilcox ZeroMethod = iota
	// Pratt ranks the zeros with the others, then drops their ranks.
	Pratt
	// ZSplit ranks the zeros with the others and adds half of their rank
	// sum to each of R⁺ and R⁻.
	ZSplit
)

// WilcoxonMethod chooses how the p-value is computed.
type WilcoxonMethod int

const (
	// Auto is Exact when there are at most 50 differences and no zeros or
	// ties, else Approx.
	Auto WilcoxonMethod = iota
	// Exact uses the exact null distribution of R⁺ (all 2ⁿ sign patterns
	// of the ranks, ties included). Zeros, or more than 1000 differences,
	// make it fall back to Approx with a warning.
	Exact
	// Approx uses the normal approximation.
	Approx
)

// WilcoxonOptions configures Wilcoxon; the zero value is scipy's default
// (two-sided, zero_method "wilcox", no continuity correction, auto).
type WilcoxonOptions struct {
	Alternative Alternative
	ZeroMethod  ZeroMethod
	Correction  bool // continuity correction of ½ in the normal approximation
	Method      WilcoxonMethod
}

// WilcoxonResult is the result of the Wilcoxon signed-rank test.
type WilcoxonResult struct {
	// Statistic is min(R⁺, R⁻) for the two-sided test and R⁺ for a
	// one-sided one (as scipy).
	Statistic      float64
	RPlus, RMinus  float64
	PValue         float64
	Z              float64 // the normal statistic; 0 when Exact
	N              int     // differences used (after dropping zeros under Wilcox)
	Zeros, TieSets int
	Exact          bool // the p-value is exact
	Warnings       []string
}

// Wilcoxon is the Wilcoxon signed-rank test of the paired differences
// dᵢ = xᵢ − yᵢ (Demšar 2006 recommends it for two classifiers over several
// data sets). |dᵢ| are ranked with average ranks for ties; R⁺ and R⁻ are the
// rank sums of the positive and negative differences.
//
// The normal approximation, with n ranked differences, z₀ zeros (Pratt
// only) and tie groups of size t, is
//
//	μ = n(n+1)/4 − z₀(z₀+1)/4
//	σ² = [n(n+1)(2n+1) − z₀(z₀+1)(2z₀+1) − ½Σ t(t²−1)] / 24
//	z = (T − μ − c)/σ
//
// with c = ±½ under Correction. The exact p-value enumerates the 2ⁿ sign
// patterns of the (doubled, so integral) ranks by dynamic programming; the
// two-sided p-value is 2·min(P(R⁺ ≤ r), P(R⁺ ≥ r)), capped at 1.
//
// scipy 1.10 conventions, followed here: Auto is exact for n ≤ 50 without
// zeros; zeros force the normal approximation. Where scipy 1.10 differs it
// is documented rather than copied: with ties and Exact, scipy truncates R⁺
// to an integer and uses the tie-free distribution; evalkit uses the exact
// distribution of the tied ranks; and Auto chooses Approx when there are
// ties, where scipy 1.10 would use the (inapplicable) tie-free exact
// distribution.
//
// Errors: ErrTooFew when no non-zero difference remains (or x is empty),
// ErrNotFinite. It panics if x and y differ in length.
func Wilcoxon(x, y []float64, opt WilcoxonOptions) (WilcoxonResult, error) {
	samelen(x, y)
	var r WilcoxonResult
	if err := checkFinite("x", x); err != nil {
		return r, err
	}
	if err := checkFinite("y", y); err != nil {
		return r, err
	}
	d := make([]float64, 0, len(x))
	for i := range x {
		v := x[i] - y[i]
		if v == 0 {
			r.Zeros++
			if opt.ZeroMethod == Wilcox {
				continue
			}
		}
		d = append(d, v)
	}
	if len(d) == 0 || r.Zeros == len(d) {
		return r, fmt.Errorf("%w: every difference x − y is zero (%d pairs)", ErrTooFew, len(x))
	}
	abs := make([]float64, len(d))
	for i, v := range d {
		abs[i] = math.Abs(v)
	}
	ranks, _ := averageRanks(abs)
	var rp, rm, rz fsum.Sum
	for i, v := range d {
		switch {
		case v > 0:
			rp.Add(ranks[i])
		case v < 0:
			rm.Add(ranks[i])
		default:
			rz.Add(ranks[i])
		}
	}
	r.RPlus, r.RMinus = rp.Value(), rm.Value()
	if opt.ZeroMethod == ZSplit {
		r.RPlus += rz.Value() / 2
		r.RMinus += rz.Value() / 2
	}
	r.N = len(d)
	if opt.Alternative == TwoSided {
		r.Statistic = math.Min(r.RPlus, r.RMinus)
	} else {
		r.Statistic = r.RPlus
	}
	// Tie groups among the ranks that enter the normal approximation:
	// the non-zero differences, and under ZSplit the zeros too (scipy).
	nz := make([]float64, 0, len(d))
	for i, v := range d {
		if v != 0 || opt.ZeroMethod == ZSplit {
			nz = append(nz, ranks[i])
		}
	}
	tieGroups := map[float64]int{}
	for _, v := range nz {
		tieGroups[v]++
	}
	var tieSum float64
	for _, t := range tieGroups {
		if t > 1 {
			r.TieSets++
			tieSum += float64(t) * float64(t*t-1)
		}
	}
	exact := false
	switch opt.Method {
	case Auto:
		exact = r.N <= 50 && r.Zeros == 0 && r.TieSets == 0
	case Exact:
		exact = r.Zeros == 0 && r.N <= maxExactWilcoxon
		switch {
		case r.Zeros > 0:
			r.Warnings = append(r.Warnings, "exact p-value unavailable with zero differences; used the normal approximation")
		case !exact:
			r.Warnings = append(r.Warnings, fmt.Sprintf("exact p-value computed for at most %d differences; used the normal approximation", maxExactWilcoxon))
		}
	}
	if exact {
		r.Exact = true
		r.PValue = wilcoxonExact(ranks, r.RPlus, opt.Alternative)
		return r, nil
	}
	if r.N < 10 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("only %d differences: the normal approximation is rough", r.N))
	}
	n := float64(r.N)
	mn := n * (n + 1) / 4
	se := n * (n + 1) * (2*n + 1)
	if opt.ZeroMethod == Pratt {
		z0 := float64(r.Zeros)
		mn -= z0 * (z0 + 1) / 4
		se -= z0 * (z0 + 1) * (2*z0 + 1)
	}
	se -= tieSum / 2
	se = math.Sqrt(se / 24)
	c := 0.0
	if opt.Correction {
		switch opt.Alternative {
		case TwoSided:
			switch {
			case r.Statistic > mn:
				c = 0.5
			case r.Statistic < mn:
				c = -0.5
			}
		case Less:
			c = -0.5
		default:
			c = 0.5
		}
	}
	r.Z = (r.Statistic - mn - c) / se
	r.PValue = pFromZ(r.Z, opt.Alternative)
	return r, nil
}

// maxExactWilcoxon bounds the exact distribution's work (n³/2 steps).
const maxExactWilcoxon = 1000

// wilcoxonExact returns the exact p-value of R⁺ = rplus given the ranks of
// n non-zero differences, by the distribution of Σ sᵢ·rᵢ over independent
// fair signs sᵢ ∈ {0, 1}, counted on doubled ranks (integers).
func wilcoxonExact(ranks []float64, rplus float64, alt Alternative) float64 {
	total := 0
	for _, v := range ranks {
		total += int(math.Round(2 * v))
	}
	// dist[s] = P(2R⁺ = s); built one rank at a time with probabilities,
	// so nothing overflows for n ≤ a few hundred.
	dist := make([]float64, total+1)
	dist[0] = 1
	top := 0
	for _, v := range ranks {
		w := int(math.Round(2 * v))
		for s := top; s >= 0; s-- {
			if dist[s] != 0 {
				dist[s+w] += dist[s] / 2
				dist[s] /= 2
			}
		}
		top += w
	}
	obs := int(math.Round(2 * rplus))
	var le, ge fsum.Sum
	for s, p := range dist {
		if s <= obs {
			le.Add(p)
		}
		if s >= obs {
			ge.Add(p)
		}
	}
	switch alt {
	case Less:
		return math.Min(1, le.Value())
	case Greater:
		return math.Min(1, ge.Value())
	}
	if 2*obs == total {
		return 1
	}
	return math.Min(1, 2*math.Min(le.Value(), ge.Value()))
}
