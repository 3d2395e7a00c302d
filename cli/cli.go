// Package cli holds what the command lines over evalkit share: the flags
// of each task and the options built from them, the usage errors and the
// exit statuses. The evalkit command (cmd/evalkit) and evalkit-beam (the
// beam module) both declare their task flags here, so that the same flag
// means the same thing, with the same default, checks and messages, in
// both.
//
// Exit status: 0 ok (or help printed on request), 1 bad data or a failure,
// 2 bad usage (a *UsageError anywhere in the error's chain), 3 a --gate
// failed (a *GateError).
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// UsageError is bad usage: exit status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError with the formatted message.
func Usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}

// ErrHelp is returned after help was printed on request: exit status 0.
var ErrHelp = errors.New("help requested")

// ExitCode prints err, if any, on stderr as "prog: message", the message
// in the command line's terms ([FlagText]), and returns the exit status:
// 0 for nil or ErrHelp, 2 for a usage error, 3 for a failed gate
// (*GateError), else 1.
func ExitCode(prog string, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, ErrHelp) {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %s\n", prog, FlagText(err.Error()))
	var u *UsageError
	if errors.As(err, &u) {
		return 2
	}
	var g *GateError
	if errors.As(err, &g) {
		return 3
	}
	return 1
}

// OptionUsage turns a library's rejection of an option (a
// *result.OptionError) into a usage error naming the flag; other errors
// are returned as they are.
func OptionUsage(err error) error {
	var oe *result.OptionError
	if errors.As(err, &oe) {
		return Usagef("%s", OptionText(oe))
	}
	return err
}

// OptionText is the command line's words for an option error: the task,
// the option's flag and the problem ("rank: --max-fpr must be in (0, 1],
// got 2").
func OptionText(oe *result.OptionError) string {
	return oe.Task + ": " + FlagText(oe.Option) + " " + oe.Problem
}

// ParseFloats parses a list of numbers separated by sep.
func ParseFloats(s, sep string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, sep) {
		v, err := table.ParseFloat([]byte(p))
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// SplitList splits a comma list of column names, trimming spaces and
// dropping empty names.
func SplitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Help writes a command's help: what it does (intro), its usage line,
// its tasks (a name and a summary each) and, after them, the lines of
// outro.
func Help(w io.Writer, intro, usage string, tasks [][2]string, outro ...string) {
	fmt.Fprintf(w, "%s\n\nusage: %s\n\ntasks:\n", intro, usage)
	for _, t := range tasks {
		fmt.Fprintf(w, "  %-10s %s\n", t[0], t[1])
	}
	fmt.Fprintln(w)
	for _, l := range outro {
		fmt.Fprintln(w, l)
	}
}

// MemoryFlag registers --memory on fs, the one way every evalkit command
// offers it, and returns the size it sets (a flag.Value).
func MemoryFlag(fs *flag.FlagSet) *budget.Size {
	s := new(budget.Size)
	fs.Var(s, "memory", "memory budget for states that grow with the data, as 512MiB or 2G; past it a task switches to its bounded path or stops naming what grew (default a quarter of physical memory; 0: no limit)")
	return s
}
