package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// evalkitBin is the evalkit command line, built from the core module
// checkout that the replace directive points at: the reference every
// pipeline's output is compared with.
var evalkitBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "evalkit-beam-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	evalkitBin = filepath.Join(dir, "evalkit")
	cmd := exec.Command("go", "build", "-o", evalkitBin, "./cmd/evalkit")
	cmd.Dir = "../../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building evalkit: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runEvalkit runs evalkit with args and returns its stdout, stderr and exit code.
func runEvalkit(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(evalkitBin, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if x, ok := err.(*exec.ExitError); ok {
		code = x.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// runBeam runs evalkit-beam on prism, in this process, with args (the
// task first; --output and --runner are added) and returns the JSON written,
// the message printed and the exit code.
func runBeam(t *testing.T, args ...string) (out, msg string, code int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "out.json")
	args = append(args, "--output", file, "--runner", "prism")
	var stderr bytes.Buffer
	code = exitCode(run(context.Background(), args, &bytes.Buffer{}), &stderr)
	b, err := os.ReadFile(file)
	if code == 0 && err != nil {
		t.Fatalf("exit 0 but no output: %v", err)
	}
	if code != 0 && err == nil {
		t.Fatalf("exit %d but output written: %s", code, b)
	}
	if _, err := os.Stat(file + ".tmp-evalkit-beam"); err == nil {
		t.Fatal("temporary file left behind")
	}
	return string(b), stderr.String(), code
}

// split writes the rows of the table in path to n files in dir (each CSV
// or TSV part with the header; some parts may hold no row), gzipping
// none, and returns the glob that matches them, and a function that
// rewrites the positions "part:line" in a message as the positions of the
// same rows in path.
func split(t *testing.T, path string, n int, rng *rand.Rand) (string, func(string) string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	ext := filepath.Ext(path)
	header := ""
	if ext != ".jsonl" {
		header, lines = lines[0], lines[1:]
	}
	cuts := []int{0}
	for range n - 1 {
		cuts = append(cuts, rng.IntN(len(lines)+1))
	}
	cuts = append(cuts, len(lines))
	sortInts(cuts)
	dir := t.TempDir()
	var replacer []string
	for i := range n {
		part := filepath.Join(dir, fmt.Sprintf("part-%03d%s", i, ext))
		first := 2 // the line of a part's first row, and of the whole's
		if ext == ".jsonl" {
			first = 1
		}
		for j := cuts[i]; j < cuts[i+1]; j++ {
			replacer = append(replacer, fmt.Sprintf("%s:%d:", part, first+j-cuts[i]), fmt.Sprintf("%s:%d:", path, first+j))
		}
		body := header + strings.Join(lines[cuts[i]:cuts[i+1]], "")
		if ext == ".jsonl" && body == "" {
			continue // a JSON Lines file needs one object for its columns
		}
		if err := os.WriteFile(part, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "part-*"+ext), strings.NewReplacer(replacer...).Replace
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// same checks that evalkit-beam on the file split into parts writes the
// bytes that "evalkit TASK --format json FLAGS FILE" prints.
func same(t *testing.T, task, file string, parts int, seed uint64, flags ...string) {
	t.Helper()
	want, stderr, code := runEvalkit(t, append(append([]string{task, "--format", "json"}, cliFlags(flags)...), file)...)
	if code != 0 {
		t.Fatalf("evalkit failed (%d): %s", code, stderr)
	}
	glob, positions := split(t, file, parts, rand.New(rand.NewPCG(seed, 1)))
	got, msg, code := runBeam(t, append(append([]string{task}, flags...), "--input", glob)...)
	if code != 0 {
		t.Fatalf("evalkit-beam failed (%d): %s", code, msg)
	}
	got = positions(got)
	if got != want {
		t.Errorf("evalkit-beam %s %v over %d parts differs from evalkit:\n%s", task, flags, parts, lineDiff(got, want))
	}
}

// sameError checks that evalkit-beam fails on the file (with good files
// beside it) with evalkit's message and exit code.
func sameError(t *testing.T, task, file string, flags ...string) {
	t.Helper()
	_, stderr, code := runEvalkit(t, append(append([]string{task, "--format", "json"}, cliFlags(flags)...), file)...)
	if code == 0 {
		t.Fatal("evalkit succeeded")
	}
	want := strings.TrimPrefix(stderr, "evalkit: ")
	args := append(append([]string{task}, flags...), "--input", file)
	_, msg, gotCode := runBeam(t, args...)
	if got := strings.TrimPrefix(msg, "evalkit-beam: "); got != want || gotCode != code {
		t.Errorf("evalkit-beam %v: exit %d, %q; evalkit: exit %d, %q", args, gotCode, got, code, want)
	}
}

// writeParts writes n CSV files of generated rows into a new directory,
// each with header partHeader (the columns in another order than the
// whole's), and their concatenation, with header wholeHeader, into one
// file. gen writes one file's rows to part and the same rows, in the
// whole's column order, to whole.
func writeParts(t *testing.T, n int, wholeHeader, partHeader string, gen func(part, whole *strings.Builder)) (dir, wholePath string) {
	t.Helper()
	dir = t.TempDir()
	var all strings.Builder
	all.WriteString(wholeHeader + "\n")
	for i := range n {
		var b strings.Builder
		b.WriteString(partHeader + "\n")
		gen(&b, &all)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.csv", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wholePath = filepath.Join(t.TempDir(), "all.csv")
	if err := os.WriteFile(wholePath, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, wholePath
}

// sameFiles checks that evalkit-beam on the CSV files of dir writes the
// bytes that "evalkit TASK --format json FLAGS WHOLE" prints.
func sameFiles(t *testing.T, task, dir, whole string, flags ...string) {
	t.Helper()
	want, stderr, code := runEvalkit(t, append(append([]string{task, "--format", "json"}, cliFlags(flags)...), whole)...)
	if code != 0 {
		t.Fatal(stderr)
	}
	got, msg, code := runBeam(t, append(append([]string{task}, flags...), "--input", filepath.Join(dir, "*.csv"))...)
	if code != 0 {
		t.Fatal(msg)
	}
	if got != want {
		t.Errorf("evalkit-beam %s %v differs from evalkit:\n%s", task, flags, lineDiff(got, want))
	}
}

// cliFlags drops the flags of evalkit-beam alone (--ranges N).
func cliFlags(flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "--ranges" {
			i++
			continue
		}
		out = append(out, flags[i])
	}
	return out
}

// lineDiff shows the lines of got and want that differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := range max(len(g), len(w)) {
		var a, c string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			c = w[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n  beam:    %s\n  evalkit: %s\n", i+1, a, c)
		}
	}
	return b.String()
}
