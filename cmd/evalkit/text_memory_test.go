package main

import (
	"bytes"
	"strings"
	"testing"
)

// The text tasks stream their files (issue 11) and charge only the
// per-sentence statistics they keep: without --confidence, a paired test,
// or --ci they keep one sum a system (--sentence streams), so a budget
// far below the lines' size changes nothing; with --confidence a budget
// below the statistics (a few integers a sentence) stops the task with the
// budget's error, and one that holds them changes nothing. wer keeps no
// per-sentence statistics at all.
func TestStreamedTextMemoryBudget(t *testing.T) {
	const hyp, ref = "testdata/cli/hyp.txt", "testdata/cli/ref.txt"
	for _, task := range []string{"bleu", "chrf", "ter", "wer"} {
		keep := "--confidence"
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
		if task == "wer" {
			continue // wer keeps nothing a sentence: --sentence streams
		}
		_, want, _ = runWith("", keep)
		code, out, errs := runWith("60", keep)
		if code != 1 || out != "" || !strings.HasPrefix(errs, "evalkit: the "+task+" state (per-sentence statistics) would need ") {
			t.Errorf("%s %s --memory 60: exit %d, stdout %q: %s", task, keep, code, out, errs)
		}
		if code, out, errs := runWith("64KiB", keep); code != 0 || out != want {
			t.Errorf("%s %s --memory 64KiB: exit %d: %s\n%s\nwant\n%s", task, keep, code, errs, out, want)
		}
	}
}
