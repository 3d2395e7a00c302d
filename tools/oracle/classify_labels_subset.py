#!/usr/bin/python3
"""Golden cases for classify --labels naming a subset of the labels, from scikit-learn.

Run with Debian's Python (apt-get install python3-sklearn):

    /usr/bin/python3 tools/oracle/classify_labels_subset.py > classify/testdata/sklearn_labels_subset.json

Each case passes labels=L to scikit-learn, L a subset of the labels of the
data (some left out, some absent from the data, in a shuffled order), with or
without sample weights, over numeric, word and letter labels. The expected
numbers are those of tools/oracle/classify_cases.py's expected() called with
labels=L: confusion_matrix, cohen_kappa_score, multilabel_confusion_matrix,
precision_recall_fscore_support, f1_score and jaccard_score (per class and
micro/macro/weighted) over L; accuracy, balanced accuracy, MCC and the
losses, which take no labels=, over every row. The binary block (a positive
label, sometimes outside L) is scikit-learn's average="binary", which ignores
labels=: the script checks that precision_score(..., labels=L,
average="binary") equals precision_score without labels on binary data, and
takes the block from expected() over every label. Computed here by counting
(no scikit-learn function exists): label_subset, the labels outside L, the
rows and weight with a true or predicted label outside L, and the support of
L (the sum of scikit-learn's per-class supports), when L leaves out a label
of the data.
"""
import json
import os
import random
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402
import sklearn  # noqa: E402
from sklearn import metrics as M  # noqa: E402
import classify_cases as cc  # noqa: E402

warnings.filterwarnings("ignore")


def make_case(rng, i):
    k = rng.randint(3, 9)
    kind = rng.choice(["int", "word", "letter"])
    pool = cc.label_pool(rng, kind, k)
    n = rng.choice([2, 5, 13, 30, 60, 150, 400])
    probs = [rng.random() ** 2 + 0.05 for _ in pool]
    yt = rng.choices(pool, probs, k=n)
    acc = rng.random()
    yp = [t if rng.random() < acc else rng.choice(pool) for t in yt]
    w = None
    if i % 3 == 1:
        w = [round(rng.random() * 3, 3) for _ in yt]
    elif i % 3 == 2 and rng.random() < 0.5:
        w = [float(rng.randint(0, 4)) for _ in yt]
        if sum(w) == 0:
            w[0] = 1.0
    present = cc.sort_labels(sorted(set(yt) | set(yp)))
    absent = [l for l in pool if l not in present]
    # a strict subset of the labels present (at least one of y_true's, as
    # confusion_matrix and cohen_kappa_score require), in a shuffled
    # order, and sometimes labels absent from the data
    size = rng.randint(1, max(1, len(present) - 1))
    L = rng.sample(present, size)
    if not set(L) & set(yt):
        L[0] = rng.choice(yt)
        L = list(dict.fromkeys(L))
    L += absent[: rng.randint(0, len(absent))]
    rng.shuffle(L)
    beta = rng.choice([1, 1, 0.5, 2])
    zd = rng.choice(["0", "1", "nan"])
    pos = None
    if rng.random() < 0.5:
        pos = rng.choice(present)
    exp = cc.expected(yt, yp, w, L, beta, zd, None)
    if pos is not None:
        # average="binary" ignores labels=: the positive class against
        # every other row, as over all the labels
        if len(present) == 2:
            with_l = M.precision_score(yt, yp, labels=L, pos_label=pos, average="binary", sample_weight=w, zero_division=0)
            without = M.precision_score(yt, yp, pos_label=pos, average="binary", sample_weight=w, zero_division=0)
            assert with_l == without, (with_l, without)
        exp["binary"] = cc.expected(yt, yp, w, None, beta, zd, pos)["binary"]
    out = set(present) - set(L)
    rows = [j for j in range(n) if yt[j] not in L or yp[j] not in L]
    mcm = M.multilabel_confusion_matrix(yt, yp, labels=L, sample_weight=w)
    if out:
        exp["label_subset"] = cc.clean({
            "other_labels": cc.sort_labels(sorted(out)),
            "rows_outside": len(rows),
            "weight_outside": float(sum(w[j] for j in rows)) if w is not None else float(len(rows)),
            "support": float((mcm[:, 1, 0] + mcm[:, 1, 1]).sum()),
        })
    return {
        "name": f"subset{i:03d}_{kind}_k{k}_n{n}_L{len(L)}",
        "y_true": yt, "y_pred": yp, "weights": w, "labels": L,
        "beta": beta, "zero_division": zd, "pos_label": pos,
        "expected": exp,
    }


def fixed_cases():
    """Listed labels whose supports sum to zero (scikit-learn 1.2's
    weighted average then takes the zero-division value), listed labels
    none of which is in y_true, and a reordered subset."""
    out = []
    for i, (yt, yp, L) in enumerate([
        (["a", "a", "b"], ["x", "a", "b"], ["x", "z"]),
        (["a", "a", "b"], ["x", "a", "b"], ["z"]),
        (["a", "b", "b", "c"], ["b", "b", "c", "c"], ["c", "b"]),
    ]):
        for zd in ("0", "1"):
            present = cc.sort_labels(sorted(set(yt) | set(yp)))
            if set(L) & set(yt):
                exp = cc.expected(yt, yp, None, L, 2, zd, None)
            else:
                # confusion_matrix and cohen_kappa_score raise ValueError
                # when no listed label is in y_true: left out of the case
                cm, ck = M.confusion_matrix, M.cohen_kappa_score
                M.confusion_matrix = lambda *a, **k: np.zeros((len(L), len(L)))
                M.cohen_kappa_score = lambda *a, **k: float("nan")
                try:
                    exp = cc.expected(yt, yp, None, L, 2, zd, None)
                finally:
                    M.confusion_matrix, M.cohen_kappa_score = cm, ck
                for k in ("confusion_matrix", "cohen_kappa", "cohen_kappa_linear", "cohen_kappa_quadratic"):
                    exp.pop(k)
            out.append({"name": f"fixed{i}_zd{zd}", "y_true": yt, "y_pred": yp, "weights": None, "labels": L,
                        "beta": 2, "zero_division": zd, "pos_label": None, "expected": exp})
    return out


def main():
    rng = random.Random(20261127)
    cases = fixed_cases() + [make_case(rng, i) for i in range(120)]
    doc = {
        "source": f"scikit-learn {sklearn.__version__} (numpy {np.__version__}); tools/oracle/classify_labels_subset.py",
        "cases": cases,
    }
    json.dump(doc, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
