package main

import (
	"bytes"
	"flag"
	"github.com/evalkit-go/evalkit/report"
)

// formatFlag adds --format to fs. Its default is text on a terminal and
// JSON otherwise, so that pipes get machine-readable output.
func formatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "", "output format: text, json, markdown or csv (default: text on a terminal, else json)")
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

// emit renders the result completely before writing any of it, so that a
// failure leaves nothing half-written on stdout.
func emit(e *env, f report.Format, v any, doc func() *report.Doc) error {
	var b bytes.Buffer
	if err := report.Write(&b, f, v, doc); err != nil {
		return err
	}
	_, err := e.stdout.Write(b.Bytes())
	return err
}
