package evalbeam

import (
	"context"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/evalkit-go/evalkit/table"
)

// readUnit reads the unit u for a combiner's read DoFn: it opens the unit,
// finds the named columns (an empty name, an optional column not asked
// for, gives -1), calls rows with the reader and the columns' indexes, and
// then checks how the reader ended. A unit with no data row (a header
// only, or no byte at all) contributes nothing: rows is not called. Every
// error leaves as a user error (see userError), so that the launcher
// prints it as the command line would.
func readUnit(ctx context.Context, u Unit, names []string, rows func(r *table.Reader, cols []int) error) error {
	r, cols, done, err := openUnit(ctx, u, names)
	if err != nil || r == nil {
		return err
	}
	defer done()
	if err := rows(r, cols); err != nil {
		return userError(err)
	}
	if err := r.Err(); err != nil && !empty(err) {
		return userError(err)
	}
	return nil
}

// folder is a task's fold (package task): the columns it reads, an empty
// state, and how the rows of a reader add to a state.
type folder[S any] interface {
	Columns() []string
	New() S
	Fold(st S, r *table.Reader, cols []int) error
}

// foldUnit reads the unit u into a new state of t (see readUnit).
func foldUnit[S any](ctx context.Context, u Unit, t folder[S]) (S, error) {
	st := t.New()
	if err := readUnit(ctx, u, t.Columns(), func(r *table.Reader, cols []int) error { return t.Fold(st, r, cols) }); err != nil {
		var none S
		return none, err
	}
	return st, nil
}

// openUnit opens the unit u and finds the named columns (an empty name
// gives -1). A unit with no data row gives a nil reader and no error;
// errors are user errors. done closes the reader.
func openUnit(ctx context.Context, u Unit, names []string) (r *table.Reader, cols []int, done func(), err error) {
	r, done, err = open(ctx, u)
	if empty(err) {
		return nil, nil, nil, nil
	}
	if err != nil {
		return nil, nil, nil, userError(err)
	}
	if cols, err = table.Columns(r, names...); err != nil {
		done()
		return nil, nil, nil, userError(err)
	}
	return r, cols, done, nil
}

// combineUnits adds to s, in a scope named name, the pipeline every
// combiner task shares: the units (a Unit of a table, a TextUnit of
// aligned text files) are spread over the workers, read is applied to
// each (a DoFn from the unit to a state), the states are merged by
// combine (a CombineFn), and write consumes the merged state (a DoFn
// writing the report).
func combineUnits[U any](s beam.Scope, name string, units []U, read, combine, write any) {
	s = s.Scope(name)
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	beam.ParDo0(s, write, beam.Combine(s, combine, beam.ParDo(s, read, us)))
}
