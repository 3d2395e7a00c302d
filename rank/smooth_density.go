package rank

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/evalkit-go/evalkit/internal/xsum"
)

// Kernels are the kernels of a density-smoothed ROC curve, R's density()
// kernels, by name; "gaussian" is the default.
var Kernels = []string{"gaussian", "epanechnikov", "rectangular", "triangular", "biweight", "cosine", "optcosine"}

// ErrSmoothWeighted: a density-smoothed ROC curve is made from the rows'
// scores, one each; weighted rows are not offered.
var ErrSmoothWeighted = errors.New("density smoothing needs unweighted rows")

// Bandwidth returns the bandwidth rule bw ("" or "nrd0": R's bw.nrd0,
// Silverman's rule of thumb; "nrd": bw.nrd, Scott's variation; or a
// positive number, the bandwidth itself) applied to the table's scores,
// positives and negatives pooled, as pROC's smooth(method = "density")
// does. It reports an error for an unknown rule.
func (t *Table) Bandwidth(bw string) (float64, error) {
	switch bw {
	case "", "nrd0", "nrd":
	default:
		h, err := strconv.ParseFloat(bw, 64)
		if err != nil || !(h > 0) || math.IsInf(h, 0) {
			return 0, fmt.Errorf("bandwidth must be nrd0, nrd or a positive number, got %q", bw)
		}
		return h, nil
	}
	// The pooled scores in increasing order, as (score, count) runs.
	var n float64
	for i := range t.Score {
		n += t.Pos[i] + t.Neg[i]
	}
	at := func(k float64) float64 { // the k-th smallest (1-based) of the pooled scores
		var c float64
		for i := len(t.Score) - 1; i >= 0; i-- {
			c += t.Pos[i] + t.Neg[i]
			if c >= k {
				return t.Score[i]
			}
		}
		return t.Score[0]
	}
	// quantile is R's quantile(type = 7).
	quantile := func(p float64) float64 {
		index := 1 + (n-1)*p
		lo, hi := math.Floor(index), math.Ceil(index)
		qs, xh := at(lo), at(hi)
		if index > lo && xh != qs {
			h := index - lo
			qs = (1-h)*qs + h*xh
		}
		return qs
	}
	var s xsum.Sum
	for i, v := range t.Score {
		s.Add((t.Pos[i] + t.Neg[i]) * v)
	}
	mean := s.Value() / n
	var ss xsum.Sum
	for i, v := range t.Score {
		d := v - mean
		ss.Add((t.Pos[i] + t.Neg[i]) * (d * d))
	}
	sd := math.Sqrt(ss.Value() / (n - 1))
	iqr := quantile(0.75) - quantile(0.25)
	if bw == "nrd" {
		return 1.06 * min(sd, iqr/1.34) * math.Pow(n, -0.2), nil
	}
	lo := min(sd, iqr/1.34)
	if lo == 0 {
		lo = sd
	}
	if lo == 0 {
		lo = math.Abs(t.Score[0]) // every score the same
	}
	if lo == 0 {
		lo = 1
	}
	return 0.9 * lo * math.Pow(n, -0.2), nil
}

// kernelAt returns R's density() kernel of the given name with bandwidth
// (standard deviation) bw, at the distance x.
func kernelAt(kernel string, bw, x float64) float64 {
	ax := math.Abs(x)
	switch kernel {
	case "rectangular":
		a := bw * math.Sqrt(3)
		if ax < a {
			return 0.5 / a
		}
	case "triangular":
		a := bw * math.Sqrt(6)
		if ax < a {
			return (1 - ax/a) / a
		}
	case "epanechnikov":
		a := bw * math.Sqrt(5)
		if ax < a {
			return 3.0 / 4 * (1 - (ax/a)*(ax/a)) / a
		}
	case "biweight":
		a := bw * math.Sqrt(7)
		if ax < a {
			u := 1 - (ax/a)*(ax/a)
			return 15.0 / 16 * (u * u) / a
		}
	case "cosine":
		a := bw / math.Sqrt(1.0/3-2/(math.Pi*math.Pi))
		if ax < a {
			return (1 + math.Cos(math.Pi*x/a)) / (2 * a)
		}
	case "optcosine":
		a := bw / math.Sqrt(1-8/(math.Pi*math.Pi))
		if ax < a {
			return math.Pi / 4 * math.Cos(math.Pi*x/(2*a)) / a
		}
	default: // gaussian: the normal density, the far tail split as R's dnorm
		z := ax / bw
		const invSqrt2Pi = 0.398942280401432677939946059934
		if z < 5 {
			return invSqrt2Pi * math.Exp(-0.5*z*z) / bw
		}
		if z > math.Sqrt(-2*math.Ln2*float64(-1021+1-53)) {
			return 0
		}
		z1 := math.Ldexp(math.RoundToEven(math.Ldexp(z, 16)), -16)
		z2 := z - z1
		return invSqrt2Pi / bw * (math.Exp(-0.5*z1*z1) * math.Exp((-0.5*z2-z1)*z2))
	}
	return 0
}

// seqLen returns n numbers from a to b evenly spaced, as R's seq.int(a,
// b, length.out = n): a + i·(b − a)/(n − 1), the last exactly b.
func seqLen(a, b float64, n int) []float64 {
	s := make([]float64, n)
	by := (b - a) / float64(n-1)
	for i := range s {
		s[i] = a + float64(i)*by
	}
	s[n-1] = b
	return s
}

// density returns the kernel density estimate of the scores with the
// given counts (pos or neg of the table) at n points evenly spaced from
// from to to, as R's density(x, n = n, from = from, to = to, bw = bw,
// kernel = kernel) computes it: the scores' unit masses binned linearly
// on a grid of g = max(n, 512) points (a power of two above 512) over
// [from − 4 bw, to + 4 bw], convolved with the kernel on the grid's
// spacing (taken, as R does, as the grid's span doubled over 2g − 1
// steps), and interpolated linearly at the n points. R convolves by a
// fast Fourier transform; the sums here are direct, so the two differ
// by rounding.
func (t *Table) density(counts []float64, n int, from, to, bw float64, kernel string) []float64 {
	g := max(n, 512)
	if g > 512 {
		g = 1 << int(math.Ceil(math.Log2(float64(g))))
	}
	lo, up := from-4*bw, to+4*bw
	var total float64
	for _, c := range counts {
		total += c
	}
	w := 1 / total
	y := make([]float64, g)
	delta := (up - lo) / float64(g-1)
	for i, c := range counts {
		if c == 0 {
			continue
		}
		pos := (t.Score[i] - lo) / delta
		ix := int(math.Floor(pos))
		f := pos - float64(ix)
		switch {
		case ix >= 0 && ix <= g-2:
			y[ix] += c * (w * (1 - f))
			y[ix+1] += c * (w * f)
		case ix == -1:
			y[0] += c * (w * f)
		case ix == g-1:
			y[ix] += c * (w * (1 - f))
		}
	}
	step := 2 * (up - lo) / float64(2*g-1)
	k := make([]float64, g)
	for m := range k {
		k[m] = kernelAt(kernel, bw, float64(m)*step)
	}
	est := make([]float64, g)
	for i := range est {
		var s float64
		for j, v := range y {
			if v != 0 {
				d := j - i
				if d < 0 {
					d = -d
				}
				s += v * k[d]
			}
		}
		est[i] = max(s, 0)
	}
	grid := seqLen(lo, up, g)
	at := seqLen(from, to, n)
	out := make([]float64, n)
	for o, v := range at {
		i, j := 0, g-1
		for i < j-1 {
			h := (i + j) / 2
			if v < grid[h] {
				j = h
			} else {
				i = h
			}
		}
		switch v {
		case grid[j]:
			out[o] = est[j]
		case grid[i]:
			out[o] = est[i]
		default:
			out[o] = est[i] + (est[j]-est[i])*((v-grid[i])/(grid[j]-grid[i]))
		}
	}
	return out
}

// SmoothDensity returns the ROC curve smoothed by kernel density
// estimates of the negatives' and the positives' scores, as pROC's
// smooth(roc, method = "density", n = n, bw = bw, kernel = kernel) and
// its auc. The bandwidth h is [Table.Bandwidth] of bw on the pooled
// scores; both densities are estimated at n points evenly spaced over
// [min − 3h, max + 3h] (see [Table.density]), and the curve's i-th point
// (i = 1 … n) is
//
//	specificity = Σ_{m<i} f⁻_m / Σ f⁻,  sensitivity = Σ_{m≥i} f⁺_m / Σ f⁺
//
// anchored by the points (sp 0, se 1) before and (sp 1, se 0) after: n + 2
// points in increasing specificity. Its area is the trapezoid over the
// points. It returns ErrSmoothWeighted for a weighted table and
// ErrOneClass when a class is missing. It panics if n < 2.
func (t *Table) SmoothDensity(n int, bw, kernel string) (*Smooth, error) {
	if n < 2 {
		panic(fmt.Sprintf("rank: SmoothDensity of %d points", n))
	}
	if _, _, err := t.check(); err != nil {
		return nil, err
	}
	if t.Weighted {
		return nil, ErrSmoothWeighted
	}
	if kernel == "" {
		kernel = "gaussian"
	}
	if !slices.Contains(Kernels, kernel) {
		return nil, fmt.Errorf("kernel must be one of %v, got %q", Kernels, kernel)
	}
	h, err := t.Bandwidth(bw)
	if err != nil {
		return nil, err
	}
	from, to := t.Score[len(t.Score)-1]-3*h, t.Score[0]+3*h
	fn := t.density(t.Neg, n, from, to, h, kernel)
	fp := t.density(t.Pos, n, from, to, h, kernel)
	var sn, sp xsum.Sum
	for i := range fn {
		sn.Add(fn[i])
		sp.Add(fp[i])
	}
	totN, totP := sn.Value(), sp.Value()
	spec := make([]float64, n)
	sens := make([]float64, n)
	var below, above xsum.Sum // negatives below point i, positives from it on
	for i := range n {
		spec[i] = below.Value() / totN
		below.Add(fn[i])
	}
	for i := n - 1; i >= 0; i-- {
		above.Add(fp[i])
		sens[i] = above.Value() / totP
	}
	for i := 1; i < n; i++ {
		if spec[i] < spec[i-1] {
			slices.Reverse(sens)
			slices.Reverse(spec)
			break
		}
	}
	s := &Smooth{Method: "density", Bandwidth: &h, Kernel: kernel}
	s.Specificities = append(append(append(make([]float64, 0, n+2), 0), spec...), 1)
	s.Sensitivities = append(append(append(make([]float64, 0, n+2), 1), sens...), 0)
	var area xsum.Sum
	for i := 1; i < len(s.Specificities); i++ {
		area.Add((s.Sensitivities[i] + s.Sensitivities[i-1]) / 2 * (s.Specificities[i] - s.Specificities[i-1]))
	}
	s.ROCAUC = area.Value()
	return s, nil
}
