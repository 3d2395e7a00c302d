package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// terFiles writes the small corpus that the CLI tests share into a
// temporary directory and returns its path.
func terFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("h.txt", "the cat sat\nhello world\n")
	write("r.txt", "a cat sat down\nhello there world\n")
	write("r2.txt", "the cat sat on it\nhello world\n")
	write("short.txt", "one line\n")
	write("bad.txt", "fine\nbro\xffken\n")
	write("empty.txt", "")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("the cat sat\nhello world\n"))
	zw.Close()
	write("h.txt.gz", gz.String())
	return dir
}

// TestTERCLI runs "evalkit ter" and "evalkit wer" end to end. The TER
// numbers are sacreBLEU 2.6.0's on the same files:
//
//	python -m sacrebleu r.txt [r2.txt] -i h.txt -m ter -w 15 [--sentence-level]
//
// gives 42.857142857142854 (one reference; sentences 50 and
// 33.333333333333329) and 28.57142857142857 (two references, with and
// without all four flags). The WER/CER counts are worked out by hand in the
// comments.
func TestTERCLI(t *testing.T) {
	dir := terFiles(t)
	p := func(name string) string { return filepath.Join(dir, name) }
	sig1 := "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0+evalkit"
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string // exact, unless empty
		has    []string
		stderr string // substring
	}{
		{name: "json", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--format", "json"},
			stdout: `{
  "name": "TER",
  "score": 42.857142857142854,
  "num_edits": 3,
  "ref_length": 7,
  "sentences": 2,
  "signature": "` + sig1 + `"
}
`},
		{name: "positional hyp and gzip", args: []string{"ter", p("h.txt.gz"), "--ref", p("r.txt")},
			has: []string{`"score": 42.857142857142854`}},
		{name: "two refs", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--ref", p("r2.txt")},
			has: []string{`"score": 28.57142857142857`, `"signature": "nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0+evalkit"`}},
		{name: "all flags", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--ref", p("r2.txt"),
			"--normalized", "--no-punct", "--case-sensitive", "--asian-support"},
			has: []string{`"score": 28.57142857142857`, `"signature": "nrefs:2|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|version:2.6.0+evalkit"`}},
		{name: "sentence", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--sentence"},
			stdout: `{"score":50,"num_edits":2,"ref_length":4}
{"score":33.33333333333333,"num_edits":1,"ref_length":3}
`},
		{name: "text", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--format", "text"},
			stdout: `TER
===

  TER               42.8571
  edits             3
  reference length  7
  sentences         2

TER|` + sig1 + ` = 42.86
`},
		{name: "line mismatch", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("short.txt")}, code: 1,
			stderr: "has 1 lines but the hypothesis " + p("h.txt") + " has 2"},
		{name: "bad utf8", args: []string{"ter", "--hyp", p("bad.txt"), "--ref", p("bad.txt")}, code: 1,
			stderr: p("bad.txt") + ":2"},
		{name: "empty", args: []string{"ter", "--hyp", p("empty.txt"), "--ref", p("empty.txt")}, code: 1,
			stderr: "no sentences"},
		{name: "no ref", args: []string{"ter", "--hyp", p("h.txt")}, code: 2, stderr: "--ref"},
		{name: "bad flag", args: []string{"ter", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--tokenize", "13a"}, code: 2},
		{name: "missing file", args: []string{"ter", "--hyp", p("nope.txt"), "--ref", p("r.txt")}, code: 1, stderr: "nope.txt"},
		// Words: "the cat sat" vs "a cat sat down" = 1 substitution + 1 deletion;
		// "hello world" vs "hello there world" = 1 deletion: 3 / 7.
		{name: "wer", args: []string{"wer", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--format", "json"},
			stdout: `{
  "name": "WER",
  "wer": 0.42857142857142855,
  "sentences": 2,
  "ref_tokens": 7,
  "hyp_tokens": 5,
  "errors": 3,
  "hits": 4,
  "substitutions": 1,
  "deletions": 2,
  "insertions": 0,
  "signature": "task:wer|version:0.1.0"
}
`},
		// Characters: "the"→"a" costs 3 and " down" 5; "there " 6: 14 / 31.
		{name: "cer", args: []string{"wer", "--cer", "--hyp", p("h.txt"), "--ref", p("r.txt")},
			has: []string{`"name": "CER"`, `"cer": 0.45161290322580644`, `"errors": 14`, `"ref_tokens": 31`}},
		{name: "wer sentence", args: []string{"wer", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--sentence"},
			stdout: `{"rate":0.5,"errors":2,"ref_tokens":4}
{"rate":0.3333333333333333,"errors":1,"ref_tokens":3}
`},
		{name: "wer empty refs", args: []string{"wer", "--hyp", p("h.txt"), "--ref", p("h.txt"), "--cer"},
			has: []string{`"cer": 0`}},
		{name: "wer two refs", args: []string{"wer", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--ref", p("r2.txt")}, code: 2,
			stderr: "one --ref"},
		{name: "wer text", args: []string{"wer", "--hyp", p("h.txt"), "--ref", p("r.txt"), "--format", "text"},
			has: []string{"WER               42.86 %"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(c.args, strings.NewReader(""), &out, &errb)
			code := exitCode(err, &errb)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.code, errb.String())
			}
			if c.stdout != "" && out.String() != c.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), c.stdout)
			}
			for _, h := range c.has {
				if !strings.Contains(out.String(), h) {
					t.Errorf("stdout lacks %q:\n%s", h, out.String())
				}
			}
			if !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stderr %q lacks %q", errb.String(), c.stderr)
			}
			if c.code != 0 && out.Len() != 0 {
				t.Errorf("failure wrote to stdout: %q", out.String())
			}
		})
	}
}

// TestTERStdinCLI reads the hypotheses from standard input.
func TestTERStdinCLI(t *testing.T) {
	dir := terFiles(t)
	var out, errb bytes.Buffer
	err := run([]string{"ter", "--hyp", "-", "--ref", filepath.Join(dir, "r.txt")},
		strings.NewReader("the cat sat\nhello world\n"), &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	// sacreBLEU 2.6.0: 42.857142857142854 (see TestTERCLI).
	if !strings.Contains(out.String(), `"score": 42.857142857142854`) {
		t.Errorf("stdout %s", out.String())
	}
}

// TestWERUndefinedCLI: empty references give JSON null and a warning.
func TestWERUndefinedCLI(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "h.txt")
	r := filepath.Join(dir, "r.txt")
	os.WriteFile(h, []byte("a b\n"), 0o644)
	os.WriteFile(r, []byte("\n"), 0o644)
	var out, errb bytes.Buffer
	if err := run([]string{"wer", "--hyp", h, "--ref", r}, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"wer": null`, `"warnings": [`, "no tokens"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := run([]string{"ter", "--hyp", h, "--ref", r}, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	// sacreBLEU: empty reference, non-empty hypothesis → TER 100.
	for _, want := range []string{`"score": 100`, `"warnings": [`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
}
