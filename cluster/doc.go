// Package cluster measures clusterings: external indices that compare a
// predicted clustering with a reference one, and internal indices computed
// from the feature vectors and the predicted labels alone (seed 002,
// Zhou (2016) §9.2–9.3, scikit-learn's sklearn.metrics.cluster).
//
// Conventions:
//
//   - Labels are int values. A reference clustering is C* (the "classes",
//     scikit-learn's labels_true) and a predicted one is C (the "clusters",
//     labels_pred), as seed 002 names them. Only labels that occur count:
//     an unused id is not an empty cluster.
//   - External indices are pure functions of a [Contingency] table,
//     n_ij = |{rows in class i and cluster j}|, built in O(n) and evaluated
//     in O(r·c) (plus, for AMI, the expected mutual information). No index
//     loops over pairs of rows. Counts are int64 and products of counts are
//     formed in 128 bits, so 10⁸ rows (5·10¹⁵ pairs) are exact. A
//     Contingency is mergeable: tables of parts of the data merge into the
//     table of the whole.
//   - Rows may carry integer frequency weights (a row of weight w counts as
//     w identical rows); real-valued weights have no pair interpretation and
//     are not accepted.
//   - Internal indices take a row-major feature matrix. The O(n²) indices
//     (silhouette, diam, d_min, avg(C), and the Davies–Bouldin variant built
//     on avg) are computed in one blocked pass over tiles of rows on all
//     cores, in O(n·d + workers·tile·(tile+k)) memory: the n×n distance
//     matrix is never formed.
//   - Degenerate inputs follow scikit-learn 1.2: a single cluster on both
//     sides makes NMI, AMI, ARI and RI 1; homogeneity of a one-class
//     reference is 1, completeness of a one-cluster prediction is 1; a sample
//     alone in its cluster has silhouette 0. Each exported function states
//     its own cases. A value that is undefined is NaN in the library and
//     comes with a sentence in the result's Warnings; it is never a silent
//     NaN.
//   - Logarithms are natural (nats), as in scikit-learn.
package cluster
