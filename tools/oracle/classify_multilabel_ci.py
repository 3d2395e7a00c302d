#!/usr/bin/python3
"""Golden multilabel intervals for classify.MultilabelReport.AddIntervals.

    /usr/bin/python3 tools/oracle/classify_multilabel_ci.py > classify/testdata/multilabel_ci.json

Independent of the Go formulas: every measure is computed by scikit-learn
(classify_multilabel.py's expected(), sample_weight = the row weights), and
its linearised per-row value is the numeric derivative z_i = dθ/dw_i
(central differences, each row's weight moved by ±1e-6). Then, with
f = n/(n-1) and df = n-1 for unit weights, Kish's n_e = (Σw)²/Σw² in their
place otherwise, and t = scipy.stats.t.ppf(0.975, df):

  - unit weights: subset accuracy, zero-one loss, per-label precision and
    recall: the Wilson interval of the counts (formula below); Hamming loss
    and the samples averages ("t") and micro precision and recall
    ("delta"): θ ± t·sqrt(f·Σ z_i²), clipped to [0, 1];
  - weights: the same proportions: Wilson of p·n_d in n_d trials, n_d the
    Kish number of the rows of the proportion's denominator
    ("wilson-kish"); samples averages θ ± t·sqrt(f·Σ w_i² z_i²) ("delta");
  - everything else ("delta-logit"): expit(logit θ ± t·sqrt(f·Σ w_i² z_i²)/(θ(1-θ))).

A measure whose variance is 0 (to 1e-13) or whose value is 0 or 1 under
delta-logit has no interval. Zero division 0 and 1 only (nan averages
over the defined rows, with their own n).
"""
import json
import math
import random
import sys

import numpy as np
import scipy
import sklearn
from scipy import stats

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from classify_multilabel import expected  # noqa: E402


def flat(e):
    out = {"subset_accuracy": e["subset_accuracy"], "zero_one_loss": e["zero_one_loss"], "hamming_loss": e["hamming_loss"]}
    for i, c in enumerate(e["per_class"]):
        for k in ["precision", "recall", "f1", "fbeta", "jaccard"]:
            out[f"per_class.{i}.{k}"] = c[k]
    for a in ["micro", "macro", "weighted", "samples"]:
        for k, v in e[a].items():
            out[f"{a}.{k}"] = v
    return out


def wilson(p, n, z):
    z2 = z * z
    den = 1 + z2 / n
    c = (p + z2 / (2 * n)) / den
    d = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return max(0.0, c - d), min(1.0, c + d)


def intervals(yt, yp, w, beta, zd):
    weighted = w is not None
    n = len(yt)
    w = np.ones(n) if w is None else np.asarray(w, float)
    base = flat(expected(yt, yp, list(w), None, beta, zd))
    eps = 1e-6
    Z = {k: np.zeros(n) for k in base}
    for i in range(n):
        up, dn = w.copy(), w.copy()
        up[i] += eps
        dn[i] -= eps
        fu = flat(expected(yt, yp, list(up), None, beta, zd))
        fd = flat(expected(yt, yp, list(dn), None, beta, zd))
        for k in base:
            Z[k][i] = (fu[k] - fd[k]) / (2 * eps)
    W, W2 = w.sum(), (w * w).sum()
    ne = W * W / W2 if weighted else n
    f, df = ne / (ne - 1), ne - 1
    t = stats.t.ppf(0.975, df)
    z = stats.norm.ppf(0.975)
    e = expected(yt, yp, list(w), None, beta, zd)
    out = {}
    for k, th in base.items():
        if th is None or (isinstance(th, float) and math.isnan(th)):
            continue
        parts = k.split(".")
        if k in ("subset_accuracy", "zero_one_loss") or (parts[0] == "per_class" and parts[2] in ("precision", "recall")):
            if k in ("subset_accuracy", "zero_one_loss"):
                Wd, W2d = W, W2
            else:
                c = e["multilabel_confusion"][int(parts[1])]
                mask = np.array([(c["label"] in p) if parts[2] == "precision" else (c["label"] in s) for s, p in zip(yt, yp)])
                Wd, W2d = w[mask].sum(), (w[mask] ** 2).sum()
            if Wd == 0:
                continue
            nd = Wd * Wd / W2d if weighted else Wd
            lo, hi = wilson(th, nd, z)
            out[k] = [lo, hi, "wilson-kish" if weighted else "wilson"]
            continue
        v = float((w * w * Z[k] ** 2).sum())
        if not v > 1e-13:
            continue
        se = math.sqrt(v * f)
        linear = parts[0] == "samples" or k == "hamming_loss" and not weighted or (not weighted and k in ("micro.precision", "micro.recall"))
        if linear:
            meth = "delta" if weighted or parts[0] == "micro" else "t"
            out[k] = [max(0.0, th - t * se), min(1.0, th + t * se), meth]
            continue
        if not 0 < th < 1:
            continue
        g = t * se / (th * (1 - th))
        lg = math.log(th / (1 - th))
        out[k] = [1 / (1 + math.exp(-(lg - g))), 1 / (1 + math.exp(-(lg + g))), "delta-logit"]
    return out


def rows(rng, n, labels, weighted):
    yt, yp = [], []
    for _ in range(n):
        t = [l for l in labels if rng.random() < 0.4]
        p = [l for l in labels if (l in t and rng.random() < 0.7) or (l not in t and rng.random() < 0.2)]
        yt.append(t)
        yp.append(p)
    w = [round(0.2 + 2 * rng.random(), 3) for _ in range(n)] if weighted else None
    return yt, yp, w


def main():
    rng = random.Random(11)
    cases = []
    # The golden weighted CLI case, cmd/evalkit/testdata/cli/classify_multilabel_ci_weighted.stdin.
    g = [("sports|politics", "sports", 1.5), ("tech", "tech|sports", 0.5), ("", "", 2), ("politics", "politics", 1),
         ("sports", "sports", 1), ("tech|politics", "tech", 2.5), ("politics", "politics|tech", 0.5),
         ("sports|tech", "sports|tech", 1), ("tech", "", 1.5), ("politics|sports", "politics|sports", 1),
         ("sports", "politics", 0.5), ("tech", "tech", 2)]
    sp = lambda s: [x for x in s.split("|") if x]
    cases.append({"name": "golden_weighted", "y_true": [sp(a) for a, _, _ in g], "y_pred": [sp(b) for _, b, _ in g],
                  "weights": [float(c) for _, _, c in g], "beta": 1, "zero_division": "0"})
    for i, (n, L, weighted, beta, zd) in enumerate([(30, 3, False, 1, "0"), (30, 4, True, 2, "0"), (80, 5, False, 2, "1"),
                                                    (80, 4, True, 0.5, "1"), (150, 3, True, 1, "0")]):
        yt, yp, w = rows(rng, n, ["a", "b", "c", "d", "e"][:L], weighted)
        cases.append({"name": f"random{i}_n{n}_L{L}", "y_true": yt, "y_pred": yp, "weights": w, "beta": beta, "zero_division": zd})
    for c in cases:
        c["intervals"] = intervals(c["y_true"], c["y_pred"], c["weights"], c["beta"], c["zero_division"])
    json.dump({"source": f"scikit-learn {sklearn.__version__}, scipy {scipy.__version__}, numpy {np.__version__}; "
               "tools/oracle/classify_multilabel_ci.py", "cases": cases}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
