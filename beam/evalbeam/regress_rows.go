package evalbeam

import (
	"cmp"
	"errors"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/regress"
)

// The paired bootstraps of several regression models (evalkit regress
// --pred m1,m2,… compares the primary measure by default, and every
// measure of --compare) draw rows: each unit sends the columns they read
// — each model's absolute error, the weight if any, the target if a
// compared measure reads it — with its index, and the writer joins them
// in unit order, the order of the concatenated input, to call the
// command line's report (regress.NewModelsReportRows) on the same rows in
// the same order. The writer holds 8 bytes a row and model (plus 8 for a
// weight and 8 for a target), as evalkit regress holds them.

// regressRows is one unit's rows for the paired bootstraps.
type regressRows struct {
	Unit int
	Rows regress.PairedRows
}

// pairedRows reports whether the report compares models by a paired
// bootstrap, and so needs the rows, and whether one of its measures reads
// the targets.
func (c *Regress) pairedRows() (need, targets bool) {
	if c.Models == nil {
		return false, false
	}
	measures, targets := regress.ModelsCompared(*c.Models, true)
	return len(measures) > 0, targets
}

// unitRows returns the columns of the rows m keeps (unit unit) that the
// paired bootstraps read.
func unitRows(unit int, m *regress.Multi, targets bool) *regressRows {
	out := &regressRows{Unit: unit}
	for j := range m.K() {
		y, ad, w := m.Output(j).Kept()
		if j == 0 {
			if targets {
				out.Rows.Y = y
			}
			out.Rows.W = w
		}
		out.Rows.AbsErr = append(out.Rows.AbsErr, ad)
	}
	return out
}

// joinRows joins the units' rows in unit order for the merged state m
// (a unit without weights, when m is weighted, gets weights 1, as a state
// that turns weighted gives the rows before).
func joinRows(iter func(**regressRows) bool, m *regress.Multi) *regress.PairedRows {
	var parts []*regressRows
	var p *regressRows
	for iter(&p) {
		parts = append(parts, p)
	}
	slices.SortFunc(parts, func(a, b *regressRows) int { return cmp.Compare(a.Unit, b.Unit) })
	n := int(m.Output(0).N())
	out := &regress.PairedRows{AbsErr: make([][]float64, m.K())}
	for j := range out.AbsErr {
		out.AbsErr[j] = make([]float64, 0, n)
	}
	weighted := m.Output(0).Weighted()
	if weighted {
		out.W = make([]float64, 0, n)
	}
	for i, p := range parts {
		r := &p.Rows
		if r.Y != nil {
			if out.Y == nil {
				out.Y = make([]float64, 0, n)
			}
			out.Y = append(out.Y, r.Y...)
		}
		for j, a := range r.AbsErr {
			out.AbsErr[j] = append(out.AbsErr[j], a...)
		}
		if weighted {
			if r.W != nil {
				out.W = append(out.W, r.W...)
			} else {
				for range r.AbsErr[0] {
					out.W = append(out.W, 1)
				}
			}
		}
		parts[i] = nil
	}
	return out
}

// encodeRegressRows writes the unit index, the number of rows and of
// models, which columns follow, and the columns as little-endian float64
// bits (NaN and infinities kept).
func encodeRegressRows(r *regressRows) ([]byte, error) {
	n := 0
	if len(r.Rows.AbsErr) > 0 {
		n = len(r.Rows.AbsErr[0])
	}
	var flags uint64
	if r.Rows.Y != nil {
		flags |= 1
	}
	if r.Rows.W != nil {
		flags |= 2
	}
	var a wire.Appender
	a.Uvarint(uint64(r.Unit))
	a.Uvarint(uint64(n))
	a.Uvarint(uint64(len(r.Rows.AbsErr)))
	a.Uvarint(flags)
	if r.Rows.Y != nil {
		a.Floats(r.Rows.Y)
	}
	for _, e := range r.Rows.AbsErr {
		a.Floats(e)
	}
	if r.Rows.W != nil {
		a.Floats(r.Rows.W)
	}
	return a, nil
}

var errBadRows = errors.New("evalkit-beam: internal error: bad paired rows")

func decodeRegressRows(b []byte) (*regressRows, error) {
	rd := wire.NewReader(b, errBadRows)
	unit := int(rd.Uvarint(math.MaxInt32))
	n, k := int(rd.Uvarint(math.MaxInt32)), int(rd.Uvarint(math.MaxInt32))
	flags := rd.Uvarint(3)
	cols := k
	if flags&1 != 0 {
		cols++
	}
	if flags&2 != 0 {
		cols++
	}
	if rd.Err() == nil && uint64(rd.Len()) != 8*uint64(n)*uint64(cols) {
		rd.Fail("the columns' length")
	}
	if rd.Err() != nil {
		return nil, rd.Err()
	}
	get := func() []float64 {
		v := make([]float64, n)
		rd.Floats(v)
		return v
	}
	r := &regressRows{Unit: unit}
	if flags&1 != 0 {
		r.Rows.Y = get()
	}
	for range k {
		r.Rows.AbsErr = append(r.Rows.AbsErr, get())
	}
	if flags&2 != 0 {
		r.Rows.W = get()
	}
	if err := rd.End(); err != nil {
		return nil, err
	}
	return r, nil
}
