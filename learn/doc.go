// Package learn holds a few small, honest learners — logistic regression,
// k-nearest neighbours, Gaussian naive Bayes, a shallow decision tree (a
// stump at depth 1), linear and ridge regression, and a majority/mean
// baseline — that exist so that evalkit's evaluation methods (package
// resample) run end to end on real data. They are exact, deterministic and
// readable, not fast or feature-rich; use a machine-learning library for
// real models and evalkit to evaluate them.
//
// Conventions:
//
//   - A [Data] is a dense feature matrix X (one row per sample) and a target
//     Y. For classification Classes > 0 and every Y[i] is a class index
//     0…Classes−1 stored as a float64; for regression Classes is 0.
//   - A [Model] is fitted with Fit and then predicts with Predict: class
//     indices for a classifier, values for a regressor. Classifiers also
//     implement [Prober]: Proba gives one row of Classes probabilities per
//     sample (a class absent from the training data gets probability 0).
//   - Fit never modifies its Data and never keeps the caller's slices past
//     what it documents (KNN keeps references to the training rows).
//   - Bad data (no rows, NaN or ±Inf, a label that is not a class index,
//     ragged rows) is an error wrapping one of the sentinels below; calling
//     Predict before Fit, or with rows of the wrong width, is a programmer
//     error and panics with a "learn: …" message.
//   - Everything is deterministic: no randomness, ties broken by the lowest
//     index (class, feature or training row).
package learn
