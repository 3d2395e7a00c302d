package task

import "github.com/evalkit-go/evalkit/table"

// sequential is a task whose rows are folded in one pass, in input order.
type sequential[S any] interface {
	Columns() []string
	New() S
	Fold(st S, r *table.Reader, cols []int) error
}

// readAll folds every row of r into a new state of t, in input order. The
// state is made only once r has the columns t reads.
func readAll[S any](r *table.Reader, t sequential[S]) (S, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		var zero S
		return zero, err
	}
	st := t.New()
	return st, t.Fold(st, r, cols)
}
