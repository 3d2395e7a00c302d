package rank

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mathext"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// ErrNotSmoothable: the binormal model of a smoothed ROC curve needs at
// least two points of the curve with both rates strictly between 0 and 1,
// at different sensitivities.
var ErrNotSmoothable = errors.New("ROC curve not smoothable (not enough points)")

// SmoothPoints is the number of points of a smoothed curve between its two
// ends: pROC's smooth() default n.
const SmoothPoints = 512

// Smooth is a smoothed ROC curve ([Table.SmoothBinormal],
// [Table.SmoothDensity]).
type Smooth struct {
	// Method is "binormal" or "density".
	Method string `json:"method"`
	// ROCAUC is the area under the smoothed curve: for the binormal
	// model, Φ(a / √(1 + b²)) in closed form; for density smoothing, the
	// trapezoid over the points.
	ROCAUC float64 `json:"roc_auc"`
	// Intercept and Slope are a and b of the binormal model
	// Φ⁻¹(specificity) = a + b Φ⁻¹(sensitivity) (binormal only).
	Intercept *float64 `json:"intercept,omitempty"`
	Slope     *float64 `json:"slope,omitempty"`
	// Bandwidth and Kernel are those of the density estimates (density
	// only).
	Bandwidth *float64 `json:"bandwidth,omitempty"`
	Kernel    string   `json:"kernel,omitempty"`
	// Sensitivities and Specificities are the smoothed curve's points in
	// increasing specificity: (0, 1) first, (1, 0) last.
	Sensitivities []float64 `json:"sensitivities"`
	Specificities []float64 `json:"specificities"`
}

// SmoothBinormal returns the ROC curve smoothed by a binormal model, as
// pROC's smooth(roc, method = "binormal", n = n) and its auc. The model is
// the least-squares line
//
//	Φ⁻¹(sp) = a + b Φ⁻¹(se)
//
// through the curve's points (those of [Table.CoordsAt]: every distinct
// score's) whose rates are both strictly between 0 and 1. The curve is
// se_i = i/(n−1), i = 0 … n−1, with sp_i = Φ(a + b Φ⁻¹(se_i)), put in
// increasing specificity (reversed when the specificities are not already
// in that order), and anchored by the points (sp 0, se 1) before and
// (sp 1, se 0) after: n + 2 points. Its area is the binormal closed form
//
//	AUC = Φ(a / √(1 + b²))
//
// not the trapezoid over the points. It returns ErrNotSmoothable when
// fewer than two such points, or no two of different sensitivities,
// exist, and ErrOneClass when a class is missing. It panics if n < 2.
func (t *Table) SmoothBinormal(n int) (*Smooth, error) {
	if n < 2 {
		panic(fmt.Sprintf("rank: SmoothBinormal of %d points", n))
	}
	c, err := t.rates()
	if err != nil {
		return nil, err
	}
	var xs, ys []float64
	for k := range c.sp {
		x, y := mathext.NormalQuantile(c.se[k]), mathext.NormalQuantile(c.sp[k])
		if !math.IsInf(x, 0) && !math.IsInf(y, 0) {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	a, b, ok := leastSquares(xs, ys)
	if !ok {
		return nil, ErrNotSmoothable
	}
	s := &Smooth{Method: "binormal", ROCAUC: normCDF(a / math.Sqrt(1+b*b)), Intercept: &a, Slope: &b,
		Sensitivities: make([]float64, 0, n+2), Specificities: make([]float64, 0, n+2)}
	step := 1 / float64(n-1)
	se := make([]float64, n)
	sp := make([]float64, n)
	for i := range n {
		p := min(float64(i)*step, 1)
		q := mathext.NormalQuantile(p)
		se[i], sp[i] = normCDF(q), normCDF(a+b*q)
	}
	for i := 1; i < n; i++ {
		if sp[i] < sp[i-1] {
			slices.Reverse(se)
			slices.Reverse(sp)
			break
		}
	}
	s.Specificities = append(append(append(s.Specificities, 0), sp...), 1)
	s.Sensitivities = append(append(append(s.Sensitivities, 1), se...), 0)
	return s, nil
}

// normCDF is the standard normal distribution function Φ.
func normCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

// leastSquares returns the intercept a and slope b of the least-squares
// line y = a + b x, from centred sums; ok is false for fewer than two
// points or when every x is the same.
func leastSquares(x, y []float64) (a, b float64, ok bool) {
	if len(x) < 2 {
		return 0, 0, false
	}
	var sx, sy xsum.Sum
	for i := range x {
		sx.Add(x[i])
		sy.Add(y[i])
	}
	mx, my := sx.Value()/float64(len(x)), sy.Value()/float64(len(y))
	var sxx, sxy xsum.Sum
	for i := range x {
		dx := x[i] - mx
		sxx.Add(dx * dx)
		sxy.Add(dx * (y[i] - my))
	}
	if !(sxx.Value() > 0) {
		return 0, 0, false
	}
	b = sxy.Value() / sxx.Value()
	return my - b*mx, b, true
}
