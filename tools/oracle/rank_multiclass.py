#!/usr/bin/python3
"""Oracle for package rank (multiclass): writes rank/testdata/multiclass.json.gz.

Expected values from Debian's python3-sklearn: roc_auc_score(multi_class=
"ovr"/"ovo", average="macro"/"weighted"/None; "ovr" also "micro"), log_loss(labels=...),
top_k_accuracy_score(k, labels=...), hinge_loss(labels=...) (Crammer-Singer,
the probabilities as decision values). One-vs-one takes no sample weights in
scikit-learn, so it is given for unweighted cases only.

Rerun:  /usr/bin/python3 tools/oracle/rank_multiclass.py
"""
import gzip, json, os, warnings
import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
rng = np.random.default_rng(7)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "rank", "testdata", "multiclass.json.gz")

CLASSNAMES = [["0", "1", "2", "3", "4", "5"], ["cat", "dog", "eel", "fox", "gnu", "hen"], ["10", "2", "33", "4", "55", "6"]]

cases = []
for n in (6, 10, 25, 60, 150, 400, 2000):
    for k in (3, 4, 6):
        for ties in (False, True):
            for weighted in (False, True):
                if n < 2 * k:
                    continue
                while True:
                    y = rng.integers(0, k, n)
                    y[:k] = np.arange(k)
                    p = rng.dirichlet(np.ones(k) * 0.8, n)
                    p[np.arange(n), y] += rng.uniform(0, 0.8, n)
                    p /= p.sum(axis=1, keepdims=True)
                    if ties:
                        # tenths summing to 1: many tied probabilities
                        p = np.array([rng.multinomial(10, row) for row in p]) / 10.0
                    break
                w = np.round(rng.uniform(0.1, 3, n), 2) if weighted else None
                E = {}
                labels = list(range(k))
                for avg in ("macro", "weighted"):
                    E["ovr_" + avg] = M.roc_auc_score(y, p, multi_class="ovr", average=avg, sample_weight=w, labels=labels)
                    if w is None:
                        E["ovo_" + avg] = M.roc_auc_score(y, p, multi_class="ovo", average=avg, labels=labels)
                E["ovr_micro"] = M.roc_auc_score(y, p, multi_class="ovr", average="micro", sample_weight=w, labels=labels)
                E["ovr_per_class"] = M.roc_auc_score(y, p, multi_class="ovr", average=None, sample_weight=w, labels=labels).tolist()
                E["log_loss"] = M.log_loss(y, p, sample_weight=w, labels=labels)
                E["hinge_loss"] = M.hinge_loss(y, p, sample_weight=w, labels=labels)
                E["top_k"] = [M.top_k_accuracy_score(y, p, k=kk, sample_weight=w, labels=labels) for kk in range(1, k)]
                names = CLASSNAMES[len(cases) % 3][:k]
                cases.append({"name": "n%d_k%d_%s_%s" % (n, k, "ties" if ties else "cont", "w" if weighted else "u"),
                              "classes": names, "y": y.tolist(), "p": p.tolist(),
                              "weight": None if w is None else w.tolist(), "expected": E})

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/rank_multiclass.py)" % (sklearn.__version__, np.__version__),
       "cases": cases}
with open(OUT, "wb") as f:
    with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as g:
        g.write(json.dumps(doc, separators=(",", ":")).encode())
print(len(cases), "cases ->", OUT, os.path.getsize(OUT), "bytes")
