// Package regress computes regression measures — MSE, RMSE, MAE, MAPE,
// sMAPE, WAPE, median absolute error, max error, R², adjusted R², explained
// variance, MSLE/RMSLE, pinball loss, Poisson/Gamma/Tweedie deviance and the
// D² scores — with the numbers of scikit-learn 1.2.
//
// # Conventions
//
// Every measure is a pure function of a [State], a mergeable sufficient
// statistic of (y, ŷ, w) rows: exact sums of the per-row losses (each
// term computed in float64, added to a fixed-point superaccumulator, so
// that a sum does not depend on how rows were cut into batches or the
// order of merges), the exact sums of w·y, w·y², w·d and w·d² (d = y − ŷ;
// products split into exact parts with FMA), from which the sums of
// squared deviations are computed at the end and rounded once — a large
// mean and a small spread lose nothing, see TestCancellation — the
// maximum absolute residual, and the
// first row (by position) at which a measure's domain is violated. Rows
// may be added one at a time, in batches, or in separate states that are
// merged; the result is the same as adding them all at once.
//
// Each row takes two logarithms: log(y/ŷ), shared by the Poisson and Gamma
// deviances, and log(1 + y) − log(1 + ŷ) for MSLE as one log1p of
// (y − ŷ)/(1 + ŷ) (see log1pDiff), which is more accurate than the
// difference of two logarithms that scikit-learn takes.
// The one-call functions ([MSE], [R2], …) are thin wrappers over a State.
//
// Weights are per-row, non-negative and finite; nil (or [State.Add]) means
// weight 1. A weighted mean is Σ w·x / Σ w, which is how the seeds'
// density-weighted forms, e.g. ∫(f(x) − y)² p(x) dx, are computed. A total
// weight of zero is [ErrZeroWeight].
//
// Four measures need every row, not a summary: the median absolute error
// and the D² pinball / absolute-error scores (they need an exact quantile),
// and the D² Tweedie score (its null model's deviance is computed in a
// second pass at the weighted mean). A State therefore holds, when created
// with StateOptions.KeepValues, each row's y and |y − ŷ| (and its weight when
// weights are used): 16 (or 24) bytes a row, O(n) memory; without it those
// measures return [ErrNoValues] (D² Tweedie at power 0 excepted: its null
// deviance is the variance of y). Quantiles are found by selection, not by
// sorting every row: a sample of 16384 values places a narrow band of
// values around the wanted rank (Floyd & Rivest's idea), one pass keeps
// the values inside it, and only those are sorted; if the band misses, a
// quickselect (three-way partition, expected O(n)) does the work.
// Everything else is O(1) memory.
//
// Median conventions follow scikit-learn: without weights the median is
// numpy's (the mean of the two middle values for even n) and the quantile of
// D² pinball is numpy's linear-interpolated percentile; once any weight is
// given, both are scikit-learn's lower weighted percentile: the smallest
// value v with Σ_{x ≤ v} w ≥ q·Σ w.
//
// # Errors
//
// Data problems are sentinel errors matched with errors.Is, whose messages
// name the first offending row. A row is named by its position: by default
// its 0-based index in the order rows were added, or a position the caller
// gives with [State.AddBatchAt] (a file reader passes the input line, and
// names it file:line with [State.SetRowName]). A State keeps, for each
// domain problem, the offending row of smallest position, and [State.Merge]
// keeps the smaller of the two states', so that states filled from chunks
// of a file on several goroutines, merged in any order, still name the
// first such row of the file. The errors:
// [ErrEmpty], [ErrZeroWeight], [ErrZeroTarget] (MAPE without an epsilon),
// [ErrNegative] (MSLE), [ErrDomain] (deviances), [ErrTooFew] (R², D² with
// fewer than two rows, adjusted R² with n ≤ p + 1), [ErrUndefined] (a ratio
// with a zero denominator where scikit-learn has no finite convention). The
// measures never return NaN.
//
// Undefined-but-conventional cases follow scikit-learn's force_finite rule:
// R² and explained variance are 1 for a perfect prediction and 0 for an
// imperfect one when y is constant.
//
// Multi-output data (n rows × k outputs) is a [Multi]: one State per output
// sharing the weights; [Multi.Score] returns the raw per-output values, their
// uniform mean, or their mean weighted by each output's variance of y.
package regress
