"""Drop-in functions for the most used ones of sklearn.metrics.

    from evalkit import metrics
    metrics.roc_auc_score(y, proba)
    metrics.f1_score(y, y_pred, average="macro", sample_weight=w)

Each function has scikit-learn's name, parameters and defaults and returns
what scikit-learn returns (a float, or a numpy array where scikit-learn
returns one), computed by evalkit's Go core: the function calls the task
(rank, classify, regress, cluster) and reads its measure from the result.
No measure is computed in Python. An argument value this module does not
support raises ValueError naming it, never ignored; an unknown argument
raises TypeError, as any Python function does.
"""

import numpy as np

from ._native import _label_text, classify, cluster, rank, regress

__all__ = [
    "roc_auc_score",
    "average_precision_score",
    "log_loss",
    "brier_score_loss",
    "accuracy_score",
    "balanced_accuracy_score",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "confusion_matrix",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "mean_squared_error",
    "mean_absolute_error",
    "median_absolute_error",
    "mean_absolute_percentage_error",
    "r2_score",
    "adjusted_rand_score",
    "normalized_mutual_info_score",
]


def _unsupported(function, argument, value, supported):
    raise ValueError(f"evalkit.metrics.{function}: {argument}={value!r} is not supported (supported: {supported})")


def _number(v, function, key):
    if v is None:
        raise ValueError(f"evalkit.metrics.{function}: {key} is undefined on these data")
    return float(v)


def _unique(*arrays):
    """The sorted labels of the arrays, as scikit-learn orders them."""
    return np.unique(np.concatenate([np.asarray(a).ravel() for a in arrays]))


def _texts(labels):
    return [_label_text(v) for v in np.asarray(labels).tolist()]


def _common(y, p):
    """Two label arrays of numbers in one dtype, so that a label is spelt
    alike in both (1 and 1.0 are one label, as in scikit-learn)."""
    y, p = np.asarray(y), np.asarray(p)
    if y.dtype.kind in "biuf" and p.dtype.kind in "biuf" and y.dtype != p.dtype:
        t = np.result_type(y, p)
        y, p = y.astype(t), p.astype(t)
    return y, p


def _pos_text(y, pos_label):
    """pos_label as the labels of y spell it (1 is "1.0" among floats)."""
    present = np.unique(np.asarray(y)).tolist()
    if pos_label in present:
        return _label_text(present[present.index(pos_label)])
    return _label_text(pos_label)


# --- ranking ---------------------------------------------------------------


def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None, multi_class="raise", labels=None):
    """Area under the ROC curve (sklearn.metrics.roc_auc_score).

    Binary: y_score the scores of the greater label; max_fpr the McClish
    standardized partial AUC. Multiclass: y_score an (n, k) array of
    probabilities, multi_class "ovr" or "ovo", average "macro" or
    "weighted", labels the class of each column (default the sorted labels
    of y_true).
    """
    y_score = np.asarray(y_score)
    y = np.asarray(y_true)
    if y.ndim != 1:
        _unsupported("roc_auc_score", "y_true", f"an array of shape {y.shape}", "1-D labels; not multilabel")
    if y_score.ndim == 2 and (y_score.shape[1] > 2 or len(np.unique(y)) > 2):
        if max_fpr is not None:
            raise ValueError(
                f"Partial AUC computation not available in multiclass setting, 'max_fpr' must be set to `None`, received `max_fpr={max_fpr}` instead"
            )
        if multi_class not in ("ovr", "ovo"):
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        if average not in ("macro", "weighted"):
            _unsupported("roc_auc_score", "average", average, '"macro" or "weighted" for multiclass')
        if multi_class == "ovo" and sample_weight is not None:
            raise ValueError("sample_weight is not supported for multiclass one-vs-one ROC AUC, 'sample_weight' must be None in this case.")
        classes = np.unique(y) if labels is None else np.asarray(labels)
        if labels is not None:
            if len(np.unique(classes)) != len(classes):
                raise ValueError("Parameter 'labels' must be unique")
            if not np.array_equal(np.unique(classes), classes):
                raise ValueError("Parameter 'labels' must be ordered")
        if len(classes) != y_score.shape[1]:
            raise ValueError(f"Number of given labels, {len(classes)}, not equal to the number of columns in 'y_score', {y_score.shape[1]}")
        r = rank(y, y_score, sample_weight=sample_weight, classes=_texts(classes))
        return _number(r[f"roc_auc_{multi_class}_{average}"], "roc_auc_score", f"roc_auc_{multi_class}_{average}")
    if y_score.ndim != 1:
        _unsupported("roc_auc_score", "y_score", f"an array of shape {y_score.shape}", "1-D scores for binary y_true")
    classes = np.unique(y)
    if len(classes) != 2:
        raise ValueError("Only one class present in y_true. ROC AUC score is not defined in that case.")
    if average not in ("macro", "weighted", "micro", "samples", None):
        raise ValueError("average has to be one of ('micro', 'macro', 'samples', 'weighted')")
    r = rank(y, y_score, sample_weight=sample_weight, pos_label=_label_text(classes[1].item()), max_fpr=max_fpr)
    key = "roc_auc" if max_fpr is None or max_fpr == 1 else "partial_auc"
    return _number(r[key], "roc_auc_score", key)


def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    """Average precision, the step-wise area under the precision–recall curve
    (sklearn.metrics.average_precision_score); binary y_true only."""
    y = np.asarray(y_true)
    if y.ndim != 1 or np.ndim(y_score) != 1:
        _unsupported("average_precision_score", "y_true", f"an array of shape {y.shape}", "binary 1-D labels with 1-D scores")
    present = np.unique(y)
    if len(present) > 2:
        _unsupported("average_precision_score", "y_true", "multiclass labels", "binary labels")
    if pos_label not in present.tolist() and len(present) == 2:
        raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present}")
    r = rank(y, y_score, sample_weight=sample_weight, pos_label=_pos_text(y, pos_label))
    return _number(r["average_precision"], "average_precision_score", "average_precision")


def log_loss(y_true, y_pred, *, eps="auto", normalize=True, sample_weight=None, labels=None):
    """Log loss, the mean negative log-likelihood (sklearn.metrics.log_loss).

    y_pred: the probabilities of the greater label (1-D), or an (n, k)
    array of class probabilities, the columns the sorted labels (or labels).
    """
    if eps != "auto":
        _unsupported("log_loss", "eps", eps, '"auto"')
    if normalize is not True:
        _unsupported("log_loss", "normalize", normalize, "True")
    y = np.asarray(y_true)
    p = np.asarray(y_pred)
    classes = np.unique(y) if labels is None else np.unique(np.asarray(labels))
    if len(classes) == 1:
        raise ValueError(f"y_true contains only one label ({classes[0]}). Please provide the true labels explicitly through the labels argument.")
    if p.ndim == 1:
        if len(classes) != 2:
            raise ValueError(f"y_true and y_pred contain different number of classes {len(classes)}, 2.")
        r = rank(y, p, sample_weight=sample_weight, pos_label=_label_text(classes[1].item()))
    elif p.ndim == 2:
        if p.shape[1] != len(classes):
            raise ValueError(f"y_true and y_pred contain different number of classes {len(classes)}, {p.shape[1]}.")
        r = rank(y, p, sample_weight=sample_weight, classes=_texts(classes))
    else:
        _unsupported("log_loss", "y_pred", f"an array of shape {p.shape}", "1-D or (n, k) probabilities")
    return _number(r["log_loss"], "log_loss", "log_loss")


def brier_score_loss(y_true, y_prob, *, sample_weight=None, pos_label=None):
    """Brier score, the mean squared difference between the probability of
    the positive label and the outcome (sklearn.metrics.brier_score_loss)."""
    r = rank(y_true, y_prob, sample_weight=sample_weight, pos_label=None if pos_label is None else _pos_text(y_true, pos_label))
    return _number(r["brier"], "brier_score_loss", "brier")


# --- classification --------------------------------------------------------


def _classify(function, y_true, y_pred, sample_weight, labels=None, **options):
    y, p = _common(y_true, y_pred)
    for name, a in (("y_true", y), ("y_pred", p)):
        if a.ndim != 1:
            _unsupported(function, name, f"an array of shape {a.shape}", "1-D labels; not multilabel")
    if labels is None:
        labels = _unique(y, p)
    return classify(y, p, sample_weight=sample_weight, labels=_texts(labels), max_matrix=max(2, len(labels)), **options)


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """The (weighted) share of rows predicted right (sklearn.metrics.accuracy_score)."""
    if normalize is not True:
        _unsupported("accuracy_score", "normalize", normalize, "True")
    return _number(_classify("accuracy_score", y_true, y_pred, sample_weight)["accuracy"], "accuracy_score", "accuracy")


def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """The mean of the recalls of the classes of y_true (sklearn.metrics.balanced_accuracy_score)."""
    key = "balanced_accuracy_adjusted" if adjusted else "balanced_accuracy"
    return _number(_classify("balanced_accuracy_score", y_true, y_pred, sample_weight)[key], "balanced_accuracy_score", key)


_ZERO_DIVISION = {"warn": "0", 0: "0", 1: "1"}


def _prf(function, key, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division, beta=None):
    if isinstance(zero_division, bool) or zero_division not in _ZERO_DIVISION:
        _unsupported(function, "zero_division", zero_division, '"warn", 0 or 1')
    if average not in ("binary", "micro", "macro", "weighted", None):
        _unsupported(function, "average", average, '"binary", "micro", "macro", "weighted" or None')
    options = {"zero_division": _ZERO_DIVISION[zero_division]}
    if beta is not None:
        if beta < 0:
            raise ValueError("beta should be >=0 in the F-beta score")
        options["beta"] = beta
    y_true, y_pred = _common(y_true, y_pred)
    present = _unique(y_true, y_pred)
    if average == "binary":
        if len(present) > 2:
            raise ValueError(
                "Target is multiclass but average='binary'. Please choose another average setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
            )
        if pos_label not in present.tolist():
            if len(present) >= 2:
                raise ValueError(f"pos_label={pos_label!r} is not a valid label. It should be one of {present.tolist()}")
            present = np.unique(np.append(present, pos_label))
        r = _classify(function, y_true, y_pred, sample_weight, labels=present, pos_label=_pos_text(present, pos_label), **options)
        return _number(r["binary"][key], function, f"binary.{key}")
    if labels is not None:
        given = np.asarray(labels)
        if not set(present.tolist()) <= set(given.tolist()):
            _unsupported(function, "labels", labels, "a list of all the labels of y_true and y_pred (a subset is not)")
        r = _classify(function, y_true, y_pred, sample_weight, labels=given, **options)
    else:
        r = _classify(function, y_true, y_pred, sample_weight, **options)
    if average is None:
        return np.array([_number(c[key], function, f"per_class.{c['label']}.{key}") for c in r["per_class"]])
    return _number(r[average][key], function, f"{average}.{key}")


def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    """Precision tp / (tp + fp) (sklearn.metrics.precision_score)."""
    return _prf("precision_score", "precision", y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    """Recall tp / (tp + fn) (sklearn.metrics.recall_score)."""
    return _prf("recall_score", "recall", y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    """F1, the harmonic mean of precision and recall (sklearn.metrics.f1_score)."""
    return _prf("f1_score", "f1", y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    """F-beta, recall weighted beta times as much as precision (sklearn.metrics.fbeta_score)."""
    return _prf("fbeta_score", "fbeta", y_true, y_pred, labels, pos_label, average, sample_weight, zero_division, beta=beta)


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """The confusion matrix, rows the true labels and columns the predicted
    ones, in the order of labels (default sorted) (sklearn.metrics.confusion_matrix).
    Integers without sample_weight, else floats."""
    if normalize is not None:
        _unsupported("confusion_matrix", "normalize", normalize, "None")
    if labels is not None:
        present = _unique(y_true, y_pred)
        if not set(present.tolist()) <= set(np.asarray(labels).tolist()):
            _unsupported("confusion_matrix", "labels", labels, "a list of all the labels of y_true and y_pred (a subset is not)")
    r = _classify("confusion_matrix", y_true, y_pred, sample_weight, labels=labels)
    return np.array(r["confusion_matrix"], dtype=np.int64 if sample_weight is None else np.float64)


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (sklearn.metrics.matthews_corrcoef)."""
    return _number(_classify("matthews_corrcoef", y_true, y_pred, sample_weight)["mcc"], "matthews_corrcoef", "mcc")


def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None):
    """Cohen's kappa of two raters, unweighted, "linear" or "quadratic"
    (sklearn.metrics.cohen_kappa_score); y1 plays y_true."""
    key = {None: "cohen_kappa", "linear": "cohen_kappa_linear", "quadratic": "cohen_kappa_quadratic"}.get(weights)
    if key is None:
        raise ValueError(f"Unknown kappa weighting type: {weights}")
    if labels is not None:
        present = _unique(y1, y2)
        if not set(present.tolist()) <= set(np.asarray(labels).tolist()):
            _unsupported("cohen_kappa_score", "labels", labels, "a list of all the labels of y1 and y2 (a subset is not)")
    r = _classify("cohen_kappa_score", y1, y2, sample_weight, labels=labels)
    return _number(r[key], "cohen_kappa_score", key)


# --- regression ------------------------------------------------------------

# scikit-learn bounds the denominator of MAPE by the float64 machine epsilon.
_MAPE_EPSILON = float(np.finfo(np.float64).eps)


def _regress(function, key, y_true, y_pred, sample_weight, multioutput, allowed=("raw_values", "uniform_average")):
    if isinstance(multioutput, str):
        if multioutput not in allowed:
            _unsupported(function, "multioutput", multioutput, " or ".join(f'"{a}"' for a in allowed))
    else:
        _unsupported(function, "multioutput", "an array of weights", " or ".join(f'"{a}"' for a in allowed))
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if y.ndim == 1 and p.ndim == 1:
        r = regress(y, p, sample_weight=sample_weight, mape_epsilon=_MAPE_EPSILON)
        v = _number(r[key], function, key)
        return np.array([v]) if multioutput == "raw_values" else v
    mode = {"raw_values": "raw", "uniform_average": "uniform", "variance_weighted": "variance-weighted"}[multioutput]
    r = regress(y, p, sample_weight=sample_weight, mape_epsilon=_MAPE_EPSILON, multioutput=mode)
    if multioutput == "raw_values":
        return np.array([_number(o[key], function, f"outputs.{j}.{key}") for j, o in enumerate(r["outputs"])])
    return _number(r[key], function, key)


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", squared=True):
    """Mean squared error, or with squared=False its root (sklearn.metrics.mean_squared_error)."""
    if squared not in (True, False):
        _unsupported("mean_squared_error", "squared", squared, "True or False")
    return _regress("mean_squared_error", "mse" if squared else "rmse", y_true, y_pred, sample_weight, multioutput)


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean absolute error (sklearn.metrics.mean_absolute_error)."""
    return _regress("mean_absolute_error", "mae", y_true, y_pred, sample_weight, multioutput)


def median_absolute_error(y_true, y_pred, *, multioutput="uniform_average", sample_weight=None):
    """Median absolute error, weighted as scikit-learn weights a median (sklearn.metrics.median_absolute_error)."""
    return _regress("median_absolute_error", "medae", y_true, y_pred, sample_weight, multioutput)


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """Mean absolute percentage error |y − ŷ| / max(|y|, ε), ε the float64
    machine epsilon, as a fraction (sklearn.metrics.mean_absolute_percentage_error)."""
    return _regress("mean_absolute_percentage_error", "mape", y_true, y_pred, sample_weight, multioutput)


def r2_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", force_finite=True):
    """Coefficient of determination R² (sklearn.metrics.r2_score); a
    constant y_true gives 1.0 for a perfect prediction, else 0.0."""
    if force_finite is not True:
        _unsupported("r2_score", "force_finite", force_finite, "True")
    return _regress("r2_score", "r2", y_true, y_pred, sample_weight, multioutput, ("raw_values", "uniform_average", "variance_weighted"))


# --- clustering ------------------------------------------------------------


def _labels(function, name, a):
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1D: shape is {a.shape}")
    return a


def adjusted_rand_score(labels_true, labels_pred):
    """Adjusted Rand index (sklearn.metrics.adjusted_rand_score)."""
    r = cluster(_labels("adjusted_rand_score", "labels_true", labels_true), _labels("adjusted_rand_score", "labels_pred", labels_pred))
    return _number(r["adjusted_rand_index"], "adjusted_rand_score", "adjusted_rand_index")


def normalized_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    """Normalized mutual information, the mutual information over the
    average_method mean of the entropies (sklearn.metrics.normalized_mutual_info_score)."""
    if average_method not in ("min", "geometric", "arithmetic", "max"):
        raise ValueError("'average_method' must be 'min', 'geometric', 'arithmetic', or 'max'")
    r = cluster(
        _labels("normalized_mutual_info_score", "labels_true", labels_true),
        _labels("normalized_mutual_info_score", "labels_pred", labels_pred),
        average=average_method,
    )
    return _number(r["nmi"], "normalized_mutual_info_score", "nmi")
