package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Several binary score columns (rank --score m1,m2,m3) on the command
// line's golden data split into 1, 3 and 7 files: every model's report,
// DeLong's paired tests and χ² test from the merged paired sums, --ci,
// the same bytes as evalkit; and its errors.
func TestRankModels(t *testing.T) {
	for _, flags := range [][]string{
		{"--score", "m1,m2,m3", "--curves=false"},
		{"--score", "m1,m2,m3", "--adjust", "bonferroni", "--ranges", "5"},
		{"--score", "m2,m1", "--baseline", "m1", "--ci", "--bootstrap", "100", "--curves=false"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", flags, parts), func(t *testing.T) {
				same(t, "rank", golden+"scores3.csv", parts, uint64(parts), flags...)
			})
		}
	}
	sameError(t, "rank", golden+"scores3.csv", "--score", "m1,m2", "--baseline", "m7")
	sameError(t, "rank", golden+"scores3.csv", "--score", "m1,m9")
	sameError(t, "rank", golden+"scores3.csv", "--score", "m1,m2", "--primary", "nosuch")
	sameError(t, "rank", golden+"scores3.csv", "--score", "m1,m2", "--bins", "10")
	sameError(t, "rank", golden+"scores.csv", "--score", "y_score,y_score")
	dir := t.TempDir()
	for name, data := range map[string]string{
		"oneclass": "y_true,a,b\n1,0.5,0.2\n1,0.7,0.1\n",
		"nan":      "y_true,a,b\n1,0.5,0.2\n0,0.7,NaN\n",
		"labels":   "y_true,a,b\n1,0.5,0.2\n2,0.7,0.1\n",
		"zero-one": "y_true,a,b\n1,0.5,0.2\n0,0.7,0.1\n-1,0.3,0.3\n",
		"few":      "y_true,a,b\n1,0.5,0.2\n0,0.7,0.1\n0,0.3,0.3\n",
		"empty":    "y_true,a,b\n",
		"weight":   "y_true,a,b,w\n1,0.5,0.2,1\n0,0.7,0.1,-2\n",
	} {
		path := filepath.Join(dir, name+".csv")
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run("error/"+name, func(t *testing.T) {
			flags := []string{"--score", "a,b"}
			if name == "weight" {
				flags = append(flags, "--weight", "w")
			}
			sameError(t, "rank", path, flags...)
		})
	}
	// The paired bootstrap needs every row in one place.
	_, msg, code := runBeam(t, "rank", "--score", "m1,m2", "--compare", "average_precision", "--input", golden+"scores3.csv")
	if code != 2 || !strings.Contains(msg, "paired bootstrap") {
		t.Fatalf("--compare: exit %d: %s", code, msg)
	}
}

// Generated scores of four models with heavy ties over many files,
// against the command line on the concatenation.
func TestRankModelsGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	dir, whole := writeParts(t, 13, "y_true,a,b,c,d,w", "d,c,w,b,a,y_true", func(b, all *strings.Builder) {
		for range rng.IntN(300) {
			y := rng.IntN(2)
			var s [4]string
			for j := range s {
				s[j] = fmt.Sprint(float64(rng.IntN(50+50*j)+(20+10*j)*y) / 16)
			}
			w := fmt.Sprint(float64(rng.IntN(9)) / 4)
			fmt.Fprintf(b, "%s,%s,%s,%s,%s,%d\n", s[3], s[2], w, s[1], s[0], y)
			fmt.Fprintf(all, "%d,%s,%s,%s,%s,%s\n", y, s[0], s[1], s[2], s[3], w)
		}
	})
	for _, flags := range [][]string{
		{"--score", "a,b,c,d", "--ranges", "1"},
		{"--score", "a,b,c,d", "--ranges", "9", "--curve-points", "40"},
		{"--score", "d,a", "--ci", "--ranges", "3", "--curves=false"},
		{"--score", "b,c,a", "--weight", "w", "--ranges", "4", "--curves=false"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			sameFiles(t, "rank", dir, whole, flags...)
		})
	}
}
