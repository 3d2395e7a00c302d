package main

import (
	"fmt"

	"github.com/evalkit-go/evalkit/cli"
)

// expandColumns expands the glob patterns of a column list flag (--score
// 'lr_p*') against the header of the task's FILE, in file order
// (cli.ExpandColumns). The table it opens for the header is the one the
// task then reads, so that standard input is read once.
func (e *env) expandColumns(path, flag string, list *string) error {
	if !cli.IsColumnPattern(*list) {
		return nil
	}
	r, err := e.open(path)
	if err != nil {
		return err
	}
	cols, err := cli.ExpandColumns(flag, *list, r.Header())
	if err != nil {
		r.Close()
		return fmt.Errorf("%s: %w", r.Name(), err)
	}
	*list = cols
	e.opened = r
	return nil
}
