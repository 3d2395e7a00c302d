package main

import (
	"fmt"
	"testing"
)

// Several models (classify --pred m1,m2,…) on the command line's golden
// data split into 1, 3 and 7 files: the leaderboard, the paired bootstrap
// of --compare, McNemar and --ci from the merged joint state, the same
// bytes as evalkit; and its errors.
func TestClassifyModels(t *testing.T) {
	for _, flags := range [][]string{
		{"--pred", "m1,m2,m3", "--compare", "macro.f1", "--bootstrap", "200"},
		{"--pred", "m1,m2", "--baseline", "m2", "--ci", "--bootstrap", "100", "--seed", "4", "--adjust", "bonferroni"},
		{"--pred", "m3,m1", "--primary", "macro.f1", "--compare", "accuracy,macro.recall", "--level", "0.9"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", flags, parts), func(t *testing.T) {
				same(t, "classify", golden+"models3.csv", parts, uint64(parts), flags...)
			})
		}
	}
	sameError(t, "classify", golden+"models3.csv", "--pred", "m1,m2", "--baseline", "m7")
	sameError(t, "classify", golden+"models3.csv", "--pred", "m1,m9")
	sameError(t, "classify", golden+"models3.csv", "--pred", "m1,m2", "--labels", "cat,cat")
	sameError(t, "classify", golden+"models3.csv", "--compare", "accuracy")
	sameError(t, "classify", golden+"models_oneclass.csv", "--pred", "good,const", "--pos-label", "nosuch")
}
