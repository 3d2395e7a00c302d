package main

import (
	"fmt"
	"testing"
)

const labelsData = "../../../cmd/evalkit/testdata/labels/"

// Labels spelled several ways ("1", "1.0", " 1", "1e0") compare as
// numbers when every label of the task is a number, strings otherwise,
// as on the command line, whatever the files the rows are split into:
// the same JSON, label_comparison included.
func TestLabelSpellings(t *testing.T) {
	for _, tc := range []struct {
		task, file string
		flags      []string
	}{
		{"classify", "spellings.csv", nil},
		{"classify", "mixed.csv", nil},
		{"classify", "labels.csv", []string{"--true", "y_sp", "--pos-label", "1.0"}},
		{"classify", "labels.csv", []string{"--true", "y_sp", "--labels", "0,1"}},
		{"classify", "labels.csv", []string{"--true", "y_sp", "--pred", "y_pred,m2"}},
		{"rank", "labels.csv", []string{"--true", "y_sp"}},
		{"rank", "labels.csv", []string{"--true", "y_sp", "--pos-label", "1"}},
		{"rank", "labels.csv", []string{"--true", "y_sp", "--pos-label", "+1", "--score", "y_score,p1"}},
		{"rank", "labels.csv", []string{"--true", "y3", "--classes", "0.0,1e0,2", "--score", "p0,p1,p2"}},
		{"cluster", "labels.csv", []string{"--true", "c_true", "--pred", "c_pred"}},
		{"cluster", "labels.csv", []string{"--true", "c_true", "--pred", "c_pred,c_true"}},
		{"classify", "multilabel.csv", []string{"--multilabel"}},
		{"classify", "multilabel.csv", []string{"--multilabel", "--ci"}},
		{"classify", "multilabel.csv", []string{"--multilabel", "--pred", "m_x"}},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%s/%s/%v/%d", tc.task, tc.file, tc.flags, parts), func(t *testing.T) {
				same(t, tc.task, labelsData+tc.file, parts, uint64(parts), tc.flags...)
			})
		}
	}
}
