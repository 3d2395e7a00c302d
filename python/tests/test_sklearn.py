"""A few values of the native API against scikit-learn's on generated data
(scikit-learn from Debian's python3-sklearn; 1e-12 relative unless said)."""

import numpy as np
import pytest

import evalkit as ek

metrics = pytest.importorskip("sklearn.metrics")

REL = 1e-12


@pytest.fixture
def binary():
    rng = np.random.default_rng(7)
    n = 2000
    y = rng.integers(0, 2, n)
    s = np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0.001, 0.999).round(3)  # ties
    w = rng.uniform(0.5, 2.0, n)
    return y, s, w


def test_rank_binary(binary):
    y, s, _ = binary
    r = ek.rank(y, s)
    assert r["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s), rel=REL)
    assert r["average_precision"] == pytest.approx(metrics.average_precision_score(y, s), rel=REL)
    assert r["log_loss"] == pytest.approx(metrics.log_loss(y, s), rel=REL)
    assert r["brier"] == pytest.approx(metrics.brier_score_loss(y, s), rel=REL)
    assert r["pos_label"] == "1"
    # det_curve: every vertex (fewer than curve_points), in scikit-learn's order
    fpr, fnr, th = metrics.det_curve(y, s)
    for key, want in (("fpr", fpr), ("fnr", fnr), ("thresholds", th)):
        assert r["det_curve"][key] == pytest.approx(want.tolist(), rel=REL, abs=1e-15)


def test_rank_det_weighted(binary):
    y, s, w = binary
    r = ek.rank(y, s, sample_weight=w)
    fpr, fnr, th = metrics.det_curve(y, s, sample_weight=w)
    for key, want in (("fpr", fpr), ("fnr", fnr), ("thresholds", th)):
        assert r["det_curve"][key] == pytest.approx(want.tolist(), rel=REL, abs=1e-15)
    assert "det_curve" not in ek.rank(y, s, curves=False)


def test_rank_weighted(binary):
    y, s, w = binary
    r = ek.rank(y, s, sample_weight=w)
    assert r["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s, sample_weight=w), rel=REL)
    assert r["average_precision"] == pytest.approx(metrics.average_precision_score(y, s, sample_weight=w), rel=REL)


def test_rank_string_labels(binary):
    y, s, _ = binary
    labels = np.where(y == 1, "spam", "ham")
    r = ek.rank(labels, s, pos_label="spam")
    assert r["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s), rel=REL)
    assert "partial_auc" not in r
    r = ek.rank(labels, s, pos_label="spam", max_fpr=0.2)
    assert r["partial_auc"] == pytest.approx(metrics.roc_auc_score(y, s, max_fpr=0.2), rel=REL)


def test_rank_dtypes(binary):
    y, s, _ = binary
    want = ek.rank(y, s).json
    assert ek.rank(y.astype(bool), s).json == want
    assert ek.rank(y.astype(np.int32), s.astype(np.float64)).json == want
    assert ek.rank(list(y), list(s)).json == want
    assert ek.rank(y, s.astype(np.float32))["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s.astype(np.float32)), rel=REL)


@pytest.fixture
def multiclass():
    rng = np.random.default_rng(3)
    n = 1500
    y = rng.choice(["bird", "cat", "dog"], n, p=[0.2, 0.5, 0.3])
    flip = rng.random(n) < 0.3
    p = np.where(flip, rng.choice(["bird", "cat", "dog"], n), y)
    w = rng.uniform(0.1, 3.0, n)
    return y, p, w


def test_classify(multiclass):
    y, p, _ = multiclass
    r = ek.classify(y, p)
    assert r["labels"] == ["bird", "cat", "dog"]
    assert r["confusion_matrix"] == metrics.confusion_matrix(y, p).tolist()
    assert r["accuracy"] == pytest.approx(metrics.accuracy_score(y, p), rel=REL)
    assert r["balanced_accuracy"] == pytest.approx(metrics.balanced_accuracy_score(y, p), rel=REL)
    assert r["macro"]["f1"] == pytest.approx(metrics.f1_score(y, p, average="macro"), rel=REL)
    assert r["weighted"]["precision"] == pytest.approx(metrics.precision_score(y, p, average="weighted"), rel=REL)
    assert r["mcc"] == pytest.approx(metrics.matthews_corrcoef(y, p), rel=REL)
    assert r["cohen_kappa"] == pytest.approx(metrics.cohen_kappa_score(y, p), rel=REL)


def test_classify_weighted(multiclass):
    y, p, w = multiclass
    r = ek.classify(y, p, sample_weight=w, pos_label="cat")
    assert r["accuracy"] == pytest.approx(metrics.accuracy_score(y, p, sample_weight=w), rel=REL)
    assert r["macro"]["recall"] == pytest.approx(metrics.recall_score(y, p, average="macro", sample_weight=w), rel=REL)
    assert r["binary"]["f1"] == pytest.approx(metrics.f1_score(y == "cat", p == "cat", sample_weight=w), rel=REL)


def test_classify_integer_labels():
    y = np.array([0, 1, 2, 2, 1, 0, 5])
    p = np.array([0, 2, 2, 2, 1, 1, 5])
    r = ek.classify(y, p)
    assert r["labels"] == ["0", "1", "2", "5"]
    assert r["confusion_matrix"] == metrics.confusion_matrix(y, p).tolist()


def test_classify_int_against_float_labels():
    # An integer array against a float array of the same values: one set
    # of labels, as scikit-learn sees them (labels that are all numbers
    # compare as numbers; a float label 1.0 is the label 1).
    y = np.array([1, 0, 1, 2, 0, 1])
    p = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 2.0])
    r = ek.classify(y, p)
    assert r["label_comparison"] == "numeric"
    assert r["labels"] == ["0", "1", "2"]
    assert r["accuracy"] == pytest.approx(metrics.accuracy_score(y, p), rel=REL)
    assert r["confusion_matrix"] == metrics.confusion_matrix(y, p).tolist()
    assert r["macro"]["f1"] == pytest.approx(metrics.f1_score(y, p, average="macro"), rel=REL)
    b = ek.classify(np.array([1, 0, 1]), np.array([1.0, 0.0, 1.0]))
    assert b["accuracy"] == metrics.accuracy_score([1, 0, 1], [1.0, 0.0, 1.0]) == 1.0
    # A label that is not a number: labels compare as strings.
    s = ek.classify(np.array(["1", "x", "1"]), np.array(["1.0", "x", "1"]))
    assert s["label_comparison"] == "string"
    assert s["accuracy"] == pytest.approx(2 / 3, rel=REL)


def test_rank_cluster_float_labels():
    y = np.array([1.0, 0.0, 1.0, 0.0, 1.0, 0.0])
    s = np.array([0.9, 0.2, 0.6, 0.7, 0.8, 0.1])
    r = ek.rank(y, s, pos_label="1")
    assert r["pos_label"] == "1" and r["label_comparison"] == "numeric"
    assert r["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s), rel=REL)
    c = ek.cluster(np.array([1, 1, 2, 2, 3, 3]), np.array([1.0, 1.0, 2.0, 3.0, 3.0, 3.0]))
    assert c["label_comparison"] == "numeric"
    assert c["adjusted_rand_index"] == pytest.approx(
        metrics.adjusted_rand_score([1, 1, 2, 2, 3, 3], [1.0, 1.0, 2.0, 3.0, 3.0, 3.0]), rel=REL)


@pytest.fixture
def regression():
    rng = np.random.default_rng(11)
    n = 3000
    y = rng.gamma(2.0, 3.0, (n, 2)) + 0.1
    p = y + rng.normal(0, 1.0, (n, 2))
    p = np.abs(p) + 0.05
    w = rng.uniform(0.5, 2.0, n)
    return y, p, w


def test_regress(regression):
    y, p, w = regression
    y1, p1 = y[:, 0], p[:, 0]
    r = ek.regress(y1, p1)
    assert r["mse"] == pytest.approx(metrics.mean_squared_error(y1, p1), rel=REL)
    assert r["mae"] == pytest.approx(metrics.mean_absolute_error(y1, p1), rel=REL)
    assert r["r2"] == pytest.approx(metrics.r2_score(y1, p1), rel=REL)
    assert r["mape"] == pytest.approx(metrics.mean_absolute_percentage_error(y1, p1), rel=REL)
    assert r["medae"] == pytest.approx(metrics.median_absolute_error(y1, p1), rel=REL)
    assert r["explained_variance"] == pytest.approx(metrics.explained_variance_score(y1, p1), rel=REL)
    rw = ek.regress(y1, p1, sample_weight=w)
    assert rw["mse"] == pytest.approx(metrics.mean_squared_error(y1, p1, sample_weight=w), rel=REL)
    assert rw["r2"] == pytest.approx(metrics.r2_score(y1, p1, sample_weight=w), rel=REL)


def test_regress_multioutput(regression):
    y, p, _ = regression
    r = ek.regress(y, p, multioutput="raw")
    raw = metrics.mean_squared_error(y, p, multioutput="raw_values")
    assert [o["mse"] for o in r["outputs"]] == pytest.approx(list(raw), rel=REL)
    r = ek.regress(y, p)
    assert r["mse"] == pytest.approx(metrics.mean_squared_error(y, p), rel=REL)
    assert r["r2"] == pytest.approx(metrics.r2_score(y, p), rel=REL)


def test_cluster():
    rng = np.random.default_rng(9)
    n = 400
    truth = rng.integers(0, 4, n)
    x = rng.normal(0, 1, (n, 3)) + truth[:, None] * 2.0
    pred = np.where(rng.random(n) < 0.2, rng.integers(0, 5, n), truth)
    r = ek.cluster(truth, pred, features=x)
    assert r["adjusted_rand_index"] == pytest.approx(metrics.adjusted_rand_score(truth, pred), rel=REL)
    assert r["nmi"] == pytest.approx(metrics.normalized_mutual_info_score(truth, pred), rel=1e-10)
    assert r["ami"] == pytest.approx(metrics.adjusted_mutual_info_score(truth, pred), rel=1e-10)
    assert r["v_measure"] == pytest.approx(metrics.v_measure_score(truth, pred), rel=1e-10)
    assert r["fowlkes_mallows"] == pytest.approx(metrics.fowlkes_mallows_score(truth, pred), rel=REL)
    assert r["silhouette"] == pytest.approx(metrics.silhouette_score(x, pred), rel=1e-10)
    assert r["davies_bouldin"] == pytest.approx(metrics.davies_bouldin_score(x, pred), rel=1e-10)
    assert r["calinski_harabasz"] == pytest.approx(metrics.calinski_harabasz_score(x, pred), rel=1e-10)
    assert r["features"] == ["x0", "x1", "x2"]
    internal = ek.cluster(None, pred, features=x, metric="manhattan")
    assert "adjusted_rand_index" not in internal
    assert internal["silhouette"] == pytest.approx(metrics.silhouette_score(x, pred, metric="manhattan"), rel=1e-10)


def test_rank_models(binary):
    y, s, _ = binary
    rng = np.random.default_rng(2)
    noisy = s + rng.normal(0, 0.2, len(s))
    r = ek.rank(y, {"good": s, "noisy": noisy})
    by_name = {m["name"]: m for m in r["models"]}
    assert by_name["good"]["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, s), rel=REL)
    assert by_name["noisy"]["roc_auc"] == pytest.approx(metrics.roc_auc_score(y, noisy), rel=REL)


def test_rank_multiclass():
    rng = np.random.default_rng(4)
    n, k = 1200, 3
    y = rng.integers(0, k, n)
    logits = rng.normal(0, 1, (n, k)) + 1.5 * np.eye(k)[y]
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    r = ek.rank(y, p, classes=[0, 1, 2], k=2)
    assert r["classes"] == ["0", "1", "2"]
    assert r["log_loss"] == pytest.approx(metrics.log_loss(y, p), rel=REL)
    for multi in ("ovr", "ovo"):
        for avg in ("macro", "weighted"):
            want = metrics.roc_auc_score(y, p, multi_class=multi, average=avg)
            assert r[f"roc_auc_{multi}_{avg}"] == pytest.approx(want, rel=REL)
    assert r["top_k_accuracy"] == pytest.approx(metrics.top_k_accuracy_score(y, p, k=2), rel=REL)
    # Crammer–Singer, the probabilities as decision values
    assert r["hinge_loss"] == pytest.approx(metrics.hinge_loss(y, p, labels=[0, 1, 2]), rel=REL)
    w = rng.uniform(0.5, 2.0, n)
    rw = ek.rank(y, p, classes=[0, 1, 2], sample_weight=w)
    assert rw["hinge_loss"] == pytest.approx(metrics.hinge_loss(y, p, labels=[0, 1, 2], sample_weight=w), rel=REL)
    with pytest.raises(ValueError, match="classes="):
        ek.rank(y, p)


def test_cluster_models():
    rng = np.random.default_rng(6)
    truth = rng.integers(0, 4, 500)
    a = np.where(rng.random(500) < 0.1, rng.integers(0, 4, 500), truth)
    b = np.where(rng.random(500) < 0.4, rng.integers(0, 6, 500), truth)
    r = ek.cluster(truth, {"a": a, "b": b})
    by_name = {m["name"]: m for m in r["models"]}
    assert by_name["a"]["adjusted_rand_index"] == pytest.approx(metrics.adjusted_rand_score(truth, a), rel=REL)
    assert by_name["b"]["adjusted_rand_index"] == pytest.approx(metrics.adjusted_rand_score(truth, b), rel=REL)
