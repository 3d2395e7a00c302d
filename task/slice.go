package task

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// DefaultMaxSlices is the default of [Slices.MaxSlices].
const DefaultMaxSlices = 10000

// ErrTooManySlices is wrapped by the error of a slicing with more slices
// than [Slices.MaxSlices].
var ErrTooManySlices = errors.New("too many slices")

// Slices evaluates a task on slices of a table's rows as well as on all of
// them: a slicing is a list of columns, and each combination of their
// values met in the rows is a slice. The rows are read once and kept (the
// columns the task reads and the slicing columns), in input order; each
// slice is then read by a reader over its rows alone ([table.Recording]),
// so that a task's result on a slice is, to the byte, its result on a file
// holding only that slice's rows. An empty value (a JSON null, a missing
// key) is a value of its own, the empty string.
type Slices struct {
	// By lists the slicings, each the columns whose combination of
	// values names a slice.
	By [][]string
	// MinRows is the fewest rows a slice needs to be evaluated; a smaller
	// one is listed with its number of rows only. Values < 1 mean 1.
	MinRows int
	// MaxSlices is the most slices one slicing may have (0:
	// DefaultMaxSlices); past it Read fails with ErrTooManySlices naming
	// the columns and their number of values.
	MaxSlices int
	// Budget is charged with the rows kept and the slices' row lists;
	// nil: no limit.
	Budget *budget.Budget
}

// A Slice is one slice of the rows.
type Slice struct {
	By      result.Object // column: value, in the order of the slicing
	Slicing int           // the index of its slicing in Slices.By
	Rows    int
	// Reader reads the slice's rows; nil when Rows < MinRows.
	Reader *table.Reader
	// rows are the indexes of the slice's rows in the input.
	rows []int32
	key  []string
}

// SlicedInput is the input read by [Slices.Read]: a reader over all the
// rows and one over each slice's. The slices of a one-pass read (a task's
// ReadSliced) come without the rows: no readers, and All, Reopen and Rest
// are not to be called.
type SlicedInput struct {
	rec    *table.Recording
	rows   int // the number of rows, without rec
	Slices []Slice
	// Small is the number of slices with fewer than MinRows rows.
	Small   int
	MinRows int
}

// All returns a reader over every row.
func (in *SlicedInput) All() *table.Reader { return in.rec.Reader(nil) }

// Reopen returns a new reader over slice i's rows.
func (in *SlicedInput) Reopen(i int) *table.Reader { return in.rec.Reader(in.Slices[i].rows) }

// Rest returns a reader over the rows outside slice i (of the same
// slicing), or nil when there are none.
func (in *SlicedInput) Rest(i int) *table.Reader {
	own := in.Slices[i].rows
	n := in.rec.Rows()
	if len(own) == n {
		return nil
	}
	return in.rec.Reader(RowsOutside(own, n))
}

// Rows returns the number of rows read.
func (in *SlicedInput) Rows() int {
	if in.rec == nil {
		return in.rows
	}
	return in.rec.Rows()
}

// sliceBytes is the memory charged for a slice besides its row list: its
// key and the bookkeeping around it.
const sliceBytes = 256

// Read reads the rest of r, keeping columns cols (names; "" for one not
// asked for, and a name the input lacks is left out, so that the task's
// own read names it) and the slicing columns, and splits the rows by every
// slicing of By in turn. The slices of each slicing are in the order of
// their values, column by column (numbers by value when both are
// numbers). Its errors are those of reading r, a slicing column r lacks,
// the budget's, and ErrTooManySlices.
func (s *Slices) Read(r *table.Reader, cols []string) (*SlicedInput, error) {
	if len(s.By) == 0 {
		panic("task: Slices.Read with no slicing")
	}
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, by := range s.By {
		for _, c := range by {
			if _, err := r.Col(c); err != nil {
				return nil, err
			}
			add(c)
		}
	}
	header := map[string]bool{}
	for _, h := range r.Header() {
		header[h] = true
	}
	for _, c := range cols {
		if header[c] || r.Format() == table.JSONL {
			add(c)
		}
	}
	idx, err := table.Columns(r, names...)
	if err != nil {
		return nil, err
	}
	acct := s.Budget.Account("the rows kept for slicing (columns read and slicing columns)", "or slice fewer rows")
	rec, err := table.Record(r, idx, acct.Grow)
	if err != nil {
		return nil, err
	}
	if rec.Rows() > math.MaxInt32 {
		return nil, fmt.Errorf("%s: %d rows: slicing reads at most %d", r.Name(), rec.Rows(), math.MaxInt32)
	}
	in := &SlicedInput{rec: rec, MinRows: max(s.MinRows, 1)}
	maxSlices := s.MaxSlices
	if maxSlices <= 0 {
		maxSlices = DefaultMaxSlices
	}
	sacct := s.Budget.Account("the slices (task.Slices.By)", "or slice by columns of fewer values (task.Slices.MaxSlices)")
	for k, by := range s.By {
		sl, err := s.split(rec, by, names, maxSlices)
		if err != nil {
			return nil, err
		}
		var b int64
		for j := range sl {
			sl[j].Slicing = k
			b += sliceBytes + 4*int64(cap(sl[j].rows))
		}
		if err := sacct.Grow(b); err != nil {
			return nil, err
		}
		in.Slices = append(in.Slices, sl...)
	}
	for i := range in.Slices {
		if x := &in.Slices[i]; x.Rows >= in.MinRows {
			x.Reader = in.Reopen(i)
		} else {
			in.Small++
		}
	}
	return in, nil
}

// Arrays splits the rows of an input held in memory, named name, by
// every slicing of By in turn, as Read splits a table's rows: cols gives
// each slicing column by name, a row's value the name of its code. Each
// slice's rows are listed ([SlicedInput.RowsOf]); there are no readers.
// Its errors are a slicing column cols lacks, a column of another length,
// a bad code (a *RowError), the budget's and ErrTooManySlices.
func (s *Slices) Arrays(name string, cols map[string]Labels) (*SlicedInput, error) {
	if len(s.By) == 0 {
		panic("task: Slices.Arrays with no slicing")
	}
	n := -1
	for _, by := range s.By {
		for _, c := range by {
			l, ok := cols[c]
			if !ok {
				return nil, fmt.Errorf("%s: no slicing column %q (task.Slices.By)", name, c)
			}
			if n >= 0 && l.Len() != n {
				return nil, fmt.Errorf("%s: slicing column %q has %d rows, another %d", name, c, l.Len(), n)
			}
			n = l.Len()
			if err := checkCodesOf(name, c, l); err != nil {
				return nil, err
			}
		}
	}
	if n > math.MaxInt32 {
		return nil, fmt.Errorf("%s: %d rows: slicing reads at most %d", name, n, math.MaxInt32)
	}
	in := &SlicedInput{MinRows: max(s.MinRows, 1), rows: n}
	maxSlices := s.MaxSlices
	if maxSlices <= 0 {
		maxSlices = DefaultMaxSlices
	}
	sacct := s.Budget.Account("the slices (task.Slices.By)", "or slice by columns of fewer values (task.Slices.MaxSlices)")
	for k, by := range s.By {
		ls := make([]Labels, len(by))
		for j, c := range by {
			ls[j] = cols[c]
		}
		sl, err := splitRows(name, by, maxSlices, n, func(i int, key []byte) []byte {
			for j, l := range ls {
				if j > 0 {
					key = append(key, 0)
				}
				key = append(key, l.Names[l.Codes[i]]...)
			}
			return key
		})
		if err != nil {
			return nil, err
		}
		var b int64
		for j := range sl {
			sl[j].Slicing = k
			b += sliceBytes + 4*int64(cap(sl[j].rows))
		}
		if err := sacct.Grow(b); err != nil {
			return nil, err
		}
		in.Slices = append(in.Slices, sl...)
	}
	for _, x := range in.Slices {
		if x.Rows < in.MinRows {
			in.Small++
		}
	}
	return in, nil
}

// RowsOf returns the indexes, in input order, of slice i's rows (nil for
// a one-pass read, which keeps none).
func (in *SlicedInput) RowsOf(i int) []int32 { return in.Slices[i].rows }

// RestOf returns the indexes of the rows outside slice i, in input order.
func (in *SlicedInput) RestOf(i int) []int32 { return RowsOutside(in.Slices[i].rows, in.Rows()) }

// RowsOutside returns the indexes in [0, n) that rows (increasing) leave
// out, increasing: the rows of a slice's rest.
func RowsOutside(rows []int32, n int) []int32 {
	out := make([]int32, 0, n-len(rows))
	k := 0
	for x := range int32(n) {
		if k < len(rows) && rows[k] == x {
			k++
			continue
		}
		out = append(out, x)
	}
	return out
}

// checkCodesOf is checkCodes, a code naming the empty string allowed (a
// slice of its own, as a table's empty value).
func checkCodesOf(name, column string, l Labels) error {
	k := int64(len(l.Names))
	for i, c := range l.Codes {
		if uint64(c) >= uint64(k) {
			return &RowError{Name: name, Row: i, Column: column, Err: fmt.Errorf("label code %d is not among the %d names", c, k)}
		}
	}
	return nil
}

// sliceGroups gathers rows into the slices of one slicing by their key
// (the values of the slicing's columns joined by zero bytes), in order of
// first appearance, up to maxSlices slices.
type sliceGroups struct {
	by        []string
	maxSlices int
	ids       map[string]int
	out       []Slice
	overflow  int
}

func newSliceGroups(by []string, maxSlices int) *sliceGroups {
	return &sliceGroups{by: by, maxSlices: maxSlices, ids: map[string]int{}}
}

// add puts row i, of the given key, in its slice.
func (g *sliceGroups) add(i int, key []byte) {
	k, ok := g.ids[string(key)]
	if !ok {
		k = len(g.ids)
		g.ids[string(key)] = k
		if len(g.out) >= g.maxSlices {
			g.overflow++
			return
		}
		parts := strings.Split(string(key), "\x00")
		var obj result.Object
		for j, c := range g.by {
			obj = append(obj, result.KV(c, parts[j]))
		}
		g.out = append(g.out, Slice{By: obj, key: parts})
	}
	if k < len(g.out) {
		g.out[k].rows = append(g.out[k].rows, int32(i))
		g.out[k].Rows++
	}
}

// slices returns the slices in the order of their values, or
// ErrTooManySlices naming the input called name.
func (g *sliceGroups) slices(name string) ([]Slice, error) {
	if g.overflow > 0 {
		return nil, tooManySlices(name, g.by, len(g.ids), g.maxSlices)
	}
	sortSlices(g.out)
	return g.out, nil
}

// splitRows returns the slices of one slicing of n rows, row i's key (the
// values of the slicing's columns joined by zero bytes) appended by key.
func splitRows(name string, by []string, maxSlices, n int, key func(i int, b []byte) []byte) ([]Slice, error) {
	g := newSliceGroups(by, maxSlices)
	var b []byte
	for i := range n {
		b = key(i, b[:0])
		g.add(i, b)
	}
	return g.slices(name)
}

// sortSlices orders slices by their values, column by column (numbers
// by value when both are numbers), stably.
func sortSlices(out []Slice) {
	slices.SortStableFunc(out, func(a, b Slice) int {
		for j := range a.key {
			if c := compareValues(a.key[j], b.key[j]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// split returns the slices of one slicing.
func (s *Slices) split(rec *table.Recording, by []string, names []string, maxSlices int) ([]Slice, error) {
	cols := make([]int, len(by))
	for i, c := range by {
		cols[i] = slices.Index(names, c)
	}
	g := newSliceGroups(by, maxSlices)
	var key []byte
	rec.Scan(cols, func(i int, fields [][]byte) {
		key = key[:0]
		for j, f := range fields {
			if j > 0 {
				key = append(key, 0)
			}
			key = append(key, f...)
		}
		g.add(i, key)
	})
	return g.slices(rec.Name())
}

// tooManySlices is the error of a slicing by columns by with n slices,
// more than maxSlices, of the input called name.
func tooManySlices(name string, by []string, n, maxSlices int) error {
	what := fmt.Sprintf("column %q has %d values", by[0], n)
	if len(by) > 1 {
		what = fmt.Sprintf("columns %q have %d combinations of values", strings.Join(by, ","), n)
	}
	return fmt.Errorf("%s: %s: %w (task.Slices.MaxSlices is %d)", name, what, ErrTooManySlices, maxSlices)
}

// SliceCount is a slice known by its values and its number of rows, as a
// run that reads its input in parts counts them.
type SliceCount struct {
	Slicing int      // the index of its slicing in Slices.By
	Values  []string // the values of the slicing's columns
	Rows    int
}

// Counted returns the input of the slices counted (each slice of each
// slicing once, in any order) in an input called name: the slices in the
// order Read gives them, the small ones (fewer than MinRows rows) counted,
// and Read's ErrTooManySlices past MaxSlices. Its Rows is the sum of the
// first slicing's slices' rows (every row is in one slice of each
// slicing). Its slices have no reader, and its All, Reopen and Rest must
// not be called: the results of the slices come from elsewhere
// ([SlicedInput.Assemble]).
func (s *Slices) Counted(name string, counts []SliceCount) (*SlicedInput, error) {
	maxSlices := s.MaxSlices
	if maxSlices <= 0 {
		maxSlices = DefaultMaxSlices
	}
	in := &SlicedInput{MinRows: max(s.MinRows, 1)}
	for k, by := range s.By {
		var out []Slice
		for _, c := range counts {
			if c.Slicing != k {
				continue
			}
			if len(c.Values) != len(by) {
				panic("task: Slices.Counted: a slice's values do not match its slicing")
			}
			var obj result.Object
			for j, col := range by {
				obj = append(obj, result.KV(col, c.Values[j]))
			}
			out = append(out, Slice{By: obj, Slicing: k, Rows: c.Rows, key: c.Values})
			if k == 0 {
				in.rows += c.Rows
			}
		}
		if len(out) > maxSlices {
			return nil, tooManySlices(name, by, len(out), maxSlices)
		}
		sortSlices(out)
		in.Slices = append(in.Slices, out...)
	}
	for _, x := range in.Slices {
		if x.Rows < in.MinRows {
			in.Small++
		}
	}
	return in, nil
}

// compareValues orders two values of a slicing column: by number when
// both are numbers, else as strings.
func compareValues(a, b string) int {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 == nil && err2 == nil && x != y {
		if x < y {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}
