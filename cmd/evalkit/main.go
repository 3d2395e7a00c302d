// Command evalkit measures how good a machine-learning model is.
//
//	evalkit <task> [flags] [FILE]
//
// Run "evalkit help" for the tasks. Exit status: 0 ok, 1 bad data or a
// failure (the message on stderr names file, line and column), 2 bad usage,
// 3 a --gate failed (the output is written in full first).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/internal/tempfile"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

func main() {
	tempfile.Notify(os.Stderr, os.Exit)
	var stdout io.Writer = os.Stdout
	if stdoutClosed() {
		stdout = closedWriter{}
	}
	err := run(os.Args[1:], os.Stdin, stdout, os.Stderr)
	os.Exit(exitCode(err, os.Stderr))
}

// stdoutClosed reports whether standard output was closed when the
// process started ("evalkit rank f.csv >&-"). The Go runtime then opens
// /dev/null read-write in its place, so that writes would succeed and
// vanish; a shell's ">/dev/null" opens it write-only.
func stdoutClosed() bool {
	var st, null syscall.Stat_t
	if syscall.Fstat(1, &st) != nil || syscall.Stat(os.DevNull, &null) != nil {
		return false
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR || st.Rdev != null.Rdev {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}

// errStdoutClosed is the error of a write to a closed standard output.
var errStdoutClosed = errors.New("standard output is closed: the output would be lost (redirect it to a file or to /dev/null)")

// closedWriter stands for a standard output closed at start: a task that
// writes to it fails (exit status 1) rather than succeeding with nothing
// written; one that writes only files (report -o) runs as usual.
type closedWriter struct{}

func (closedWriter) Write([]byte) (int, error) { return 0, errStdoutClosed }

// env is what a command may touch: its streams and whether they are
// terminals.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stdoutTerm     bool // stdout is a terminal: text is the default format
	stderrTerm     bool // stderr is a terminal: progress may be shown
	maxField       int  // --max-field: the longest field read (0: any)
	// capture, when set, receives a task's result value instead of its
	// rendering on stdout (evalkit report runs tasks this way).
	capture func(v any, doc func() *report.Doc) error
	// reopen, when set, gives the table a task reads instead of opening
	// its FILE (a slice's rows: slices.go).
	reopen func() *table.Reader
	// opened, when set, is a table already opened (to read its header for
	// a column pattern: columns.go) that the next open returns.
	opened *table.Reader
	// inputFormat is --input-format (Sniff: from the extension or the
	// first bytes).
	inputFormat table.Format
	// gates is the task's --gate (nil for a task without it); shown is
	// the result a report page shows, which its gates check.
	gates *cli.GateFlags
	shown any
}

// command is one task of the command line. Each lives in its own file and
// adds itself with register from an init function.
type command struct {
	name    string
	summary string // one line for "evalkit help"
	run     func(e *env, args []string) error
}

var commands []*command

func register(c *command) {
	commands = append(commands, c)
	slices.SortFunc(commands, func(a, b *command) int { return strings.Compare(a.name, b.name) })
}

// usageError is bad usage: exit status 2.
type usageError = cli.UsageError

func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// errHelp is returned after help was printed on request: exit status 0.
var errHelp = cli.ErrHelp

func exitCode(err error, stderr io.Writer) int { return cli.ExitCode("evalkit", err, stderr) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, maxField: table.DefaultMaxField,
		stdoutTerm: isTerminal(stdout), stderrTerm: isTerminal(stderr)}
	if len(args) == 0 {
		printHelp(stderr)
		return usagef("no task given")
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		if len(args) > 1 {
			return run([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		printHelp(stdout)
		return nil
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(e, args[1:])
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	if s := cli.Suggest(name, names); s != "" {
		return usagef("unknown task %q (did you mean %s? run \"evalkit help\" for the list)", name, s)
	}
	return usagef("unknown task %q (run \"evalkit help\" for the list)", name)
}

func printHelp(w io.Writer) {
	var tasks [][2]string
	for _, c := range commands {
		tasks = append(tasks, [2]string{c.name, c.summary})
	}
	cli.Help(w, "evalkit measures how good a machine-learning model is.", "evalkit <task> [flags] [FILE]", tasks,
		"Run \"evalkit <task> --help\" for a task's flags. FILE is CSV, TSV, JSON Lines or Parquet",
		"(by extension; .gz is read transparently; - or nothing reads standard input).")
}

// isTerminal reports whether w is a terminal: a character device other
// than /dev/null, which takes output as a file does ("evalkit rank f.csv
// >/dev/null" does the work of "> out.json", in the format a file gets).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}

// parseFlags parses args with fs, allowing flags after positional
// arguments ("evalkit classify data.csv --beta 2"). A lone "--" ends the
// flags. Flag errors are usage errors; -h/--help prints the flags and
// returns errHelp.
func parseFlags(fs *flag.FlagSet, e *env, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(e.stdout)
			fmt.Fprintf(e.stdout, "usage: evalkit %s [flags] [FILE]\n\nflags:\n", fs.Name())
			fs.PrintDefaults()
			return nil, errHelp
		}
		if err != nil {
			return nil, usagef("%s: %v%s", fs.Name(), err, cli.FlagHint(fs, err))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			cli.WarnDeprecated(fs, e.stderr, "evalkit")
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			cli.WarnDeprecated(fs, e.stderr, "evalkit")
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// oneFile returns the single FILE argument ("" for standard input).
func oneFile(fs *flag.FlagSet, pos []string) (string, error) {
	switch len(pos) {
	case 0:
		return "", nil
	case 1:
		return pos[0], nil
	}
	return "", usagef("%s: one FILE at most, got %d: %s", fs.Name(), len(pos), strings.Join(pos, " "))
}
