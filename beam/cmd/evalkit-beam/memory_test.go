package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagMemory: sizes set by flags are charged to --memory (one
// worker's budget) before the pipeline is built, as evalkit charges them:
// past it, evalkit's error naming the flag, exit status 1 (before:
// evalkit-beam had no --memory, and rank --ci --bootstrap 1e9 or --bins
// 1e9 asked every worker for gigabytes).
func TestFlagMemory(t *testing.T) {
	scores, pets := golden+"scores.csv", golden+"pets.csv"
	for _, tc := range []struct {
		task, file string
		flags      []string
	}{
		{"rank", scores, []string{"--pos-label", "spam", "--bins", "4000000", "--memory", "64MiB"}},
		{"rank", scores, []string{"--pos-label", "spam", "--bins", "1000000000"}},
		{"rank", scores, []string{"--pos-label", "spam", "--bins", "9223372036854775807", "--memory", "1G"}},
		{"rank", scores, []string{"--pos-label", "spam", "--cal-bins", "10000000", "--memory", "64MiB"}},
		{"rank", scores, []string{"--pos-label", "spam", "--ci", "--bootstrap", "1000000000"}},
		{"rank", scores, []string{"--pos-label", "spam", "--score", "y_score,w", "--ci", "--bootstrap", "1000000000"}},
		{"classify", pets, []string{"--ci", "--bootstrap", "1000000000"}},
		{"classify", pets, []string{"--pred", "y_pred,y_true", "--ci", "--bootstrap", "1000000000"}},
		{"regress", golden + "sales.csv", []string{"--ci", "--bootstrap", "1000000000"}},
		{"cluster", pets, []string{"--ci", "--bootstrap", "1000000000"}},
		{"cluster", pets, []string{"--pred", "y_pred,y_true", "--ci", "--bootstrap", "1000000000"}},
	} {
		t.Run(tc.task+" "+strings.Join(tc.flags, " "), func(t *testing.T) {
			_, msg, code := runBeam(t, append(append([]string{tc.task}, tc.flags...), "--input", tc.file)...)
			flag := "--bins"
			for _, f := range tc.flags {
				if f == "--cal-bins" || f == "--bootstrap" {
					flag = f
				}
			}
			if code != 1 || !strings.Contains(msg, "or lower "+flag) || !strings.Contains(msg, "--memory") {
				t.Fatalf("exit %d, %q", code, msg)
			}
			sameError(t, tc.task, tc.file, tc.flags...)
		})
	}
	// Within the budget, the run is evalkit's.
	same(t, "rank", scores, 3, 3, "--pos-label", "spam", "--bins", "1000", "--cal-bins", "100", "--memory", "64MiB")
	same(t, "classify", pets, 2, 2, "--ci", "--bootstrap", "200", "--memory", "1MiB")
	if _, msg, code := runBeam(t, "rank", "--memory", "lots", "--input", scores); code != 2 || !strings.Contains(msg, "flag -memory") {
		t.Errorf("--memory lots: exit %d, %q", code, msg)
	}
}

// TestTextFlagMemory: the text measures' resamples (--ci's --bootstrap,
// --confidence-n, --paired-bs-n, --paired-ar-n) are charged to --memory
// as evalkit charges them (before: evalkit-beam charged only the
// gathered sentence statistics, so --confidence-n 1e9 asked the writing
// worker for 8 GB at once).
func TestTextFlagMemory(t *testing.T) {
	ref := wmt17Lines(t, "ref")[:40]
	hyp := wmt17Lines(t, "online-B.0")[:40]
	c := writeCorpus(t, map[string][]string{"h-*": hyp, "g-*": hyp, "r-*": ref}, 3, rand.New(rand.NewPCG(4, 4)))
	for _, task := range []string{"bleu", "chrf", "ter"} {
		for _, flags := range [][]string{
			{"--ci", "--bootstrap"},
			{"--hyp", "g-*", "--confidence", "--confidence-n"},
			{"--hyp", "g-*", "--paired-bs", "--paired-bs-n"},
			{"--hyp", "g-*", "--paired-ar", "--paired-ar-n"},
		} {
			args := append(append([]string{"--hyp", "h-*", "--ref", "r-*", "--memory", "64MiB"}, flags...), "1000000000")
			t.Run(task+" "+strings.Join(flags, " "), func(t *testing.T) {
				t.Chdir(c.shards)
				_, msg, code := runBeam(t, append([]string{task}, args...)...)
				if code != 1 || !strings.Contains(msg, "("+flags[len(flags)-1]+" 1000000000) would need") {
					t.Fatalf("exit %d, %q", code, msg)
				}
				sameText(t, c, task, args...)
			})
		}
	}
}

// TestLongLabels: evalkit-beam writes JSON only, so classify's text
// layout (which evalkit charges to --memory: 20 labels of 20 kB need
// more than 1 MiB) has no counterpart; under --memory 1MiB the JSON is
// evalkit's.
func TestLongLabels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.csv")
	var b strings.Builder
	b.WriteString("y_true,y_pred\n")
	label := func(i int) string { return fmt.Sprintf("%02d", i) + strings.Repeat("x", 20000) }
	for i := range 60 {
		b.WriteString(label(i%20) + "," + label(i*7%20) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runEvalkit(t, "classify", "--format", "text", "--memory", "1MiB", path); code != 1 || !strings.Contains(stderr, "classify's text layout") {
		t.Fatalf("evalkit --format text --memory 1MiB: exit %d, %q", code, stderr)
	}
	same(t, "classify", path, 3, 3, "--memory", "1MiB")
	if _, msg, code := runBeam(t, "classify", "--format", "text", "--memory", "1MiB", "--input", path); code != 2 || !strings.Contains(msg, "only json") {
		t.Errorf("--format text: exit %d, %q", code, msg)
	}
}
