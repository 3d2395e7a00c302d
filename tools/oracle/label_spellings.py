#!/usr/bin/python3
"""Expected numbers for labels spelled several ways ("1", "1.0", " 1",
"1e0"), from scikit-learn without pandas.

Run with Debian's Python (apt-get install python3-sklearn):

    /usr/bin/python3 tools/oracle/label_spellings.py > cmd/evalkit/testdata/labels/oracle.json

It reads cmd/evalkit/testdata/labels/*.csv with the csv module and applies
the rule evalkit documents: the labels of a task compare as numbers when
every one of them (true and predicted alike) is a number — a finite
decimal after trimming spaces — and as strings otherwise. As numbers they
go to scikit-learn as floats (what pandas would give a float column); as
strings, as they are spelled. Every number below comes from scikit-learn.
"""
import csv
import json
import math
import re
import sys

import numpy as np
import sklearn
from sklearn import metrics as M
from sklearn.preprocessing import MultiLabelBinarizer

DIR = "cmd/evalkit/testdata/labels/"
NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def is_number(s):
    t = s.strip()
    return bool(NUMBER.match(t)) and math.isfinite(float(t))


def columns(path):
    with open(DIR + path, newline="") as f:
        rows = list(csv.reader(f))
    head, rows = rows[0], rows[1:]
    return {name: [r[i] for r in rows] for i, name in enumerate(head)}


def compare(*cols):
    """The task's labels as scikit-learn gets them, and the comparison."""
    if all(is_number(v) for c in cols for v in c):
        return [np.array([float(v) for v in c]) for c in cols], "numeric"
    return [np.array(c, dtype=object) for c in cols], "string"


def canonical(v):
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def classify(yt, yp):
    (t, p), how = compare(yt, yp)
    labels = sorted(set(t.tolist()) | set(p.tolist()), key=lambda x: (x, ))
    return {
        "label_comparison": how,
        "labels": [canonical(x) if how == "numeric" else x for x in labels],
        "accuracy": M.accuracy_score(t, p),
        "balanced_accuracy": M.balanced_accuracy_score(t, p),
        "macro_f1": M.f1_score(t, p, average="macro", labels=labels, zero_division=0),
        "cohen_kappa": M.cohen_kappa_score(t, p),
        "mcc": M.matthews_corrcoef(t, p),
    }


def multilabel(yt, yp):
    """Label sets joined by |, empty parts dropped (evalkit --multilabel),
    as scikit-learn's indicator matrices over the labels of both columns."""
    t = [[x for x in c.split("|") if x != ""] for c in yt]
    p = [[x for x in c.split("|") if x != ""] for c in yp]
    how = "numeric" if all(is_number(x) for s in t + p for x in s) else "string"
    if how == "numeric":
        t = [[float(x) for x in s] for s in t]
        p = [[float(x) for x in s] for s in p]
    labels = sorted({x for s in t + p for x in s})
    mlb = MultiLabelBinarizer(classes=labels)
    T, P = mlb.fit_transform([set(s) for s in t]), mlb.transform([set(s) for s in p])
    return {
        "label_comparison": how,
        "labels": [canonical(x) if how == "numeric" else x for x in labels],
        "subset_accuracy": M.accuracy_score(T, P),
        "hamming_loss": M.hamming_loss(T, P),
        "micro_f1": M.f1_score(T, P, average="micro", zero_division=0),
        "macro_f1": M.f1_score(T, P, average="macro", zero_division=0),
        "samples_f1": M.f1_score(T, P, average="samples", zero_division=0),
        "samples_jaccard": M.jaccard_score(T, P, average="samples", zero_division=0),
        "per_class_f1": M.f1_score(T, P, average=None, zero_division=0).tolist(),
    }


out = {"source": f"scikit-learn {sklearn.__version__}, tools/oracle/label_spellings.py"}
s = columns("spellings.csv")
out["spellings"] = classify(s["y_true"], s["y_pred"])
m = columns("mixed.csv")
out["mixed"] = classify(m["y_true"], m["y_pred"])
c = columns("labels.csv")
out["classify"] = classify(c["y_true"], c["y_pred"])
out["classify_sp"] = classify(c["y_sp"], c["y_pred"])
out["models"] = {name: classify(c["y_sp"], c[name])["accuracy"] for name in ("y_pred", "m2")}
score = np.array([float(v) for v in c["y_score"]])
(y,), how = compare(c["y_sp"])
out["rank"] = {"label_comparison": how, "roc_auc": M.roc_auc_score(y == 1, score),
               "average_precision": M.average_precision_score(y == 1, score)}
(y3,), how = compare(c["y3"])
P = np.array([[float(c[k][i]) for k in ("p0", "p1", "p2")] for i in range(len(y3))])
out["rank_multiclass"] = {"label_comparison": how,
                          "roc_auc_ovr_macro": M.roc_auc_score(y3, P, multi_class="ovr", average="macro"),
                          "roc_auc_ovo_macro": M.roc_auc_score(y3, P, multi_class="ovo", average="macro")}
(ct, cp), how = compare(c["c_true"], c["c_pred"])
out["cluster"] = {"label_comparison": how,
                  "classes": len(set(ct.tolist())), "clusters": len(set(cp.tolist())),
                  "adjusted_rand_index": M.adjusted_rand_score(ct, cp),
                  "nmi": M.normalized_mutual_info_score(ct, cp),
                  "ami": M.adjusted_mutual_info_score(ct, cp)}
ml = columns("multilabel.csv")
out["multilabel"] = multilabel(ml["y_true"], ml["y_pred"])
out["multilabel_x"] = multilabel(ml["y_true"], ml["m_x"])
json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
