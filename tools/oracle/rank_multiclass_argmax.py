#!/usr/bin/python3
"""Oracle for task.RankMulti's Renormalize and the arg-max prediction of a
multiclass rank: writes task/testdata/rank_multi_sklearn.json.

Rows of class probabilities, some of which do not sum to 1. Expected
values from Debian's python3-sklearn:
- log_loss(y, p, labels=...) on the rows as they are (scikit-learn clips
  and divides each row by its sum);
- roc_auc_score(multi_class="ovr", average="macro") on the rows divided by
  their sums (what evalkit rank --renormalize rates; the sums correctly
  rounded, as evalkit's compensated sums are);
- the arg-max prediction (numpy.argmax: ties go to the first class):
  accuracy_score, confusion_matrix(labels=...), and
  precision_recall_fscore_support(labels=..., average=None, zero_division=0).

Rerun:  /usr/bin/python3 tools/oracle/rank_multiclass_argmax.py
"""
import json, math, os, warnings
import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
rng = np.random.default_rng(25)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "task", "testdata", "rank_multi_sklearn.json")

cases = []
for n in (8, 30, 200):
    for k in (3, 4):
        for ties in (False, True):
            for weighted in (False, True):
                y = rng.integers(0, k, n)
                y[:k] = np.arange(k)
                p = rng.dirichlet(np.ones(k), n)
                p[np.arange(n), y] += rng.uniform(0, 0.6, n)
                p /= p.sum(axis=1, keepdims=True)
                if ties:
                    p = np.array([rng.multinomial(10, row) for row in p]) / 10.0
                # every other row scaled so that it does not sum to 1
                scale = np.where(np.arange(n) % 2 == 0, rng.uniform(0.5, 1.5, n), 1.0)
                p = p * scale[:, None]
                p = p / np.maximum(1.0, p.max(axis=1, keepdims=True))
                p = np.round(p, 6)
                p[p.sum(axis=1) == 0, 0] = 1.0
                w = np.round(rng.uniform(0.1, 3, n), 2) if weighted else None
                labels = list(range(k))
                # divided by the correctly rounded sum (math.fsum), as evalkit
                # sums a row: numpy's plain sum can differ in the last bit,
                # which moves tied probabilities apart after the division
                q = np.array([[v / math.fsum(row) for v in row] for row in p])
                pred = np.argmax(p, axis=1)
                prec, rec, f1, sup = M.precision_recall_fscore_support(y, pred, labels=labels, sample_weight=w, zero_division=0)
                E = {
                    "log_loss": M.log_loss(y, p, sample_weight=w, labels=labels),
                    "roc_auc_ovr_macro": M.roc_auc_score(y, q, multi_class="ovr", average="macro", sample_weight=w, labels=labels),
                    "accuracy": M.accuracy_score(y, pred, sample_weight=w),
                    "confusion": M.confusion_matrix(y, pred, labels=labels, sample_weight=w).tolist(),
                    "precision": prec.tolist(), "recall": rec.tolist(), "f1": f1.tolist(),
                }
                cases.append({"name": "n%d_k%d_%s_%s" % (n, k, "ties" if ties else "cont", "w" if weighted else "u"),
                              "classes": ["c%d" % i for i in range(k)], "y": y.tolist(), "p": p.tolist(),
                              "weight": None if w is None else w.tolist(), "expected": E})

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/rank_multiclass_argmax.py)" % (sklearn.__version__, np.__version__),
       "cases": cases}
with open(OUT, "w") as f:
    json.dump(doc, f, separators=(",", ":"))
    f.write("\n")
print(len(cases), "cases ->", OUT, os.path.getsize(OUT), "bytes")
