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

// SeveralScoresHint adds to the error of a rank with several --score
// columns and no --classes (several binary models) what --classes is
// for, when the task's error te says the labels are not binary ones: such
// labels are often a multiclass problem's, and the columns one model's
// class probabilities. err is te as the command line words it.
func SeveralScoresHint(err, te error) error {
	var le *task.LabelError
	if err == nil || !errors.As(te, &le) || le.Stray || le.Mixed {
		return err
	}
	return hinted{err, "; several --score columns without --classes are several binary models (each scores the positive class of --pos-label): if the columns are one model's probabilities of each class, name the classes with --classes (one label per column, e.g. --classes cat,dog,eel)"}
}

// hinted is an error with a hint added to its message; it keeps the
// error's exit status (a usage error stays one).
type hinted struct {
	error
	hint string
}

func (h hinted) Error() string { return h.error.Error() + h.hint }
func (h hinted) Unwrap() error { return h.error }
