package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDoc runs the examples of README.md and docs/*.md, as benchstat's
// TestDoc runs its documentation, so that no example drifts from what the
// command prints.
//
// An example is a line "$ evalkit ARGS" inside a fenced code block; the
// lines after it, up to the next "$ " line or the end of the block, are its
// output. ARGS are split as a shell would (single and double quotes, a
// trailing "# comment" dropped); a final "> FILE" writes standard output to
// FILE instead. The command runs in-process (run(args, stdin, stdout,
// stderr)) in a temporary folder holding a copy of docs/testdata (made by
// docs/testdata/make.sh, most files copied from testdata/cli), the WMT17
// files of text/testdata/wmt17 and the Parquet files of
// table/testdata/parquet. The output it is compared with is standard
// output followed by the lines of standard error that start "evalkit:" (an
// error's message); standard input is empty.
//
// Two more commands are understood: "$ cat FILE…" compares the shown text
// with the files (so a page showing its input shows the file the example
// reads), and "$ echo $?" shows the exit status of the previous evalkit
// command.
//
// Output is compared line by line, exactly, except that a line holding only
// "…" (spaces around it allowed) stands for any number of lines, none
// included: an example may show the first lines of a long output and end
// with "…", or leave lines out in the middle.
//
// A block that cannot run in a test (evalkit-beam on a runner, timings,
// inputs of gigabytes) is preceded by the line
//
//	<!-- not run: REASON -->
//
// and skipped; any other "$ " line in a block that runs is an error, so no
// example is left unchecked by accident. Pipes are not run: an example
// shows a part of its output with "…" instead.
func TestDoc(t *testing.T) {
	pages, _ := filepath.Glob("../../docs/*.md")
	pages = append([]string{"../../README.md"}, pages...)
	var examples []docExample
	skipped := 0
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ex, sk, errs := parseDoc(filepath.Base(p), string(b))
		for _, err := range errs {
			t.Error(err)
		}
		examples = append(examples, ex...)
		skipped += sk
	}
	dir := t.TempDir()
	for _, src := range docData {
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	ran, last := 0, 0
	for _, ex := range examples {
		name := ex.where + "/" + strings.Join(ex.args, "_")
		t.Run(name, func(t *testing.T) {
			got, code, err := ex.do(last)
			if err != nil {
				t.Fatalf("%s: %v", ex.where, err)
			}
			last = code
			if !matchLines(ex.want, got) {
				t.Errorf("%s: $ %s\n--- got\n%s\n--- want\n%s", ex.where, ex.line,
					strings.Join(got, "\n"), strings.Join(ex.want, "\n"))
			}
		})
		if ex.args[0] == "evalkit" {
			ran++
		}
	}
	if ran == 0 {
		t.Fatal("no evalkit example found in README.md and docs/*.md")
	}
	t.Logf("ran %d evalkit examples, checked %d cat/echo lines, skipped %d blocks marked not run",
		ran, len(examples)-ran, skipped)
}

// docData are the folders whose files the examples read, copied into one.
var docData = []string{
	"../../docs/testdata",
	"../../text/testdata/wmt17",    // WMT17 English→German systems (sacreBLEU's test set)
	"../../table/testdata/parquet", // Parquet files written by Arrow and DuckDB
}

// docExample is one "$ " line of a page and the output shown after it.
type docExample struct {
	where string   // page:line
	line  string   // the command as written
	args  []string // the command split into words, redirection removed
	out   string   // "> FILE": where standard output goes
	want  []string // the output shown
}

// parseDoc returns the examples of one page, the number of blocks marked
// not run, and the lines it cannot run.
func parseDoc(page, text string) ([]docExample, int, []error) {
	var (
		errs          []error
		exs           []docExample
		skipped       int
		inBlock, skip bool
		pendingSkip   bool
		cur           *docExample
		lines         = strings.Split(text, "\n")
		flush         = func() {
			if cur != nil {
				for len(cur.want) > 0 && strings.TrimSpace(cur.want[len(cur.want)-1]) == "" {
					cur.want = cur.want[:len(cur.want)-1]
				}
				exs = append(exs, *cur)
				cur = nil
			}
		}
	)
	for i, l := range lines {
		where := page + ":" + strconv.Itoa(i+1)
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			if inBlock {
				flush()
				inBlock, skip = false, false
			} else {
				inBlock, skip, pendingSkip = true, pendingSkip, false
				if skip {
					skipped++
				}
			}
			continue
		}
		if !inBlock {
			if t := strings.TrimSpace(l); strings.HasPrefix(t, "<!-- not run:") {
				pendingSkip = true
			} else if t != "" {
				pendingSkip = false
			}
			continue
		}
		if skip {
			continue
		}
		if cmd, ok := strings.CutPrefix(l, "$ "); ok {
			flush()
			words, err := shellWords(cmd)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %v", where, err))
				continue
			}
			ex := docExample{where: where, line: cmd}
			if n := len(words); n >= 2 && words[n-2] == "\x00>" {
				ex.out, words = words[n-1], words[:n-2]
			}
			switch {
			case len(words) == 0:
				err = fmt.Errorf("%s: empty command", where)
			case words[0] == "evalkit", words[0] == "cat" && len(words) > 1,
				len(words) == 2 && words[0] == "echo" && words[1] == "$?":
			default:
				err = fmt.Errorf("%s: %q is not run by TestDoc: mark the block <!-- not run: REASON --> or drop the prompt", where, cmd)
			}
			for _, w := range words {
				if w == "\x00>" {
					err = fmt.Errorf("%s: %q: \"> FILE\" must end the command", where, cmd)
				}
			}
			if err != nil {
				errs = append(errs, err)
				continue
			}
			ex.args = words
			cur = &ex
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, l)
		}
	}
	if inBlock {
		errs = append(errs, fmt.Errorf("%s: unclosed code block", page))
	}
	return exs, skipped, errs
}

// do runs the example; last is the exit status of the previous evalkit
// command, for "echo $?".
func (ex docExample) do(last int) (out []string, code int, err error) {
	switch ex.args[0] {
	case "echo":
		return []string{strconv.Itoa(last)}, last, nil
	case "cat":
		var b []byte
		for _, f := range ex.args[1:] {
			c, err := os.ReadFile(f)
			if err != nil {
				return nil, 0, err
			}
			b = append(b, c...)
		}
		return splitLines(string(b)), last, nil
	}
	var stdout, stderr bytes.Buffer
	code = exitCode(run(ex.args[1:], bytes.NewReader(nil), &stdout, &stderr), &stderr)
	if ex.out != "" {
		if err := os.WriteFile(ex.out, stdout.Bytes(), 0o644); err != nil {
			return nil, 0, err
		}
		stdout.Reset()
	}
	out = splitLines(stdout.String())
	for _, l := range splitLines(stderr.String()) {
		if strings.HasPrefix(l, "evalkit:") {
			out = append(out, l)
		}
	}
	return out, code, nil
}

func splitLines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// matchLines reports whether got matches want, where a want line holding
// only "…" matches any run of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "…" {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

// shellWords splits a command line as sh would for the simple commands of
// the docs: blanks separate words, single quotes keep everything, double
// quotes keep everything but \" and \\, and an unquoted "#" starting a word
// begins a comment. An unquoted ">" is returned as the word "\x00>"; any
// other unquoted shell operator is an error.
func shellWords(s string) ([]string, error) {
	var (
		words []string
		w     strings.Builder
		in    bool // inside a word
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case c == '#' && !in:
			return words, nil
		case c == '|' || c == ';' || c == '&' || c == '<' || c == '`':
			return nil, fmt.Errorf("%q: pipes and other shell syntax are not run: show part of the output with a \"…\" line", s)
		case c == '>':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
			words = append(words, "\x00>") // unquoted: a redirection
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			in = true
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, nil
}
