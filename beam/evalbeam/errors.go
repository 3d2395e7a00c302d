package evalbeam

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/table"
)

// errMark brackets the message of an error about the user's data or
// options when it leaves a worker, so that the launcher can pick it out of
// the runner's report of the failed job (which wraps it in stack traces and
// bundle names) and print it as the command line would.
const (
	errMark    = "«evalkit-beam: "
	usageMark  = "«evalkit-beam usage: "
	errMarkEnd = " :evalkit-beam»"
)

// markedError is an error that carries its marks (errMark or usageMark).
type markedError struct{ msg string }

func (e *markedError) Error() string { return e.msg }

// userError marks err, an error about the user's data, for the launcher.
// An error already marked (a usage error found while reading) is kept.
func userError(err error) error {
	if _, ok := err.(*markedError); ok {
		return err
	}
	return &markedError{errMark + err.Error() + errMarkEnd}
}

// usageError is a userError that the command line reports as bad usage
// (exit status 2).
func usageError(format string, args ...any) error {
	return &markedError{usageMark + fmt.Sprintf(format, args...) + errMarkEnd}
}

// reportError is err, an error of the command lines' (package cli), as
// it leaves a worker: a usage error (exit status 2) or a user error.
func reportError(err error) error {
	var u *cli.UsageError
	if errors.As(err, &u) {
		return usageError("%s", u.Msg)
	}
	return userError(err)
}

// UserMessage returns the message of the first user error (see userError)
// carried in err's text, whether there was one, and whether it is about
// usage rather than data.
func UserMessage(err error) (msg string, ok, usage bool) {
	s := err.Error()
	i, j := strings.Index(s, errMark), strings.Index(s, usageMark)
	switch {
	case i < 0 && j < 0:
		return "", false, false
	case i < 0 || (j >= 0 && j < i):
		s, usage = s[j+len(usageMark):], true
	default:
		s = s[i+len(errMark):]
	}
	k := strings.Index(s, errMarkEnd)
	if k < 0 {
		return "", false, false
	}
	return s[:k], true, usage
}

// empty reports whether err says that a unit holds no data row (a file
// with a header only, or no byte at all): such a unit contributes nothing,
// as a shard written empty by an upstream job should. An input with no
// row at all is still an error (noRows).
func empty(err error) bool {
	return errors.Is(err, table.ErrNoRows) || errors.Is(err, table.ErrEmpty)
}

// noRows is the error for an input in which no unit held a row.
func noRows(name string) error {
	return &table.ParseError{File: name, Err: table.ErrNoRows}
}
