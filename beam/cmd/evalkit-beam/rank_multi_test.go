package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var multiFlags = []string{"--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,eel"}

// Multiclass rank on the command line's golden data, split into 1, 3 and
// 5 files.
func TestRankMultiGolden(t *testing.T) {
	for _, extra := range [][]string{{"--k", "1"}, {"--k", "1", "--ci"}, {"--k", "2", "--max-fpr", "0.5"}} {
		for _, parts := range []int{1, 3, 5} {
			t.Run(fmt.Sprintf("%s/%d", strings.Join(extra, " "), parts), func(t *testing.T) {
				same(t, "rank", golden+"rank_multi.csv", parts, uint64(parts), append(multiFlags, extra...)...)
			})
		}
	}
	// the golden weighted case, rank_multiclass_ci_weighted
	for _, parts := range []int{1, 3, 5} {
		t.Run(fmt.Sprintf("weighted --ci/%d", parts), func(t *testing.T) {
			same(t, "rank", golden+"rank_multi_weighted.csv", parts, uint64(parts), append(multiFlags, "--weight", "w", "--ci")...)
		})
	}
}

// Generated multiclass rows (4 classes, tied probabilities, weights) in
// 10 files against evalkit on their concatenation: the same bytes. The
// log loss sums are exact (internal/xsum), so they do not depend on where
// the rows are cut into states; the weights are multiples of ¼, whose
// masses add exactly. Weighted with --ci: the weighted intervals (their
// sums of squared weights exact too; encoding version 4 between workers).
func TestRankMultiGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	classes := []string{"a", "b", "c", "d"}
	dir, whole := writeParts(t, 10, "y,pa,pb,pc,pd,w", "w,pd,pc,pb,pa,y", func(b, all *strings.Builder) {
		for range 20 + rng.IntN(300) {
			y := rng.IntN(4)
			var p [4]int
			left := 16
			for j := range 3 {
				p[j] = rng.IntN(left + 1)
				if j == y {
					p[j] = max(p[j], rng.IntN(left+1))
				}
				left -= p[j]
			}
			p[3] = left
			f := func(j int) string { return fmt.Sprint(float64(p[j]) / 16) }
			w := fmt.Sprint(float64(rng.IntN(8)) / 4)
			fmt.Fprintf(b, "%s,%s,%s,%s,%s,%s\n", w, f(3), f(2), f(1), f(0), classes[y])
			fmt.Fprintf(all, "%s,%s,%s,%s,%s,%s\n", classes[y], f(0), f(1), f(2), f(3), w)
		}
	})
	base := []string{"--true", "y", "--score", "pa,pb,pc,pd", "--classes", "a,b,c,d"}
	for _, extra := range [][]string{{}, {"--ranges", "1"}, {"--k", "3", "--weight", "w", "--ranges", "7"}, {"--ci", "--bootstrap", "200", "--ranges", "3"},
		{"--weight", "w", "--ci", "--ranges", "4"}} {
		t.Run(strings.Join(extra, " "), func(t *testing.T) {
			sameFiles(t, "rank", dir, whole, append(append([]string{}, base...), extra...)...)
		})
	}
}

func TestRankMultiErrors(t *testing.T) {
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,fox")
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog", "--classes", "cat,dog,eel")
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,dog")
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog,p_fox", "--classes", "cat,dog,eel")
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,eel", "--bins", "4")
	sameError(t, "rank", golden+"rank_multi.csv", "--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,eel", "--k", "0")
	sameError(t, "rank", golden+"scores.csv", "--true", "label", "--score", "y_score,y_score", "--classes", "ham,spam")
	empty := filepath.Join(t.TempDir(), "empty.csv")
	if err := os.WriteFile(empty, []byte("label,p_cat,p_dog,p_eel\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sameError(t, "rank", empty, multiFlags...)
}
