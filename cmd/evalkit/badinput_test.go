package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gz(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

// Malformed input: each case expects exit status 1 (2 for usage), a message
// naming the file, the line and the column where one is at fault, and
// nothing on stdout.
func TestClassifyBadInput(t *testing.T) {
	cases := []struct {
		name, file, content string
		args                []string
		want                string // substring of stderr
		code                int
	}{
		{"not a number", "w.csv", "y_true,y_pred,w\na,a,1\nb,a,x\n", []string{"--weight", "w"},
			`w.csv:3: column "w": value "x" is not a number`, 1},
		{"Go digit separator", "sep.csv", "y_true,y_pred,w\na,a,1\nb,a,1_0\n", []string{"--weight", "w"},
			`sep.csv:3: column "w": value "1_0" is not a number`, 1},
		{"hexadecimal float", "hex.csv", "y_true,y_pred,w\na,a,0x1p-3\n", []string{"--weight", "w"},
			`hex.csv:2: column "w": value "0x1p-3" is not a number`, 1},
		{"R infinity", "rinf.csv", "y_true,y_pred,w\na,a,Inf\n", []string{"--weight", "w"},
			`rinf.csv:2: column "w": value "Inf" is not a finite number`, 1},
		{"pandas nan", "pnan.csv", "y_true,y_pred,w\na,a,nan\n", []string{"--weight", "w"},
			`pnan.csv:2: column "w": value "nan" is not a finite number`, 1},
		{"NaN weight", "nan.csv", "y_true,y_pred,w\na,a,NaN\n", []string{"--weight", "w"},
			`nan.csv:2: column "w": value "NaN" is not a finite number`, 1},
		{"infinite weight", "inf.csv", "y_true,y_pred,w\na,a,1\na,b,-Inf\n", []string{"--weight", "w"},
			`inf.csv:3: column "w": value "-Inf" is not a finite number`, 1},
		{"overflowing weight", "big.csv", "y_true,y_pred,w\na,a,1e999\n", []string{"--weight", "w"},
			`big.csv:2: column "w": value "1e999" is not a finite number`, 1},
		{"negative weight", "neg.csv", "y_true,y_pred,w\na,a,1\na,b,-0.5\n", []string{"--weight", "w"},
			`neg.csv:3: column "w": value "-0.5" is a negative weight`, 1},
		{"ragged short row", "short.csv", "y_true,y_pred\na,a\nb\n", nil,
			`short.csv:3: column "y_pred": wrong number of fields: the field is missing`, 1},
		{"ragged long row", "long.csv", "y_true,y_pred\na,a\nb,b,c\n", nil,
			`long.csv:3: wrong number of fields: field 3 is beyond the last column "y_pred"`, 1},
		{"ragged TSV", "r.tsv", "y_true\ty_pred\na\ta\nb\n", nil,
			`r.tsv:3: column "y_pred": wrong number of fields`, 1},
		{"missing column", "nocol.csv", "truth,y_pred\na,a\n", nil,
			`nocol.csv:1: no such column "y_true" (the header has: truth, y_pred)`, 1},
		{"empty file", "empty.csv", "", nil, `empty.csv: empty input: no header row`, 1},
		{"header only", "head.csv", "y_true,y_pred\n", nil, `head.csv: no data rows`, 1},
		{"bad UTF-8", "utf.csv", "y_true,y_pred\na,a\nb,\xff\xfe\n", nil,
			`utf.csv:3: column "y_pred": invalid UTF-8`, 1},
		{"empty label", "el.csv", "y_true,y_pred\na,a\n,b\n", nil, `el.csv:3: column "y_true": empty value`, 1},
		{"unclosed quote", "q.csv", "y_true,y_pred\na,a\n\"b,a\n", nil,
			`q.csv:3: column "y_true": misplaced quote: a quoted field is not closed before the end of the input`, 1},
		{"bare quote", "bq.csv", "y_true,y_pred\na,a\nb,x\"y\n", nil,
			`bq.csv:3: column "y_pred": misplaced quote: a " in an unquoted field`, 1},
		{"text after quote", "tq.csv", "y_true,y_pred\n\"a\"x,a\n", nil,
			`tq.csv:2: column "y_true": misplaced quote: text after a closing quote`, 1},
		{"duplicate header", "dup.csv", "y_true,y_true,y_pred\na,a,a\n", nil,
			`dup.csv:1: duplicate column name "y_true"`, 1},
		{"invalid JSON", "bad.jsonl", "{\"y_true\":\"a\",\"y_pred\":\"a\"}\n{\"y_true\":\"a\",\n", nil,
			`bad.jsonl:2: invalid JSON`, 1},
		{"JSON missing key", "mk.jsonl", "{\"y_true\":\"a\",\"y_pred\":\"a\"}\n{\"y_true\":\"b\"}\n", nil,
			`mk.jsonl:2: column "y_pred": empty value: the key is missing`, 1},
		{"JSON null", "null.jsonl", "{\"y_true\":\"a\",\"y_pred\":null}\n", nil,
			`null.jsonl:1: column "y_pred": empty value: null`, 1},
		{"JSON array", "arr.jsonl", "{\"y_true\":\"a\",\"y_pred\":[\"a\"]}\n", nil,
			`arr.jsonl:1: column "y_pred": invalid value: an array or object`, 1},
		// --labels may leave out labels of the data (scikit-learn's
		// labels=), but not be empty or repeat one.
		{"empty labels", "el2.csv", "y_true,y_pred\na,a\nb,c\n", []string{"--labels", ""},
			`classify: --labels is empty: name at least one label`, 2},
		{"labels repeat", "lr2.csv", "y_true,y_pred\na,a\n", []string{"--labels", "a,b,a"}, `classify: --labels repeats "a"`, 2},
		{"labels with an empty label", "lr3.csv", "y_true,y_pred\na,a\n", []string{"--labels", "a,,b"}, `classify: --labels has an empty label`, 2},
		{"labels subset with a cost matrix", "lc.csv", "y_true,y_pred\na,a\nb,c\n", []string{"--labels", "a,b", "--cost", "0,1;1,0"},
			`classify: invalid cost matrix: --labels leaves out labels of the data, and a cost matrix needs every label`, 2},
		{"zero total weight", "zw.csv", "y_true,y_pred,w\na,a,0\nb,a,0\n", []string{"--weight", "w"},
			`zw.csv: column "w": the weights sum to zero`, 1},
		{"corrupt gzip", "c.csv.gz", gz("y_true,y_pred\na,a\n")[:15], nil, `c.csv.gz`, 1},
		{"gzip bad header", "bh.csv.gz", "\x1f\x8b\x00garbage-not-deflate", nil, `bh.csv.gz: gzip: invalid header`, 1},
		{"bad UTF-8 in gzip", "u.csv.gz", gz("y_true,y_pred\na,\xc3\n"), nil, `u.csv.gz:2: column "y_pred": invalid UTF-8`, 1},
		{"absent positive label", "pl.csv", "y_true,y_pred\na,a\n", []string{"--pos-label", "z"},
			`--pos-label: positive label not among the labels: "z"`, 2},
		{"bad zero division", "zd.csv", "y_true,y_pred\na,a\n", []string{"--zero-division", "7"},
			`unknown zero-division policy "7"`, 2},
		{"bad beta", "beta.csv", "y_true,y_pred\na,a\n", []string{"--beta", "-1"}, `--beta must be a positive number`, 2},
		{"unknown flag", "uf.csv", "y_true,y_pred\na,a\n", []string{"--bogus"}, `flag provided but not defined: -bogus`, 2},
		{"misspelt flag", "uf2.csv", "y_true,y_pred\na,a\n", []string{"--zero_division", "1"}, `flag provided but not defined: -zero_division (did you mean --zero-division?)`, 2},
		{"cost matrix shape", "cm.csv", "y_true,y_pred\na,a\nb,b\n", []string{"--cost", "0,1"}, `invalid cost matrix: 1 rows for 2 classes`, 2},
		// Labels that are all numbers compare as numbers, others as strings.
		{"labels repeat a number", "lr.csv", "y_true,y_pred\n1,1\n", []string{"--labels", "0,1,1.0"},
			`classify: --labels repeats "1" as "1.0" (labels that are all numbers compare as numbers)`, 2},
		{"positive label of strings", "ps.csv", "y_true,y_pred\n1,x\nx,1\n", []string{"--pos-label", "1.0"},
			`--pos-label: positive label not among the labels: "1.0"`, 2},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"classify", "--format", "json"}, c.args...)
			args = append(args, path)
			var stdout, stderr bytes.Buffer
			code := exitCode(run(args, nil, &stdout, &stderr), &stderr)
			if code != c.code {
				t.Errorf("exit status %d, want %d; stderr: %s", code, c.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), c.want) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), c.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout is not empty: %q", stdout.String())
			}
			if strings.Contains(stderr.String(), "gzip: gzip:") {
				t.Errorf("doubled prefix: %q", stderr.String())
			}
		})
	}
	// A file that does not exist.
	var stdout, stderr bytes.Buffer
	if code := exitCode(run([]string{"classify", filepath.Join(dir, "absent.csv")}, nil, &stdout, &stderr), &stderr); code != 1 {
		t.Errorf("absent file: exit %d, want 1", code)
	}
}

// Labels spelled as numbers in rank: a list of --classes that names one
// number twice is bad usage; a label of another value is bad data at its
// row; --pos-label matching a label only as a number, in a column with a
// label that is not a number (so that labels compare as strings), is bad
// data (the rows read took it for positive).
func TestRankLabelBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	multi := write("m.csv", "y,p0,p1,p2\n0,0.4,0.5,0.1\n1.0,0.3,0.6,0.1\n2.0,0.2,0.2,0.6\n")
	two := write("m2.csv", "y,p0,p1\n0,0.4,0.6\n1.0,0.3,0.7\n2.0,0.5,0.5\n")
	mixed := write("x.csv", "y,s,t\n1,0.9,0.5\n1.0,0.8,0.4\nx,0.1,0.2\n0,0.3,0.6\n")
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"--true", "y", "--score", "p0,p1", "--classes", "1,1.0", multi}, `rank: --classes repeats "1" as "1.0"`, 2},
		{[]string{"--true", "y", "--score", "p0,p1", "--classes", "0,1", two}, `m2.csv:4: column "y": label "2.0" is not among --classes 0,1`, 1},
		{[]string{"--true", "y", "--score", "s", "--pos-label", "1", mixed},
			`x.csv: column "y": label "1.0" is --pos-label "1" only as a number, but the labels compare as strings ("x" is not a number): spell the positive class one way`, 1},
		{[]string{"--true", "y", "--score", "s,t", "--pos-label", "1", mixed}, `label "1.0" is --pos-label "1" only as a number`, 1},
	} {
		out, stderr, code := runCLI(append([]string{"rank", "--format", "json"}, c.args...), "")
		if code != c.code || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("rank %v: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	// With the positive label spelled as in the file, or every label a
	// number, the same columns are fine.
	for _, args := range [][]string{
		{"--true", "y", "--score", "s", "--pos-label", "x", mixed},
		{"--true", "y", "--score", "p0,p1,p2", "--classes", "0,1,2", multi},
	} {
		if _, stderr, code := runCLI(append([]string{"rank", "--format", "json"}, args...), ""); code != 0 {
			t.Errorf("rank %v: exit %d: %s", args, code, stderr)
		}
	}
}
