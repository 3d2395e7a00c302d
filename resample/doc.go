// Package resample splits data for evaluation — hold-out, K-fold, stratified
// and grouped K-fold, repeated K-fold, leave-one-out, shuffle split and the
// bootstrap with its out-of-bag sets and .632/.632+ estimators — and runs a
// model over those splits: cross-validation with per-fold measures and a
// confidence interval, learning curves, and the bias–variance decomposition.
//
// Conventions:
//
//   - Rows are numbered 0…n−1 in the order of the data. A [Split] holds row
//     indices in ascending order; a bootstrap training set repeats a row as
//     often as it was drawn.
//   - Without shuffling, fold membership is exactly that of scikit-learn 1.2's
//     KFold, StratifiedKFold and GroupKFold (including GroupKFold's order for
//     groups of equal size, which follows NumPy's introsort). Hold-out without
//     shuffling takes the last ⌈frac·n⌉ rows as the test set, as
//     train_test_split(shuffle=False).
//   - Every random procedure takes a seed and draws from math/rand/v2's PCG
//     generator through this package's own Fisher–Yates shuffle and bounded
//     draws, so the same seed gives the same splits on every platform and Go
//     release. There is no global generator. Shuffled splits do not reproduce
//     scikit-learn's (NumPy's Mersenne Twister) — only their distribution.
//   - Data problems (more folds than rows, groups or class members) are
//     errors wrapping the sentinels below; k < 2 or a fraction outside (0, 1)
//     is a programmer error and panics with a "resample: …" message.
//   - The runner ([CrossValidate], [LearningCurve], [BiasVariance],
//     [BootstrapError]) trains a fresh model per split, in parallel over a
//     given number of workers; the results do not depend on the number of
//     workers. [DefaultMeasures] gathers every applicable measure of
//     packages classify, rank and regress for each split.
package resample
