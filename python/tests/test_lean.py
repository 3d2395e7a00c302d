"""The lean calls of evalkit.metrics (evalkit_measure: one measure's
numbers, no task report, no JSON) against scikit-learn (1e-12 relative)
and against the native API's JSON for the same data (the same float, bit
for bit); errors as the task gives them."""

import numpy as np
import pytest

import evalkit as ek
from evalkit import metrics as em

sk = pytest.importorskip("sklearn.metrics")

REL = 1e-12
EPS = float(np.finfo(np.float64).eps)


def close(got, want):
    np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(want, dtype=float), rtol=REL, atol=1e-300)


# --- regression -------------------------------------------------------------

# (function, key of ek.regress, options of ek.regress, multioutput allowed)
REGRESSION = [
    ("mean_squared_error", "mse", {}, True),
    ("mean_absolute_error", "mae", {}, True),
    ("median_absolute_error", "medae", {}, True),
    ("mean_absolute_percentage_error", "mape", {}, True),
    ("r2_score", "r2", {}, True),
    ("explained_variance_score", "explained_variance", {}, True),
    ("mean_squared_log_error", "msle", {}, True),
    ("mean_pinball_loss", "pinball", {"alpha": 0.3}, True),
    ("d2_pinball_score", "d2_pinball", {"alpha": 0.3}, True),
    ("d2_absolute_error_score", "d2_absolute_error", {}, True),
    ("mean_poisson_deviance", "poisson_deviance", {}, False),
    ("mean_gamma_deviance", "gamma_deviance", {}, False),
    ("mean_tweedie_deviance", "tweedie_deviance", {"power": 1.5}, False),
    ("d2_tweedie_score", "d2_tweedie", {"power": 1.5}, False),
    ("max_error", "max_error", {}, False),
]


def regression_data(seed, n, k=None):
    g = np.random.default_rng(seed)
    shape = (n,) if k is None else (n, k)
    y = g.exponential(3, shape)
    return y, y * g.uniform(0.5, 1.5, shape) + 0.01, g.uniform(0.2, 3.0, n)


@pytest.mark.parametrize("function,key,options,multi", REGRESSION)
@pytest.mark.parametrize("n", [3, 100, 70000])
@pytest.mark.parametrize("weighted", [False, True])
def test_regression_one_output(function, key, options, multi, n, weighted):
    y, p, w = regression_data(n, n)
    if function == "max_error":
        if weighted:
            pytest.skip("max_error takes no weights")
        w = None
    elif not weighted:
        w = None
    kw = {} if w is None else {"sample_weight": w}
    kw.update(options)
    got = getattr(em, function)(y, p, **kw)
    assert isinstance(got, float)
    close(got, getattr(sk, function)(y, p, **kw))
    native = ek.regress(y, p, sample_weight=w, mape_epsilon=EPS, **options)[key]
    assert got == native


@pytest.mark.parametrize("function,key,options,multi", [r for r in REGRESSION if r[3]])
@pytest.mark.parametrize("multioutput", ["raw_values", "uniform_average", "variance_weighted", [0.2, 1.0, 2.5]])
@pytest.mark.parametrize("weighted", [False, True])
def test_regression_outputs(function, key, options, multi, multioutput, weighted):
    y, p, w = regression_data(5, 300, 3)
    if not weighted:
        w = None
    if multioutput == "variance_weighted" and function not in ("r2_score", "explained_variance_score"):
        with pytest.raises(ValueError):
            getattr(em, function)(y, p, multioutput=multioutput)
        return
    kw = {"multioutput": multioutput, **options}
    if w is not None:
        kw["sample_weight"] = w
    got = getattr(em, function)(y, p, **kw)
    close(got, getattr(sk, function)(y, p, **kw))
    if isinstance(multioutput, list):
        native = ek.regress(y, p, sample_weight=w, mape_epsilon=EPS, output_weights=multioutput, **options)
    else:
        how = {"raw_values": "raw", "uniform_average": "uniform", "variance_weighted": "variance-weighted"}[multioutput]
        native = ek.regress(y, p, sample_weight=w, mape_epsilon=EPS, multioutput=how, **options)
    if multioutput == "raw_values":
        assert got.tolist() == [o[key] for o in native["outputs"]]
    else:
        assert got == native[key]


def test_regression_dtypes():
    g = np.random.default_rng(3)
    y = g.integers(0, 50, 200)
    for p in (y.astype(np.float32) + 0.5, y.astype(np.int32) + 1, (y % 2).astype(bool), y.astype(np.int8)):
        close(em.mean_squared_error(y, p), sk.mean_squared_error(y, p))
        close(em.r2_score(p, y), sk.r2_score(p.astype(np.float64), y))  # scikit-learn sums float32 in float32
    close(em.mean_absolute_error(y[::2], y[1::2]), sk.mean_absolute_error(y[::2], y[1::2]))  # strided


def task_error(f):
    with pytest.raises(ValueError) as e:
        f()
    return str(e.value)


def test_regression_errors_are_the_tasks():
    y, p, w = regression_data(1, 20)
    y[7] = np.nan
    assert task_error(lambda: em.mean_squared_error(y, p)) == task_error(lambda: ek.regress(y, p))
    y[7] = 1
    w[3] = -1
    assert task_error(lambda: em.r2_score(y, p, sample_weight=w)) == task_error(lambda: ek.regress(y, p, sample_weight=w))
    # lengths that differ, labels that are no numbers: the task's errors
    assert task_error(lambda: em.mean_absolute_error(y, p[:-1])) == task_error(lambda: ek.regress(y, p[:-1]))
    with pytest.raises(ValueError):
        em.mean_absolute_error(np.array(["a", "b"]), np.array([1.0, 2.0]))
    # undefined: R² of a row that is no number (one valid row: NaN and a
    # warning, as scikit-learn)
    with pytest.raises(ValueError):
        em.r2_score([np.nan], [2.0])


# --- classification ----------------------------------------------------------


def labels_data(seed, n, k, lo=0, dtype=np.int64):
    g = np.random.default_rng(seed)
    y = g.integers(lo, lo + k, n)
    p = np.where(g.random(n) < 0.7, y, g.integers(lo, lo + k, n))
    return y.astype(dtype), p.astype(dtype), g.random(n) * 2


@pytest.mark.parametrize("n,k,lo,dtype", [(1, 2, 0, np.int64), (40, 2, -1, np.int64), (300, 10, 0, np.int32), (300, 3, 1, np.float64), (90000, 10, -4, np.int64), (200, 2, 0, bool)])
@pytest.mark.parametrize("weighted", [False, True])
def test_classification(n, k, lo, dtype, weighted):
    y, p, w = labels_data(n + k, n, k, lo, dtype)
    w = w if weighted else None
    kw = {} if w is None else {"sample_weight": w}
    native = ek.classify(y, p, sample_weight=w, max_matrix=0, zero_division="1", normalize="pred")
    got = em.accuracy_score(y, p, **kw)
    close(got, sk.accuracy_score(y, p, **kw))
    assert got == native["accuracy"]
    m = em.confusion_matrix(y, p, **kw)
    want = sk.confusion_matrix(y, p, **kw)
    assert m.dtype == want.dtype and m.shape == want.shape
    close(m, want)
    assert m.tolist() == native["confusion_matrix"]
    for normalize in ("true", "pred", "all"):
        close(em.confusion_matrix(y, p, normalize=normalize, **kw), sk.confusion_matrix(y, p, normalize=normalize, **kw))
    mn = em.confusion_matrix(y, p, normalize="pred", **kw)
    assert mn.tolist() == [[0.0 if v is None else v for v in row] for row in native["confusion_matrix_normalized"]]
    for function, key in (("precision_score", "precision"), ("recall_score", "recall"), ("f1_score", "f1"), ("jaccard_score", "jaccard")):
        for average in ("micro", "macro", "weighted", None):
            got = getattr(em, function)(y, p, average=average, zero_division=1, **kw)
            close(got, getattr(sk, function)(y, p, average=average, zero_division=1, **kw))
            if average is None:
                assert got.tolist() == [c[key] for c in native["per_class"]]
            else:
                assert got == native[average][key]
    got = em.fbeta_score(y, p, beta=0.5, average="macro", **kw)
    close(got, sk.fbeta_score(y, p, beta=0.5, average="macro", **kw))
    present = np.unique(np.concatenate([y, p]))
    if len(present) == 2:
        pos = present[-1]
        got = em.f1_score(y, p, pos_label=pos, **kw)
        close(got, sk.f1_score(y, p, pos_label=pos, **kw))
        assert got == ek.classify(y, p, sample_weight=w, pos_label=str(pos.item() if not isinstance(pos, np.bool_) else int(pos)))["binary"]["f1"]
    elif len(present) > 2:
        with pytest.raises(ValueError, match="Target is multiclass"):
            em.f1_score(y, p)


def test_classification_left_to_the_task():
    # fractional labels: the task's error; strings: the task's numbers
    y, p = np.array([0.5, 1.0, 1.0]), np.array([1.0, 1.0, 0.5])
    assert task_error(lambda: em.accuracy_score(y, p)) == task_error(lambda: ek.classify(y, p, max_matrix=0))
    ys, ps = np.array(["a", "b", "b", "c"]), np.array(["a", "b", "c", "c"])
    close(em.f1_score(ys, ps, average="macro"), sk.f1_score(ys, ps, average="macro"))
    close(em.confusion_matrix(ys, ps), sk.confusion_matrix(ys, ps))
    # a pos_label that is not present: scikit-learn's error
    y, p, _ = labels_data(1, 50, 2)
    with pytest.raises(ValueError, match="pos_label"):
        em.f1_score(y, p, pos_label=5)


# --- clustering and scores ---------------------------------------------------


@pytest.mark.parametrize("n,k", [(1, 1), (2, 2), (500, 4), (60000, 12)])
def test_adjusted_rand(n, k):
    y, p, _ = labels_data(n * k, n, k, lo=-1)
    p = p * 3 + 2
    got = em.adjusted_rand_score(y, p)
    close(got, sk.adjusted_rand_score(y, p))
    assert got == ek.cluster(y, p)["adjusted_rand_index"]


@pytest.mark.parametrize("labels", [(0, 1), (-1, 1), (False, True), (0.0, 1.0), (1, 2)])
@pytest.mark.parametrize("weighted", [False, True])
def test_scores(labels, weighted):
    g = np.random.default_rng(8)
    n = 500
    z = g.integers(0, 2, n)
    y = np.where(z == 1, labels[1], labels[0])
    s = np.round(g.random(n) + 0.3 * z, 2)  # ties
    w = g.random(n) * 2 if weighted else None
    kw = {} if w is None else {"sample_weight": w}
    pos = labels[1]
    got = em.roc_auc_score(y, s, **kw)
    close(got, sk.roc_auc_score(y, s, **kw))
    rank_pos = None if labels in ((0, 1), (-1, 1), (False, True), (0.0, 1.0)) else str(pos)
    native = ek.rank(y, s, sample_weight=w, curves=False, pos_label=rank_pos)
    assert got == native["roc_auc"]
    got = em.average_precision_score(y, s, pos_label=pos, **kw)
    close(got, sk.average_precision_score(y, s, pos_label=pos, **kw))
    assert got == native["average_precision"]
    close(em.roc_auc_score(y, s, max_fpr=0.3, **kw), sk.roc_auc_score(y, s, max_fpr=0.3, **kw))
    close(em.brier_score_loss(y, s / 2, pos_label=pos, **kw), sk.brier_score_loss(y, s / 2, pos_label=pos, **kw))


def test_scores_one_class():
    with pytest.raises(ValueError):
        em.roc_auc_score(np.ones(5, dtype=int), np.arange(5.0))
    with pytest.raises(ValueError):
        em.average_precision_score(np.array([0, 1, 2]), np.arange(3.0))


def sk_error(f):
    with pytest.raises(ValueError) as e:
        f()
    return str(e.value)


def test_scores_binary_edges():
    """The lean call of two label values (binary=1) declines what is not
    that, and the checks as scikit-learn's then give scikit-learn's
    errors; the labels of other dtypes and layouts give the same numbers."""
    g = np.random.default_rng(9)
    y = g.integers(0, 2, 60)
    s = np.round(g.random(60), 1)
    want_auc, want_ap = sk.roc_auc_score(y, s), sk.average_precision_score(y, s)
    for yy in (y.astype(np.int32), y.astype(np.uint8), y.astype(np.float32), y.astype(bool), np.where(y == 1, 1.0, -0.0), y.tolist()):
        close(em.roc_auc_score(yy, s), want_auc)
        close(em.average_precision_score(yy, s), want_ap)
    ro = s.copy()
    ro.flags.writeable = False  # read-only: the pointer from numpy's ctypes
    assert em.roc_auc_score(y, ro) == em.roc_auc_score(y, s)
    wide = np.repeat(s, 2)[::2]  # strided: made contiguous once
    assert em.average_precision_score(y, wide) == em.average_precision_score(y, s)
    # pos_label another label, of another type, absent, or text
    close(em.average_precision_score(y, s, pos_label=0), sk.average_precision_score(y, s, pos_label=0))
    close(em.average_precision_score(y, s, pos_label=np.int64(0)), sk.average_precision_score(y, s, pos_label=0))
    close(em.average_precision_score(y * 2, s, pos_label=2.0), sk.average_precision_score(y * 2, s, pos_label=2.0))
    assert sk_error(lambda: em.average_precision_score(y * 2, s)) == sk_error(lambda: sk.average_precision_score(y * 2, s))
    with pytest.raises(ValueError):
        em.average_precision_score(y, s, pos_label="1")
    # one class, three classes, labels that are not integers
    with pytest.raises(ValueError, match="Only one class"):
        em.roc_auc_score(np.zeros(5, dtype=int), np.arange(5.0))
    with pytest.raises(ValueError):
        em.roc_auc_score(y + (s > 0.8), s)
    close(em.roc_auc_score(y + 0.5, s), want_auc)
    close(em.average_precision_score(y - 5, s, pos_label=-4), want_ap)
    close(em.average_precision_score(np.where(y == 1, "b", "a"), s, pos_label="b"), want_ap)
    # weights, and a bad score: the task's errors
    w = g.random(60)
    close(em.roc_auc_score(y, s, sample_weight=w), sk.roc_auc_score(y, s, sample_weight=w))
    bad = s.copy()
    bad[4] = np.nan
    assert "row" in sk_error(lambda: em.average_precision_score(y, bad))


@pytest.mark.parametrize("n,k,weighted", [(1, 2, False), (60, 2, True), (400, 6, False), (400, 6, True)])
def test_classification_report_numbers(n, k, weighted):
    y, p, w = labels_data(n * 7 + k, n, k, lo=-2)
    w = w if weighted else None
    kw = {} if w is None else {"sample_weight": w}
    native = ek.classify(y, p, sample_weight=w, max_matrix=0)
    for function, key, extra in (
        ("balanced_accuracy_score", "balanced_accuracy", {}),
        ("matthews_corrcoef", "mcc", {}),
        ("cohen_kappa_score", "cohen_kappa", {}),
        ("cohen_kappa_score", "cohen_kappa_quadratic", {"weights": "quadratic"}),
        ("hamming_loss", "hamming_loss", {}),
        ("zero_one_loss", "zero_one_loss", {}),
    ):
        want = getattr(sk, function)(y, p, **kw, **extra)
        got = getattr(em, function)(y, p, **kw, **extra)
        assert isinstance(got, float)
        if np.isnan(want):
            assert np.isnan(got) and native[key] is None
            continue
        close(got, want)
        assert got == native[key]
