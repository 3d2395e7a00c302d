"""The rest of evalkit.metrics against sklearn.metrics (Debian's
python3-sklearn 1.2) on generated data of several shapes: the same value
to 1e-12 relative, the same type and shape; ValueError where scikit-learn
raises it; and every function of sklearn.metrics' list of measures exists
here with scikit-learn's signature."""

import inspect

import numpy as np
import pytest

from evalkit import metrics as ek

sk = pytest.importorskip("sklearn.metrics")
skc = pytest.importorskip("sklearn.metrics.cluster")

REL = 1e-12


def same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
    elif want is None:
        assert got is None
    elif isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray) and got.shape == want.shape, (got, want)
        assert got.dtype.kind == want.dtype.kind, (got.dtype, want.dtype)
        np.testing.assert_allclose(got, want, rtol=REL, atol=1e-300)
    else:
        assert isinstance(got, float), type(got)
        assert got == pytest.approx(float(want), rel=REL, abs=1e-15, nan_ok=True)


def rng(seed):
    return np.random.default_rng(seed)


# scikit-learn 1.2's functions of these families; each must exist here.
FUNCTIONS = sorted(ek.__all__)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_signature(name):
    mine = inspect.signature(getattr(ek, name))
    ref = getattr(sk, name, None) or getattr(skc, name)
    theirs = inspect.signature(ref)
    assert [(p.name, p.kind) for p in mine.parameters.values()] == [(p.name, p.kind) for p in theirs.parameters.values()]
    for p in theirs.parameters.values():
        d = mine.parameters[p.name].default
        if isinstance(p.default, (str, int, float, bool, type(None))):
            assert d == p.default, (p.name, d, p.default)


SIZES = [(0, 40, 3), (1, 500, 4), (2, 3000, 7)]


@pytest.fixture(params=SIZES, ids=lambda s: f"n{s[1]}k{s[2]}")
def labels(request):
    seed, n, k = request.param
    g = rng(seed)
    y = g.integers(0, k, n)
    p = np.where(g.random(n) < 0.6, y, g.integers(0, k, n))
    return y, p, g.uniform(0.1, 3.0, n)


@pytest.mark.parametrize("weighted", [False, True])
def test_classify(labels, weighted):
    y, p, w = labels
    w = w if weighted else None
    for avg in ("micro", "macro", "weighted", None):
        for f in ("jaccard_score", "precision_score", "recall_score", "f1_score"):
            same(getattr(ek, f)(y, p, average=avg, sample_weight=w), getattr(sk, f)(y, p, average=avg, sample_weight=w))
        same(
            ek.precision_recall_fscore_support(y, p, average=avg, sample_weight=w, beta=0.5),
            sk.precision_recall_fscore_support(y, p, average=avg, sample_weight=w, beta=0.5),
        )
    same(ek.precision_recall_fscore_support(y, p, sample_weight=w), sk.precision_recall_fscore_support(y, p, sample_weight=w))
    for f in ("hamming_loss", "zero_one_loss"):
        same(getattr(ek, f)(y, p, sample_weight=w), getattr(sk, f)(y, p, sample_weight=w))
    for norm in ("true", "pred", "all", None):
        same(ek.confusion_matrix(y, p, sample_weight=w, normalize=norm), sk.confusion_matrix(y, p, sample_weight=w, normalize=norm))
    same(ek.multilabel_confusion_matrix(y, p, sample_weight=w), sk.multilabel_confusion_matrix(y, p, sample_weight=w))
    yb, pb = (y == 1).astype(int), (p == 1).astype(int)
    same(ek.jaccard_score(yb, pb, sample_weight=w), sk.jaccard_score(yb, pb, sample_weight=w))
    same(ek.precision_recall_fscore_support(yb, pb, average="binary"), sk.precision_recall_fscore_support(yb, pb, average="binary"))


SUBSETS = [[2, 0], [1], [0, 2, 9], [9, 1]]  # 9 is absent from the data


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("sub", SUBSETS, ids=str)
def test_label_subsets(labels, sub, weighted):
    """labels= naming some of the labels (and absent ones), with every
    average, as scikit-learn 1.2 computes it."""
    y, p, w = labels
    w = w if weighted else None
    for avg in ("micro", "macro", "weighted", None):
        for zd in ("warn", 1):
            for f in ("precision_score", "recall_score", "f1_score", "jaccard_score"):
                same(getattr(ek, f)(y, p, labels=sub, average=avg, sample_weight=w, zero_division=zd),
                     getattr(sk, f)(y, p, labels=sub, average=avg, sample_weight=w, zero_division=zd))
            same(ek.fbeta_score(y, p, beta=2, labels=sub, average=avg, sample_weight=w, zero_division=zd),
                 sk.fbeta_score(y, p, beta=2, labels=sub, average=avg, sample_weight=w, zero_division=zd))
            same(ek.precision_recall_fscore_support(y, p, labels=sub, average=avg, sample_weight=w, zero_division=zd),
                 sk.precision_recall_fscore_support(y, p, labels=sub, average=avg, sample_weight=w, zero_division=zd))
    same(ek.multilabel_confusion_matrix(y, p, labels=sub, sample_weight=w), sk.multilabel_confusion_matrix(y, p, labels=sub, sample_weight=w))
    for norm in ("true", "pred", "all", None):
        same(ek.confusion_matrix(y, p, labels=sub, sample_weight=w, normalize=norm), sk.confusion_matrix(y, p, labels=sub, sample_weight=w, normalize=norm))
    for kw in (None, "linear", "quadratic"):
        same(ek.cohen_kappa_score(y, p, labels=sub, weights=kw, sample_weight=w), sk.cohen_kappa_score(y, p, labels=sub, weights=kw, sample_weight=w))
    # labels= is ignored with average="binary" (binary data)
    yb, pb = np.where(y == 1, 1, 3), np.where(p == 1, 1, 3)
    same(ek.f1_score(yb, pb, pos_label=3, labels=[1], sample_weight=w), sk.f1_score(yb, pb, pos_label=3, labels=[1], sample_weight=w))


def test_label_subsets_strings():
    g = rng(7)
    names = np.array(["ant", "bee", "cat", "dog", "emu"])
    y, p = names[g.integers(0, 5, 400)], names[g.integers(0, 5, 400)]
    w = g.uniform(0.0, 2.0, 400)
    for sub in (["dog", "ant"], ["emu"], ["cat", "yak", "bee"]):
        for avg in ("micro", "macro", "weighted", None):
            same(ek.f1_score(y, p, labels=sub, average=avg, sample_weight=w), sk.f1_score(y, p, labels=sub, average=avg, sample_weight=w))
            same(ek.jaccard_score(y, p, labels=sub, average=avg), sk.jaccard_score(y, p, labels=sub, average=avg))
        same(ek.confusion_matrix(y, p, labels=sub, sample_weight=w), sk.confusion_matrix(y, p, labels=sub, sample_weight=w))
        same(ek.cohen_kappa_score(y, p, labels=sub), sk.cohen_kappa_score(y, p, labels=sub))


def test_label_subsets_no_support():
    """Listed labels whose supports sum to zero: scikit-learn 1.2's
    weighted average is the zero-division value, or 0 when a listed label
    is predicted."""
    y, p = np.array(["a", "a", "b"]), np.array(["x", "a", "b"])
    for sub in (["x", "z"], ["z"], ["x"]):
        for zd in ("warn", 0, 1):
            for avg in ("micro", "macro", "weighted", None):
                same(ek.precision_recall_fscore_support(y, p, labels=sub, average=avg, zero_division=zd),
                     sk.precision_recall_fscore_support(y, p, labels=sub, average=avg, zero_division=zd))
                same(ek.jaccard_score(y, p, labels=sub, average=avg, zero_division=zd), sk.jaccard_score(y, p, labels=sub, average=avg, zero_division=zd))


def test_classify_strings():
    g = rng(5)
    names = np.array(["ant", "bee", "cat", "dog"])
    y, p = names[g.integers(0, 4, 300)], names[g.integers(0, 4, 300)]
    same(ek.jaccard_score(y, p, average="macro"), sk.jaccard_score(y, p, average="macro"))
    same(ek.confusion_matrix(y, p, labels=["dog", "ant"]), sk.confusion_matrix(y, p, labels=["dog", "ant"]))
    same(ek.hamming_loss(y, p), sk.hamming_loss(y, p))


def test_classify_errors():
    y, p = np.array([0, 1, 2, 1]), np.array([0, 2, 2, 1])
    for call in (
        lambda m: m.confusion_matrix(y, p, normalize="rows"),
        lambda m: m.confusion_matrix(y, p, labels=[7, 8]),
        lambda m: m.confusion_matrix(y, p, labels=[]),
        lambda m: m.cohen_kappa_score(y, p, labels=[7, 8]),
        lambda m: m.jaccard_score(y, p),
        lambda m: m.fbeta_score(y, p, beta=-1, average="macro"),
        lambda m: m.precision_recall_fscore_support(y, p, average="binary"),
    ):
        with pytest.raises(ValueError):
            call(sk)
        with pytest.raises(ValueError):
            call(ek)


@pytest.fixture(params=[(0, 40, 3), (1, 500, 5), (2, 3000, 12)], ids=lambda s: f"n{s[1]}k{s[2]}")
def indicators(request):
    seed, n, k = request.param
    g = rng(seed)
    y = (g.random((n, k)) < 0.35).astype(int)
    p = np.where(g.random((n, k)) < 0.7, y, 1 - y)
    if seed == 0:
        y[:3] = 0  # rows of no label
        p[1:4] = 0
    return y, p, g.uniform(0.1, 3.0, n)


@pytest.mark.parametrize("weighted", [False, True])
def test_multilabel(indicators, weighted):
    y, p, w = indicators
    w = w if weighted else None
    for avg in ("micro", "macro", "weighted", "samples", None):
        for f in ("jaccard_score", "precision_score", "recall_score", "f1_score"):
            for z in ("warn", 1):
                same(getattr(ek, f)(y, p, average=avg, sample_weight=w, zero_division=z), getattr(sk, f)(y, p, average=avg, sample_weight=w, zero_division=z))
        same(ek.fbeta_score(y, p, beta=2, average=avg, sample_weight=w), sk.fbeta_score(y, p, beta=2, average=avg, sample_weight=w))
        same(
            ek.precision_recall_fscore_support(y, p, average=avg, sample_weight=w),
            sk.precision_recall_fscore_support(y, p, average=avg, sample_weight=w),
        )
    for f in ("accuracy_score", "hamming_loss", "zero_one_loss"):
        same(getattr(ek, f)(y, p, sample_weight=w), getattr(sk, f)(y, p, sample_weight=w))
    same(ek.multilabel_confusion_matrix(y, p, sample_weight=w), sk.multilabel_confusion_matrix(y, p, sample_weight=w))


def test_multilabel_errors():
    y = np.array([[0, 1], [1, 1], [1, 0]])
    p = np.array([[0, 1], [1, 0], [1, 0]])
    for call in (
        lambda m: m.f1_score(y, p),
        lambda m: m.confusion_matrix(y, p),
        lambda m: m.matthews_corrcoef(y, p),
        lambda m: m.accuracy_score(y, np.array([0, 1, 1])),
        lambda m: m.f1_score([0, 1, 1], [0, 1, 0], average="samples"),
    ):
        with pytest.raises(ValueError):
            call(sk)
        with pytest.raises(ValueError):
            call(ek)


@pytest.fixture(params=[(0, 60), (1, 800), (2, 4000)], ids=lambda s: f"n{s[1]}")
def binary(request):
    seed, n = request.param
    g = rng(seed)
    y = g.integers(0, 2, n)
    s = np.clip(g.normal(0.4 + 0.2 * y, 0.25), 0.001, 0.999)
    if seed == 1:
        s = s.round(2)  # ties
    return y, s, g.uniform(0.2, 3.0, n)


@pytest.mark.parametrize("weighted", [False, True])
def test_curves(binary, weighted):
    y, s, w = binary
    w = w if weighted else None
    for drop in (True, False):
        same(ek.roc_curve(y, s, sample_weight=w, drop_intermediate=drop), sk.roc_curve(y, s, sample_weight=w, drop_intermediate=drop))
    same(ek.precision_recall_curve(y, s, sample_weight=w), sk.precision_recall_curve(y, s, sample_weight=w))
    same(ek.det_curve(y, s, sample_weight=w), sk.det_curve(y, s, sample_weight=w))
    names = np.where(y == 1, "yes", "no")
    same(ek.roc_curve(names, s, pos_label="no"), sk.roc_curve(names, s, pos_label="no"))
    same(ek.det_curve(names, s, pos_label="yes"), sk.det_curve(names, s, pos_label="yes"))


def test_curve_errors():
    y, s = np.array([0, 1, 2, 1]), np.array([0.1, 0.5, 0.2, 0.9])
    for f in ("roc_curve", "precision_recall_curve", "det_curve"):
        with pytest.raises(ValueError):
            getattr(sk, f)(y, s)
        with pytest.raises(ValueError):
            getattr(ek, f)(y, s)
    with pytest.raises(ValueError):
        ek.roc_curve(np.array(["a", "b"]), [0.1, 0.2])
    for f in (sk, ek):
        with pytest.raises(ValueError, match="max_fpr"):
            f.roc_auc_score([0, 1, 1, 0], [0.1, 0.5, 0.2, 0.9], max_fpr=0)


@pytest.fixture(params=[(3, 500), (6, 2000)], ids=lambda s: f"k{s[0]}")
def multiclass(request):
    k, n = request.param
    g = rng(k)
    y = g.integers(0, k, n)
    z = g.normal(0, 1, (n, k)) + 1.2 * np.eye(k)[y]
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return y, p, g.uniform(0.2, 3.0, n)


def test_top_k(multiclass):
    y, p, w = multiclass
    for k in (1, 2, 3):
        same(ek.top_k_accuracy_score(y, p, k=k), sk.top_k_accuracy_score(y, p, k=k))
        same(ek.top_k_accuracy_score(y, p, k=k, sample_weight=w), sk.top_k_accuracy_score(y, p, k=k, sample_weight=w))
    with pytest.raises(ValueError):
        sk.top_k_accuracy_score(y, p[:, :-1])
    with pytest.raises(ValueError):
        ek.top_k_accuracy_score(y, p[:, :-1])


@pytest.mark.parametrize("shape", [(30, 2), (200, 5), (1000, 12)])
def test_ranking(shape):
    g = rng(shape[1])
    rel = g.integers(0, 4, shape).astype(float)
    score = g.normal(size=shape).round(1)  # ties
    ind = (g.random(shape) < 0.3).astype(int)
    ind[:, 0] |= 1 - ind.max(axis=1)  # a true label a row
    w = g.uniform(0.2, 2.0, shape[0])
    for k in (None, 1, 3):
        for ties in (False,):
            same(ek.dcg_score(rel, score, k=k, ignore_ties=ties), sk.dcg_score(rel, score, k=k, ignore_ties=ties))
            same(ek.ndcg_score(rel, score, k=k, sample_weight=w), sk.ndcg_score(rel, score, k=k, sample_weight=w))
    distinct = g.normal(size=shape)  # no ties: the orders of ignore_ties agree
    same(ek.ndcg_score(rel, distinct, ignore_ties=True), sk.ndcg_score(rel, distinct, ignore_ties=True))
    for f in ("label_ranking_average_precision_score", "coverage_error", "label_ranking_loss"):
        same(getattr(ek, f)(ind, score), getattr(sk, f)(ind, score))
        same(getattr(ek, f)(ind, score, sample_weight=w), getattr(sk, f)(ind, score, sample_weight=w))


def test_ranking_errors():
    for call in (
        lambda m: m.dcg_score([1, 0, 1], [0.2, 0.1, 0.3]),
        lambda m: m.ndcg_score([[1], [0]], [[0.2], [0.1]]),
    ):
        with pytest.raises(ValueError):
            call(sk)
        with pytest.raises(ValueError):
            call(ek)
    # scikit-learn 1.2 warns that negative relevances will be an error
    # from 1.4 on; the core refuses them already
    with pytest.raises(ValueError, match="negative"):
        ek.ndcg_score([[-1, 0]], [[0.2, 0.1]])


@pytest.fixture(params=[(0, 50, 1), (1, 700, 1), (2, 3000, 3)], ids=lambda s: f"n{s[1]}o{s[2]}")
def targets(request):
    seed, n, k = request.param
    g = rng(seed)
    y = g.gamma(2.0, 2.0, (n, k))
    p = np.abs(y + g.normal(0, 1.0, (n, k))) + 0.01
    if k == 1:
        y, p = y[:, 0], p[:, 0]
    return y, p, g.uniform(0.2, 3.0, n)


REGRESS = [
    ("explained_variance_score", {}),
    ("mean_squared_log_error", {}),
    ("mean_squared_log_error", {"squared": False}),
    ("mean_pinball_loss", {}),
    ("mean_pinball_loss", {"alpha": 0.9}),
    ("d2_pinball_score", {"alpha": 0.3}),
    ("d2_absolute_error_score", {}),
    ("mean_squared_error", {}),
    ("mean_squared_error", {"squared": False}),
    ("mean_absolute_error", {}),
    ("r2_score", {}),
]


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("name,kw", REGRESS, ids=[f"{n}{kw}" for n, kw in REGRESS])
def test_regress(targets, weighted, name, kw):
    y, p, w = targets
    w = w if weighted else None
    mos = ["raw_values", "uniform_average"] + (["variance_weighted"] if name == "explained_variance_score" else [])
    if y.ndim == 2:
        mos.append(np.arange(1, y.shape[1] + 1, dtype=float))
    for mo in mos:
        same(getattr(ek, name)(y, p, sample_weight=w, multioutput=mo, **kw), getattr(sk, name)(y, p, sample_weight=w, multioutput=mo, **kw))


@pytest.mark.parametrize("weighted", [False, True])
def test_deviances(targets, weighted):
    y, p, w = targets
    y, p = y.ravel(), p.ravel()
    w = np.resize(w, y.shape) if weighted else None
    same(ek.max_error(y, p), sk.max_error(y, p))
    for f in ("mean_poisson_deviance", "mean_gamma_deviance"):
        same(getattr(ek, f)(y, p, sample_weight=w), getattr(sk, f)(y, p, sample_weight=w))
    for power in (0, 1, 1.5, 2, 3, -1):
        same(ek.mean_tweedie_deviance(y, p, sample_weight=w, power=power), sk.mean_tweedie_deviance(y, p, sample_weight=w, power=power))
        same(ek.d2_tweedie_score(y, p, sample_weight=w, power=power), sk.d2_tweedie_score(y, p, sample_weight=w, power=power))


def test_regress_errors():
    y, p = np.array([1.0, -2.0, 3.0]), np.array([1.5, 2.0, 2.5])
    for call in (
        lambda m: m.mean_squared_log_error(y, p),
        lambda m: m.mean_poisson_deviance(y, p),
        lambda m: m.mean_tweedie_deviance(y, p, power=0.5),
        lambda m: m.max_error(np.ones((3, 2)), np.ones((3, 2))),
        lambda m: m.mean_squared_error(y, p, multioutput="average"),
        lambda m: m.r2_score(np.ones((3, 2)), np.ones((3, 2)), multioutput=[1, 2, 3]),
    ):
        with pytest.raises(ValueError):
            call(sk)
        with pytest.raises(ValueError):
            call(ek)


@pytest.fixture(params=[(0, 30, 3, 2), (1, 400, 5, 8), (2, 2000, 9, 4)], ids=lambda s: f"n{s[1]}")
def clusters(request):
    seed, n, k, c = request.param
    g = rng(seed)
    t = g.integers(0, k, n)
    p = np.where(g.random(n) < 0.5, t % c, g.integers(0, c, n))
    x = g.normal(size=(n, 3)) + p[:, None]
    return t, p, x


def test_cluster(clusters):
    t, p, x = clusters
    for f in (
        "adjusted_mutual_info_score",
        "mutual_info_score",
        "homogeneity_score",
        "completeness_score",
        "v_measure_score",
        "fowlkes_mallows_score",
        "rand_score",
        "adjusted_rand_score",
    ):
        same(getattr(ek, f)(t, p), getattr(sk, f)(t, p))
    for avg in ("min", "geometric", "max"):
        same(ek.adjusted_mutual_info_score(t, p, average_method=avg), sk.adjusted_mutual_info_score(t, p, average_method=avg))
    same(ek.v_measure_score(t, p, beta=2.5), sk.v_measure_score(t, p, beta=2.5))
    same(ek.homogeneity_completeness_v_measure(t, p, beta=0.5), sk.homogeneity_completeness_v_measure(t, p, beta=0.5))
    same(ek.pair_confusion_matrix(t, p), skc.pair_confusion_matrix(t, p))
    same(ek.contingency_matrix(t, p), skc.contingency_matrix(t, p))
    same(ek.contingency_matrix(t, p, eps=0.5), skc.contingency_matrix(t, p, eps=0.5))
    for metric in ("euclidean", "manhattan", "cosine"):
        same(ek.silhouette_score(x, p, metric=metric), sk.silhouette_score(x, p, metric=metric))
    same(ek.calinski_harabasz_score(x, p), sk.calinski_harabasz_score(x, p))
    same(ek.davies_bouldin_score(x, p), sk.davies_bouldin_score(x, p))
    names = np.array(list("abcdefghij"))
    same(ek.contingency_matrix(names[t], names[p]), skc.contingency_matrix(names[t], names[p]))


def test_cluster_errors():
    x = np.arange(8.0).reshape(4, 2)
    for call in (
        lambda m: m.silhouette_score(x, [0, 0, 0, 0]),
        lambda m: m.silhouette_score(x, [0, 1, 2, 3]),
        lambda m: m.davies_bouldin_score(x, [1, 1, 1, 1]),
        lambda m: m.adjusted_mutual_info_score([0, 1], [0, 1], average_method="mean"),
        lambda m: m.rand_score([[0, 1]], [[0, 1]]),
    ):
        with pytest.raises(ValueError):
            call(sk)
        with pytest.raises(ValueError):
            call(ek)


def same_report(got, want):
    assert got.keys() == want.keys(), (got.keys(), want.keys())
    for k, w in want.items():
        if isinstance(w, dict):
            assert got[k].keys() == w.keys()
            for m, v in w.items():
                assert type(got[k][m]) is type(v), (k, m, got[k][m], v)
                assert got[k][m] == pytest.approx(v, rel=REL, abs=1e-15)
        else:
            assert got[k] == pytest.approx(w, rel=REL, abs=1e-15)


@pytest.mark.parametrize("weighted", [False, True])
def test_classification_report(labels, weighted):
    """The text and the dict, with and without labels= (a subset shows
    "micro avg" instead of "accuracy"), target_names and digits."""
    y, p, w = labels
    w = w if weighted else None
    for kw in ({}, {"labels": [2, 0]}, {"labels": [1, 0, 9]}, {"labels": list(range(y.max() + 1))},
               {"labels": [1, 2], "target_names": ["one", "two"], "digits": 4}, {"zero_division": 1, "labels": [9, 0]}):
        if w is None:
            # with weights the text prints each support's every digit, and
            # the core's compensated sums may differ from numpy's in the last
            assert ek.classification_report(y, p, **kw) == sk.classification_report(y, p, **kw)
        same_report(ek.classification_report(y, p, sample_weight=w, output_dict=True, **kw),
                    sk.classification_report(y, p, sample_weight=w, output_dict=True, **kw))


def test_classification_report_kinds():
    g = rng(11)
    names = np.array(["ant", "bee", "a longer label", "dog"])
    y, p = names[g.integers(0, 4, 200)], names[g.integers(0, 4, 200)]
    for kw in ({}, {"labels": ["dog", "ant"]}):
        assert ek.classification_report(y, p, **kw) == sk.classification_report(y, p, **kw)
    Y, P = g.integers(0, 2, (50, 3)), g.integers(0, 2, (50, 3))
    # a value on a rounding boundary (0.625 here, or 1e-16 above it in
    # scikit-learn's sums) may print one unit apart; the dict is exact
    # to 1e-12
    got, want = ek.classification_report(Y, P).split(), sk.classification_report(Y, P).split()
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if g != w:
            assert abs(float(g) - float(w)) <= 0.0100001, (g, w)
    same_report(ek.classification_report(Y, P, output_dict=True), sk.classification_report(Y, P, output_dict=True))
    with pytest.raises(ValueError, match="does not match size of target_names"):
        ek.classification_report(y, p, target_names=["x"])
