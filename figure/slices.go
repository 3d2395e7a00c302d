package figure

import (
	"fmt"
	"math"
)

// Forest is a forest plot of one measure over slices of the rows, the
// first slice at the top: slice i named by names[i] on the y axis, its
// value est[i] a dot and its interval [lo[i], hi[i]] a horizontal line
// (NaN: none), with the value on all rows, overall, as a dashed vertical
// reference line. keys[i], when not "", is the flattened JSON key of
// est[i] in the result (loKeys[i] and hiKeys[i] of its interval), for the
// figure's table.
func Forest(title, measure string, names []string, est, lo, hi []float64, overall float64, keys, loKeys, hiKeys []string) *Figure {
	n := len(names)
	f := &Figure{Title: title, XLabel: measure, Legend: BottomRight}
	xmin, xmax := overall, overall
	t := &Table{Caption: title, Header: []string{"slice", measure, "low", "high"}, RowHeads: true}
	f.YNames = make([]string, n)
	for i, name := range names {
		y := float64(n - 1 - i)
		f.YNames[n-1-i] = shortName(name)
		f.Series = append(f.Series, Series{X: []float64{est[i]}, Y: []float64{y}})
		xmin, xmax = math.Min(xmin, est[i]), math.Max(xmax, est[i])
		row := []Cell{plain(name), num(keys[i], est[i]), plain("—"), plain("—")}
		if !math.IsNaN(lo[i]) && !math.IsNaN(hi[i]) {
			f.Series = append(f.Series, Series{X: []float64{lo[i], hi[i]}, Y: []float64{y, y}, Bare: true})
			xmin, xmax = math.Min(xmin, lo[i]), math.Max(xmax, hi[i])
			row[2], row[3] = num(loKeys[i], lo[i]), num(hiKeys[i], hi[i])
		}
		t.Rows = append(t.Rows, row)
	}
	f.Refs = []Series{{Name: "all rows", X: []float64{overall, overall}, Y: []float64{-0.5, float64(n) - 0.5}}}
	pad := (xmax - xmin) * 0.05
	if pad == 0 {
		pad = 0.05
	}
	f.X = Axis{Min: xmin - pad, Max: xmax + pad}
	f.Y = Axis{Min: -0.5, Max: float64(n) - 0.5}
	f.Table = t
	f.Desc = fmt.Sprintf("%s of %d slices, each with its interval where it has one; the dashed line is the value on all rows, %.4g.", measure, n, overall)
	return f
}
