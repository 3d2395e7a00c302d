package regress

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// densityG is the number of cells of a Density's window on each axis.
const densityG = 256

// densityE0 is the finest cell a Density uses: 2⁻³⁰ wide.
const densityE0 = -30

// Density is a 2-D histogram of points (x, y) — actual against predicted —
// built from every row as the rows stream by, in memory that does not
// grow with them: square cells 2^E wide on both axes, aligned to
// multiples of 2^E, in a window of densityG × densityG cells that starts at
// a multiple of densityG/2 cells on each axis.
//
// E is the smallest level ≥ densityE0 at which the points' extent on each
// axis fits one such window; the window starts at the half-window that
// holds the smallest value. Both are functions of the points' minima and
// maxima only, and each count is the exact number of points in its cell,
// so the result does not depend on the order in which points are added or
// states merged. A wider extent coarsens the cells (each merges with its
// neighbours into the cell of twice the width that holds it), so the
// extent of each axis spans at least densityG/4 cells.
//
// The zero value is an empty density.
type Density struct {
	n          int64
	minX, maxX float64
	minY, maxY float64
	e          int     // cell width 2^e
	hx, hy     float64 // the window's first cell index on each axis
	counts     []int64 // densityG × densityG, row-major: counts[i*densityG+j] = cell (x i, y j)
	nonFinite  int64
}

// N is the number of points counted.
func (d *Density) N() int64 { return d.n }

// Add counts the point (x, y). A point with a coordinate that is NaN or
// infinite is not counted (NonFinite counts it).
func (d *Density) Add(x, y float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
		d.nonFinite++
		return
	}
	if d.n == 0 {
		d.minX, d.maxX, d.minY, d.maxY = x, x, y, y
		d.counts = make([]int64, densityG*densityG)
		d.e = densityE0
		d.refit(nil)
	} else if x < d.minX || x > d.maxX || y < d.minY || y > d.maxY {
		d.grow(min(d.minX, x), max(d.maxX, x), min(d.minY, y), max(d.maxY, y))
	}
	i, j := d.cell(x, d.hx), d.cell(y, d.hy)
	d.counts[i*densityG+j]++
	d.n++
}

// NonFinite is the number of points not counted for a NaN or infinite
// coordinate.
func (d *Density) NonFinite() int64 { return d.nonFinite }

// Merge adds the points of o to d.
func (d *Density) Merge(o *Density) {
	d.nonFinite += o.nonFinite
	if o.n == 0 {
		return
	}
	if d.n == 0 {
		d.n, d.minX, d.maxX, d.minY, d.maxY, d.e, d.hx, d.hy = o.n, o.minX, o.maxX, o.minY, o.maxY, o.e, o.hx, o.hy
		d.counts = append([]int64(nil), o.counts...)
		return
	}
	d.grow(min(d.minX, o.minX), max(d.maxX, o.maxX), min(d.minY, o.minY), max(d.maxY, o.maxY))
	// o's level is at most d's now: the extent that fits o's window at
	// d's level is within d's, and o's level is the least for its own.
	d.rebinFrom(o)
	d.n += o.n
}

// cell is the index within the window starting at cell h of value v.
func (d *Density) cell(v, h float64) int {
	c := int(math.Floor(math.Ldexp(v, -d.e)) - h)
	return min(max(c, 0), densityG-1) // rounding at the very edge only
}

// fits reports whether [lo, hi] lies in one window at level e, and the
// window's first cell.
func fits(lo, hi float64, e int) (bool, float64) {
	const half = densityG / 2
	a := math.Floor(math.Ldexp(lo, -e) / half)
	b := math.Floor(math.Ldexp(hi, -e) / half)
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false, 0
	}
	return b-a <= 1, a * half
}

// grow widens the extent to [minX, maxX] × [minY, maxY], coarsening the
// cells as far as the wider extent needs.
func (d *Density) grow(minX, maxX, minY, maxY float64) {
	old := &Density{e: d.e, hx: d.hx, hy: d.hy, counts: d.counts}
	d.minX, d.maxX, d.minY, d.maxY = minX, maxX, minY, maxY
	d.refit(old)
}

// refit finds the least level ≥ d.e at which the extent fits a window on
// both axes, sets the windows, and moves the counts of old (nil: none)
// into them.
func (d *Density) refit(old *Density) {
	for e := d.e; ; e++ {
		okX, hx := fits(d.minX, d.maxX, e)
		okY, hy := fits(d.minY, d.maxY, e)
		if okX && okY {
			d.e, d.hx, d.hy = e, hx, hy
			break
		}
	}
	if old == nil {
		return
	}
	if old.e == d.e && old.hx == d.hx && old.hy == d.hy {
		return
	}
	d.counts = make([]int64, densityG*densityG)
	d.rebinFrom(old)
}

// rebinFrom adds the counts of o, at level o.e ≤ d.e, to d's cells.
func (d *Density) rebinFrom(o *Density) {
	s := d.e - o.e
	at := func(i int, h, dh float64) int {
		c := math.Floor(math.Ldexp(h+float64(i), -s)) - dh
		return min(max(int(c), 0), densityG-1)
	}
	var jx [densityG]int
	for j := range jx {
		jx[j] = at(j, o.hy, d.hy)
	}
	for i := range densityG {
		row := o.counts[i*densityG : (i+1)*densityG]
		ni := at(i, o.hx, d.hx) * densityG
		for j, c := range row {
			if c != 0 {
				d.counts[ni+jx[j]] += c
			}
		}
	}
}

// DensityCell is one cell of a density's grid: the points with X0 ≤ x <
// X1 and Y0 ≤ y < Y1.
type DensityCell struct {
	X0, X1, Y0, Y1 float64
	Count          int64
}

// Grid returns the density's non-empty cells, merged into square blocks so
// that each axis's extent spans at most maxCells of them, in row-major order
// (x, then y); and the width of a cell. It returns nil for an empty
// density.
func (d *Density) Grid(maxCells int) ([]DensityCell, float64) {
	if d.n == 0 {
		return nil, 0
	}
	lo := func(v, h float64) int { return d.cell(v, h) }
	x0, x1 := lo(d.minX, d.hx), lo(d.maxX, d.hx)
	y0, y1 := lo(d.minY, d.hy), lo(d.maxY, d.hy)
	span := max(x1-x0, y1-y0) + 1
	f := 1
	for span > maxCells*f {
		f *= 2
	}
	w := math.Ldexp(1, d.e+bits.TrailingZeros(uint(f)))
	type key struct{ i, j int }
	agg := map[key]int64{}
	var order []key
	for i := x0; i <= x1; i++ {
		for j := y0; j <= y1; j++ {
			c := d.counts[i*densityG+j]
			if c == 0 {
				continue
			}
			k := key{(i - x0) / f, (j - y0) / f}
			if _, ok := agg[k]; !ok {
				order = append(order, k)
			}
			agg[k] += c
		}
	}
	cells := make([]DensityCell, 0, len(order))
	bx := math.Ldexp(d.hx+float64(x0), d.e)
	by := math.Ldexp(d.hy+float64(y0), d.e)
	for _, k := range order {
		cells = append(cells, DensityCell{X0: bx + float64(k.i)*w, X1: bx + float64(k.i+1)*w, Y0: by + float64(k.j)*w, Y1: by + float64(k.j+1)*w, Count: agg[k]})
	}
	sortCells(cells)
	return cells, w
}

// sortCells orders cells by x, then y.
func sortCells(c []DensityCell) {
	slices.SortFunc(c, func(a, b DensityCell) int { return cmp.Or(cmp.Compare(a.X0, b.X0), cmp.Compare(a.Y0, b.Y0)) })
}

// Extent is the smallest and largest x and y counted.
func (d *Density) Extent() (minX, maxX, minY, maxY float64) {
	return d.minX, d.maxX, d.minY, d.maxY
}
