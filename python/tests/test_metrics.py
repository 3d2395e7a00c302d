"""evalkit.metrics against sklearn.metrics (Debian's python3-sklearn) on
random data: the same value to 1e-12 relative, the same type and shape."""

import numpy as np
import pytest

from evalkit import metrics as ek

sk = pytest.importorskip("sklearn.metrics")

REL = 1e-12


def same(got, want):
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray) and got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=REL, atol=0)
    else:
        assert isinstance(got, float)
        assert got == pytest.approx(float(want), rel=REL, abs=1e-300)


def rng(seed):
    return np.random.default_rng(seed)


@pytest.fixture(params=[0, 1, 2])
def binary(request):
    g = rng(request.param)
    n = [50, 700, 3000][request.param]
    y = g.integers(0, 2, n)
    s = np.clip(g.normal(0.4 + 0.2 * y, 0.25), 0.001, 0.999)
    if request.param == 1:
        s = s.round(2)  # ties
    w = g.uniform(0.2, 3.0, n)
    return y, s, w


@pytest.mark.parametrize("weighted", [False, True])
def test_rank_binary(binary, weighted):
    y, s, w = binary
    w = w if weighted else None
    for f in ("roc_auc_score", "average_precision_score", "log_loss", "brier_score_loss"):
        same(getattr(ek, f)(y, s, sample_weight=w), getattr(sk, f)(y, s, sample_weight=w))
    same(ek.roc_auc_score(y, s, sample_weight=w, max_fpr=0.3), sk.roc_auc_score(y, s, sample_weight=w, max_fpr=0.3))


def test_rank_labels(binary):
    y, s, w = binary
    names = np.where(y == 1, "spam", "ham")  # "spam" > "ham": the positive class
    same(ek.roc_auc_score(names, s), sk.roc_auc_score(names, s))
    same(ek.log_loss(names, s), sk.log_loss(names, s))
    same(ek.brier_score_loss(names, s, pos_label="spam"), sk.brier_score_loss(names, s, pos_label="spam"))
    same(ek.average_precision_score(names, s, pos_label="spam"), sk.average_precision_score(names, s, pos_label="spam"))
    same(ek.average_precision_score(y, 1 - s, pos_label=0), sk.average_precision_score(y, 1 - s, pos_label=0))
    same(ek.roc_auc_score(2 * y - 1, s), sk.roc_auc_score(2 * y - 1, s))


@pytest.fixture(params=[3, 5])
def multiclass(request):
    g = rng(request.param)
    k, n = request.param, 900
    y = g.integers(0, k, n)
    z = g.normal(0, 1, (n, k)) + 1.2 * np.eye(k)[y]
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return y, p, g.uniform(0.2, 3.0, n)


def test_rank_multiclass(multiclass):
    y, p, w = multiclass
    for mc in ("ovr", "ovo"):
        for avg in ("macro", "weighted"):
            same(ek.roc_auc_score(y, p, multi_class=mc, average=avg), sk.roc_auc_score(y, p, multi_class=mc, average=avg))
    same(ek.roc_auc_score(y, p, multi_class="ovr", sample_weight=w), sk.roc_auc_score(y, p, multi_class="ovr", sample_weight=w))
    names = np.array(["ant", "bee", "cat", "dog", "eel"])[: p.shape[1]]
    yl = names[y]
    same(ek.roc_auc_score(yl, p, multi_class="ovo", labels=names), sk.roc_auc_score(yl, p, multi_class="ovo", labels=names))
    same(ek.roc_auc_score(yl, p, multi_class="ovr", average="weighted"), sk.roc_auc_score(yl, p, multi_class="ovr", average="weighted"))
    same(ek.log_loss(y, p), sk.log_loss(y, p))
    same(ek.log_loss(y, p, sample_weight=w), sk.log_loss(y, p, sample_weight=w))
    same(ek.log_loss(yl, p, labels=names[::-1]), sk.log_loss(yl, p, labels=names[::-1]))


@pytest.fixture(params=[(2, 0), (3, 1), (6, 2), (12, 3)])
def labels(request):
    k, seed = request.param
    g = rng(seed)
    n = 1200
    y = g.integers(0, k, n)
    p = np.where(g.random(n) < 0.35, g.integers(0, k, n), y)
    w = g.uniform(0.1, 4.0, n)
    return y, p, w


@pytest.mark.parametrize("weighted", [False, True])
def test_classify(labels, weighted):
    y, p, w = labels
    w = w if weighted else None
    binary = len(np.unique(np.r_[y, p])) == 2
    for f in ("accuracy_score", "balanced_accuracy_score", "matthews_corrcoef"):
        same(getattr(ek, f)(y, p, sample_weight=w), getattr(sk, f)(y, p, sample_weight=w))
    same(ek.balanced_accuracy_score(y, p, sample_weight=w, adjusted=True), sk.balanced_accuracy_score(y, p, sample_weight=w, adjusted=True))
    for kw in ({}, {"weights": "linear"}, {"weights": "quadratic"}):
        same(ek.cohen_kappa_score(y, p, sample_weight=w, **kw), sk.cohen_kappa_score(y, p, sample_weight=w, **kw))
    got, want = ek.confusion_matrix(y, p, sample_weight=w), sk.confusion_matrix(y, p, sample_weight=w)
    assert got.dtype == want.dtype and np.array_equal(got, want) if w is None else np.allclose(got, want, rtol=REL)
    averages = ["micro", "macro", "weighted", None] + (["binary"] if binary else [])
    for avg in averages:
        for f in ("precision_score", "recall_score", "f1_score"):
            same(getattr(ek, f)(y, p, average=avg, sample_weight=w), getattr(sk, f)(y, p, average=avg, sample_weight=w))
        same(ek.fbeta_score(y, p, beta=0.5, average=avg, sample_weight=w), sk.fbeta_score(y, p, beta=0.5, average=avg, sample_weight=w))
    if binary:
        same(ek.f1_score(y, p, pos_label=0, sample_weight=w), sk.f1_score(y, p, pos_label=0, sample_weight=w))
    else:
        with pytest.raises(ValueError, match="Target is multiclass but average='binary'"):
            ek.f1_score(y, p)


def test_classify_labels():
    g = rng(8)
    y = g.choice(["cat", "dog", "emu", "yak"], 500)
    p = np.where(g.random(500) < 0.3, g.choice(["cat", "dog", "emu", "yak"], 500), y)
    order = ["yak", "cat", "emu", "dog"]
    assert np.array_equal(ek.confusion_matrix(y, p, labels=order), sk.confusion_matrix(y, p, labels=order))
    same(ek.f1_score(y, p, labels=order, average=None), sk.f1_score(y, p, labels=order, average=None))
    same(ek.cohen_kappa_score(y, p, labels=order, weights="linear"), sk.cohen_kappa_score(y, p, labels=order, weights="linear"))
    yb, pb = y[np.isin(y, ["cat", "dog"]) & np.isin(p, ["cat", "dog"])], p[np.isin(y, ["cat", "dog"]) & np.isin(p, ["cat", "dog"])]
    same(ek.recall_score(yb, pb, pos_label="dog"), sk.recall_score(yb, pb, pos_label="dog"))
    # integer labels past 9 sort as numbers, not as text
    yi, pi = np.array([2, 10, 10, 2, 9]), np.array([10, 10, 9, 2, 9])
    assert np.array_equal(ek.confusion_matrix(yi, pi), sk.confusion_matrix(yi, pi))
    same(ek.cohen_kappa_score(yi, pi, weights="quadratic"), sk.cohen_kappa_score(yi, pi, weights="quadratic"))


def test_zero_division():
    y, p = np.array([0, 0, 1, 2]), np.array([0, 0, 0, 1])  # class 2 never predicted, class 1 never right
    for zd in ("warn", 0, 1):
        for avg in ("macro", "weighted", None):
            with _quiet():
                want = sk.precision_score(y, p, average=avg, zero_division=zd)
            same(ek.precision_score(y, p, average=avg, zero_division=zd), want)
            with _quiet():
                want = sk.f1_score(y, p, average=avg, zero_division=zd)
            same(ek.f1_score(y, p, average=avg, zero_division=zd), want)


def _quiet():
    import warnings

    ctx = warnings.catch_warnings()
    ctx.__enter__()
    warnings.simplefilter("ignore")

    class Exit:
        def __enter__(self):
            return self

        def __exit__(self, *a):
            ctx.__exit__(*a)

    return Exit()


@pytest.fixture(params=[0, 1])
def regression(request):
    g = rng(20 + request.param)
    n = [80, 2500][request.param]
    y = g.gamma(2.0, 3.0, (n, 3)) + 0.1
    p = np.abs(y + g.normal(0, 1.5, (n, 3))) + 0.01
    return y, p, g.uniform(0.2, 3.0, n)


REGRESSION = ["mean_squared_error", "mean_absolute_error", "median_absolute_error", "mean_absolute_percentage_error", "r2_score"]


@pytest.mark.parametrize("f", REGRESSION)
@pytest.mark.parametrize("weighted", [False, True])
def test_regress(regression, f, weighted):
    y, p, w = regression
    w = w if weighted else None
    same(getattr(ek, f)(y[:, 0], p[:, 0], sample_weight=w), getattr(sk, f)(y[:, 0], p[:, 0], sample_weight=w))
    for mo in ("raw_values", "uniform_average") + (("variance_weighted",) if f == "r2_score" else ()):
        same(getattr(ek, f)(y, p, sample_weight=w, multioutput=mo), getattr(sk, f)(y, p, sample_weight=w, multioutput=mo))


def test_regress_more(regression):
    y, p, w = regression
    same(ek.mean_squared_error(y[:, 1], p[:, 1], squared=False), sk.mean_squared_error(y[:, 1], p[:, 1], squared=False))
    same(ek.mean_squared_error(y, p, squared=False, sample_weight=w), sk.mean_squared_error(y, p, squared=False, sample_weight=w))
    same(ek.mean_squared_error(y, p, squared=False, multioutput="raw_values"), sk.mean_squared_error(y, p, squared=False, multioutput="raw_values"))
    z = np.array([0.0, 1.0, -2.0, 0.0])  # zero targets: scikit-learn's epsilon denominator
    q = np.array([0.5, 1.0, -1.0, 0.0])
    same(ek.mean_absolute_percentage_error(z, q), sk.mean_absolute_percentage_error(z, q))
    c = np.full(5, 3.0)  # a constant target
    same(ek.r2_score(c, c), sk.r2_score(c, c))
    same(ek.r2_score(c, c + np.arange(5)), sk.r2_score(c, c + np.arange(5)))


def test_weighted_percentiles_decimal_weights():
    """Weights such as 0.1 and 0.3, which binary floating point does not
    hold: scikit-learn's cumulative weights, summed in floating point,
    can reach half the total a value earlier or later than exact sums;
    evalkit.metrics sums them as scikit-learn does. At most 16 rows:
    numpy's argsort then keeps tied values in input order, as evalkit."""
    g = rng(40)
    for _ in range(400):
        n = int(g.integers(2, 17))
        y = np.round(g.normal(size=n), 1)
        p = np.round(g.normal(size=n), 1)
        w = g.choice([0.1, 0.2, 0.3, 0.7, 1.0], size=n)
        assert ek.median_absolute_error(y, p, sample_weight=w) == sk.median_absolute_error(y, p, sample_weight=w)
        if n > 1:
            same(ek.d2_absolute_error_score(y, p, sample_weight=w), sk.d2_absolute_error_score(y, p, sample_weight=w))
            same(ek.d2_pinball_score(y, p, sample_weight=w, alpha=0.3), sk.d2_pinball_score(y, p, sample_weight=w, alpha=0.3))


@pytest.fixture(params=[(3, 4, 0), (8, 5, 1), (2, 2, 2)])
def clusters(request):
    k, m, seed = request.param
    g = rng(30 + seed)
    n = 1500
    t = g.integers(0, k, n)
    c = np.where(g.random(n) < 0.3, g.integers(0, m, n), t % m)
    return t, c


def test_cluster(clusters):
    t, c = clusters
    same(ek.adjusted_rand_score(t, c), sk.adjusted_rand_score(t, c))
    for avg in ("min", "geometric", "arithmetic", "max"):
        same(ek.normalized_mutual_info_score(t, c, average_method=avg), sk.normalized_mutual_info_score(t, c, average_method=avg))
    names = np.array(["a", "b", "c", "d", "e", "f", "g", "h"])[t]
    same(ek.adjusted_rand_score(names, c), sk.adjusted_rand_score(names, c))


def test_cluster_edges():
    one, same_ = np.zeros(10, int), np.arange(10)
    for a, b in ((one, one), (one, same_), (same_, same_), (same_, one)):
        same(ek.adjusted_rand_score(a, b), sk.adjusted_rand_score(a, b))
        same(ek.normalized_mutual_info_score(a, b), sk.normalized_mutual_info_score(a, b))


def test_mixed_dtypes():
    y, p = np.array([0, 1, 1, 2, 0]), np.array([0.0, 1.0, 2.0, 2.0, 1.0])
    assert np.array_equal(ek.confusion_matrix(y, p), sk.confusion_matrix(y, p))
    same(ek.f1_score(y, p, average="macro"), sk.f1_score(y, p, average="macro"))
    yb, pb = np.array([0.0, 1.0, 1.0, 0.0]), np.array([False, True, False, False])
    same(ek.precision_score(yb, pb), sk.precision_score(yb, pb))
    same(ek.recall_score(yb, pb.astype(int), pos_label=0), sk.recall_score(yb, pb.astype(int), pos_label=0))
    s = np.array([0.2, 0.9, 0.4, 0.3])
    same(ek.average_precision_score(yb, s), sk.average_precision_score(yb, s))
    same(ek.brier_score_loss(yb + 1, s, pos_label=2), sk.brier_score_loss(yb + 1, s, pos_label=2))
    same(ek.roc_auc_score(yb.astype(bool), s), sk.roc_auc_score(yb.astype(bool), s))


def test_make_scorer():
    from sklearn.datasets import load_iris
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    x, y = load_iris(return_X_y=True)
    model = LogisticRegression(max_iter=500)
    for name, ours, theirs in (
        ("f1_macro", sk.make_scorer(ek.f1_score, average="macro"), sk.make_scorer(sk.f1_score, average="macro")),
        ("roc_auc_ovo", sk.make_scorer(ek.roc_auc_score, needs_proba=True, multi_class="ovo"), sk.make_scorer(sk.roc_auc_score, needs_proba=True, multi_class="ovo")),
    ):
        got = cross_val_score(model, x, y, cv=3, scoring=ours)
        want = cross_val_score(model, x, y, cv=3, scoring=theirs)
        same(got, want)


def test_edges():
    same(ek.accuracy_score([1], [1]), sk.accuracy_score([1], [1]))
    same(ek.matthews_corrcoef([0, 0, 0], [0, 0, 0]), sk.matthews_corrcoef([0, 0, 0], [0, 0, 0]))
    same(ek.roc_auc_score([0, 1], [0.5, 0.5]), sk.roc_auc_score([0, 1], [0.5, 0.5]))
    same(ek.f1_score([0, 0], [0, 0], zero_division=1), sk.f1_score([0, 0], [0, 0], zero_division=1))
    same(ek.f1_score([True, False, True], [True, True, True]), sk.f1_score([True, False, True], [True, True, True]))
    w0 = np.array([1.0, 0.0, 2.0, 1.0])
    same(ek.roc_auc_score([0, 1, 1, 0], [0.2, 0.1, 0.9, 0.3], sample_weight=w0), sk.roc_auc_score([0, 1, 1, 0], [0.2, 0.1, 0.9, 0.3], sample_weight=w0))


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: ek.roc_auc_score([1, 1], [0.1, 0.2]), ValueError, "Only one class present in y_true"),
        (lambda: ek.roc_auc_score([0, 1, 2], np.eye(3)), ValueError, r"multi_class must be in \('ovo', 'ovr'\)"),
        (lambda: ek.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovr", max_fpr=0.5), ValueError, "Partial AUC computation not available"),
        (lambda: ek.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovo", sample_weight=[1, 1, 1]), ValueError, "sample_weight is not supported"),
        (lambda: ek.roc_auc_score([0, 1, 2], np.eye(3), multi_class="ovr", labels=[2, 1, 0]), ValueError, "Parameter 'labels' must be ordered"),
        (lambda: ek.f1_score([0, 1, 2], [0, 1, 1]), ValueError, "Target is multiclass but average='binary'"),
        (lambda: ek.f1_score([0, 1], [0, 1], average="samples"), ValueError, r"Samplewise metrics are not available outside of multilabel"),
        (lambda: ek.f1_score([0, 1], [0, 1], zero_division="nan"), ValueError, r"zero_division='nan' is not supported"),
        (lambda: ek.f1_score([0, 1, 2], [0, 1, 1], average="macro", labels=[0, 1, 0]), ValueError, r"labels=\[0, 1, 0\] is not supported"),
        (lambda: ek.confusion_matrix([0, 1], [0, 1], normalize="rows"), ValueError, r"normalize must be one of"),
        (lambda: ek.accuracy_score([0, 1], [0, 1], normalize=False), ValueError, r"accuracy_score: normalize=False is not supported"),
        (lambda: ek.log_loss([0, 1], [0.2, 0.7], eps=1e-7), ValueError, r"log_loss: eps=1e-07 is not supported"),
        (lambda: ek.r2_score([1.0, 2.0], [1.0, 2.0], multioutput=[0.5, 0.5]), ValueError, r"There must be equally many custom weights \(2\) as outputs \(1\)"),
        (lambda: ek.mean_squared_error([1.0, 2.0], [1.0, 2.0], multioutput="variance_weighted"), ValueError, r"Allowed 'multioutput' string values are"),
        (lambda: ek.cohen_kappa_score([0, 1], [0, 1], weights="cubic"), ValueError, "Unknown kappa weighting type"),
        (lambda: ek.normalized_mutual_info_score([0, 1], [0, 1], average_method="median"), ValueError, "'average_method' must be"),
        (lambda: ek.f1_score([0, 1], [0, 1], nope=1), TypeError, "nope"),
        (lambda: ek.roc_auc_score([0, 1], [0.1, np.nan]), ValueError, r'column "y_score": value "NaN" is not a finite number'),
        (lambda: ek.mean_squared_error([1.0, 2.0], [1.0]), ValueError, "rows"),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_r2_one_row_warns_nan():
    """r2_score on one row: NaN and a warning, as scikit-learn 1.2."""
    import warnings as w
    from sklearn import metrics as sk
    with w.catch_warnings(record=True) as caught:
        w.simplefilter("always")
        got = ek.r2_score([1.0], [2.0])
        want = sk.r2_score([1.0], [2.0])
    assert np.isnan(got) and np.isnan(want)
    assert any("less than two samples" in str(c.message) for c in caught)
    with pytest.raises(ValueError):
        ek.r2_score([np.nan], [2.0])
    for f, kw in [("d2_absolute_error_score", {}), ("d2_pinball_score", {"alpha": 0.3}), ("d2_tweedie_score", {"power": 1.5})]:
        with w.catch_warnings(record=True) as caught:
            w.simplefilter("always")
            got = getattr(ek, f)([1.0], [2.0], **kw)
            want = getattr(sk, f)([1.0], [2.0], **kw)
        assert np.isnan(got) and np.isnan(want), f
        assert any("less than two samples" in str(c.message) for c in caught), f
