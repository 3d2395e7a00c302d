// Package hyptest holds the significance tests and confidence intervals
// that say whether a difference between two models is real (docs/compare.md;
// Zhou, Machine Learning, §2.4; Dietterich 1998; Demšar 2006).
//
// Conventions:
//
//   - Every test returns its statistic and p-value, and says which
//     reference it agrees with (scipy 1.10 / statsmodels 0.13 names in the
//     doc comments). p-values are upper tails computed directly, not as
//     1 − CDF, so small ones keep their relative accuracy.
//   - Alternative selects a two-sided (the zero value) or one-sided test;
//     Greater means "the first sample is larger" as in scipy.
//   - Data problems are sentinel errors (errors.Is): ErrTooFew (not
//     enough observations), ErrNotFinite (NaN or ±Inf), ErrZeroVariance (a
//     t statistic would divide by zero), ErrInvalid (a parameter outside its
//     range). Mismatched slice lengths are programmer errors and panic.
//   - Sums are compensated (internal/fsum); counts are int64; ties are
//     given average ranks.
//   - Randomness (bootstrap) is injected as a seed; the same seed gives the
//     same result on every platform.
//   - Distributions come from gonum's stat/distuv and mathext; the
//     studentized range distribution, which gonum lacks, is
//     [StudentizedRange].
package hyptest
