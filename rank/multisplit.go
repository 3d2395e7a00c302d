package rank

import "slices"

// MultiRows is what accepts multiclass rows: [MultiBuilder] and
// [MultiSplit].
type MultiRows interface {
	Add(y int, p []float64, w float64) error
}

// NewMultiScalars returns a [MultiBuilder] for k classes that keeps only
// the log loss and hinge loss sums, the top-k rank masses and the arg-max
// matrix, not the score tables: its Result has empty tables, for a caller
// that builds them otherwise ([MultiSplit]). It checks the rows as
// NewMultiBuilder's does. It panics if k < 2.
func NewMultiScalars(k int) *MultiBuilder {
	m := NewMultiBuilder(k)
	m.cell = nil
	return m
}

// MultiSplit reads multiclass rows, checked as [MultiBuilder.Add] checks
// them, into exact score tables split by key range: for key range r (the
// scores whose [Key] k has bounds[r−1] ≤ k < bounds[r]), true class c and
// score column j, the table of the rows of class c whose column-j score
// falls in range r. A range's tables of all units merge with [Merge]; the
// ranges of cell (c, j), concatenated highest first ([Concat]), are
// [Multiclass].Cell[c][j]. Scalars holds the rows' log loss sums and rank
// masses ([NewMultiScalars]).
type MultiSplit struct {
	Scalars *MultiBuilder
	k       int
	bounds  []uint64
	cells   []Builder // [(r·k + c)·k + j]
}

// NewMultiSplit returns an empty split of k classes' rows by the sorted
// key boundaries bounds. It panics if k < 2.
func NewMultiSplit(k int, bounds []uint64) *MultiSplit {
	return &MultiSplit{Scalars: NewMultiScalars(k), k: k, bounds: bounds, cells: make([]Builder, (len(bounds)+1)*k*k)}
}

// Add adds a row of true class y with probabilities p and weight w, or
// returns [MultiBuilder.Add]'s error and adds nothing.
func (s *MultiSplit) Add(y int, p []float64, w float64) error {
	if err := s.Scalars.Add(y, p, w); err != nil {
		return err
	}
	for j, v := range p {
		r := KeyRange(s.bounds, Key(v))
		if err := s.cells[(r*s.k+y)*s.k+j].Add(v, true, w); err != nil {
			return err
		}
	}
	return nil
}

// Tables calls emit with each non-empty table, keyed (r·k + c)·k + j
// (see [MultiCell]), and empties s's tables.
func (s *MultiSplit) Tables(emit func(key int, t *Table)) {
	for key := range s.cells {
		if s.cells[key].Rows() > 0 {
			emit(key, s.cells[key].Table())
		}
	}
}

// KeyRange returns the key range of key k among the sorted boundaries
// bounds: the r with bounds[r−1] ≤ k < bounds[r] (0 below the first
// boundary, len(bounds) from the last on).
func KeyRange(bounds []uint64, k uint64) int {
	r, _ := slices.BinarySearch(bounds, k)
	for r < len(bounds) && bounds[r] <= k {
		r++
	}
	return r
}

// MultiCell returns the range, class and column of a key of [MultiSplit.Tables]
// for k classes.
func MultiCell(key, k int) (r, c, j int) { return key / (k * k), key / k % k, key % k }
