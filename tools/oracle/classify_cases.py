#!/usr/bin/python3
"""Golden cases for package classify and `evalkit classify`, from scikit-learn.

Run with Debian's Python (apt-get install python3-sklearn):

    /usr/bin/python3 tools/oracle/classify_cases.py > classify/testdata/sklearn_cases.json

Every expected number comes from scikit-learn (the version is recorded in the
output), except these, computed here by the formula the code documents:
  - error_rate = 1 - accuracy_score;
  - macro f1_from_pr / fbeta_from_pr = (1+b^2) P R / (b^2 P + R) from
    scikit-learn's macro precision P and recall R (the seeds' definition);
  - the zero-division policy "nan": scikit-learn 1.2 offers only 0 and 1, so a
    per-class value is undefined (NaN) exactly where the zd=0 and zd=1 results
    differ; averages then leave undefined classes out, with their weights,
    as scikit-learn >= 1.3 does with zero_division=np.nan (its _nanaverage);
  - binary specificity = recall of the negative class (recall_score with the
    binarised labels and pos_label=0).
Cases are random but seeded, so the file is reproducible.
"""
import json
import math
import random
import sys
import warnings

import numpy as np
import sklearn
from sklearn import metrics as M

warnings.filterwarnings("ignore")


def num(x):
    x = float(x)
    return None if math.isnan(x) or math.isinf(x) else x


def label_pool(rng, kind, k):
    if kind == "int":
        vals = rng.sample(range(-3, 40), k)
        return [str(v) for v in vals]
    if kind == "word":
        words = ["cat", "dog", "emu", "yak", "ant", "Bee", "cow", "owl", "pig", "rat",
                 "élan", "zebra", "a b", "x-1", "1x", "10", "2"]
        return rng.sample(words, k)
    # short strings that sort differently as bytes and as numbers would
    return rng.sample(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"], k)


def sort_labels(labels):
    """SPEC §1 order: numeric if every label parses as a number, else bytewise."""
    try:
        return sorted(labels, key=lambda s: (float(s), s))
    except ValueError:
        return sorted(labels, key=lambda s: s.encode())


def prf_block(yt, yp, L, w, beta, zd, average):
    p, r, f, _ = M.precision_recall_fscore_support(
        yt, yp, labels=L, sample_weight=w, beta=beta, average=average, zero_division=zd)
    f1 = M.f1_score(yt, yp, labels=L, sample_weight=w, average=average, zero_division=zd)
    j = M.jaccard_score(yt, yp, labels=L, sample_weight=w, average=average, zero_division=zd)
    return {"precision": p, "recall": r, "f1": f1, "fbeta": f, "jaccard": j}


def nan_of(a0, a1):
    """Values that differ between zd=0 and zd=1 are undefined."""
    a0, a1 = np.asarray(a0, float), np.asarray(a1, float)
    return np.where(a0 == a1, a0, np.nan)


def nanaverage(a, w=None):
    a = np.asarray(a, float)
    mask = np.isnan(a)
    if mask.all():
        return float("nan")
    if w is None:
        return float(np.mean(a[~mask]))
    w = np.asarray(w, float)[~mask]
    if w.sum() == 0:
        return float(np.mean(a[~mask]))
    return float(np.average(a[~mask], weights=w))


def expected(yt, yp, w, labels_opt, beta, zd, pos):
    present = sort_labels(sorted(set(yt) | set(yp)))
    L = labels_opt if labels_opt is not None else present
    # scikit-learn sorts labels itself when none are given; we always pass L
    # so that the order is SPEC §1's (numeric labels are strings here).
    out = {"n": len(yt), "weight_sum": float(sum(w)) if w is not None else float(len(yt)), "labels": L}
    cm = M.confusion_matrix(yt, yp, labels=L, sample_weight=w)
    out["confusion_matrix"] = cm.astype(float).tolist()
    acc = M.accuracy_score(yt, yp, sample_weight=w)
    out["accuracy"] = acc
    out["error_rate"] = 1 - acc
    out["balanced_accuracy"] = M.balanced_accuracy_score(yt, yp, sample_weight=w)
    out["balanced_accuracy_adjusted"] = M.balanced_accuracy_score(yt, yp, sample_weight=w, adjusted=True)
    for key, wt in [("cohen_kappa", None), ("cohen_kappa_linear", "linear"), ("cohen_kappa_quadratic", "quadratic")]:
        out[key] = M.cohen_kappa_score(yt, yp, labels=L, weights=wt, sample_weight=w)
    out["mcc"] = M.matthews_corrcoef(yt, yp, sample_weight=w)
    out["hamming_loss"] = M.hamming_loss(yt, yp, sample_weight=w)
    out["zero_one_loss"] = M.zero_one_loss(yt, yp, sample_weight=w)

    mcm = M.multilabel_confusion_matrix(yt, yp, labels=L, sample_weight=w)
    if zd == "nan":
        per0 = prf_block(yt, yp, L, w, beta, 0, None)
        per1 = prf_block(yt, yp, L, w, beta, 1, None)
        per = {k: nan_of(per0[k], per1[k]) for k in per0}
    else:
        per = prf_block(yt, yp, L, w, beta, int(zd), None)
    support = mcm[:, 1, 0] + mcm[:, 1, 1]
    out["per_class"] = []
    for i, lab in enumerate(L):
        tn, fp, fn, tp = mcm[i].ravel()
        row = {"label": lab}
        row.update({k: per[k][i] for k in per})
        row.update({"support": support[i], "tp": tp, "fp": fp, "fn": fn, "tn": tn})
        out["per_class"].append(row)

    if zd == "nan":
        m0 = prf_block(yt, yp, L, w, beta, 0, "micro")
        m1 = prf_block(yt, yp, L, w, beta, 1, "micro")
        out["micro"] = {k: float(nan_of(m0[k], m1[k])) for k in m0}
        out["macro"] = {k: nanaverage(per[k]) for k in per}
        out["weighted"] = {k: nanaverage(per[k], support) for k in per}
    else:
        out["micro"] = prf_block(yt, yp, L, w, beta, int(zd), "micro")
        out["macro"] = prf_block(yt, yp, L, w, beta, int(zd), "macro")
        out["weighted"] = prf_block(yt, yp, L, w, beta, int(zd), "weighted")
    P, R = out["macro"]["precision"], out["macro"]["recall"]

    def f_from(b):
        if math.isnan(P) or math.isnan(R):
            return float("nan")
        d = b * b * P + R
        return 0.0 if d == 0 else (1 + b * b) * P * R / d
    out["macro"]["f1_from_pr"] = f_from(1)
    out["macro"]["fbeta_from_pr"] = f_from(beta)

    if pos is not None:
        i = L.index(pos)
        tn, fp, fn, tp = mcm[i].ravel()
        b = {"label": pos}
        b.update({k: per[k][i] for k in per})
        bt = [1 if y == pos else 0 for y in yt]
        bp = [1 if y == pos else 0 for y in yp]
        if zd == "nan":
            s0 = M.recall_score(bt, bp, labels=[0, 1], pos_label=0, sample_weight=w, zero_division=0)
            s1 = M.recall_score(bt, bp, labels=[0, 1], pos_label=0, sample_weight=w, zero_division=1)
            b["specificity"] = float(nan_of(s0, s1))
        else:
            b["specificity"] = M.recall_score(bt, bp, labels=[0, 1], pos_label=0, sample_weight=w, zero_division=int(zd))
        b.update({"tp": tp, "fp": fp, "fn": fn, "tn": tn})
        lrp, lrn = M.class_likelihood_ratios(bt, bp, labels=[0, 1], sample_weight=w, raise_warning=False)
        b["positive_likelihood_ratio"] = lrp
        b["negative_likelihood_ratio"] = lrn
        out["binary"] = b
    return clean(out)


def clean(x):
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, np.ndarray)):
        return [clean(v) for v in x]
    if isinstance(x, str):
        return x
    if isinstance(x, (int, float, np.integer, np.floating)):
        return num(x)
    return x


def make_case(rng, i):
    k = rng.randint(2, 10)
    kind = rng.choice(["int", "word", "letter"])
    pool = label_pool(rng, kind, k)
    n = rng.choice([1, 2, 3, 5, 8, 13, 30, 60, 150, 400])
    if i < 8:
        n = 1  # single-row inputs
    # skewed class frequencies; predictions sometimes from a subset
    probs = [rng.random() ** 2 + 0.01 for _ in pool]
    yt = rng.choices(pool, probs, k=n)
    pred_pool = pool if rng.random() < 0.6 else rng.sample(pool, max(1, k // 2))
    acc = rng.random()
    yp = [t if (rng.random() < acc and t in pred_pool) else rng.choice(pred_pool) for t in yt]
    w = None
    if rng.random() < 0.4:
        if rng.random() < 0.5:
            w = [round(rng.random() * 3, 3) for _ in yt]
        else:
            w = [float(rng.randint(0, 4)) for _ in yt]
        if sum(w) == 0:
            w[0] = 1.0
    labels_opt = None
    present = sort_labels(sorted(set(yt) | set(yp)))
    if rng.random() < 0.3:
        extra = [l for l in pool if l not in present]
        labels_opt = present + extra[: rng.randint(0, len(extra))]
        rng.shuffle(labels_opt)
    beta = rng.choice([1, 1, 0.5, 2, 3.5])
    zd = rng.choice(["0", "1", "nan"])
    pos = rng.choice(present) if rng.random() < 0.5 else None
    return {
        "name": f"case{i:03d}_{kind}_k{k}_n{n}",
        "y_true": yt, "y_pred": yp, "weights": w, "labels": labels_opt,
        "beta": beta, "zero_division": zd, "pos_label": pos,
        "expected": expected(yt, yp, w, labels_opt, beta, zd, pos),
    }


def main():
    rng = random.Random(20261122)
    cases = [make_case(rng, i) for i in range(240)]
    doc = {
        "source": f"scikit-learn {sklearn.__version__} (numpy {np.__version__}); tools/oracle/classify_cases.py",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
