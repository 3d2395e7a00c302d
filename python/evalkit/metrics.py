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

import warnings

import numpy as np

from ._native import _Declined, _array, _label_text, _lean, _measure, classify, cluster, rank, regress

__all__ = [
    "roc_auc_score",
    "average_precision_score",
    "log_loss",
    "brier_score_loss",
    "top_k_accuracy_score",
    "roc_curve",
    "precision_recall_curve",
    "det_curve",
    "dcg_score",
    "ndcg_score",
    "label_ranking_average_precision_score",
    "coverage_error",
    "label_ranking_loss",
    "accuracy_score",
    "balanced_accuracy_score",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "jaccard_score",
    "precision_recall_fscore_support",
    "hamming_loss",
    "zero_one_loss",
    "confusion_matrix",
    "multilabel_confusion_matrix",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "classification_report",
    "mean_squared_error",
    "mean_absolute_error",
    "median_absolute_error",
    "mean_absolute_percentage_error",
    "r2_score",
    "adjusted_rand_score",
    "normalized_mutual_info_score",
    "explained_variance_score",
    "max_error",
    "mean_squared_log_error",
    "mean_pinball_loss",
    "mean_poisson_deviance",
    "mean_gamma_deviance",
    "mean_tweedie_deviance",
    "d2_tweedie_score",
    "d2_pinball_score",
    "d2_absolute_error_score",
    "adjusted_mutual_info_score",
    "mutual_info_score",
    "homogeneity_completeness_v_measure",
    "homogeneity_score",
    "completeness_score",
    "v_measure_score",
    "fowlkes_mallows_score",
    "rand_score",
    "pair_confusion_matrix",
    "contingency_matrix",
    "silhouette_score",
    "calinski_harabasz_score",
    "davies_bouldin_score",
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


def _classes(y):
    """The sorted distinct labels of y: for integers and booleans of two
    values or fewer without sorting the rows (their least and greatest
    value, when no other occurs), else numpy's unique."""
    y = np.asarray(y)
    if y.dtype.kind in "biu" and y.ndim == 1 and y.size:
        lo, hi = y.min(), y.max()
        if lo == hi:
            return np.array([lo])
        if not np.any((y != lo) & (y != hi)):
            return np.array([lo, hi])
    return np.unique(y)


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
    present = _classes(y).tolist()
    if pos_label in present:
        return _label_text(present[present.index(pos_label)])
    return _label_text(pos_label)


# --- ranking ---------------------------------------------------------------


def _score(function, measure, y, score, sample_weight, pos_label, **options):
    """One measure of binary scores from the core's score table (the
    narrow call "score": no other measure of rank computed)."""
    y, s = np.asarray(y), np.asarray(score)
    if y.ndim == 1 and s.shape == y.shape and y.dtype.kind in "biuf":
        # the lean call: integer labels as numbers, coded by the core
        opts = ("measure=" + measure,) + tuple(f"{k}={float(v)!r}" for k, v in options.items() if v is not None)
        try:
            pos = () if pos_label is None else ("pos_label=" + repr(float(pos_label)),)
        except (TypeError, ValueError):
            pos = None  # a label that is no number: the task's way
        a, b = _array(y), _array(s)
        w = None if sample_weight is None else _array(sample_weight)
        if pos is not None and b is not None and (sample_weight is None or (w is not None and w[0].shape == y.shape)):
            try:
                return _lean(b"score", opts + pos, y.shape[0], 1, a, b, w)[0][0]
            except _Declined:
                pass
    values = [("score", score)] + ([("weight", sample_weight)] if sample_weight is not None else [])
    r = _measure("score", labels=[("true", y)], values=values, measure=measure, pos_label=pos_label, **options)
    return float(r["value"])


# The lean call's options of a measure of binary scores, by measure.
_BINARY_KEYS = {}

# The types of a pos_label that is a number (a str "1" is no label of
# integer labels, as in scikit-learn).
_NUMBER_TYPES = (int, float, np.integer, np.floating, np.bool_)


def _binary_score(measure, y_true, y_score, sample_weight, pos_label):
    """A measure of binary scores by the lean call when y_true holds
    exactly two integer values, one of them pos_label (None: the
    greater), given as numbers; None when it does not (or the input is of
    another shape), for the caller's checks as scikit-learn's."""
    y, s = np.asarray(y_true), np.asarray(y_score)
    if y.ndim != 1 or s.ndim != 1 or s.shape[0] != y.shape[0] or y.dtype.kind not in "biuf" or s.dtype.kind not in "biuf":
        return None
    opts = _BINARY_KEYS.get((measure, pos_label)) if type(pos_label) in (int, type(None)) else None
    if opts is None:
        if pos_label is not None and not isinstance(pos_label, _NUMBER_TYPES):
            return None
        opts = "binary=1\x1fmeasure=" + measure
        if pos_label is not None:
            opts += "\x1fpos_label=" + repr(float(pos_label))
        opts = opts.encode()
        if type(pos_label) in (int, type(None)) and len(_BINARY_KEYS) < 64:
            _BINARY_KEYS[(measure, pos_label)] = opts
    w = None
    if sample_weight is not None:
        w = _array(sample_weight)
        if w is None or w[0].ndim != 1 or w[0].shape[0] != y.shape[0]:
            return None
    try:
        return _lean(b"score", opts, y.shape[0], 1, _array(y), _array(s), w)[0][0]
    except _Declined:
        return None


def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None, multi_class="raise", labels=None):
    """Area under the ROC curve (sklearn.metrics.roc_auc_score).

    Binary: y_score the scores of the greater label; max_fpr the McClish
    standardized partial AUC. Multiclass: y_score an (n, k) array of
    probabilities, multi_class "ovr" or "ovo", average "macro" or
    "weighted", labels the class of each column (default the sorted labels
    of y_true).
    """
    if max_fpr is None and average in ("macro", "weighted", "micro", "samples", None):
        v = _binary_score("roc_auc", y_true, y_score, sample_weight, None)
        if v is not None:
            return v
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
    classes = _classes(y)
    if len(classes) != 2:
        raise ValueError("Only one class present in y_true. ROC AUC score is not defined in that case.")
    if average not in ("macro", "weighted", "micro", "samples", None):
        raise ValueError("average has to be one of ('micro', 'macro', 'samples', 'weighted')")
    if max_fpr is not None and not 0 < max_fpr <= 1:
        raise ValueError(f"Expected 'max_fpr' in range (0, 1], got: {max_fpr!r}")
    key = "roc_auc" if max_fpr is None or max_fpr == 1 else "partial_auc"
    return _score("roc_auc_score", key, y, y_score, sample_weight, _label_text(classes[1].item()), max_fpr=max_fpr)


def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    """Average precision, the step-wise area under the precision–recall curve
    (sklearn.metrics.average_precision_score); binary y_true only."""
    v = _binary_score("average_precision", y_true, y_score, sample_weight, pos_label)
    if v is not None:
        return v
    y = np.asarray(y_true)
    if y.ndim != 1 or np.ndim(y_score) != 1:
        _unsupported("average_precision_score", "y_true", f"an array of shape {y.shape}", "binary 1-D labels with 1-D scores")
    present = _classes(y)
    if len(present) > 2:
        _unsupported("average_precision_score", "y_true", "multiclass labels", "binary labels")
    if pos_label not in present.tolist() and len(present) == 2:
        raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present.tolist()}")
    return _score("average_precision_score", "average_precision", y, y_score, sample_weight, _pos_text(y, pos_label))


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
    classes = _classes(y) if labels is None else np.unique(np.asarray(labels))
    if len(classes) == 1:
        raise ValueError(f"y_true contains only one label ({classes[0]}). Please provide the true labels explicitly through the labels argument.")
    if p.ndim == 1:
        if len(classes) != 2:
            raise ValueError(f"y_true and y_pred contain different number of classes {len(classes)}, 2.")
        return _score("log_loss", "log_loss", y, p, sample_weight, _label_text(classes[1].item()))
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
    pos = None if pos_label is None else _pos_text(y_true, pos_label)
    return _score("brier_score_loss", "brier", np.asarray(y_true), y_prob, sample_weight, pos)


def top_k_accuracy_score(y_true, y_score, *, k=2, normalize=True, sample_weight=None, labels=None):
    """The (weighted) share of rows whose true label is among the k labels
    of highest score (sklearn.metrics.top_k_accuracy_score); y_score an
    (n, k) array of scores, the columns the sorted labels (or labels)."""
    if normalize is not True:
        _unsupported("top_k_accuracy_score", "normalize", normalize, "True")
    y, p = np.asarray(y_true), np.asarray(y_score)
    if p.ndim != 2 or p.shape[1] < 3:
        _unsupported("top_k_accuracy_score", "y_score", f"an array of shape {p.shape}", "(n, k) scores of k ≥ 3 classes")
    classes = np.unique(y) if labels is None else np.asarray(labels)
    if labels is not None and (len(np.unique(classes)) != len(classes)):
        raise ValueError("Parameter 'labels' must be unique.")
    if len(classes) != p.shape[1]:
        raise ValueError(
            f"Number of given labels ({len(classes)}) not equal to the number of classes in 'y_score' ({p.shape[1]})."
            if labels is not None
            else f"Number of classes in 'y_true' ({len(classes)}) not equal to the number of classes in 'y_score' ({p.shape[1]}). You can provide a list of all known classes by assigning it to the `labels` parameter."
        )
    r = rank(y, p, sample_weight=sample_weight, classes=_texts(classes), k=min(k, p.shape[1]))
    return _number(r["top_k_accuracy"], "top_k_accuracy_score", "top_k_accuracy")


def _curve(function, curve, y_true, y_score, pos_label, sample_weight, **options):
    y, s = np.asarray(y_true), np.asarray(y_score)
    if y.ndim != 1 or s.ndim != 1:
        _unsupported(function, "y_true", f"arrays of shapes {y.shape} and {s.shape}", "1-D binary labels and scores")
    if len(np.unique(y)) > 2:
        raise ValueError("multiclass format is not supported")
    values = [("score", s)] + ([("weight", sample_weight)] if sample_weight is not None else [])
    pos = None if pos_label is None else _pos_text(y, pos_label)
    c = _measure("curve", labels=[("true", y)], values=values, curve=curve, pos_label=pos, **options)
    out = [np.array([np.inf if v == "inf" else np.nan if v is None else v for v in c[key]], dtype=np.float64) for key in ("x", "y", "thresholds")]
    return out


def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    """The ROC curve: false- and true-positive rates and their decreasing
    thresholds (sklearn.metrics.roc_curve). The first point is (0, 0) at
    the threshold scikit-learn 1.2 gives it, the largest score + 1."""
    fpr, tpr, th = _curve("roc_curve", "roc", y_true, y_score, pos_label, sample_weight, drop_intermediate=bool(drop_intermediate))
    if len(th) > 1:
        th[0] = th[1] + 1  # scikit-learn 1.2's threshold of the point (0, 0)
    return fpr, tpr, th


def precision_recall_curve(y_true, probas_pred, *, pos_label=None, sample_weight=None):
    """Precision and recall at each distinct score, increasing, then the
    point (recall 0, precision 1) (sklearn.metrics.precision_recall_curve)."""
    return tuple(_curve("precision_recall_curve", "pr", y_true, probas_pred, pos_label, sample_weight))


def det_curve(y_true, y_score, pos_label=None, sample_weight=None):
    """The detection error tradeoff curve: false-positive and false-negative
    rates and their increasing thresholds (sklearn.metrics.det_curve)."""
    return tuple(_curve("det_curve", "det", y_true, y_score, pos_label, sample_weight))


def _ranking(function, measure, y_true, y_score, sample_weight, **options):
    y, s = np.asarray(y_true), np.asarray(y_score)
    if y.ndim != 2:
        if measure in ("dcg", "ndcg"):
            kind = "binary" if len(np.unique(y)) <= 2 else "multiclass" if y.dtype.kind in "iub" else "continuous"
            raise ValueError(f"Only ('multilabel-indicator', 'continuous-multioutput', 'multiclass-multioutput') formats are supported. Got {kind} instead")
        raise ValueError("multilabel-indicator format expected: y_true must be a 2-D array")
    if y.shape != s.shape:
        raise ValueError("y_true and y_score have different shape")
    if measure not in ("dcg", "ndcg") and not np.isin(y, (0, 1)).all():
        raise ValueError("multilabel-indicator format is not supported" if y.dtype.kind != "f" else "continuous-multioutput format is not supported")
    y, s = np.asfortranarray(y), np.asfortranarray(s)  # a contiguous column a label
    values = [("true", y[:, j]) for j in range(y.shape[1])] + [("score", s[:, j]) for j in range(s.shape[1])]
    if sample_weight is not None:
        values.append(("weight", sample_weight))
    return float(_measure("ranking", values=values, measure=measure, **options)["value"])


def dcg_score(y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False):
    """Discounted cumulative gain of each row's labels ordered by score,
    averaged over rows (sklearn.metrics.dcg_score); log_base 2 only."""
    if log_base != 2:
        _unsupported("dcg_score", "log_base", log_base, "2")
    return _ranking("dcg_score", "dcg", y_true, y_score, sample_weight, k=k, ignore_ties=bool(ignore_ties))


def ndcg_score(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False):
    """DCG over the DCG of the ideal order (0 for a row of no relevance),
    averaged over rows (sklearn.metrics.ndcg_score)."""
    y = np.asarray(y_true)
    if y.ndim == 2 and y.shape[1] <= 1:
        raise ValueError(f"Computing NDCG is only meaningful when there is more than 1 document. Got {y.shape[1]} instead.")
    return _ranking("ndcg_score", "ndcg", y_true, y_score, sample_weight, k=k, ignore_ties=bool(ignore_ties))


def label_ranking_average_precision_score(y_true, y_score, *, sample_weight=None):
    """Label ranking average precision of multilabel indicators (sklearn.metrics.label_ranking_average_precision_score)."""
    return _ranking("label_ranking_average_precision_score", "lrap", y_true, y_score, sample_weight)


def coverage_error(y_true, y_score, *, sample_weight=None):
    """How far down the ranked labels all the true ones are, on average (sklearn.metrics.coverage_error)."""
    return _ranking("coverage_error", "coverage", y_true, y_score, sample_weight)


def label_ranking_loss(y_true, y_score, *, sample_weight=None):
    """The share of (true, false) label pairs ranked wrongly, averaged over rows (sklearn.metrics.label_ranking_loss)."""
    return _ranking("label_ranking_loss", "label_ranking_loss", y_true, y_score, sample_weight)


# --- classification --------------------------------------------------------


def _multilabel(y, p):
    """Whether y and p are multilabel indicator matrices, as scikit-learn
    tells them (2-D, more than one column, only 0 and 1)."""
    return y.ndim == 2 and y.shape[1] > 1 and np.isin(y, (0, 1)).all() and p.ndim == 2 and np.isin(p, (0, 1)).all()


def _classify(function, y_true, y_pred, sample_weight, labels=None, multilabel=False, **options):
    y, p = _common(y_true, y_pred)
    if multilabel and (y.ndim == 2 or p.ndim == 2):
        if not _multilabel(y, p) or y.shape != p.shape:
            raise ValueError(f"Classification metrics can't handle a mix of {_kind(y)} and {_kind(p)} targets")
        if labels is not None:
            _unsupported(function, "labels", labels, "None with multilabel indicators")
        return classify(y, p, sample_weight=sample_weight, **options)
    for name, a in (("y_true", y), ("y_pred", p)):
        if a.ndim != 1:
            if _multilabel(y, p):
                raise ValueError("multilabel-indicator is not supported")
            _unsupported(function, name, f"an array of shape {a.shape}", "1-D labels or multilabel indicators")
    if labels is None:
        # the core orders the labels as scikit-learn does (sorted: numbers
        # as numbers, strings as strings)
        return classify(y, p, sample_weight=sample_weight, max_matrix=0, **options)
    texts = _texts(labels)
    if len(set(texts)) != len(texts):
        _unsupported(function, "labels", labels, "labels without repeats")
    # labels may leave out labels of y and p: the core's result is over
    # the listed labels as scikit-learn's labels= (per class, averages,
    # confusion matrix, kappa)
    return classify(y, p, sample_weight=sample_weight, labels=texts, max_matrix=max(2, len(labels)), **options)


def _classify_lean(options, y_true, y_pred, sample_weight, size=16):
    """The numbers of the lean call "classify" of 1-D integer labels given
    as numbers (the core codes them), or None for other labels (strings,
    fractions, 2-D, …), which go through the task."""
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if y.ndim != 1 or p.shape != y.shape or y.dtype.kind not in "biuf" or p.dtype.kind not in "biuf":
        return None
    w = None
    if sample_weight is not None:
        w = _array(sample_weight)
        if w is None or w[0].shape != y.shape:
            return None
    try:
        return _lean(b"classify", options, y.shape[0], 1, _array(y), _array(p), w, size=size)
    except _Declined:
        return None


def _kind(a):
    if a.ndim == 2 and a.shape[1] > 1:
        return "multilabel-indicator" if np.isin(a, (0, 1)).all() else "multiclass-multioutput"
    return "binary" if len(np.unique(a)) <= 2 else "multiclass"


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """The (weighted) share of rows predicted right (sklearn.metrics.accuracy_score)."""
    if normalize is not True:
        _unsupported("accuracy_score", "normalize", normalize, "True")
    lean = _classify_lean(("measure=accuracy",), y_true, y_pred, sample_weight)
    if lean is not None:
        return lean[0][0]
    r = _classify("accuracy_score", y_true, y_pred, sample_weight, multilabel=True)
    key = "subset_accuracy" if "subset_accuracy" in r else "accuracy"
    return _number(r[key], "accuracy_score", key)


def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """The mean of the recalls of the classes of y_true (sklearn.metrics.balanced_accuracy_score)."""
    key = "balanced_accuracy_adjusted" if adjusted else "balanced_accuracy"
    lean = _classify_lean(("measure=report", "key=" + key), y_true, y_pred, sample_weight)
    if lean is not None:
        return _number(None if lean[0][0] != lean[0][0] else lean[0][0], "balanced_accuracy_score", key)
    return _number(_classify("balanced_accuracy_score", y_true, y_pred, sample_weight)[key], "balanced_accuracy_score", key)


_ZERO_DIVISION = {"warn": "0", 0: "0", 1: "1"}


def _prf(function, key, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division, beta=None):
    if isinstance(zero_division, bool) or zero_division not in _ZERO_DIVISION:
        _unsupported(function, "zero_division", zero_division, '"warn", 0 or 1')
    if average not in ("binary", "micro", "macro", "weighted", "samples", None):
        raise ValueError("average has to be one of (None, 'micro', 'macro', 'weighted', 'samples', 'binary')")
    options = {"zero_division": _ZERO_DIVISION[zero_division]}
    if beta is not None:
        if beta < 0:
            raise ValueError("beta should be >=0 in the F-beta score")
        options["beta"] = beta
    y_true, y_pred = _common(y_true, y_pred)
    if y_true.ndim == 2 or y_pred.ndim == 2:
        if average == "binary" and _multilabel(y_true, y_pred):
            raise ValueError(
                "Target is multilabel-indicator but average='binary'. Please choose another average setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
            )
        r = _classify(function, y_true, y_pred, sample_weight, labels=labels, multilabel=True, **options)
        if average is None:
            return np.array([_number(c[key], function, f"per_class.{c['label']}.{key}") for c in r["per_class"]])
        return _number(r[average][key], function, f"{average}.{key}")
    if average == "samples":
        raise ValueError("Samplewise metrics are not available outside of multilabel classification.")
    if labels is None and (average != "binary" or (isinstance(pos_label, (int, float, np.number)) and not isinstance(pos_label, bool))):
        opts = ("measure=prf", "field=" + key, "zero_division=" + options["zero_division"], "beta=" + repr(float(options.get("beta", 1))))
        if average == "binary":
            opts += ("pos_label=" + repr(float(pos_label)),)
        lean = _classify_lean(opts, y_true, y_pred, sample_weight, size=1030)
        if lean is not None:
            out, m = lean
            k = int(out[0])
            if average == "binary" and k > 2:
                raise ValueError(
                    "Target is multiclass but average='binary'. Please choose another average setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
                )
            if average is None:
                per = np.array(out[1 : 1 + k])
                if np.isnan(per).any():
                    raise ValueError(f"evalkit.metrics.{function}: per_class.{key} is undefined on these data")
                return per
            if average != "binary" or out[k + 5]:
                v = out[k + {"micro": 1, "macro": 2, "weighted": 3, "binary": 4}[average]]
                if v != v:
                    raise ValueError(f"evalkit.metrics.{function}: {average}.{key} is undefined on these data")
                return v
    if average == "binary":
        present = _unique(y_true, y_pred)
        if len(present) > 2:
            raise ValueError(
                "Target is multiclass but average='binary'. Please choose another average setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
            )
        if pos_label not in present.tolist():
            if len(present) >= 2:
                raise ValueError(f"pos_label={pos_label!r} is not a valid label. It should be one of {present.tolist()}")
            present = np.unique(np.append(present, pos_label))
        # labels= is ignored with average="binary", as in scikit-learn
        r = _classify(function, y_true, y_pred, sample_weight, labels=present, pos_label=_pos_text(present, pos_label), **options)
        return _number(r["binary"][key], function, f"binary.{key}")
    if labels is not None and np.asarray(labels).size == 0:
        _unsupported(function, "labels", labels, "at least one label")
    r = _classify(function, y_true, y_pred, sample_weight, labels=labels, **options)
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


def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    """Jaccard index tp / (tp + fp + fn) (sklearn.metrics.jaccard_score)."""
    return _prf("jaccard_score", "jaccard", y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)


def precision_recall_fscore_support(
    y_true, y_pred, *, beta=1.0, labels=None, pos_label=1, average=None, warn_for=("precision", "recall", "f-score"), sample_weight=None, zero_division="warn"
):
    """Precision, recall, F-beta and support (sklearn.metrics.precision_recall_fscore_support):
    arrays a label with average=None, else three numbers and None."""
    args = (y_true, y_pred, labels, pos_label, average, sample_weight, zero_division)
    f = "precision_recall_fscore_support"
    p = _prf(f, "precision", *args)
    r = _prf(f, "recall", *args)
    fb = _prf(f, "f1", *args) if beta == 1 else _prf(f, "fbeta", *args, beta=beta)
    if average is not None:
        return p, r, fb, None
    y, q = _common(y_true, y_pred)
    res = _classify(f, y, q, sample_weight, labels=labels, multilabel=True)
    return p, r, fb, np.array([c["support"] for c in res["per_class"]], dtype=np.int64 if sample_weight is None else np.float64)


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """The (weighted) share of labels predicted wrong (sklearn.metrics.hamming_loss)."""
    lean = _classify_lean(("measure=report", "key=hamming_loss"), y_true, y_pred, sample_weight)
    if lean is not None:
        return lean[0][0]
    return _number(_classify("hamming_loss", y_true, y_pred, sample_weight, multilabel=True)["hamming_loss"], "hamming_loss", "hamming_loss")


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """The (weighted) share of rows predicted wrong (sklearn.metrics.zero_one_loss)."""
    if normalize is not True:
        _unsupported("zero_one_loss", "normalize", normalize, "True")
    lean = _classify_lean(("measure=report", "key=zero_one_loss"), y_true, y_pred, sample_weight)
    if lean is not None:
        return lean[0][0]
    return _number(_classify("zero_one_loss", y_true, y_pred, sample_weight, multilabel=True)["zero_one_loss"], "zero_one_loss", "zero_one_loss")


def _check_matrix_labels(y_true, labels):
    """scikit-learn's checks of confusion_matrix's labels=: at least one
    label, and one of them in y_true."""
    given = np.asarray(labels)
    if given.size == 0:
        raise ValueError("'labels' should contains at least one label.")
    if not set(given.tolist()) & set(np.unique(np.asarray(y_true)).tolist()):
        raise ValueError("At least one label specified must be in y_true")


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """The confusion matrix, rows the true labels and columns the predicted
    ones, in the order of labels (default sorted) (sklearn.metrics.confusion_matrix).
    Integers without sample_weight, else floats; normalize ("true", "pred"
    or "all") divides by the rows', the columns' or the whole sum (0 where
    that sum is 0). labels may name some of the labels only: the matrix of
    the rows whose true and predicted labels are both listed."""
    if normalize not in ("true", "pred", "all", None):
        raise ValueError("normalize must be one of {'true', 'pred', 'all', None}")
    if labels is not None:
        _check_matrix_labels(y_true, labels)
    else:
        opts = ("measure=confusion",) + (("normalize=" + normalize,) if normalize is not None else ())
        lean = _classify_lean(opts, y_true, y_pred, sample_weight, size=1025)
        if lean is not None:
            out, m = lean
            k = int(out[0])
            cells = np.ctypeslib.as_array(out)[1 : 1 + k * k].reshape(k, k)
            if normalize is not None:
                return np.nan_to_num(cells, nan=0.0)  # 0 where the sum divided by is 0
            return cells.astype(np.int64 if sample_weight is None else np.float64)
    r = _classify("confusion_matrix", y_true, y_pred, sample_weight, labels=labels, normalize=normalize)
    if normalize is not None:
        m = np.array([[0.0 if v is None else v for v in row] for row in r["confusion_matrix_normalized"]], dtype=np.float64)
    else:
        m = np.array(r["confusion_matrix"], dtype=np.int64 if sample_weight is None else np.float64)
    return m


def multilabel_confusion_matrix(y_true, y_pred, *, sample_weight=None, labels=None, samplewise=False):
    """A 2×2 matrix [[tn, fp], [fn, tp]] a label, each label against the
    rest (sklearn.metrics.multilabel_confusion_matrix); 1-D labels only."""
    if samplewise:
        _unsupported("multilabel_confusion_matrix", "samplewise", samplewise, "False")
    r = _classify("multilabel_confusion_matrix", y_true, y_pred, sample_weight, labels=labels, multilabel=True)
    cells = [[[c["tn"], c["fp"]], [c["fn"], c["tp"]]] for c in r["per_class"]]
    return np.array(cells, dtype=np.int64 if sample_weight is None else np.float64)


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (sklearn.metrics.matthews_corrcoef)."""
    lean = _classify_lean(("measure=report", "key=mcc"), y_true, y_pred, sample_weight)
    if lean is not None:
        return _number(None if lean[0][0] != lean[0][0] else lean[0][0], "matthews_corrcoef", "mcc")
    return _number(_classify("matthews_corrcoef", y_true, y_pred, sample_weight)["mcc"], "matthews_corrcoef", "mcc")


def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None):
    """Cohen's kappa of two raters, unweighted, "linear" or "quadratic"
    (sklearn.metrics.cohen_kappa_score); y1 plays y_true."""
    key = {None: "cohen_kappa", "linear": "cohen_kappa_linear", "quadratic": "cohen_kappa_quadratic"}.get(weights)
    if key is None:
        raise ValueError(f"Unknown kappa weighting type: {weights}")
    if labels is not None:
        # the kappa of confusion_matrix(labels=labels), with its checks
        _check_matrix_labels(y1, labels)
    else:
        lean = _classify_lean(("measure=report", "key=" + key), y1, y2, sample_weight)
        if lean is not None:
            return lean[0][0]  # NaN where undefined, as scikit-learn's 0/0
    r = _classify("cohen_kappa_score", y1, y2, sample_weight, labels=labels)
    # undefined (no expected disagreement, e.g. one listed label): NaN, as
    # scikit-learn's 0/0 gives it
    return float("nan") if r[key] is None else float(r[key])


def classification_report(y_true, y_pred, *, labels=None, target_names=None, sample_weight=None, digits=2, output_dict=False, zero_division="warn"):
    """Precision, recall, F1 and support of each label, and their micro
    (shown as "accuracy" when it is the accuracy: single-label data over
    all its labels), macro and weighted averages (and samples, multilabel),
    as text or a dict (sklearn.metrics.classification_report). labels may
    name some of the labels only: then the micro average is shown as such."""
    if isinstance(zero_division, bool) or zero_division not in _ZERO_DIVISION:
        _unsupported("classification_report", "zero_division", zero_division, '"warn", 0 or 1')
    y, p = _common(y_true, y_pred)
    r = _classify("classification_report", y, p, sample_weight, labels=labels, multilabel=True, zero_division=_ZERO_DIVISION[zero_division])
    multilabel = "samples" in r
    if labels is None:
        names = [c["label"] for c in r["per_class"]] if multilabel else [str(v) for v in _unique(y, p)]
        given = False
    else:
        names = [str(v) for v in np.asarray(labels)]
        given = True
    micro_is_accuracy = not multilabel and (not given or set(np.asarray(labels).tolist()) == set(_unique(y, p).tolist()))
    if target_names is not None and len(target_names) != len(names):
        if not given:
            raise ValueError(
                f"Number of classes, {len(names)}, does not match size of target_names, {len(target_names)}. Try specifying the labels parameter"
            )
        warnings.warn(f"labels size, {len(names)}, does not match size of target_names, {len(target_names)}")
    if target_names is None:
        target_names = names
    kind = int if sample_weight is None else float
    per = [(str(t), c["precision"], c["recall"], c["f1"], kind(c["support"])) for t, c in zip(target_names, r["per_class"])]
    total = kind(sum(c["support"] for c in r["per_class"]))
    averages = ["micro", "macro", "weighted"] + (["samples"] if multilabel else [])
    headers = ["precision", "recall", "f1-score", "support"]

    def value(v):
        return 0.0 if v is None else float(v)

    if output_dict:
        out = {t: dict(zip(headers, (value(a), value(b), value(c), n))) for t, a, b, c, n in per}
        for a in averages:
            v = r[a]
            if a == "micro" and micro_is_accuracy:
                out["accuracy"] = value(v["precision"])
            else:
                out[a + " avg"] = dict(zip(headers, (value(v["precision"]), value(v["recall"]), value(v["f1"]), total)))
        return out
    width = max([len(t) for t, *_ in per] + [len("weighted avg"), digits])

    def line(head, cells):
        return f"{head:>{width}} " + "".join(f" {c:>9}" for c in cells) + "\n"

    def num(v):
        return f"{value(v):.{digits}f}"

    text = line("", headers) + "\n"
    for t, a, b, c, n in per:
        text += line(t, [num(a), num(b), num(c), n])
    text += "\n"
    for a in averages:
        v = r[a]
        if a == "micro" and micro_is_accuracy:
            text += line("accuracy", ["", "", num(v["f1"]), total])
        else:
            text += line(a + " avg", [num(v["precision"]), num(v["recall"]), num(v["f1"]), total])
    return text


# --- regression ------------------------------------------------------------

# scikit-learn bounds the denominator of MAPE by the float64 machine epsilon.
_MAPE_EPSILON = float(np.finfo(np.float64).eps)


# The regression measures that need every row kept (regress.Options'
# bounded memory leaves them out).
_KEPT = {"medae", "d2_pinball", "d2_absolute_error"}


_MULTIOUTPUT = {"raw_values": "raw", "uniform_average": "uniform", "variance_weighted": "variance-weighted"}

# The lean call's options of every regression measure: scikit-learn's
# MAPE epsilon.
# The weighted percentiles (median_absolute_error, d2_absolute_error_score,
# d2_pinball_score with sample_weight) sum their cumulative weights in
# floating point, in the order of the values, as scikit-learn does.
class UndefinedMetricWarning(UserWarning):
    """A measure is undefined on the data (scikit-learn's
    sklearn.exceptions.UndefinedMetricWarning)."""


_ndarray = np.ndarray
_F64 = np.dtype(np.float64)
_REGRESS_OPTIONS = ("mape_epsilon=" + repr(_MAPE_EPSILON), "cum_weights=float")

# The encoded options of a one-output call without options, by measure.
_REGRESS_KEYS = {}


def _regress(function, key, y_true, y_pred, sample_weight, multioutput, allowed=("raw_values", "uniform_average"), **options):
    """One regression measure of the core's lean call (a state of the
    measure's own sums, regress.FoldOnly); inputs it does not take (not
    numbers, shapes that differ) go through the task, which gives its
    error."""
    if (type(y_true) is _ndarray and type(y_pred) is _ndarray and sample_weight is None and not options
            and multioutput == "uniform_average" and y_true.dtype is _F64 and y_pred.dtype is _F64
            and y_true.ndim == 1 and y_pred.ndim == 1 and y_true.shape == y_pred.shape
            and y_true.flags.c_contiguous and y_pred.flags.c_contiguous):
        # The common call (two 1-D float64 arrays, no weights, no option)
        # without the general path's conversions and checks.
        out, _ = _lean(b"regress", _regress_opts(key, options), y_true.shape[0], 1, (y_true, 0), (y_pred, 0))
        return _defined(out[0], function, key)
    y, p = np.asarray(y_true), np.asarray(y_pred)
    raw = isinstance(multioutput, str) and multioutput == "raw_values"
    if isinstance(multioutput, str) and multioutput not in allowed:
        raise ValueError(f"Allowed 'multioutput' string values are {allowed}. You provided multioutput={multioutput!r}")
    if y.ndim == 1 and p.ndim == 1:
        k = 1
    else:
        if y.ndim == 1:
            y = y[:, None]
        if p.ndim == 1:
            p = p[:, None]
        k = y.shape[1] if y.ndim == 2 else 0
    a, b = _array(y), _array(p)
    w = None if sample_weight is None else _array(sample_weight)
    n = y.shape[0] if y.ndim else 0
    if a is None or b is None or y.shape != p.shape or k == 0 or (w is not None and (w[0].ndim != 1 or w[0].shape[0] != n)) or (sample_weight is not None and w is None):
        return _regress_task(function, key, y_true, y_pred, sample_weight, multioutput, allowed, **options)
    opts = _regress_opts(key, options) if k == 1 else _regress_texts(key, options)
    if not isinstance(multioutput, str):
        weights = np.asarray(multioutput, dtype=np.float64)
        if weights.ndim != 1 or len(weights) != k:
            raise ValueError(f"There must be equally many custom weights ({weights.size}) as outputs ({k}).")
        if k > 1:
            opts += ("output_weights=" + ",".join(repr(float(v)) for v in weights.tolist()),)
    elif k > 1:
        opts += ("multioutput=" + _MULTIOUTPUT[multioutput],)
    out, m = _lean(b"regress", opts, n, k, a, b, w, size=k)
    if raw:
        vals = [out[j] for j in range(m)]
        for j, v in enumerate(vals):
            if v != v:
                raise ValueError(f"evalkit.metrics.{function}: outputs.{j}.{key} is undefined on these data")
        return np.array(vals)
    return _defined(out[0], function, key)


def _regress_texts(key, options):
    """The option texts of the lean regress call of a measure."""
    return _REGRESS_OPTIONS + ("measure=" + key,) + tuple(f"{o}={float(v)!r}" for o, v in options.items())


def _regress_opts(key, options):
    """The option bytes of a one-output lean regress call of a measure
    and its options, made once."""
    ck = (key, tuple(options.items())) if options else key
    opts = _REGRESS_KEYS.get(ck)
    if opts is None:
        opts = "\x1f".join(_regress_texts(key, options)).encode()
        if len(_REGRESS_KEYS) < 256:
            _REGRESS_KEYS[ck] = opts
    return opts


def _defined(v, function, key):
    """v, a measure's value, or the error of a measure the core left
    undefined (NaN)."""
    if v != v:
        raise ValueError(f"evalkit.metrics.{function}: {key} is undefined on these data")
    return v


def _regress_task(function, key, y_true, y_pred, sample_weight, multioutput, allowed=("raw_values", "uniform_average"), **options):
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if not isinstance(multioutput, str):
        weights = np.asarray(multioutput, dtype=np.float64)
        outputs = 1 if y.ndim == 1 else y.shape[1]
        if weights.ndim != 1 or len(weights) != outputs:
            raise ValueError(f"There must be equally many custom weights ({weights.size}) as outputs ({outputs}).")
        if outputs == 1:
            multioutput = "uniform_average"
        else:
            options["output_weights"] = weights.tolist()
    elif multioutput not in allowed:
        raise ValueError(f"Allowed 'multioutput' string values are {allowed}. You provided multioutput={multioutput!r}")
    if key not in _KEPT and not (key == "d2_tweedie" and options.get("power", 0) != 0):
        options["bounded_memory"] = True  # the measure needs no row kept
    if y.ndim == 1 and p.ndim == 1:
        r = regress(y, p, sample_weight=sample_weight, mape_epsilon=_MAPE_EPSILON, **options)
        v = _number(r[key], function, key)
        return np.array([v]) if isinstance(multioutput, str) and multioutput == "raw_values" else v
    if "output_weights" not in options:
        options["multioutput"] = {"raw_values": "raw", "uniform_average": "uniform", "variance_weighted": "variance-weighted"}[multioutput]
    r = regress(y, p, sample_weight=sample_weight, mape_epsilon=_MAPE_EPSILON, **options)
    if isinstance(multioutput, str) and multioutput == "raw_values":
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
    try:
        return _regress("r2_score", "r2", y_true, y_pred, sample_weight, multioutput, ("raw_values", "uniform_average", "variance_weighted"))
    except ValueError:
        return _nan_on_one_row("R^2", y_true, y_pred)


def _nan_on_one_row(score, y_true, y_pred):
    """Called while the core's ValueError is handled: scikit-learn's
    answer for an R² or D² score (score "R^2" or "D^2") of one row of
    finite numbers, which the core leaves undefined — a warning and NaN;
    on any other input the error is raised again."""
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if not (y.ndim in (1, 2) and y.shape[:1] == (1,) and y.shape == p.shape and y.dtype.kind in "biuf"
            and p.dtype.kind in "biuf" and np.isfinite(y).all() and np.isfinite(p).all()):
        raise
    warnings.warn(f"{score} score is not well-defined with less than two samples.", UndefinedMetricWarning)
    return float("nan")


def _d2(function, key, y_true, y_pred, sample_weight, multioutput, **options):
    """A D² score: scikit-learn's NaN and warning on one row."""
    try:
        return _regress(function, key, y_true, y_pred, sample_weight, multioutput, **options)
    except ValueError:
        return _nan_on_one_row("D^2", y_true, y_pred)


# --- clustering ------------------------------------------------------------


def _labels(function, name, a):
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError(f"{name} must be 1D: shape is {a.shape}")
    return a


def adjusted_rand_score(labels_true, labels_pred):
    """Adjusted Rand index (sklearn.metrics.adjusted_rand_score)."""
    y, p = np.asarray(labels_true), np.asarray(labels_pred)
    if y.ndim == 1 and p.shape == y.shape and y.dtype.kind in "biuf" and p.dtype.kind in "biuf":
        try:
            return _lean(b"cluster", ("measure=ari",), y.shape[0], 1, _array(y), _array(p))[0][0]
        except _Declined:
            pass  # labels the lean call leaves to the task
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



def explained_variance_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", force_finite=True):
    """Explained variance 1 − Var(y − ŷ) / Var(y) (sklearn.metrics.explained_variance_score)."""
    if force_finite is not True:
        _unsupported("explained_variance_score", "force_finite", force_finite, "True")
    allowed = ("raw_values", "uniform_average", "variance_weighted")
    return _regress("explained_variance_score", "explained_variance", y_true, y_pred, sample_weight, multioutput, allowed)


def max_error(y_true, y_pred):
    """The largest absolute error (sklearn.metrics.max_error); one output."""
    y, p = np.asarray(y_true), np.asarray(y_pred)
    if y.ndim > 1 and y.shape[1] > 1:
        raise ValueError("Multioutput not supported in max_error")
    return _regress("max_error", "max_error", y.ravel(), p.ravel(), None, "uniform_average")


def mean_squared_log_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average", squared=True):
    """Mean squared error of log(1 + y), or with squared=False its root (sklearn.metrics.mean_squared_log_error)."""
    if (np.asarray(y_true) < 0).any() or (np.asarray(y_pred) < 0).any():
        raise ValueError("Mean Squared Logarithmic Error cannot be used when targets contain negative values.")
    return _regress("mean_squared_log_error", "msle" if squared else "rmsle", y_true, y_pred, sample_weight, multioutput)


def mean_pinball_loss(y_true, y_pred, *, sample_weight=None, alpha=0.5, multioutput="uniform_average"):
    """Pinball (quantile) loss at quantile alpha (sklearn.metrics.mean_pinball_loss)."""
    return _regress("mean_pinball_loss", "pinball", y_true, y_pred, sample_weight, multioutput, alpha=alpha)


def _deviance(function, key, y_true, y_pred, sample_weight, power):
    if 0 < power < 1:
        raise ValueError("Tweedie deviance is only defined for power<=0 and power>=1.")
    y, p = np.asarray(y_true).ravel(), np.asarray(y_pred).ravel()
    try:
        return _regress(function, key, y, p, sample_weight, "uniform_average", power=power)
    except ValueError:
        # The core leaves a deviance undefined when a row is outside the
        # power's domain: scikit-learn's error then, checked only here so
        # that a call on valid data makes no pass over the arrays in numpy.
        if y.shape == p.shape:
            _deviance_domain(y, p, power)
        if key == "d2_tweedie":
            return _nan_on_one_row("D^2", y, p)
        raise


def _deviance_domain(y, p, power):
    """Raises scikit-learn's error when a row of (y, p) is outside the
    domain of the Tweedie deviance of the power."""
    if power < 0:
        if (p <= 0).any():
            raise ValueError("Mean Tweedie deviance error with power=" + str(power) + " can only be used on strictly positive y_pred.")
    elif 1 <= power < 2:
        if (y < 0).any() or (p <= 0).any():
            raise ValueError("Mean Tweedie deviance error with power=" + str(power) + " can only be used on non-negative y and strictly positive y_pred.")
    elif power >= 2:
        if (y <= 0).any() or (p <= 0).any():
            raise ValueError("Mean Tweedie deviance error with power=" + str(power) + " can only be used on strictly positive y and y_pred.")


def mean_poisson_deviance(y_true, y_pred, *, sample_weight=None):
    """Mean Poisson deviance (sklearn.metrics.mean_poisson_deviance)."""
    return _deviance("mean_poisson_deviance", "poisson_deviance", y_true, y_pred, sample_weight, 1)


def mean_gamma_deviance(y_true, y_pred, *, sample_weight=None):
    """Mean Gamma deviance (sklearn.metrics.mean_gamma_deviance)."""
    return _deviance("mean_gamma_deviance", "gamma_deviance", y_true, y_pred, sample_weight, 2)


def mean_tweedie_deviance(y_true, y_pred, *, sample_weight=None, power=0):
    """Mean Tweedie deviance of power p (sklearn.metrics.mean_tweedie_deviance)."""
    return _deviance("mean_tweedie_deviance", "tweedie_deviance", y_true, y_pred, sample_weight, power)


def d2_tweedie_score(y_true, y_pred, *, sample_weight=None, power=0):
    """D², the share of Tweedie deviance explained (sklearn.metrics.d2_tweedie_score)."""
    return _deviance("d2_tweedie_score", "d2_tweedie", y_true, y_pred, sample_weight, power)


def d2_pinball_score(y_true, y_pred, *, sample_weight=None, alpha=0.5, multioutput="uniform_average"):
    """D², the share of pinball loss explained (sklearn.metrics.d2_pinball_score)."""
    return _d2("d2_pinball_score", "d2_pinball", y_true, y_pred, sample_weight, multioutput, alpha=alpha)


def d2_absolute_error_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    """D², the share of absolute error explained (sklearn.metrics.d2_absolute_error_score)."""
    return _d2("d2_absolute_error_score", "d2_absolute_error", y_true, y_pred, sample_weight, multioutput)


def _external(function, labels_true, labels_pred, **options):
    return cluster(_labels(function, "labels_true", labels_true), _labels(function, "labels_pred", labels_pred), **options)


def adjusted_mutual_info_score(labels_true, labels_pred, *, average_method="arithmetic"):
    """Adjusted mutual information (sklearn.metrics.adjusted_mutual_info_score)."""
    if average_method not in ("min", "geometric", "arithmetic", "max"):
        raise ValueError("'average_method' must be 'min', 'geometric', 'arithmetic', or 'max'")
    r = _external("adjusted_mutual_info_score", labels_true, labels_pred, average=average_method)
    return _number(r["ami"], "adjusted_mutual_info_score", "ami")


def mutual_info_score(labels_true, labels_pred, *, contingency=None):
    """Mutual information of two labellings, in nats (sklearn.metrics.mutual_info_score)."""
    if contingency is not None:
        _unsupported("mutual_info_score", "contingency", "a matrix", "None (the labels)")
    return _number(_external("mutual_info_score", labels_true, labels_pred)["mutual_info"], "mutual_info_score", "mutual_info")


def homogeneity_completeness_v_measure(labels_true, labels_pred, *, beta=1.0):
    """Homogeneity, completeness and V-measure (sklearn.metrics.homogeneity_completeness_v_measure)."""
    r = _external("homogeneity_completeness_v_measure", labels_true, labels_pred, beta=beta)
    return tuple(_number(r[k], "homogeneity_completeness_v_measure", k) for k in ("homogeneity", "completeness", "v_measure"))


def homogeneity_score(labels_true, labels_pred):
    """Homogeneity: each cluster holds one class (sklearn.metrics.homogeneity_score)."""
    return homogeneity_completeness_v_measure(labels_true, labels_pred)[0]


def completeness_score(labels_true, labels_pred):
    """Completeness: each class is in one cluster (sklearn.metrics.completeness_score)."""
    return homogeneity_completeness_v_measure(labels_true, labels_pred)[1]


def v_measure_score(labels_true, labels_pred, *, beta=1.0):
    """V-measure, the weighted harmonic mean of homogeneity and completeness (sklearn.metrics.v_measure_score)."""
    return homogeneity_completeness_v_measure(labels_true, labels_pred, beta=beta)[2]


def fowlkes_mallows_score(labels_true, labels_pred, *, sparse=False):
    """Fowlkes–Mallows index (sklearn.metrics.fowlkes_mallows_score)."""
    r = _external("fowlkes_mallows_score", labels_true, labels_pred)
    return _number(r["fowlkes_mallows"], "fowlkes_mallows_score", "fowlkes_mallows")


def rand_score(labels_true, labels_pred):
    """Rand index, the share of pairs on which the labellings agree (sklearn.metrics.rand_score)."""
    return _number(_external("rand_score", labels_true, labels_pred)["rand_index"], "rand_score", "rand_index")


def pair_confusion_matrix(labels_true, labels_pred):
    """The 2×2 matrix of ordered pairs of rows: [[different in both,
    together in the prediction only], [together in the truth only,
    together in both]] (sklearn.metrics.pair_confusion_matrix). The core
    counts unordered pairs; each is two ordered ones."""
    r = _external("pair_confusion_matrix", labels_true, labels_pred)
    return 2 * np.array([[r["d"], r["b"]], [r["c"], r["a"]]], dtype=np.int64)


def contingency_matrix(labels_true, labels_pred, *, eps=None, sparse=False, dtype=np.int64):
    """Rows the sorted classes of labels_true, columns the sorted clusters
    of labels_pred, the count of rows of each pair (sklearn.metrics.cluster.contingency_matrix)."""
    if eps is not None and sparse:
        raise ValueError("Cannot set 'eps' when sparse=True")
    if sparse:
        _unsupported("contingency_matrix", "sparse", sparse, "False")
    r = _external("contingency_matrix", labels_true, labels_pred, max_matrix=0)
    m = np.array(r["contingency"]["matrix"], dtype=np.int64)
    if eps is not None:
        return m.astype(np.float64) + eps  # scikit-learn's eps, added to every cell
    return m.astype(dtype, copy=False)


def _internal(function, key, X, labels, **options):
    x = np.asarray(X)
    if x.ndim != 2:
        raise ValueError(f"Expected 2D array, got {x.ndim}D array instead")
    r = cluster(None, _labels(function, "labels", labels), features=x, pairwise_limit=0, **options)
    return _number(r[key], function, key)


def silhouette_score(X, labels, *, metric="euclidean", sample_size=None, random_state=None, **kwds):
    """Mean silhouette coefficient of the rows (sklearn.metrics.silhouette_score);
    metric euclidean, manhattan or cosine; every row (sample_size None)."""
    if sample_size is not None:
        _unsupported("silhouette_score", "sample_size", sample_size, "None")
    if metric not in ("euclidean", "manhattan", "cosine"):
        _unsupported("silhouette_score", "metric", metric, '"euclidean", "manhattan" or "cosine"')
    if kwds:
        _unsupported("silhouette_score", next(iter(kwds)), kwds[next(iter(kwds))], "no metric parameters")
    k, n = len(np.unique(np.asarray(labels))), len(labels)
    if not 1 < k < n:
        raise ValueError(f"Number of labels is {k}. Valid values are 2 to n_samples - 1 (inclusive)")
    return _internal("silhouette_score", "silhouette", X, labels, metric=metric)


def calinski_harabasz_score(X, labels):
    """Calinski–Harabasz index, the between- over the within-cluster dispersion (sklearn.metrics.calinski_harabasz_score)."""
    k, n = len(np.unique(np.asarray(labels))), len(labels)
    if not 1 < k < n:
        raise ValueError(f"Number of labels is {k}. Valid values are 2 to n_samples - 1 (inclusive)")
    return _internal("calinski_harabasz_score", "calinski_harabasz", X, labels)


def davies_bouldin_score(X, labels):
    """Davies–Bouldin index (sklearn.metrics.davies_bouldin_score)."""
    k, n = len(np.unique(np.asarray(labels))), len(labels)
    if not 1 < k < n:
        raise ValueError(f"Number of labels is {k}. Valid values are 2 to n_samples - 1 (inclusive)")
    return _internal("davies_bouldin_score", "davies_bouldin", X, labels)
