// Package rank computes the measures of a ranking or a score: ROC and
// precision–recall curves, AUC, average precision, the break-even point,
// rank loss, partial AUC, DET curves, log loss, Brier score, calibration,
// optimal thresholds, cost curves, DeLong's variance and test, multiclass
// AUC (one-vs-rest and Hand & Till's one-vs-one), top-k accuracy, and the
// multilabel ranking measures (DCG/NDCG, label ranking loss, LRAP,
// coverage error).
//
// Conventions:
//
//   - The sufficient statistic of a binary problem is the exact score
//     [Table]: the distinct scores in decreasing order with the weighted
//     positive and negative mass at each. A [Builder] accumulates samples
//     (8 bytes each, 16 with weights) and sorts them once with a radix sort
//     on the bits of the float64 scores; tables of parts of the data combine
//     with [Merge]. Every binary measure is a method of Table, and the
//     one-call functions ([AUC], [AveragePrecision], …) are thin wrappers.
//     [Binned] is the constant-memory alternative: a fixed grid of score
//     bins, with a bound on the AUC error it implies.
//   - Ties: equal scores are one threshold. A tied (positive, negative)
//     pair counts one half in AUC and rank loss, which is what the
//     trapezoid rule over the ROC curve computes. −0 and +0 are one score.
//   - Higher scores mean "more positive". Thresholds are inclusive: a
//     sample is predicted positive when its score is ≥ the threshold. ROC
//     curves start at threshold +∞ (the point (0, 0)).
//   - Weights: nil means 1. Samples of weight zero are ignored (they create
//     no threshold), as in scikit-learn. Weights must be finite and ≥ 0.
//   - Results agree with scikit-learn 1.2 (and pROC 1.18 for DeLong) to
//     1e-9 relative; the curves have scikit-learn's points in its order.
//     Sums are compensated (Neumaier).
//   - Errors: data problems are returned as errors wrapping the sentinels
//     below (ErrOneClass, ErrNotFinite, ErrNotProbability, …), naming the
//     row or class. Mismatched slice lengths and invalid parameters (k < 1,
//     negative costs) are programmer errors and panic with a "rank: …"
//     message, as documented on each function. No measure returns a silent
//     NaN.
package rank
