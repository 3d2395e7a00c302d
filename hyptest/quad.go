package hyptest

import "math"

// glNodes and glWeights are the 15-point Gauss–Legendre rule on [−1, 1],
// computed once by Newton's method on the Legendre polynomial P₁₅.
var glNodes, glWeights = gaussLegendre(15)

// gaussLegendre returns the n-point Gauss–Legendre nodes and weights on
// [−1, 1]. The i-th root of Pₙ is found by Newton's method from the
// Chebyshev-like guess cos(π(i − ¼)/(n + ½)); the weight is
// 2 / ((1 − x²) Pₙ'(x)²).
func gaussLegendre(n int) (x, w []float64) {
	x = make([]float64, n)
	w = make([]float64, n)
	for i := 0; i < n; i++ {
		z := math.Cos(math.Pi * (float64(i) + 0.75) / (float64(n) + 0.5))
		var dp float64
		for iter := 0; iter < 100; iter++ {
			p0, p1 := 1.0, z
			for j := 2; j <= n; j++ {
				p0, p1 = p1, ((2*float64(j)-1)*z*p1-(float64(j)-1)*p0)/float64(j)
			}
			// p1 = Pₙ(z), p0 = Pₙ₋₁(z).
			dp = float64(n) * (z*p1 - p0) / (z*z - 1)
			dz := p1 / dp
			z -= dz
			if math.Abs(dz) < 1e-16 {
				break
			}
		}
		p0, p1 := 1.0, z
		for j := 2; j <= n; j++ {
			p0, p1 = p1, ((2*float64(j)-1)*z*p1-(float64(j)-1)*p0)/float64(j)
		}
		dp = float64(n) * (z*p1 - p0) / (z*z - 1)
		x[i] = z
		w[i] = 2 / ((1 - z*z) * dp * dp)
	}
	return x, w
}

// gl15 integrates f over [a, b] with the 15-point Gauss–Legendre rule.
func gl15(f func(float64) float64, a, b float64) float64 {
	c, h := (a+b)/2, (b-a)/2
	s := 0.0
	for i, x := range glNodes {
		s += glWeights[i] * f(c+h*x)
	}
	return s * h
}

// integrate returns ∫ f over [a, b] by adaptive bisection with the 15-point
// Gauss–Legendre rule. The range is first cut into panels equal pieces so
// that narrow features are seen; a piece is accepted when its two halves
// agree with it to within its share of relTol·Σ|coarse estimates|, or to
// within noise·|value| (the relative rounding noise of f, below which
// bisecting gains nothing). A budget of evaluations bounds the work on
// pathological integrands.
func integrate(f func(float64) float64, a, b float64, panels int, relTol, noise float64) float64 {
	h := (b - a) / float64(panels)
	coarse := make([]float64, panels)
	est := 0.0
	for i := range coarse {
		lo := a + float64(i)*h
		coarse[i] = gl15(f, lo, lo+h)
		est += math.Abs(coarse[i])
	}
	q := quad{f: f, noise: noise, budget: 4000}
	tol := math.Max(relTol*est, 1e-300)
	total := 0.0
	for i, c := range coarse {
		lo := a + float64(i)*h
		total += q.refine(lo, lo+h, c, tol*h/(b-a))
	}
	return total
}

type quad struct {
	f      func(float64) float64
	noise  float64
	budget int // panels that may still be bisected
}

func (q *quad) refine(a, b, whole, tol float64) float64 {
	m := (a + b) / 2
	l, r := gl15(q.f, a, m), gl15(q.f, m, b)
	diff := math.Abs(l + r - whole)
	if diff <= tol || diff <= q.noise*math.Abs(l+r) || q.budget <= 0 {
		return l + r
	}
	q.budget--
	return q.refine(a, m, l, tol/2) + q.refine(m, b, r, tol/2)
}
