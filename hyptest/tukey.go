package hyptest

import (
	"fmt"
	"math"
)

// StudentizedRange is the distribution of Q = R/S, the range R of K
// independent standard normal variables divided by an independent
// S = √(χ²_ν/ν) with ν = DF degrees of freedom (DF = +Inf: S = 1). It is
// the distribution behind Tukey's HSD and the Nemenyi test.
//
// With φ, Φ the standard normal density and distribution function,
//
//	P(Q ≤ q; k, ∞) = k ∫ φ(z) [Φ(z) − Φ(z − q)]^(k−1) dz
//	P(Q ≤ q; k, ν) = ∫₀^∞ f_ν(s) P(Q ≤ qs; k, ∞) ds,
//	f_ν(s) = ν^(ν/2) s^(ν−1) e^(−νs²/2) / (Γ(ν/2) 2^(ν/2−1))
//
// (Lund & Lund 1983; Copenhaver & Holland 1988). Both integrals are
// evaluated by adaptive Gauss–Legendre quadrature to a relative accuracy of
// about 1e-12. The upper tail is integrated directly, from
//
//	P(Q > q; k, ∞) = k ∫ φ(z) Φ(z)^(k−1) [1 − (1 − Φ(z−q)/Φ(z))^(k−1)] dz,
//
// so that small p-values keep their relative accuracy. (scipy's
// studentized_range integrates the CDF to an absolute 1e-11 and computes
// the tail as 1 − CDF, and switches to DF = ∞ above DF = 100 000; evalkit
// integrates for every finite DF.)
//
// Methods panic if K < 2 or DF is not > 0 (NaN included).
type StudentizedRange struct {
	K  int
	DF float64
}

func (d StudentizedRange) check() {
	if d.K < 2 || !(d.DF > 0) {
		panic(fmt.Sprintf("hyptest: studentized range needs K ≥ 2 and DF > 0, got K = %d, DF = %v", d.K, d.DF))
	}
}

// Inner integrals are held tighter than the outer one, whose integrand
// carries the inner integral's error. The noise levels are the relative
// rounding errors of the integrands (exp of arguments near −400 has a
// relative error near 1e-13).
const (
	innerTol   = 1e-13
	innerNoise = 2e-13
	outerTol   = 1e-12
	outerNoise = 2e-11
)

// normBetween returns Φ(b) − Φ(a) for a ≤ b without cancellation: by
// Gauss–Legendre quadrature of φ when the interval is short, and from the
// nearer tail otherwise.
func normBetween(a, b float64) float64 {
	if b-a <= 1 {
		return gl15(func(t float64) float64 { return math.Exp(-t * t / 2) }, a, b) / math.Sqrt(2*math.Pi)
	}
	if a+b > 0 {
		return normSF(a) - normSF(b)
	}
	return normCDF(b) - normCDF(a)
}

// cdfInf returns P(Q ≤ w; k, ∞).
func cdfInf(w float64, k int) float64 {
	if w <= 0 {
		return 0
	}
	km1 := float64(k - 1)
	g := func(z float64) float64 {
		d := normBetween(z-w, z)
		if d <= 0 {
			return 0
		}
		e := km1*math.Log(d) - z*z/2
		if e < -700 {
			return 0
		}
		return math.Exp(e)
	}
	c := float64(k) / math.Sqrt(2*math.Pi)
	v := c * integrate(g, -9, 9, 8, innerTol, innerNoise)
	return math.Min(v, 1)
}

// sfInf returns P(Q > w; k, ∞).
func sfInf(w float64, k int) float64 {
	if w <= 0 {
		return 1
	}
	km1 := float64(k - 1)
	g := func(z float64) float64 {
		pz := normCDF(z)
		if pz == 0 {
			return 0
		}
		// log(1 − Φ(z−w)/Φ(z)) = log((Φ(z) − Φ(z−w))/Φ(z)), from whichever
		// side loses nothing.
		var l float64
		if r := normCDF(z-w) / pz; r < 0.5 {
			l = math.Log1p(-r)
		} else {
			l = math.Log(normBetween(z-w, z) / pz)
		}
		e := km1*math.Log(pz) - z*z/2
		if e < -700 {
			return 0 // keep subnormal numbers, and their rounding noise, out
		}
		v := math.Exp(e) * -math.Expm1(km1*l)
		if v < 1e-300 {
			return 0
		}
		return v
	}
	hi := math.Max(9, w/2+9)
	lo := math.Max(-9, w/2-12)
	c := float64(k) / math.Sqrt(2*math.Pi)
	v := c * integrate(g, lo, hi, 8, innerTol, innerNoise)
	return math.Min(v, 1)
}

// mixS integrates f_ν(s)·h(q s) over s ∈ (0, ∞), the outer integral.
func mixS(q, nu float64, h func(float64) float64) float64 {
	lc := nu/2*math.Log(nu) - lgamma(nu/2) - (nu/2-1)*math.Ln2
	logf := func(s float64) float64 { return lc + (nu-1)*math.Log(s) - nu*s*s/2 }
	mode := 0.0
	if nu > 1 {
		mode = math.Sqrt((nu - 1) / nu)
	}
	sd := 1 / math.Sqrt(2*nu)
	top := logf(math.Max(mode, 1e-300))
	if nu <= 1 {
		top = logf(1e-3) // the density is unbounded or finite at 0; any level will do
	}
	const drop = 75
	hiS := math.Max(mode, sd)
	for logf(hiS) > top-drop {
		hiS += sd
	}
	loS := mode
	for loS > 0 && logf(loS) > top-drop {
		loS -= sd / 2
	}
	loS = math.Max(loS, 0)
	f := func(s float64) float64 {
		if s <= 0 {
			return 0
		}
		return math.Exp(logf(s)) * h(q*s)
	}
	// A breakpoint where q·s reaches a few units, so that a tail that is
	// carried by small s (few degrees of freedom, large q) is not missed.
	total := 0.0
	b := 12 / q
	if nu < 2 && loS == 0 {
		// f(s) ∝ s^(ν−1) is not smooth at 0 (unbounded for ν < 1): with
		// s = u^m, m = 2/ν, the integrand m u^(m−1) f(u^m) ∝ u is.
		c := math.Min(1, hiS)
		if b > 0 && b < hiS {
			c = b
		}
		m := 2 / nu
		g := func(u float64) float64 {
			if u <= 0 {
				return 0
			}
			s := math.Pow(u, m)
			return m * math.Exp(lc+math.Log(u)-nu*s*s/2) * h(q*s)
		}
		total += integrate(g, 0, math.Pow(c, 1/m), 4, outerTol, outerNoise)
		loS = c
	}
	if b > loS && b < hiS {
		total += integrate(f, loS, b, 2, outerTol, outerNoise)
		loS = b
	}
	return total + integrate(f, loS, hiS, 4, outerTol, outerNoise)
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// CDF returns P(Q ≤ q).
func (d StudentizedRange) CDF(q float64) float64 {
	d.check()
	switch {
	case math.IsNaN(q):
		return math.NaN()
	case q <= 0:
		return 0
	case math.IsInf(q, 1):
		return 1
	}
	if math.IsInf(d.DF, 1) {
		if s := sfInf(q, d.K); s < 0.5 {
			return 1 - s
		}
		return cdfInf(q, d.K)
	}
	if s := mixS(q, d.DF, func(w float64) float64 { return sfInf(w, d.K) }); s < 0.5 {
		return 1 - s
	}
	return mixS(q, d.DF, func(w float64) float64 { return cdfInf(w, d.K) })
}

// Survival returns P(Q > q), integrated directly (not as 1 − CDF).
func (d StudentizedRange) Survival(q float64) float64 {
	d.check()
	switch {
	case math.IsNaN(q):
		return math.NaN()
	case q <= 0:
		return 1
	case math.IsInf(q, 1):
		return 0
	}
	if math.IsInf(d.DF, 1) {
		return sfInf(q, d.K)
	}
	return mixS(q, d.DF, func(w float64) float64 { return sfInf(w, d.K) })
}

// Quantile returns q with P(Q ≤ q) = p. For p ≥ ½ it solves
// P(Q > q) = 1 − p, so upper quantiles are accurate. It panics if p is not
// in [0, 1].
func (d StudentizedRange) Quantile(p float64) float64 {
	d.check()
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("hyptest: studentized range quantile of p = %v outside [0, 1]", p))
	}
	switch p {
	case 0:
		return 0
	case 1:
		return math.Inf(1)
	}
	if p >= 0.5 {
		return d.UpperQuantile(1 - p)
	}
	target := math.Log(p)
	return bracketSolve(func(q float64) float64 { return math.Log(d.CDF(q)) - target }, 1)
}

// UpperQuantile returns q with P(Q > q) = alpha, the critical value
// q_α of Tukey's and Nemenyi's tests. It panics if alpha is not in (0, 1).
func (d StudentizedRange) UpperQuantile(alpha float64) float64 {
	d.check()
	if !(alpha > 0 && alpha < 1) {
		panic(fmt.Sprintf("hyptest: studentized range upper quantile of α = %v outside (0, 1)", alpha))
	}
	target := math.Log(alpha)
	return bracketSolve(func(q float64) float64 { return target - math.Log(d.Survival(q)) }, 2)
}

// bracketSolve finds the root on q > 0 of the increasing function g: it
// doubles hi from its first value until g(hi) ≥ 0 and, when that leaves
// the lower end at 0 (where g is −∞), halves a positive lower end until
// g(lo) ≤ 0, then calls solve.
func bracketSolve(g func(float64) float64, hi float64) float64 {
	lo := 0.0
	for g(hi) < 0 {
		lo, hi = hi, 2*hi
	}
	if lo == 0 {
		lo = hi / 2
		for g(lo) > 0 {
			hi, lo = lo, lo/2
		}
	}
	return solve(g, lo, hi)
}

// solve finds a root of the increasing function g bracketed by
// g(lo) ≤ 0 ≤ g(hi), by the Anderson–Björck variant of regula falsi,
// to a relative width of 1e-14.
func solve(g func(float64) float64, lo, hi float64) float64 {
	glo, ghi := g(lo), g(hi)
	if glo == 0 {
		return lo
	}
	if ghi == 0 {
		return hi
	}
	side := 0
	for iter := 0; iter < 200; iter++ {
		x := (lo*ghi - hi*glo) / (ghi - glo)
		if !(x > lo && x < hi) {
			x = (lo + hi) / 2
		}
		if hi-lo <= 1e-14*math.Abs(x) {
			return x
		}
		gx := g(x)
		switch {
		case gx == 0:
			return x
		case gx < 0:
			if side == -1 {
				m := 1 - gx/glo
				if m <= 0 {
					m = 0.5
				}
				ghi *= m
			}
			lo, glo, side = x, gx, -1
		default:
			if side == 1 {
				m := 1 - gx/ghi
				if m <= 0 {
					m = 0.5
				}
				glo *= m
			}
			hi, ghi, side = x, gx, 1
		}
	}
	return (lo + hi) / 2
}
