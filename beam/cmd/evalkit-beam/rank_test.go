package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The binary rank cases of the command line's golden tests, each on its
// data split into 1, 3 and 7 files.
func TestRankGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		flags []string
	}{
		{"pos-label", "scores.csv", []string{"--pos-label", "spam"}},
		{"weighted-max-fpr", "scores.csv", []string{"--pos-label", "spam", "--weight", "w", "--max-fpr", "0.5"}},
		{"cost", "scores.csv", []string{"--pos-label", "spam", "--cost-fn", "5", "--curves=false"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, parts), func(t *testing.T) {
				same(t, "rank", golden+tc.file, parts, uint64(parts), append(tc.flags, "--ranges", fmt.Sprint(parts))...)
			})
		}
	}
}

// Generated scores with heavy ties over many files, against the command
// line on the concatenation: unweighted, weighted (quarters: exact sums),
// labels {0, 1} inferred, thinned curves, and one range or many.
func TestRankGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	dir, whole := writeParts(t, 15, "y_true,y_score,w", "y_score,w,y_true", func(b, all *strings.Builder) {
		for range rng.IntN(400) {
			y := rng.IntN(2)
			s := fmt.Sprint(float64(rng.IntN(200)+100*y) / 64)
			if rng.IntN(10) == 0 {
				s = fmt.Sprint(rng.NormFloat64())
			}
			w := fmt.Sprint(float64(rng.IntN(9)) / 4)
			fmt.Fprintf(b, "%s,%s,%d\n", s, w, y)
			fmt.Fprintf(all, "%d,%s,%s\n", y, s, w)
		}
	})
	for _, flags := range [][]string{{"--ranges", "1"}, {"--ranges", "9"}, {"--ranges", "40", "--weight", "w"}, {"--ranges", "5", "--curve-points", "50", "--max-fpr", "0.3"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			sameFiles(t, "rank", dir, whole, flags...)
		})
	}
}

func TestRankErrors(t *testing.T) {
	sameError(t, "rank", golden+"nan.csv")
	sameError(t, "rank", golden+"oneclass.csv")
	sameError(t, "rank", golden+"scores.csv")
	sameError(t, "rank", golden+"scores.csv", "--pos-label", "eggs")
	sameError(t, "rank", golden+"threelabels.csv")
	sameError(t, "rank", golden+"scores.csv", "--pos-label", "spam", "--weight", "nosuch")
}

// A file of no rows: the command line's error, not Beam's complaint about
// an empty side input of range boundaries.
func TestRankEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.csv")
	if err := os.WriteFile(path, []byte("y_true,y_score\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sameError(t, "rank", path)
	sameError(t, "rank", path, "--ci")
}

// evalkit rank's multilabel flags are refused as usage errors that say
// where they are offered, not as unknown flags, and before any input is
// read.
func TestRankMultilabelRefused(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		name  string
	}{
		{[]string{"--multilabel", "--true", "y_a,y_b", "--score", "s_a,s_b"}, "multilabel"},
		{[]string{"--multilabel=true", "--graded"}, "multilabel"},
		{[]string{"--graded"}, "graded"},
		{[]string{"--ignore-ties", "--k", "2"}, "ignore-ties"},
	} {
		_, msg, code := runBeam(t, append(append([]string{"rank"}, tc.flags...), "--input", golden+"nosuch-*.csv")...)
		want := "evalkit-beam: rank: --" + tc.name + " is not offered in evalkit-beam; use evalkit rank --multilabel\n"
		if msg != want || code != 2 {
			t.Errorf("%v: exit %d, %q; want exit 2, %q", tc.flags, code, msg, want)
		}
	}
}
