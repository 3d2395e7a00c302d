package main

import (
	"fmt"
	"testing"
)

// --ci on the merged states, against the command line on the whole file:
// classify's intervals from the merged confusion matrix (the bootstrap
// resamples it, the same bits given --seed), rank's from the merged score
// table (DeLong from its exact ranks, the bootstrap resampling it).
func TestIntervals(t *testing.T) {
	for _, tc := range []struct {
		task, file string
		flags      []string
	}{
		{"classify", "pets.csv", []string{"--ci", "--bootstrap", "200"}},
		{"classify", "pets.csv", []string{"--ci", "--ci-method", "clopper-pearson", "--level", "0.9", "--pos-label", "cat", "--bootstrap", "100", "--seed", "9"}},
		{"rank", "scores.csv", []string{"--pos-label", "spam", "--ci", "--bootstrap", "200", "--seed", "3"}},
		{"rank", "scores.csv", []string{"--pos-label", "spam", "--ci", "--ci-method", "percentile", "--level", "0.8", "--bootstrap", "100", "--max-fpr", "0.5"}},
		{"rank", "scores.csv", []string{"--pos-label", "spam", "--weight", "w", "--ci"}}, // weighted: delong-weighted, t-weighted, the cell bootstrap
		{"rank", "rank_weighted.csv", []string{"--score", "a", "--weight", "w", "--ci", "--bootstrap", "200"}},
		{"rank", "rank_weighted.csv", []string{"--score", "a", "--weight", "w", "--ci", "--ci-blocks", "6", "--bootstrap", "200"}},
	} {
		for _, parts := range []int{1, 4} {
			t.Run(fmt.Sprintf("%s %v/%d", tc.task, tc.flags, parts), func(t *testing.T) {
				flags := tc.flags
				if tc.task == "rank" {
					flags = append(flags, "--ranges", fmt.Sprint(parts))
				}
				same(t, tc.task, golden+tc.file, parts, uint64(parts), flags...)
			})
		}
	}
	sameError(t, "classify", golden+"pets.csv", "--ci", "--level", "2")
	sameError(t, "classify", golden+"pets.csv", "--bootstrap", "50")
	sameError(t, "rank", golden+"scores.csv", "--pos-label", "spam", "--ci", "--ci-method", "nosuch")
}
