"""The Result mapping, options, errors and threads."""

import json
import re
import threading

import numpy as np
import pytest

import evalkit as ek


def test_result_mapping():
    r = ek.rank([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.3, 0.2])
    assert isinstance(r, ek.Result)
    assert r.task == "rank"
    assert r["roc_auc"] == pytest.approx(5 / 6, rel=1e-15)  # 5 of the 6 (pos, neg) pairs in order
    assert "roc_curve" in r and len(r) == len(r.to_dict())
    with pytest.raises(TypeError):
        r["roc_auc"] = 1
    d = r.to_dict()
    d["roc_auc"] = 0
    assert r.to_dict()["roc_auc"] == pytest.approx(5 / 6)
    assert r.json.startswith("{\n") and r.json.endswith("}\n")
    with pytest.raises(KeyError):
        r.interval("roc_auc")


def test_interval_and_text():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 200)
    s = rng.random(200) + 0.3 * y
    r = ek.rank(y, s, ci=True, bootstrap=200, seed=3)
    lo, hi = r.interval("roc_auc")
    assert lo < r["roc_auc"] < hi
    assert r.text.startswith("Ranking report: <arrays> (n = 200")
    assert "ROC AUC" in r.text


def test_options_snake_case():
    y = np.array(["a", "b", "a", "c"])
    p = np.array(["a", "b", "b", "c"])
    r = ek.classify(y, p, labels=["c", "b", "a", "d"], zero_division="nan", beta=2)
    assert r["labels"] == ["c", "b", "a", "d"]
    assert r["beta"] == 2
    r = ek.classify(y, p, cost=[[0, 1, 1], [1, 0, 1], [5, 5, 0]], class_weights=(1, 2, 3))
    assert "cost_sensitive_error" in r and "class_weighted" in r


def test_level_and_deprecated_conf():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 100)
    s = rng.random(100) + 0.3 * y
    r = ek.rank(y, s, level=0.9)
    assert r["conf_level"] == 0.9
    with pytest.warns(DeprecationWarning, match="use level="):
        old = ek.rank(y, s, conf=0.9)
    assert old["auc_ci_delong"] == r["auc_ci_delong"]
    with pytest.raises(ValueError, match="--conf 0.8 and --level 0.9 disagree"):
        ek.rank(y, s, level=0.9, conf=0.8)


def test_allow_float_labels():
    r = ek.classify([1.0, 0.37, 0.37], [1.0, 0.37, 0.0], allow_float_labels=True)
    assert r["labels"] == ["0", "0.37", "1"]


def test_format_option():
    r = ek.regress([1.0, 2.0, 3.0], [1.5, 2.0, 2.0], format="json")
    assert r["n"] == 3
    with pytest.raises(ValueError, match="unknown format"):
        ek.regress([1.0, 2.0], [1.0, 2.0], format="yaml")


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: ek.rank([0, 1], [0.1, np.nan]), r'^<arrays>: row 1: column "y_score": value "NaN" is not a finite number$'),
        (lambda: ek.rank([0, 1], [0.1, 0.2], sample_weight=[1, -2]), r'^<arrays>: row 1: column "sample_weight": value "-2" is a negative weight$'),
        (lambda: ek.rank([0, 1], [0.1, 0.2], nope=1), r'^rank: no option "nope"$'),
        (lambda: ek.rank([0, 1, 1], [0.1, 0.2]), r"^rank: true has 3 rows and score 2$"),
        (lambda: ek.rank([1, 1], [0.1, 0.2]), r"only one class"),
        (lambda: ek.rank([0, 2], [0.1, 0.2]), r'^rank: <arrays>: row 1: label "2" is not of value 0, 1 or -1, as the column\'s other labels are$'),
        (lambda: ek.rank([2, 3], [0.1, 0.2]), r'label "2": the labels are not \{0, 1\} or \{-1, 1\}, so --pos-label is required'),
        (lambda: ek.rank(["a", "b"], [0.1, 0.2], pos_label="c"), r'--pos-label "c" is not among the labels of column "y_true" \(found: a, b\)'),
        (lambda: ek.rank([0, 1], [0.1, 0.2], max_fpr=2), r"^rank: --max-fpr"),
        (lambda: ek.classify(["a"], ["b"], labels=["a", "a"]), r'^classify: --labels repeats "a"$'),
        (lambda: ek.classify(["a"], ["b"], labels=[]), r"^classify: --labels is empty: name at least one label$"),
        (lambda: ek.classify(["a"], ["a"], beta=0), r"^classify: --beta must be a positive number, got 0$"),
        (lambda: ek.classify([1.0, 0.37], [1.0, 0.0]), r'^<arrays>: row 1: column "y_true": a number with a fraction as a class label: "0.37" \(a regression target\? evaluate it with evalkit regress'),
        (lambda: ek.regress([1.0, 2.0], [1.0, np.inf]), r'^<arrays>: row 1: column "y_pred": value "\+Inf" is not a finite number$'),
        (lambda: ek.regress([1.0, 2.0], [1.0, 2.0], alpha=1.5), r"^regress: "),
        (lambda: ek.regress([], []), r"^<arrays>: no data rows$"),
        (lambda: ek.rank(["x"], ["y"]), r"numbers expected"),
        (lambda: ek.cluster(None, ["x", "y"]), r"^cluster: give reference labels"),
        (lambda: ek.cluster(None, ["x", "y"], features=[[0.0], [1.0]], sample_weight=[1, 2]), r"^cluster: --weight applies to external indices only"),
        (lambda: ek.cluster(["a", "b"], ["x", "y"], sample_weight=[1, 1.5]), r'^<arrays>: row 1: column "sample_weight": value "1.5"'),
        (lambda: ek.cluster(None, ["x", "y"], features=[[0.0], [np.nan]]), r'^<arrays>: row 1: column "x0": value "NaN" is not a finite number$'),
    ],
)
def test_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_threads():
    rng = np.random.default_rng(5)
    data = [(rng.integers(0, 2, 20000), rng.random(20000)) for _ in range(4)]
    want = [ek.rank(y, s).json for y, s in data]
    got = [None] * 8

    def work(i):
        y, s = data[i % 4]
        got[i] = ek.rank(y, s).json

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want + want


def test_no_copy_of_float64():
    s = np.linspace(0, 1, 10)
    y = (s > 0.5).astype(np.int64)
    before = s.copy()
    ek.rank(y, s)
    assert np.array_equal(s, before)  # read, never written


def test_by_slices_equal_own_runs():
    # Each slice's result is the task's result on the slice's rows alone;
    # the overall result is the unsliced one; a list gives several
    # slicings, a dict a combination of columns.
    rng = np.random.default_rng(24)
    n = 400
    g = rng.choice(["de", "fr", "it"], n)
    h = rng.integers(0, 2, n)
    y = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < 0.3, 1 - y, y)
    s = y * 0.3 + rng.random(n)
    for task, args in [(ek.classify, (y, p)), (ek.rank, (y, s)), (ek.regress, (s, s + rng.normal(0, 0.1, n)))]:
        whole = task(*args).to_dict()
        r = task(*args, by=[g, {"g": g, "h": h}], min_slice_rows=30).to_dict()
        assert {k: v for k, v in r.items() if k not in ("slices", "disparity", "slice_warnings")} == whole
        assert [x["by"] for x in r["slices"][:3]] == [{"by": "de"}, {"by": "fr"}, {"by": "it"}]
        assert len(r["disparity"]) == 2
        for x in r["slices"]:
            rows = np.ones(n, dtype=bool)
            for col, v in x["by"].items():
                rows &= (g if col in ("by", "g") else h.astype(str)) == v
            assert x["rows"] == rows.sum()
            if x["rows"] < 30:
                assert "result" not in x
                continue
            # its warnings name rows of the arrays given, the own run's
            # rows of the slice's arrays
            own = task(*(a[rows] for a in args)).json
            assert re.sub(r"row \d+", "row N", json.dumps(x["result"])) == re.sub(r"row \d+", "row N", json.dumps(json.loads(own)))


def test_by_multiclass_models():
    # Several multiclass models sliced: each slice's result is the run on
    # its rows, --primary serves both the models' comparison and the
    # comparison of each model's slices with the rest of the rows.
    rng = np.random.default_rng(7)
    n = 450
    y = rng.choice(["a", "b", "c"], n)
    models = {"m1": rng.dirichlet([1, 1, 1], n), "m2": rng.dirichlet([2, 1, 1], n)}
    g = rng.choice(["x", "y", "z"], n)
    r = ek.rank(y, models, classes=["a", "b", "c"], by={"g": g}, ci=True, bootstrap=20, primary="log_loss").to_dict()
    assert r["primary"] == "log_loss"
    for x in r["slices"]:
        assert [c["measure"] for c in x["vs_rest"]] == ["models.0.log_loss", "models.1.log_loss"]
        rows = g == x["by"]["g"]
        own = ek.rank(y[rows], {k: v[rows] for k, v in models.items()}, classes=["a", "b", "c"], ci=True, bootstrap=20, primary="log_loss")
        assert x["result"] == json.loads(own.json)


def test_by_errors():
    y = np.array([0, 1, 0, 1])
    with pytest.raises(ValueError, match="too many slices"):
        ek.classify(y, y, by=np.array(["a", "b", "c", "d"]), max_slices=2)
    with pytest.raises(ValueError, match="needs --by"):
        ek.classify(y, y, min_slice_rows=2)


def test_by_warning_names_the_row_given():
    y = np.array([1.0, 2, 3, 4, 5, -1, 2, 3])
    g = np.array(["a", "a", "a", "b", "b", "b", "a", "b"])
    r = ek.regress(y, y + 0.5, by={"g": g})
    (b,) = [x for x in r["slices"] if x["by"]["g"] == "b"]
    assert any("<arrays>: row 5:" in w for w in b["result"]["warnings"])


def test_rank_multiclass_models_equal_cli():
    """A dict of (n, k) probability arrays is several multiclass models:
    the command line's JSON for the same columns (rank --score lr=… once a
    model), to the byte."""
    from conftest import GOLDEN

    path = GOLDEN / "rank_multi_models.csv"
    rows = np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding="utf-8")
    y = rows["label"]
    models = {m: np.column_stack([rows[f"{m}_p_{c}"] for c in ("cat", "dog", "eel")]) for m in ("lr", "nb", "rf")}
    r = ek.rank(y, models, classes=["cat", "dog", "eel"], baseline="lr", curves=False)
    want = (GOLDEN / "rank_multi_models_json.stdout").read_text()
    assert r.to_dict() == json.loads(want)
    assert r["verdict"]["best"] == "rf"
    with pytest.raises(ValueError, match="classes="):
        ek.rank(y, models)
