package figure

import (
	"math"
	"slices"
	"strconv"

	"github.com/evalkit-go/evalkit/rank"
)

// The chart's frame, in the units of its SVG view box (480 × 360): the
// plot area is inset by the paddings, which leave room for the ticks and
// axis labels.
const (
	svgW, svgH             = 480.0, 360.0
	padL, padR, padT, padB = 58.0, 14.0, 14.0, 46.0
)

// scale maps an axis's values to the pixel range [lo, hi].
type scale struct {
	a      Axis
	lo, hi float64
}

// of is v on the axis's scale.
func (a Axis) of(v float64) float64 {
	switch a.Scale {
	case Probit:
		return rank.Probit(v)
	case Log:
		if !(v > 0) && !math.IsNaN(v) {
			// Zero (an FPR of 0) is drawn at the axis's lower end.
			v = a.Min
		}
		return math.Log10(v)
	}
	return v
}

func (s scale) at(v float64) float64 {
	lo, hi := s.a.Min, s.a.Max
	if s.a.Scale != Linear {
		lo, hi, v = s.a.of(lo), s.a.of(hi), s.a.of(v)
	}
	if hi == lo {
		return (s.lo + s.hi) / 2
	}
	t := (v - lo) / (hi - lo)
	return s.lo + t*(s.hi-s.lo)
}

// probitTicks are the error rates marked on a probit axis.
var probitTicks = []float64{0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 0.999}

// ticks returns about n round values in [a.Min, a.Max].
func (a Axis) ticks(n int) []float64 {
	switch a.Scale {
	case Probit:
		var out []float64
		for _, v := range probitTicks {
			if v >= a.Min && v <= a.Max {
				out = append(out, v)
			}
		}
		return out
	case Log:
		var out []float64
		if !(a.Min > 0 && a.Max >= a.Min) || math.IsInf(a.Max, 0) {
			return []float64{a.Min}
		}
		for e := math.Floor(math.Log10(a.Min)); e <= math.Ceil(math.Log10(a.Max)); e++ {
			for _, m := range []float64{1, 2, 5} {
				if v := m * math.Pow(10, e); v >= a.Min*(1-1e-9) && v <= a.Max*(1+1e-9) && (m == 1 || a.Max/a.Min < 1000) {
					out = append(out, v)
				}
			}
		}
		return out
	}
	span := a.Max - a.Min
	if !(span > 0) || math.IsInf(span, 0) {
		return []float64{a.Min}
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(a.Min/step) * step; v <= a.Max+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
	}
	return out
}

// tickText is the label of tick v: a percentage on a probit axis, else 4
// significant digits.
func tickText(v float64, a Axis) string {
	if a.Scale == Probit {
		return strconv.FormatFloat(100*v, 'g', 3, 64) + "%"
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// frame is the plot area of f: x from x0 to x1, y from y0 (bottom) to y1
// (top), in view-box units.
func (f *Figure) frame() (x0, x1, y0, y1 float64) {
	x0, x1, y0, y1 = padL, svgW-padR, svgH-padB, padT
	if f.YNames != nil {
		// About 6.5 units a character of the 11-unit tick font.
		n := 0
		for _, s := range f.YNames {
			n = max(n, len([]rune(s)))
		}
		x0 = math.Min(20+6.5*float64(n), svgW/2)
	}
	if f.Square {
		side := math.Min(x1-x0, y0-y1)
		x1 = x0 + side
	}
	return
}

// xTicks are the x ticks of f and their labels.
func (f *Figure) xTicks() ([]float64, []string) {
	xt := f.X.ticks(5)
	if f.XNames != nil {
		xt = xt[:0]
		for i := range f.XNames {
			xt = append(xt, float64(i))
		}
	}
	labels := make([]string, len(xt))
	for i, t := range xt {
		labels[i] = tickText(t, f.X)
		if f.XNames != nil {
			labels[i] = f.XNames[i]
		}
	}
	return xt, labels
}

// markerAt returns the indices of the vertices of a series of n points
// that carry a marker: at most 6, evenly spaced, so that the series reads
// without colour.
func markerAt(n int) []int {
	if n == 0 {
		return nil
	}
	k := min(n, 6)
	out := make([]int, k)
	for j := range k {
		out[j] = (j*2 + 1) * n / (2 * k)
	}
	return out
}

func reverse(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[len(v)-1-i] = x
	}
	return out
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// cdLayout is the geometry of a critical-difference diagram: the order of
// the algorithms by rank, the rows each side, the height, and the rank
// axis from x0 to x1.
type cdLayout struct {
	order  []int
	half   int
	h      float64
	x0, x1 float64
	k      int
}

func (c *CD) layout() cdLayout {
	k := len(c.Names)
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case c.AvgRanks[a] < c.AvgRanks[b]:
			return -1
		case c.AvgRanks[a] > c.AvgRanks[b]:
			return 1
		}
		return 0
	})
	half := (k + 1) / 2
	rows := max(half, k-half)
	return cdLayout{order: order, half: half, h: 78 + 18*float64(rows) + 14*float64(len(c.Cliques)) + 10, x0: 120, x1: 360, k: k}
}

// at is the x of average rank r.
func (l cdLayout) at(r float64) float64 {
	return l.x0 + (r-1)/math.Max(float64(l.k-1), 1)*(l.x1-l.x0)
}
