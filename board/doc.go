// Package board holds the result of several models evaluated on the same
// rows, whatever the task: each model's own report, the leaderboard by a
// primary measure, the comparisons of pairs of models on a measure (a
// difference, its interval, a test and its p-value), the p-values adjusted
// over all comparisons (by [hyptest.AdjustPValues], the one
// implementation), and for three or more ROC AUCs DeLong's test that they
// are all equal.
//
// Measures are named by their flattened JSON paths in a model's report
// (the CSV keys of [result.Flatten]: "macro.f1", "roc_auc"), and
// [LowerIsBetter] says which way each one ranks. Every task that takes
// several models (classify, rank, regress, cluster) returns a [*Models],
// so the command line, the HTML report and the Beam pipeline render the
// same value; package report lays it out for people.
package board
