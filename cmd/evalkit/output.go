package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/gate"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// formatFlag adds --format to fs. Its default is text on a terminal and
// JSON otherwise, so that pipes get machine-readable output.
func formatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "", "output format: text, json, markdown or csv (default: text on a terminal, else json)")
}

// maxFieldFlag adds --max-field to fs, which sets e.maxField.
func maxFieldFlag(fs *flag.FlagSet, e *env) {
	fs.IntVar(&e.maxField, "max-field", table.DefaultMaxField, "longest field (label, cell) read, in bytes; a longer one is an error naming its line and column (0: no limit)")
}

// inputFormatFlag adds --input-format to fs, which sets e.inputFormat.
func inputFormatFlag(fs *flag.FlagSet, e *env) {
	fs.Func("input-format", "format of FILE: csv, tsv, jsonl or parquet (default: from the extension, else from the first bytes; needed for Parquet on standard input only when sniffing is not wanted)", func(s string) error {
		f, err := table.ParseFormat(s)
		e.inputFormat = f
		return err
	})
}

// open opens the table at path ("" or "-": standard input) in the format
// of --input-format, with the --max-field limit.
func (e *env) open(path string) (*table.Reader, error) {
	if r := e.opened; r != nil {
		e.opened = nil
		return r, nil
	}
	if e.reopen != nil {
		return e.reopen(), nil
	}
	return table.OpenWith(path, e.stdin, e.tableOptions())
}

// chunkSize is the size in bytes of the chunks that parallel reading
// hands to workers (0: table's default); tests set it to cut many chunks
// from a small input.
var chunkSize int

// tableOptions are the reading options of --input-format and --max-field
// (0: no limit).
func (e *env) tableOptions() table.Options {
	opt := table.Options{Format: e.inputFormat, MaxField: e.maxField, ChunkSize: chunkSize}
	if e.maxField <= 0 {
		opt.MaxField = -1
	}
	return opt
}

// outputFormat resolves the --format value.
func outputFormat(e *env, s string) (report.Format, error) {
	if s == "" {
		if e.stdoutTerm {
			return report.Text, nil
		}
		return report.JSONFormat, nil
	}
	f, err := report.ParseFormat(s)
	if err != nil {
		return 0, usagef("%v", err)
	}
	return f, nil
}

// fileTask parses the arguments of a task that reads one table: the flags
// (which may follow FILE), the one FILE ("" for standard input) and the
// output format of --format.
func fileTask(e *env, fs *flag.FlagSet, args []string, format *string) (path string, f report.Format, err error) {
	pos, f, err := filesTask(e, fs, args, format)
	if err != nil {
		return "", 0, err
	}
	e.gates = cli.Gates(fs)
	path, err = oneFile(fs, pos)
	return path, f, err
}

// filesTask parses the arguments of a command that reads its files
// itself: the flags (which may follow the files), the positional
// arguments and the output format of --format.
func filesTask(e *env, fs *flag.FlagSet, args []string, format *string) (pos []string, f report.Format, err error) {
	maxFieldFlag(fs, e)
	inputFormatFlag(fs, e)
	if pos, err = parseFlags(fs, e, args); err != nil {
		return nil, 0, err
	}
	f, err = outputFormat(e, *format)
	return pos, f, err
}

// noFileTask parses the arguments of a task that reads no file (its inputs
// are flags) and returns the output format of --format.
func noFileTask(e *env, fs *flag.FlagSet, args []string, format *string) (report.Format, error) {
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return 0, err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return 0, err
	}
	if len(pos) > 0 {
		return 0, usagef("%s: takes no FILE, got %s", fs.Name(), strings.Join(pos, " "))
	}
	return f, nil
}

// emit renders the result completely before writing any of it, so that a
// failure leaves nothing half-written on stdout (JSON: encoded whole, then
// indented as it is written). Its warnings name flags
// (cli.FlagWarnings). With --gate, the gates' verdicts are part of the
// output ("gates" in JSON, a table first in text) and a failed gate is
// returned, after the output is written, as a *cli.GateError (exit
// status 3).
func emit(e *env, f report.Format, v any, doc func() *report.Doc) error {
	cli.FlagWarnings(v)
	if e.capture != nil { // a run within another (a slice's): its gates are the whole run's
		return e.capture(v, doc)
	}
	task.Summarize(v)
	gates, err := e.gates.Evaluate(v)
	if err != nil {
		return err
	}
	out := v
	if gates != nil {
		out = gate.With{Result: v, Gates: gates}
		inner := doc
		doc = func() *report.Doc {
			d := inner()
			report.AddGates(d, gates)
			return d
		}
	}
	if f == report.JSONFormat {
		// Encoded whole before any of it is written, then written as it
		// is indented (a sliced result's JSON can be 100 MB).
		if err := report.Write(e.stdout, f, out, doc); err != nil {
			return err
		}
		return cli.GateFailure(gates)
	}
	var b bytes.Buffer
	if err := report.Write(&b, f, out, doc); err != nil {
		return err
	}
	if _, err := e.stdout.Write(b.Bytes()); err != nil {
		return err
	}
	return cli.GateFailure(gates)
}
