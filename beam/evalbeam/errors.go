package evalbeam

import (
	"errors"
	"strings"

	"github.com/evalkit-go/evalkit/table"
)

// errMark brackets the message of an error about the user's data or
// options when it leaves a worker, so that the launcher can pick it out of
// the runner's report of the failed job (which wraps it in stack traces and
// bundle names) and print it as the command line would.
const (
	errMark    = "«evalkit-beam: "
	errMarkEnd = " :evalkit-beam»"
)

func userError(err error) error {
	return errors.New(errMark + err.Error() + errMarkEnd)
}

// UserMessage returns the message of the first user error (see userError)
// carried in err's text, and whether there was one.
func UserMessage(err error) (string, bool) {
	s := err.Error()
	i := strings.Index(s, errMark)
	if i < 0 {
		return "", false
	}
	s = s[i+len(errMark):]
	j := strings.Index(s, errMarkEnd)
	if j < 0 {
		return "", false
	}
	return s[:j], true
}

// columns returns the index of each named column of r; an empty name (an
// optional column that was not asked for) gives -1.
func columns(r *table.Reader, names ...string) ([]int, error) {
	out := make([]int, len(names))
	for i, n := range names {
		out[i] = -1
		if n == "" {
			continue
		}
		c, err := r.Col(n)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
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
