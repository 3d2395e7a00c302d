package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// row is one generated row: y_true, y_pred (or y_score) and w.
type row [3]string

// mixed is generated data written over many files of every format: file i
// is CSV, TSV or JSON Lines (i mod 3), each with its columns in its own
// order, and their concatenation in input order (the order of the
// --input patterns *.csv, *.tsv, *.jsonl, then of names) as one CSV file.
type mixed struct {
	dir, whole string
	inputs     []string            // the --input flags
	positions  func(string) string // rewrites "part:line:" as "whole:line:"
}

// writeMixed writes files[i] as file i; with quote the values are JSON
// strings in JSON Lines, else numbers. A JSON Lines file needs a row for
// its columns: an empty one gets fill.
func writeMixed(t *testing.T, files [][]row, quote bool, fill row, pred string) *mixed {
	t.Helper()
	m := &mixed{dir: t.TempDir()}
	m.whole = filepath.Join(t.TempDir(), "all.csv")
	type part struct {
		name  string
		rows  []row
		first int // the line of its first row
	}
	var parts []part
	for i, rows := range files {
		var b strings.Builder
		ext := []string{".csv", ".tsv", ".jsonl"}[i%3]
		first := 2
		switch ext {
		case ".csv":
			fmt.Fprintf(&b, "%s,w,y_true\n", pred)
			for _, r := range rows {
				fmt.Fprintf(&b, "%s,%s,%s\n", r[1], r[2], r[0])
			}
		case ".tsv":
			fmt.Fprintf(&b, "w\ty_true\t%s\n", pred)
			for _, r := range rows {
				fmt.Fprintf(&b, "%s\t%s\t%s\n", r[2], r[0], r[1])
			}
		default:
			first = 1
			if len(rows) == 0 {
				rows = []row{fill}
			}
			format := "{\"y_true\":%s,\"%s\":%s,\"w\":%s}\n"
			for _, r := range rows {
				yt, yp := r[0], r[1]
				if quote {
					yt, yp = fmt.Sprintf("%q", yt), fmt.Sprintf("%q", yp)
				}
				fmt.Fprintf(&b, format, yt, pred, yp, r[2])
			}
		}
		name := filepath.Join(m.dir, fmt.Sprintf("p%02d%s", i, ext))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part{name, rows, first})
	}
	extOrder := map[string]int{".csv": 0, ".tsv": 1, ".jsonl": 2}
	slices.SortStableFunc(parts, func(a, b part) int { return extOrder[filepath.Ext(a.name)] - extOrder[filepath.Ext(b.name)] })
	var all strings.Builder
	fmt.Fprintf(&all, "y_true,%s,w\n", pred)
	var replacer []string
	line := 2
	for _, p := range parts {
		for j, r := range p.rows {
			fmt.Fprintf(&all, "%s,%s,%s\n", r[0], r[1], r[2])
			replacer = append(replacer, fmt.Sprintf("%s:%d:", p.name, p.first+j), fmt.Sprintf("%s:%d:", m.whole, line))
			line++
		}
	}
	if err := os.WriteFile(m.whole, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".csv", ".tsv", ".jsonl"} {
		m.inputs = append(m.inputs, "--input", filepath.Join(m.dir, "*"+ext))
	}
	m.positions = strings.NewReplacer(replacer...).Replace
	return m
}

// sameGenerated checks, for each set of flags, that evalkit-beam TASK over
// the files writes what evalkit TASK --format json prints for their
// concatenation: the same bytes (positions in messages mapped to the
// concatenation).
func sameGenerated(t *testing.T, task string, m *mixed, flagSets ...[]string) {
	t.Helper()
	for _, flags := range flagSets {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append([]string{task, "--format", "json"}, cliFlags(flags)...), m.whole)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(append([]string{task}, flags...), m.inputs...)...)
			if code != 0 {
				t.Fatal(msg)
			}
			got = m.positions(got)
			if got != want {
				t.Errorf("evalkit-beam differs from evalkit:\n%s", lineDiff(got, want))
			}
		})
	}
}
