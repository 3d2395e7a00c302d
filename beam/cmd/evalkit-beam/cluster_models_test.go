package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Several models (cluster --pred m1,m2,…) and --ci on the command line's
// golden data split into 1, 3 and 7 files: the leaderboard, the paired
// bootstrap of --compare over the joint tables and the intervals, the
// same bytes as evalkit; and its errors.
func TestClusterModels(t *testing.T) {
	for _, tc := range []struct {
		file  string
		flags []string
	}{
		{"models3.csv", []string{"--pred", "m1,m2,m3", "--baseline", "m2"}},
		{"models3.csv", []string{"--pred", "m1,m2,m3", "--baseline", "m1", "--compare", "adjusted_rand_index", "--bootstrap", "200"}},
		{"models3.csv", []string{"--pred", "m3,m1", "--primary", "v_measure", "--compare", "nmi,purity", "--average", "geometric", "--level", "0.9", "--adjust", "bonferroni"}},
		{"models3.csv", []string{"--pred", "m1,m2", "--ci", "--bootstrap", "100"}},
		{"small.csv", []string{"--ci", "--ci-method", "percentile", "--seed", "5", "--bootstrap", "400"}},
		{"small.csv", []string{"--ci", "--weight", "w"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s %v/%d", tc.file, tc.flags, parts), func(t *testing.T) {
				same(t, "cluster", golden+tc.file, parts, uint64(parts), tc.flags...)
			})
		}
	}
	sameError(t, "cluster", golden+"models3.csv", "--pred", "m1,m2", "--baseline", "m7")
	sameError(t, "cluster", golden+"models3.csv", "--pred", "m1,m9")
	sameError(t, "cluster", golden+"models3.csv", "--pred", "m1,m2", "--primary", "accuracy")
	sameError(t, "cluster", golden+"models3.csv", "--pred", "m1,m2", "--features", "m3")
	sameError(t, "cluster", golden+"small.csv", "--compare", "purity")
	sameError(t, "cluster", golden+"models3.csv", "--pred", "m1,m2", "--compare", "accuracy")
}

// Generated rows of three models whose labels and joint cells first
// appear all over the input, split into 9 files: the joint tables, whose
// cell order the paired bootstrap's draws follow, are the command line's.
func TestClusterModelsGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	var b strings.Builder
	b.WriteString("y_true,m1,m2,m3,w\n")
	for i := range 3000 {
		k := 2 + i/300
		yt := rng.IntN(k)
		m1 := yt
		if rng.Float64() < 0.3 {
			m1 = rng.IntN(k + 2)
		}
		fmt.Fprintf(&b, "t%d,%d,c%d,%d,%d\n", yt, m1, rng.IntN(k), (yt+rng.IntN(2))%k, rng.IntN(3))
	}
	file := filepath.Join(t.TempDir(), "models.csv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{
		{"--pred", "m1,m2,m3", "--compare", "adjusted_rand_index,ami", "--bootstrap", "100"},
		{"--pred", "m2,m3,m1", "--weight", "w", "--compare", "fowlkes_mallows", "--bootstrap", "100", "--baseline", "m3"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			same(t, "cluster", file, 9, 9, flags...)
		})
	}
}
