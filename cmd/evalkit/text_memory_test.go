package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// wer charges its lines and their per-sentence statistics to
// the --memory budget (issue 14): a budget that holds the lines but not the
// statistics stops the task with the budget's error, and a budget that
// holds both changes nothing.
func TestTextMemoryBudget(t *testing.T) {
	const hyp, ref = "testdata/cli/hyp.txt", "testdata/cli/ref.txt"
	var lines int64
	for _, p := range []string{hyp, ref} {
		if _, err := table.ReadLinesCharged(p, nil, func(n int64) error { lines += n; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	for _, task := range []string{"wer"} {
		args := []string{task, "--hyp", hyp, "--ref", ref, "--format", "json"}
		if task == "ter" {
			args = append(args, "--confidence") // per-sentence statistics are kept only for intervals and tests
		}
		runWith := func(mem string) (int, string, string) {
			var o, e bytes.Buffer
			a := append([]string{}, args...)
			if mem != "" {
				a = append(a, "--memory", mem)
			}
			code := exitCode(run(a, nil, &o, &e), &e)
			return code, o.String(), e.String()
		}
		code, want, errs := runWith("")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", task, code, errs)
		}
		if task == "wer" {
			// wer keeps per-sentence statistics only with --sentence.
			args = append(args[:len(args)-2], "--sentence")
			if code, want, errs = runWith(""); code != 0 {
				t.Fatalf("%s: exit %d: %s", task, code, errs)
			}
		}
		code, out, errs := runWith(strconv.FormatInt(lines, 10))
		if code != 1 || out != "" || !strings.HasPrefix(errs, "evalkit: the "+task+" state (sentences and per-sentence statistics) would need ") || !strings.Contains(errs, "--memory") {
			t.Errorf("%s, budget of the lines alone: exit %d, stdout %q: %s", task, code, out, errs)
		}
		code, out, errs = runWith(strconv.FormatInt(lines+4096, 10))
		if code != 0 || out != want {
			t.Errorf("%s, budget that fits: exit %d: %s\n%s\nwant\n%s", task, code, errs, out, want)
		}
	}
}

// bleu, chrf and ter stream their files (issue 11) and charge only the
// per-sentence statistics they keep: without --confidence, a paired test,
// --ci or --sentence they keep one sum a system, so a budget far below the
// lines' size changes nothing; with --confidence a budget below the
// statistics stops the task with the budget's error, and one that holds them
// changes nothing.
func TestStreamedTextMemoryBudget(t *testing.T) {
	const hyp, ref = "testdata/cli/hyp.txt", "testdata/cli/ref.txt"
	for _, task := range []string{"bleu", "chrf", "ter"} {
		runWith := func(mem string, extra ...string) (int, string, string) {
			var o, e bytes.Buffer
			a := append([]string{task, "--hyp", hyp, "--ref", ref, "--format", "json"}, extra...)
			if mem != "" {
				a = append(a, "--memory", mem)
			}
			code := exitCode(run(a, nil, &o, &e), &e)
			return code, o.String(), e.String()
		}
		_, want, _ := runWith("")
		if code, out, errs := runWith("200"); code != 0 || out != want {
			t.Errorf("%s --memory 200: exit %d: %s\n%s\nwant\n%s", task, code, errs, out, want)
		}
		_, want, _ = runWith("", "--confidence")
		code, out, errs := runWith("200", "--confidence")
		if code != 1 || out != "" || !strings.HasPrefix(errs, "evalkit: the "+task+" state (per-sentence statistics) would need ") {
			t.Errorf("%s --confidence --memory 200: exit %d, stdout %q: %s", task, code, out, errs)
		}
		if code, out, errs := runWith("64KiB", "--confidence"); code != 0 || out != want {
			t.Errorf("%s --confidence --memory 64KiB: exit %d: %s\n%s\nwant\n%s", task, code, errs, out, want)
		}
	}
}
