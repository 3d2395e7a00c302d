// Package classify computes every measure that derives from a confusion
// matrix: accuracy, error rate, precision, recall, F-beta with their micro,
// macro, weighted and custom averages, balanced accuracy, Cohen's kappa,
// Matthews correlation, Jaccard, Hamming and zero-one loss, class likelihood
// ratios, cost-sensitive error, multilabel confusion, and the classification
// report.
//
// Conventions:
//
//   - Classes are dense indices 0…K−1 inside; labels are strings at the edge,
//     mapped by a [label.Set] and ordered as package label says (numerically when
//     every label is a number, else bytewise; an explicit list overrides).
//   - The confusion matrix C has rows = true class, columns = predicted
//     class. For class c (one-vs-rest): TP = C[c][c], FP = Σ_{r≠c} C[r][c],
//     FN = Σ_{j≠c} C[c][j], TN = the rest.
//   - The sufficient statistic is the matrix itself ([Confusion]):
//     int64 counts without weights, compensated float64 sums with weights.
//     It is updated row by row or in batches and merged ([Confusion.Merge],
//     [Tally.Merge]); every measure is a pure function of it, so streamed,
//     batched and merged results are identical. Sample weights are how the
//     seeds' measures over a distribution D with density p(x) are computed.
//   - Precision, recall, F and Jaccard with an empty denominator follow a
//     [ZeroDivision] policy: 0 (default, as scikit-learn), 1, or NaN. NaN is
//     never silent: JSON shows null and Report.Warnings says why. Under the
//     NaN policy, averages leave undefined classes out (as scikit-learn ≥ 1.3
//     does with zero_division=np.nan).
//   - F-beta is (1+β²)·P·R/(β²·P+R) (seed 004 prints (1+β)²; that is a typo),
//     0 when β²·P+R = 0.
//   - Averages: micro pools TP, FP, FN over classes (the seeds' "average TP,
//     FP, FN first" gives the same ratios); macro is the mean of per-class
//     values (scikit-learn); macro F1FromPR is F computed from macro-P and
//     macro-R (the seeds' and Zhou's definition, which differs from the mean
//     of per-class F1); weighted averages by support (scikit-learn); class
//     weights may be given, including the seeds' w_c = 1/log2(n_c).
//
// References: scikit-learn 1.2 sklearn.metrics; Zhou Zhihua, Machine
// Learning (2016) ch. 2; Qiu Xipeng, Neural Networks and Deep Learning §2.7.
package classify
