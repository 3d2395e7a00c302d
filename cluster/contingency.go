package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Sentinel errors.
var (
	ErrEmpty     = errors.New("cluster: no rows")
	ErrLength    = errors.New("cluster: inputs of different lengths")
	ErrLabel     = errors.New("cluster: negative label")
	ErrWeight    = errors.New("cluster: negative frequency weight")
	ErrTooLarge  = errors.New("cluster: more than 4·10⁹ rows: pair counts would overflow int64")
	ErrFeature   = errors.New("cluster: feature out of range")
	ErrDimension = errors.New("cluster: feature matrix has the wrong size")
	// ErrNotWhole is the problem with a weight that is not a whole number
	// (the weights of clustering rows are frequencies).
	ErrNotWhole = errors.New("not a whole number (weights of clustering rows are frequencies)")
)

// Frequency returns a row weight as the row's frequency: v must be a whole
// number no larger than 2⁵³ (where float64 stops counting exactly), else
// ErrNotWhole. Negative weights are left to the table's own check.
func Frequency(v float64) (int64, error) {
	if v != math.Trunc(v) || v > 1<<53 {
		return 0, ErrNotWhole
	}
	return int64(v), nil
}

// maxRows is the largest total count whose pair count m(m−1)/2 fits in an
// int64 with room for a, b, c and d.
const maxRows = 4_000_000_000

// maxDense is the largest number of cells kept in a dense array; above it
// the table switches to a map of its non-zero cells.
const maxDense = 1 << 22

// Contingency is the sufficient statistic of every external index: the
// number of rows n_ij in reference class i and predicted cluster j (rows =
// classes, columns = clusters, as scikit-learn's contingency_matrix). Its
// zero value is an empty table. Add is O(1); the table is dense while
// classes × clusters is at most 2²² cells and sparse (a map) beyond.
type Contingency struct {
	rows, cols int // one past the largest class / cluster id seen
	stride     int
	dense      []int64 // rows*stride cells, nil when sparse
	sparse     map[[2]int]int64
	n          int64
	overflow   bool
}

// Add adds count rows with reference class class and predicted cluster
// cluster. It panics if class or cluster is negative or count is negative
// (callers validate data first; see [NewContingency]).
func (t *Contingency) Add(class, cluster int, count int64) {
	if class < 0 || cluster < 0 || count < 0 {
		panic("cluster: Contingency.Add with a negative label or count")
	}
	if class < t.rows && cluster < t.cols && t.dense != nil {
		t.dense[class*t.stride+cluster] += count
	} else {
		t.slowAdd(class, cluster, count)
	}
	if t.n > math.MaxInt64-count {
		t.overflow = true
	}
	t.n += count
}

func (t *Contingency) slowAdd(class, cluster int, count int64) {
	nr, nc := max(t.rows, class+1), max(t.cols, cluster+1)
	if t.sparse == nil && nr*max(t.stride, nc) <= maxDense {
		if nc > t.stride {
			stride := max(nc, 2*t.stride, 4)
			if nr*stride > maxDense {
				stride = nc
			}
			d := make([]int64, nr*stride, max(nr*stride, min(max(2*nr, 4)*stride, maxDense)))
			for i := range t.rows {
				copy(d[i*stride:i*stride+t.cols], t.dense[i*t.stride:i*t.stride+t.cols])
			}
			t.dense, t.stride = d, stride
		} else if nr > t.rows {
			t.dense = append(t.dense, make([]int64, (nr-t.rows)*t.stride)...)
		}
		t.rows, t.cols = nr, nc
		t.dense[class*t.stride+cluster] += count
		return
	}
	if t.sparse == nil {
		t.sparse = map[[2]int]int64{}
		for i := range t.rows {
			for j := range t.cols {
				if v := t.dense[i*t.stride+j]; v != 0 {
					t.sparse[[2]int{i, j}] = v
				}
			}
		}
		t.dense = nil
	}
	t.rows, t.cols = nr, nc
	if count != 0 {
		t.sparse[[2]int{class, cluster}] += count
	}
}

// Merge adds the counts of u to t.
func (t *Contingency) Merge(u *Contingency) {
	u.each(func(i, j int, v int64) { t.Add(i, j, v) })
	t.overflow = t.overflow || u.overflow
}

// MergeMapped adds the counts of u with u's class i counted as class
// classes[i] and u's cluster j as cluster clusters[j]: the merge of tables
// built apart, each with its own label numbering (as parallel readers do).
// It panics if a map is too short for u.
func (t *Contingency) MergeMapped(u *Contingency, classes, clusters []int) {
	u.each(func(i, j int, v int64) { t.Add(classes[i], clusters[j], v) })
	t.overflow = t.overflow || u.overflow
}

// Bytes returns an estimate of the memory the table holds: 8 bytes a
// dense cell, about 48 a sparse one (key, value and map overhead).
func (t *Contingency) Bytes() int64 {
	return int64(cap(t.dense))*8 + int64(len(t.sparse))*48
}

// N returns the total count m.
func (t *Contingency) N() int64 { return t.n }

// each calls f for every non-zero cell, in row-major order.
func (t *Contingency) each(f func(i, j int, v int64)) {
	if t.dense != nil {
		for i := range t.rows {
			row := t.dense[i*t.stride : i*t.stride+t.cols]
			for j, v := range row {
				if v != 0 {
					f(i, j, v)
				}
			}
		}
		return
	}
	keys := make([][2]int, 0, len(t.sparse))
	for k, v := range t.sparse {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	for _, k := range keys {
		f(k[0], k[1], t.sparse[k])
	}
}

// Count returns n_ij.
func (t *Contingency) Count(class, cluster int) int64 {
	if class < 0 || cluster < 0 || class >= t.rows || cluster >= t.cols {
		return 0
	}
	if t.dense != nil {
		return t.dense[class*t.stride+cluster]
	}
	return t.sparse[[2]int{class, cluster}]
}

// compact is a contingency table without empty rows or columns: the form
// every index is computed from.
type compact struct {
	n        int64
	classes  []int64 // a_i, row sums (reference class sizes), all > 0
	clusters []int64 // b_j, column sums (predicted cluster sizes), all > 0
	cells    []cell  // non-zero n_ij
}

type cell struct {
	i, j int // indices into classes, clusters
	v    int64
}

func (t *Contingency) compact() (*compact, error) {
	if t.n == 0 {
		return nil, ErrEmpty
	}
	if t.overflow || t.n > maxRows {
		return nil, ErrTooLarge
	}
	rs := make([]int64, t.rows)
	cs := make([]int64, t.cols)
	t.each(func(i, j int, v int64) { rs[i] += v; cs[j] += v })
	ri := make([]int, t.rows)
	ci := make([]int, t.cols)
	c := &compact{n: t.n}
	for i, v := range rs {
		ri[i] = len(c.classes)
		if v > 0 {
			c.classes = append(c.classes, v)
		}
	}
	for j, v := range cs {
		ci[j] = len(c.clusters)
		if v > 0 {
			c.clusters = append(c.clusters, v)
		}
	}
	t.each(func(i, j int, v int64) { c.cells = append(c.cells, cell{ri[i], ci[j], v}) })
	return c, nil
}

// NewContingency builds the table of a reference labelling truth (C*) and
// a predicted one pred (C), with optional integer frequency weights
// (nil: every row counts once). Labels may be any int values (−1 for noise
// is an ordinary cluster); they are mapped to dense ids internally. It
// returns ErrLength when the slices differ in length, ErrEmpty for no rows
// (or all weights zero) and ErrWeight, naming the row, for a negative
// weight.
func NewContingency(truth, pred []int, weights []int64) (*Contingency, error) {
	if len(truth) != len(pred) || (weights != nil && len(weights) != len(truth)) {
		return nil, fmt.Errorf("%w: %d true labels, %d predicted, %d weights", ErrLength, len(truth), len(pred), len(weights))
	}
	ti, err := denseIDs(truth)
	if err != nil {
		return nil, err
	}
	pi, err := denseIDs(pred)
	if err != nil {
		return nil, err
	}
	t := &Contingency{}
	for r := range ti {
		w := int64(1)
		if weights != nil {
			w = weights[r]
			if w < 0 {
				return nil, fmt.Errorf("%w %d in row %d", ErrWeight, w, r)
			}
		}
		t.Add(ti[r], pi[r], w)
	}
	if t.n == 0 {
		return nil, ErrEmpty
	}
	return t, nil
}

// denseIDs maps arbitrary int labels to 0, 1, … in order of first
// appearance (ids that are already small and non-negative are kept).
func denseIDs(x []int) ([]int, error) {
	small := true
	for _, v := range x {
		if v < 0 || v >= 1<<20 {
			small = false
			break
		}
	}
	if small {
		return x, nil
	}
	m := map[int]int{}
	out := make([]int, len(x))
	for i, v := range x {
		id, ok := m[v]
		if !ok {
			id = len(m)
			m[v] = id
		}
		out[i] = id
	}
	return out, nil
}

// pairs2 returns v(v−1)/2 without overflow for v ≤ maxRows.
func pairs2(v int64) int64 {
	if v%2 == 0 {
		return v / 2 * (v - 1)
	}
	return v * ((v - 1) / 2)
}

// u128 is an unsigned 128-bit integer, for products of pair counts.
type u128 struct{ hi, lo uint64 }

func mul(a, b int64) u128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return u128{hi, lo}
}

func (x u128) add(y u128) u128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	hi, _ := bits.Add64(x.hi, y.hi, c)
	return u128{hi, lo}
}

// sub returns |x − y| and whether x < y.
func (x u128) sub(y u128) (u128, bool) {
	if x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo) {
		r, _ := y.sub(x)
		return r, true
	}
	lo, b := bits.Sub64(x.lo, y.lo, 0)
	hi, _ := bits.Sub64(x.hi, y.hi, b)
	return u128{hi, lo}, false
}

func (x u128) float() float64 {
	return float64(x.hi)*0x1p64 + float64(x.lo)
}
