package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// wmt17 is the command line's WMT17 test set (en-de newstest2017): four
// systems and the reference, the first textLines sentences of each.
var wmt17 = []string{"online-B.0", "uedin-nmt.4722", "PROMT-Rule-based.4735", "ref"}

const textLines = 1200

func wmt17Lines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("../../../text/testdata/wmt17/newstest2017." + name + ".en-de.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	return lines[:textLines]
}

// textCorpus is a set of aligned files written twice: whole, in a
// directory of their own under the names of the patterns (so that the
// command line names the systems as evalkit-beam does), and split at the
// same random cuts into shards (some empty, some gzipped) that the
// patterns match.
type textCorpus struct {
	whole, shards string
}

// writeCorpus writes the files: files maps each pattern ("h1-*") to its
// lines.
func writeCorpus(t *testing.T, files map[string][]string, parts int, rng *rand.Rand) textCorpus {
	t.Helper()
	c := textCorpus{whole: t.TempDir(), shards: t.TempDir()}
	var n int
	for _, lines := range files {
		n = max(n, len(lines))
	}
	cuts := []int{0}
	for range parts - 1 {
		cuts = append(cuts, rng.IntN(n+1))
	}
	cuts = append(cuts, n)
	slices.Sort(cuts)
	gz := rng.IntN(parts)
	for pat, lines := range files {
		if err := os.WriteFile(filepath.Join(c.whole, pat), []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		for i := range parts {
			name := strings.Replace(pat, "*", fmt.Sprintf("%03d", i), 1)
			body := []byte(strings.Join(lines[min(cuts[i], len(lines)):min(cuts[i+1], len(lines))], ""))
			if i == gz {
				var b bytes.Buffer
				w := gzip.NewWriter(&b)
				w.Write(body)
				w.Close()
				body = b.Bytes()
			}
			if err := os.WriteFile(filepath.Join(c.shards, name), body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return c
}

// cliIn runs evalkit in dir with args.
func cliIn(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(evalkitBin, args...)
	cmd.Dir = dir
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

// sameText checks that evalkit-beam on the shards writes the bytes that
// "evalkit TASK --format json FLAGS" prints for the whole files, or
// fails with its message and exit status.
func sameText(t *testing.T, c textCorpus, task string, flags ...string) {
	t.Helper()
	sameTextError(t, c, nil, task, flags...)
}

// sameTextError is sameText where evalkit's message, rewritten by
// rewrite, is what evalkit-beam says (a file named by its shard).
func sameTextError(t *testing.T, c textCorpus, rewrite *strings.Replacer, task string, flags ...string) {
	t.Helper()
	want, stderr, wantCode := cliIn(t, c.whole, append([]string{task, "--format", "json"}, flags...)...)
	t.Chdir(c.shards)
	got, msg, code := runBeam(t, append([]string{task}, flags...)...)
	if wantCode != 0 || code != 0 {
		w, g := strings.TrimPrefix(stderr, "evalkit: "), strings.TrimPrefix(msg, "evalkit-beam: ")
		if rewrite != nil {
			w = rewrite.Replace(w)
		}
		if code != wantCode || g != w {
			t.Fatalf("evalkit-beam %s %v: exit %d, %q; evalkit: exit %d, %q", task, flags, code, g, wantCode, w)
		}
		return
	}
	if got != want {
		t.Errorf("evalkit-beam %s %v:\n%.3000s\nevalkit:\n%.3000s", task, flags, got, want)
	}
}

// The text measures on WMT17 systems split into 1, 4 and 9 aligned shards,
// against the command line on the whole files: one system, several, the
// paired tests, --confidence and --ci, several references.
func TestTextWMT17(t *testing.T) {
	h := map[string][]string{}
	for i, name := range wmt17 {
		h[fmt.Sprintf("%s-*.txt", []string{"b", "u", "p", "r"}[i])] = wmt17Lines(t, name)
	}
	cases := [][]string{
		{"bleu", "--hyp", "b-*.txt", "--ref", "r-*.txt"},
		{"bleu", "--hyp", "b-*.txt", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--ref", "p-*.txt", "--lowercase"},
		{"bleu", "--hyp", "b-*.txt", "--hyp", "u-*.txt", "--hyp", "p-*.txt", "--ref", "r-*.txt", "--paired-bs", "--paired-bs-n", "300"},
		{"bleu", "--hyp", "b-*.txt", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--paired-ar", "--paired-ar-n", "300", "--seed", "7"},
		{"bleu", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--confidence", "--confidence-n", "200", "--tokenize", "intl"},
		{"bleu", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--ci", "--bootstrap", "200", "--level", "0.9"},
		{"chrf", "--hyp", "b-*.txt", "--ref", "r-*.txt", "--word-order", "2"},
		{"chrf", "--hyp", "b-*.txt", "--hyp", "p-*.txt", "--ref", "r-*.txt", "--confidence", "--confidence-n", "100"},
		{"chrf", "--hyp", "b-*.txt", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--paired-bs", "--paired-bs-n", "200"},
		{"ter", "--hyp", "u-*.txt", "--ref", "r-*.txt"},
		{"ter", "--hyp", "u-*.txt", "--hyp", "p-*.txt", "--ref", "r-*.txt", "--paired-ar", "--paired-ar-n", "200", "--normalized"},
		{"ter", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--ci", "--bootstrap", "100"},
		{"chrf", "--hyp", "u-*.txt", "--hyp", "b-*.txt", "--ref", "r-*.txt", "--ci", "--bootstrap", "100"},
		{"wer", "--hyp", "u-*.txt", "--ref", "r-*.txt"},
		{"wer", "--hyp", "u-*.txt", "--ref", "r-*.txt", "--cer"},
	}
	for _, parts := range []int{1, 4, 9} {
		c := writeCorpus(t, h, parts, rand.New(rand.NewPCG(uint64(parts), 3)))
		for _, args := range cases {
			t.Run(fmt.Sprintf("%d/%s", parts, strings.Join(args, " ")), func(t *testing.T) {
				sameText(t, c, args[0], args[1:]...)
			})
		}
	}
}

// Bad input and bad usage: the command line's message and exit status
// where evalkit-beam reads the same files, and evalkit-beam's own for
// what only it has.
func TestTextErrors(t *testing.T) {
	ref := wmt17Lines(t, "ref")[:50]
	hyp := wmt17Lines(t, "online-B.0")[:50]
	bad := append([]string{}, hyp...)
	bad[17] = "caf\xe9\n"
	one := writeCorpus(t, map[string][]string{"h-*": hyp, "r-*": ref, "x-*": bad, "s-*": ref[:49]}, 1, rand.New(rand.NewPCG(1, 1)))
	// Errors in a shard name the shard's file, and its line.
	shard := strings.NewReplacer("x-*", "x-000", "s-*", "s-000", "h-*", "h-000")
	sameTextError(t, one, shard, "bleu", "--hyp", "x-*", "--ref", "r-*") // bad UTF-8: file and line
	sameTextError(t, one, shard, "bleu", "--hyp", "h-*", "--ref", "s-*") // a reference shorter
	// Past the budget (one shard: the first charge is the whole corpus, as
	// on the command line's first batch).
	sameTextError(t, one, nil, "chrf", "--hyp", "h-*", "--ref", "r-*", "--memory", "500B", "--confidence")
	for _, args := range [][]string{
		{"bleu", "--hyp", "h-*", "--ref", "r-*", "--paired-bs"},                                // one system
		{"bleu", "--hyp", "h-*", "--hyp", "h-*", "--ref", "r-*", "--ci", "--paired-bs"},        // --ci and a paired test
		{"chrf", "--hyp", "h-*", "--ref", "r-*", "--char-order", "0"},                          // bad option
		{"bleu", "--hyp", "h-*", "--ref", "r-*", "--tokenize", "nosuch"},                       // bad option
		{"ter", "--hyp", "h-*", "--hyp", "x-*", "--ref", "r-*", "--confidence", "--paired-ar"}, // exclusive
		{"wer", "--hyp", "h-*", "--ref", "r-*", "--ref", "r-*"},                                // one reference
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) { sameText(t, one, args[0], args[1:]...) })
	}

	// What evalkit-beam alone says: shards that do not pair up, --input,
	// --sentence.
	t.Chdir(t.TempDir())
	for _, f := range []string{"h-0", "h-1", "r-0"} {
		if err := os.WriteFile(f, []byte("a b c\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		msg  string
		code int
	}{
		{[]string{"bleu", "--hyp", "h-*", "--ref", "r-*"}, "r-* matches 1 files but h-* matches 2: the hypotheses and references are sharded alike, the i-th file of each pattern holding the same sentences", 1},
		{[]string{"bleu", "--hyp", "h-*", "--ref", "r-*", "--input", "x"}, "bleu: the input is given by --hyp and --ref (patterns of aligned shards), not --input", 2},
		{[]string{"chrf", "--hyp", "h-0", "--ref", "r-0", "--sentence"}, "chrf: --sentence prints one line a sentence; evalkit-beam writes corpus results only (use evalkit)", 2},
		{[]string{"bleu", "--ref", "r-0"}, "bleu: --hyp PATTERN is required", 2},
		{[]string{"ter", "--hyp", "nosuch-*", "--ref", "r-0"}, "--hyp nosuch-*: no file matches", 1},
	} {
		_, msg, code := runBeam(t, tc.args...)
		if want := "evalkit-beam: " + tc.msg + "\n"; msg != want || code != tc.code {
			t.Errorf("%v: exit %d, %q; want exit %d, %q", tc.args, code, msg, tc.code, want)
		}
	}
}
