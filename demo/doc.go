// Package demo is evalkit's evaluation story on the real data embedded in
// package learn/datasets (breast cancer, iris, wine and diabetes): six
// small learners cross-validated and compared, with score summaries,
// significance tests, learning curves, a bias–variance decomposition and
// bootstrap error estimates.
//
// [Run] computes the [Report] (its JSON is every number of the story);
// [Report.Doc] lays it out for text and Markdown, [Report.Page] as an HTML
// page and [Report.WritePlots] draws its figures. The package sits above
// the measure, resampling and test packages and above report, whose
// document model it fills; nothing below imports it.
//
// Every number depends only on the Options' Folds, Rounds and Seed, not on
// Workers or the machine.
package demo
