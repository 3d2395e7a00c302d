#!/usr/bin/python3
"""Golden multilabel cases for classify.Multilabel and `evalkit classify --multilabel`.

    /usr/bin/python3 tools/oracle/classify_multilabel.py > classify/testdata/sklearn_multilabel.json

Label sets are binarised with MultiLabelBinarizer over the label list (SPEC
order) and scored with scikit-learn's multilabel_confusion_matrix,
precision_recall_fscore_support / f1_score / jaccard_score (average None,
micro, macro, weighted, samples), accuracy_score (subset accuracy),
zero_one_loss and hamming_loss. Zero-division "nan" is derived as in
classify_cases.py (undefined where the zd=0 and zd=1 results differ; averages
over defined values, as scikit-learn >= 1.3); macro f1_from_pr likewise by
formula.
"""
import json
import math
import random
import sys
import warnings

import numpy as np
import sklearn
from sklearn import metrics as M
from sklearn.preprocessing import MultiLabelBinarizer

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from classify_cases import clean, nan_of, nanaverage, sort_labels  # noqa: E402

warnings.filterwarnings("ignore")


def block(T, P, w, beta, zd, average):
    p, r, f, _ = M.precision_recall_fscore_support(T, P, sample_weight=w, beta=beta, average=average, zero_division=zd)
    f1 = M.f1_score(T, P, sample_weight=w, average=average, zero_division=zd)
    j = M.jaccard_score(T, P, sample_weight=w, average=average, zero_division=zd)
    return {"precision": p, "recall": r, "f1": f1, "fbeta": f, "jaccard": j}


def expected(yt, yp, w, labels_opt, beta, zd):
    present = sort_labels(sorted(set(l for s in yt + yp for l in s)))
    L = labels_opt if labels_opt is not None else present
    mlb = MultiLabelBinarizer(classes=L)
    T = mlb.fit_transform(yt)
    P = mlb.transform(yp)
    out = {"n": len(yt), "weight_sum": float(sum(w)) if w else float(len(yt)), "labels": L}
    mcm = M.multilabel_confusion_matrix(T, P, sample_weight=w)
    out["multilabel_confusion"] = [
        {"label": l, "tp": m[1, 1], "fp": m[0, 1], "fn": m[1, 0], "tn": m[0, 0]} for l, m in zip(L, mcm)]
    out["subset_accuracy"] = M.accuracy_score(T, P, sample_weight=w)
    out["zero_one_loss"] = M.zero_one_loss(T, P, sample_weight=w)
    out["hamming_loss"] = M.hamming_loss(T, P, sample_weight=w)
    avgs = [None, "micro", "macro", "weighted", "samples"]
    if zd == "nan":
        r0 = {a: block(T, P, w, beta, 0, a) for a in avgs}
        r1 = {a: block(T, P, w, beta, 1, a) for a in avgs}
        res = {a: {k: nan_of(r0[a][k], r1[a][k]) for k in r0[a]} for a in ["micro", "samples"]}
        per = {k: nan_of(r0[None][k], r1[None][k]) for k in r0[None]}
        support = mcm[:, 1, 0] + mcm[:, 1, 1]
        res["macro"] = {k: nanaverage(per[k]) for k in per}
        res["weighted"] = {k: nanaverage(per[k], support) for k in per}
        res["samples"] = samples_nan(T, P, w, beta)
    else:
        per = block(T, P, w, beta, int(zd), None)
        res = {a: block(T, P, w, beta, int(zd), a) for a in avgs[1:]}
    out["per_class"] = [{"label": l, **{k: per[k][i] for k in per}} for i, l in enumerate(L)]
    for a in ["micro", "macro", "weighted", "samples"]:
        out[a] = {k: float(v) for k, v in res[a].items()}
    P_, R_ = out["macro"]["precision"], out["macro"]["recall"]

    def f_from(b):
        if math.isnan(P_) or math.isnan(R_):
            return float("nan")
        d = b * b * P_ + R_
        return 0.0 if d == 0 else (1 + b * b) * P_ * R_ / d
    out["macro"]["f1_from_pr"] = f_from(1)
    out["macro"]["fbeta_from_pr"] = f_from(beta)
    return clean(out)


def samples_nan(T, P, w, beta):
    """Samples averages under zero_division=nan: per-row values from
    scikit-learn's samplewise multilabel_confusion_matrix, undefined rows
    left out of the weighted mean (scikit-learn >= 1.3 semantics)."""
    m = M.multilabel_confusion_matrix(T, P, samplewise=True)
    tp, fp, fn = m[:, 1, 1].astype(float), m[:, 0, 1].astype(float), m[:, 1, 0].astype(float)
    w = np.ones(len(tp)) if w is None else np.asarray(w, float)
    b2 = beta * beta

    def avg(num, den):
        ok = den != 0
        if not ok.any() or w[ok].sum() == 0:
            return float("nan") if not ok.any() else float(np.mean(num[ok] / den[ok]))
        return float(np.average(num[ok] / den[ok], weights=w[ok]))
    return {
        "precision": avg(tp, tp + fp), "recall": avg(tp, tp + fn),
        "f1": avg(2 * tp, 2 * tp + fn + fp), "fbeta": avg((1 + b2) * tp, (1 + b2) * tp + b2 * fn + fp),
        "jaccard": avg(tp, tp + fp + fn),
    }


def make_case(rng, i):
    k = rng.randint(2, 8)
    pool = rng.sample(["a", "b", "c", "d", "e", "f", "g", "h", "sun", "rain", "wind", "10", "2"], k)
    n = rng.choice([1, 2, 4, 9, 20, 50, 120])
    yt, yp = [], []
    for _ in range(n):
        t = [l for l in pool if rng.random() < 0.35]
        p = [l for l in pool if (l in t and rng.random() < 0.7) or (l not in t and rng.random() < 0.15)]
        yt.append(t)
        yp.append(p)
    w = None
    if rng.random() < 0.4:
        w = [float(rng.randint(0, 3)) if rng.random() < 0.5 else round(rng.random() * 2, 3) for _ in range(n)]
        if sum(w) == 0:
            w[0] = 1.0
    present = sort_labels(sorted(set(l for s in yt + yp for l in s)))
    labels_opt = None
    if not present or rng.random() < 0.3:
        extra = [l for l in pool if l not in present]
        labels_opt = present + extra[: rng.randint(1 if not present else 0, len(extra))]
    if len(labels_opt or present) < 2:
        # scikit-learn reads a one-column indicator matrix as binary, not
        # multilabel: give every case at least two labels.
        extra = [l for l in pool if l not in present]
        labels_opt = present + extra[: 2 - len(present)]
    beta = rng.choice([1, 1, 0.5, 2])
    zd = rng.choice(["0", "1", "nan"])
    return {"name": f"ml{i:03d}_k{k}_n{n}", "y_true": yt, "y_pred": yp, "weights": w, "labels": labels_opt,
            "beta": beta, "zero_division": zd, "expected": expected(yt, yp, w, labels_opt, beta, zd)}


def main():
    rng = random.Random(7)
    cases = [make_case(rng, i) for i in range(80)]
    json.dump({"source": f"scikit-learn {sklearn.__version__} (numpy {np.__version__}); tools/oracle/classify_multilabel.py",
               "cases": cases}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
