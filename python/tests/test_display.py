"""Result.to_frame, Result._repr_html_ and repr."""

import sys

import numpy as np
import pytest

import evalkit as ek


@pytest.fixture
def scores():
    rng = np.random.default_rng(12)
    y = rng.integers(0, 2, 300)
    s = np.clip(rng.random(300) + 0.4 * y, 0.01, 0.99)
    return y, s, s + rng.normal(0, 0.3, 300)


def test_to_frame_one_model(scores):
    pd = pytest.importorskip("pandas")
    y, s, _ = scores
    r = ek.rank(y, s)
    f = r.to_frame()
    assert isinstance(f, pd.DataFrame)
    assert f.index.name == "measure" and list(f.columns) == ["value"]
    assert f.loc["roc_auc", "value"] == r["roc_auc"]
    assert "n" not in f.index and "roc_curve" not in f.index
    r = ek.rank(y, s, ci=True, bootstrap=200, seed=1)
    f = r.to_frame()
    assert list(f.columns) == ["value", "low", "high"]
    assert (f.loc["roc_auc", "low"], f.loc["roc_auc", "high"]) == r.interval("roc_auc")
    c = ek.classify(y, (s > 0.7).astype(int)).to_frame()
    assert c.loc["macro.f1", "value"] == ek.classify(y, (s > 0.7).astype(int))["macro"]["f1"]


def test_to_frame_models(scores):
    pytest.importorskip("pandas")
    y, s, t = scores
    r = ek.rank(y, {"lr": s, "rf": t})
    f = r.to_frame()
    assert f.index.name == "model" and list(f.index) == [m["name"] for m in r["models"]]
    for m in r["models"]:
        assert f.loc[m["name"], "roc_auc"] == m["roc_auc"]


def test_to_frame_without_pandas(scores, monkeypatch):
    y, s, _ = scores
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas fails
    with pytest.raises(ImportError, match=r"Result.to_frame needs pandas \(pip install pandas"):
        ek.rank(y, s).to_frame()


def test_repr_html(scores):
    y, s, t = scores
    r = ek.rank(y, s, ci=True, bootstrap=200, seed=1)
    h = r._repr_html_()
    lo, hi = r.interval("roc_auc")
    assert h.startswith('<div class="evalkit-result">') and h.endswith("</div>")
    assert "<th>95 % interval</th>" in h
    assert f"<th>roc_auc</th><td>{r['roc_auc']:.4g}</td><td>[{lo:.4g}, {hi:.4g}]</td>" in h
    summary = ek.rank(y, s)._repr_html_().split("<iframe")[0]  # the page follows in an iframe
    assert "<th>value</th>" in summary and "interval" not in summary
    m = ek.rank(y, {"<b>lr</b>": s, "rf & co": t})
    h = m._repr_html_()
    assert "<b>lr</b>" not in h and "&lt;b&gt;lr&lt;/b&gt;" in h and "rf &amp; co" in h
    sentence = m["verdict"]["sentence"]
    assert sentence.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in h


def test_repr(scores):
    y, s, t = scores
    r = ek.rank(y, s)
    assert repr(r) == (
        f"<evalkit.Result rank n=300: roc_auc={r['roc_auc']:.4g}, average_precision={r['average_precision']:.4g}, "
        f"log_loss={r['log_loss']:.4g}, brier={r['brier']:.4g}>"
    )
    m = ek.rank(y, {"lr": s, "rf": t})
    a, b = m["models"]
    assert repr(m) == f"<evalkit.Result rank: 2 models by roc_auc: {a['name']}={a['roc_auc']:.4g}, {b['name']}={b['roc_auc']:.4g}>"
    g = ek.regress([1.0, 2.0, 4.0], [1.0, 2.5, 3.0])
    assert repr(g).startswith("<evalkit.Result regress n=3: mse=0.4167, rmse=")


def test_to_html(scores, tmp_path):
    y, s, t = scores
    r = ek.rank(y, s)
    path = tmp_path / "page.html"
    page = r.to_html(path, title="My <model>")
    assert path.read_text(encoding="utf-8") == page
    assert page.startswith("<!DOCTYPE html>")
    # the page's own policy: no script, no request
    assert "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';" in page
    assert "<title>My &lt;model&gt;</title>" in page and "<script" not in page
    # intervals by default, as evalkit report
    assert "<title>Scores: &lt;arrays&gt;</title>" in r.to_html()
    for rr in (
        ek.classify(y, (s > 0.5).astype(int)),
        ek.rank(y, {"a": s, "b": t}),
        ek.regress(s, t),
        ek.cluster(y, (s > 0.5).astype(int)),
        ek.bleu(["a b c", "d e"], ["a b d", "d e"]),
    ):
        assert rr.to_html().startswith("<!DOCTYPE html>")


def test_repr_html_page(scores):
    import html

    y, s, t = scores
    h = ek.rank(y, s)._repr_html_()
    i = h.index("<iframe")
    assert h.startswith('<div class="evalkit-result">') and h.endswith("</iframe></div>")
    assert ' sandbox="" srcdoc="' in h[i:]
    src = h[i:].split('srcdoc="', 1)[1].split('"', 1)[0]
    assert '"' not in src and "<" not in src  # escaped into the attribute
    assert html.unescape(src).startswith("<!DOCTYPE html>")
    assert "Content-Security-Policy" in html.unescape(src)
    # no page: the summary alone
    assert "<iframe" not in ek.wer(["a b"], ["a c"])._repr_html_()
