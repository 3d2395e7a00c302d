package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// TaskError turns the errors of the task layer, which name options, into
// the command line's, which name flags (a label the default positive-label
// rule cannot read is bad usage, --pos-label is required, unless the
// column's other labels are ones it reads: then the data is bad). cmd names the
// command in usage messages ("rank"). Other errors are returned as they
// are.
func TaskError(cmd string, err error) error {
	var le *task.LabelError
	var pe *task.PosLabelError
	var se *task.SpillError
	var ce *task.ClassError
	var lce *task.LabelCompareError
	var at *table.ParseError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &le) && le.Stray:
		return fmt.Errorf("%s: %s: label %q is not of value 0, 1 or -1, as the column's other labels are", cmd, le.Where, le.Label)
	case errors.As(err, &le) && le.Mixed:
		return Usagef("%s: %s: labels include 0 and -1, so --pos-label is required", cmd, le.Where)
	case errors.As(err, &le):
		return Usagef("%s: %s: label %q: the labels are not {0, 1} or {-1, 1}, so --pos-label is required", cmd, le.Where, le.Label)
	case errors.As(err, &pe):
		return fmt.Errorf("%s: --pos-label %q is not among the labels of column %q (found: %s)", pe.File, pe.Label, pe.Column, strings.Join(pe.Found, ", "))
	case errors.As(err, &lce):
		return fmt.Errorf("%s: column %q: label %q is --pos-label %q only as a number, but the labels compare as strings (%q is not a number): spell the positive class one way", lce.File, lce.Column, lce.Label, lce.PosLabel, lce.Other)
	case errors.As(err, &ce) && errors.As(err, &at):
		e := *at
		e.Err = fmt.Errorf("label %q is not among --classes %s", ce.Label, strings.Join(ce.Classes, ","))
		return &e
	case errors.As(err, &se) && se.File == "":
		return fmt.Errorf("spilling the score table (--memory): %w", se.Err)
	case errors.As(err, &se):
		return fmt.Errorf("%s: spilling the score table (--memory): %w", se.File, se.Err)
	}
	return err
}
