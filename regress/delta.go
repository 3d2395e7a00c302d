package regress

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/xsum"
)

// Delta-method intervals. R², explained variance and the weighted mean
// losses are smooth functions of weighted means of per-row terms; the
// variance of such an estimate is, to first order, Σ wᵢ² IFᵢ² / W², IFᵢ
// the row's influence (the derivative of the function in the direction of
// the row), W = Σ wᵢ. Every IF below is a polynomial of degree ≤ 2 in y
// and d = y − ŷ (or in |d| or the percentage error), so Σ w² IF² needs
// only the sums Σ w² yᵃ dᵇ with a + b ≤ 4 (and those of |d| and the
// percentage error): ciSums keeps them, exactly (internal/xsum), so they
// and the intervals do not depend on how the rows were cut or merged.
//
// With u = d², v = (y − ȳ)², t = (d − d̄)²:
//
//	R² = 1 − A/B, A = mean u, B = mean v:        IF = (c·v − u)/B, c = A/B
//	EV = 1 − V/B, V = mean t:                    IF = (c·v − t)/B, c = V/B
//	a mean loss L = mean ℓ (ℓ = u, |d|, |d|/max(|y|, ε)): IF = ℓ − L
//
// The interval of a mean loss is L ± t·se (t of n − 1 degrees of
// freedom); those of R² and EV are computed for log(1 − R²) = log A − log
// B, whose distribution is closer to normal (a ratio's logarithm), and
// mapped back: 1 − (1 − R²)·exp(±t·se/(1 − R²)). The variance is scaled by
// n/(n − 1), as the sample variance is.

// ciSums are the sums Σ w² yᵃ dᵇ of the delta-method intervals.
type ciSums struct {
	q           xsum.Sum    // Σ w²
	y, d        [4]xsum.Sum // Σ w² yᵏ, Σ w² dᵏ, k = 1…4
	dy, dy2     xsum.Sum    // Σ w² d y, Σ w² d y²
	d2y, d2y2   xsum.Sum    // Σ w² d² y, Σ w² d² y²
	ad, pe, pe2 xsum.Sum    // Σ w² |d|, Σ w² p, Σ w² p² (p = |d|/max(|y|, ε))
}

// add adds a row: target y, error d = y − ŷ, |d|, weight w, and the
// percentage error's denominator den = max(|y|, ε) (0: no percentage
// error for this row).
func (c *ciSums) add(y, d, ad, w, den float64) {
	q := w * w
	c.q.Add(q)
	y2, d2 := y*y, d*d
	c.y[0].Add(q * y)
	c.y[1].Add(q * y2)
	c.y[2].Add(q * y2 * y)
	c.y[3].Add(q * y2 * y2)
	c.d[0].Add(q * d)
	c.d[1].Add(q * d2)
	c.d[2].Add(q * d2 * d)
	c.d[3].Add(q * d2 * d2)
	c.dy.Add(q * d * y)
	c.dy2.Add(q * d * y2)
	c.d2y.Add(q * d2 * y)
	c.d2y2.Add(q * d2 * y2)
	c.ad.Add(q * ad)
	if den > 0 {
		p := ad / den
		c.pe.Add(q * p)
		c.pe2.Add(q * p * p)
	}
}

// sums lists the sums in a fixed order (the encoding's).
func (c *ciSums) sums() []*xsum.Sum {
	return []*xsum.Sum{&c.q, &c.y[0], &c.y[1], &c.y[2], &c.y[3], &c.d[0], &c.d[1], &c.d[2], &c.d[3],
		&c.dy, &c.dy2, &c.d2y, &c.d2y2, &c.ad, &c.pe, &c.pe2}
}

func (c *ciSums) merge(o *ciSums) {
	os := o.sums()
	for i, a := range c.sums() {
		a.Merge(os[i])
	}
}

// deltaPrecision is the largest (ȳ²/var y)² — how much the expansion of
// Σ w²(y − ȳ)⁴ from raw power sums magnifies the rounding of each row's
// term — for which the delta-method intervals are given: past it a
// relative error of 2⁻⁵² per term could reach 10⁻³ of the variance.
const deltaPrecision = 1e12

// deltaIntervals returns the delta-method intervals of the keys asked for
// (r2, explained_variance, mse, rmse, mae, mape) at level, from s's sums
// (s.ci must not be nil), and a reason for each key it cannot give.
func (s *State) deltaIntervals(keys []string, level float64) (map[string]hyptest.Interval, map[string]string) {
	out, why := map[string]hyptest.Interval{}, map[string]string{}
	c := s.ci
	n := float64(s.n)
	if s.n < 3 {
		for _, k := range keys {
			why[k] = "fewer than 3 rows"
		}
		return out, why
	}
	W := s.w.Value()
	Q := c.q.Value()
	val := func(a *xsum.Sum) float64 { return a.Value() }
	Y1, Y2, Y3, Y4 := val(&c.y[0]), val(&c.y[1]), val(&c.y[2]), val(&c.y[3])
	D1, D2, D3, D4 := val(&c.d[0]), val(&c.d[1]), val(&c.d[2]), val(&c.d[3])
	DY1, DY2, D2Y1, D2Y2 := val(&c.dy), val(&c.dy2), val(&c.d2y), val(&c.d2y2)
	ybar := s.y.mean(&s.w)
	dbar := s.d.mean(&s.w)
	B := s.y.m2(&s.w) / W // mean v
	Vd := s.d.m2(&s.w) / W
	A := s.sq.Value() / W
	scale := n / (n - 1) / (W * W)
	tq, err := hyptest.TCritical(level, n-1)
	if err != nil {
		for _, k := range keys {
			why[k] = err.Error()
		}
		return out, why
	}
	// Σ w² v², Σ w² u v, Σ w² t², Σ w² t v, expanded from the raw sums.
	sv2 := Y4 - 4*ybar*Y3 + 6*ybar*ybar*Y2 - 4*ybar*ybar*ybar*Y1 + ybar*ybar*ybar*ybar*Q
	suv := D2Y2 - 2*ybar*D2Y1 + ybar*ybar*D2
	st2 := D4 - 4*dbar*D3 + 6*dbar*dbar*D2 - 4*dbar*dbar*dbar*D1 + dbar*dbar*dbar*dbar*Q
	stv := suv - 2*dbar*(DY2-2*ybar*DY1+ybar*ybar*D1) + dbar*dbar*(Y2-2*ybar*Y1+ybar*ybar*Q)
	precise := B > 0 && (ybar*ybar/B)*(ybar*ybar/B) <= deltaPrecision
	// ratio gives the interval of 1 − num/B from the variance of the
	// influence sum.
	ratio := func(key string, num, sIF2 float64, est float64) {
		switch {
		case !(B > 0):
			why[key] = "the targets do not vary"
			return
		case !precise:
			why[key] = fmt.Sprintf("the targets' mean is %.3g standard deviations from 0: the delta method's power sums lose their precision", math.Abs(ybar)/math.Sqrt(B))
			return
		case !(num > 0):
			// A perfect fit: no spread to measure.
			out[key] = hyptest.Interval{Low: est, High: est, Method: hyptest.CIDeltaLog}
			return
		}
		se := math.Sqrt(math.Max(0, sIF2)*scale) / (num / B) // of log(num/B)
		ratio := num / B
		out[key] = hyptest.Interval{Low: 1 - ratio*math.Exp(tq*se), High: 1 - ratio*math.Exp(-tq*se), Method: hyptest.CIDeltaLog}
	}
	for _, k := range keys {
		switch k {
		case "r2":
			cc := A / B
			ratio(k, A, (cc*cc*sv2-2*cc*suv+D4)/(B*B), 1)
		case "explained_variance":
			cc := Vd / B
			ratio(k, Vd, (cc*cc*sv2-2*cc*stv+st2)/(B*B), 1)
		case "mse", "rmse":
			v := (D4 - 2*A*D2 + A*A*Q) * scale
			lo, hi := math.Max(0, A-tq*math.Sqrt(math.Max(0, v))), A+tq*math.Sqrt(math.Max(0, v))
			if k == "rmse" {
				out[k] = hyptest.Interval{Low: math.Sqrt(lo), High: math.Sqrt(hi), Method: hyptest.CIDeltaSqrt}
			} else {
				out[k] = hyptest.Interval{Low: lo, High: hi, Method: hyptest.CIDelta}
			}
		case "mae":
			M := s.abs.Value() / W
			v := (D2 - 2*M*val(&c.ad) + M*M*Q) * scale
			out[k] = hyptest.Interval{Low: math.Max(0, M-tq*math.Sqrt(math.Max(0, v))), High: M + tq*math.Sqrt(math.Max(0, v)), Method: hyptest.CIDelta}
		case "mape":
			if s.first[issueZeroTarget] != noIssue {
				why[k] = "a zero target"
				continue
			}
			P := s.ape.Value() / W
			v := (val(&c.pe2) - 2*P*val(&c.pe) + P*P*Q) * scale
			out[k] = hyptest.Interval{Low: math.Max(0, P-tq*math.Sqrt(math.Max(0, v))), High: P + tq*math.Sqrt(math.Max(0, v)), Method: hyptest.CIDelta}
		}
	}
	return out, why
}
