package hyptest

import (
	"math"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// The distribution functions below compute upper tails directly (not as
// 1 − CDF), so that small p-values keep their relative accuracy.

// normSF returns P(Z > z) for a standard normal Z.
func normSF(z float64) float64 { return 0.5 * math.Erfc(z/math.Sqrt2) }

// normCDF returns P(Z ≤ z) for a standard normal Z.
func normCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

// normQuantile returns z with P(Z ≤ z) = p.
func normQuantile(p float64) float64 { return distuv.UnitNormal.Quantile(p) }

// normISF returns z with P(Z > z) = p, accurate for small p.
func normISF(p float64) float64 { return -distuv.UnitNormal.Quantile(p) }

// tSF returns P(T > t) for Student's t with df degrees of freedom.
func tSF(t, df float64) float64 {
	if math.IsInf(df, 1) {
		return normSF(t)
	}
	if math.IsInf(t, 0) {
		if t > 0 {
			return 0
		}
		return 1
	}
	x := df / (df + t*t)
	tail := 0.5 * mathext.RegIncBeta(df/2, 0.5, x)
	if t > 0 {
		return tail
	}
	return 1 - tail
}

// tCDF returns P(T ≤ t).
func tCDF(t, df float64) float64 { return tSF(-t, df) }

// tISF returns t with P(T > t) = p.
func tISF(p, df float64) float64 {
	if math.IsInf(df, 1) {
		return normISF(p)
	}
	return -distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(p)
}

// chi2SF returns P(X > x) for a χ² variable with df degrees of freedom.
func chi2SF(x, df float64) float64 {
	if x <= 0 {
		return 1
	}
	return mathext.GammaIncRegComp(df/2, x/2)
}

// fSF returns P(X > x) for an F(d1, d2) variable.
func fSF(x, d1, d2 float64) float64 {
	if x <= 0 {
		return 1
	}
	return mathext.RegIncBeta(d2/2, d1/2, d2/(d2+d1*x))
}

// binomLogPMF returns log P(X = k) for X ~ Binomial(n, p).
func binomLogPMF(k, n int64, p float64) float64 {
	if k < 0 || k > n {
		return math.Inf(-1)
	}
	switch {
	case p == 0:
		if k == 0 {
			return 0
		}
		return math.Inf(-1)
	case p == 1:
		if k == n {
			return 0
		}
		return math.Inf(-1)
	}
	a, _ := math.Lgamma(float64(n) + 1)
	b, _ := math.Lgamma(float64(k) + 1)
	c, _ := math.Lgamma(float64(n-k) + 1)
	return a - b - c + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p)
}

// binomPMF returns P(X = k).
func binomPMF(k, n int64, p float64) float64 { return math.Exp(binomLogPMF(k, n, p)) }

// binomCDF returns P(X ≤ k).
func binomCDF(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	case p == 0:
		return 1
	case p == 1:
		return 0
	}
	return mathext.RegIncBeta(float64(n-k), float64(k+1), 1-p)
}

// binomSF returns P(X > k).
func binomSF(k, n int64, p float64) float64 {
	switch {
	case k < 0:
		return 1
	case k >= n:
		return 0
	case p == 0:
		return 0
	case p == 1:
		return 1
	}
	return mathext.RegIncBeta(float64(k+1), float64(n-k), p)
}
