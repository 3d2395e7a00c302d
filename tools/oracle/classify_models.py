#!/usr/bin/python3
"""Oracle for several classifiers compared at once (issue 9 §3).

Writes classify/testdata/models.json: for generated labels and three or
four models' predictions, statsmodels' mcnemar(table, exact=True) of every
pair (statistic, p-value) and multipletests(method="holm"/"bonferroni") of
those p-values, and scikit-learn's accuracy_score of each model. The first
case is also written as cmd/evalkit/testdata/cli/models3.csv for the
command-line golden files.

Rerun:  /usr/bin/python3 tools/oracle/classify_models.py
"""
import csv
import itertools
import json
import os

import numpy as np
import sklearn
import statsmodels
from sklearn.metrics import accuracy_score
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
rng = np.random.default_rng(20261123)
labels = np.array(["cat", "dog", "fox"])
cases = []
for n, m, skill in [(80, 3, [0.8, 0.7, 0.75]), (300, 4, [0.6, 0.62, 0.7, 0.5]), (1000, 3, [0.9, 0.91, 0.85])]:
    y = rng.integers(0, 3, n)
    preds = []
    for s in skill:
        right = rng.random(n) < s
        p = np.where(right, y, (y + rng.integers(1, 3, n)) % 3)
        preds.append(p)
    pairs, ps = [], []
    for a, b in itertools.combinations(range(m), 2):
        ra, rb = preds[a] == y, preds[b] == y
        table = [[int(np.sum(ra & rb)), int(np.sum(ra & ~rb))], [int(np.sum(~ra & rb)), int(np.sum(~ra & ~rb))]]
        r = mcnemar(table, exact=True)
        pairs.append({"a": a, "b": b, "statistic": float(r.statistic), "p_value": float(r.pvalue)})
        ps.append(float(r.pvalue))
    cases.append({
        "y": [labels[v] for v in y],
        "preds": [[labels[v] for v in p] for p in preds],
        "accuracy": [accuracy_score(y, p) for p in preds],
        "pairs": pairs,
        "holm": list(multipletests(ps, method="holm")[1]),
        "bonferroni": list(multipletests(ps, method="bonferroni")[1]),
    })
    if len(cases) == 1:
        with open(os.path.join(root, "cmd", "evalkit", "testdata", "cli", "models3.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["y_true"] + ["m%d" % (j + 1) for j in range(m)])
            for i in range(n):
                w.writerow([labels[y[i]]] + [labels[p[i]] for p in preds])
with open(os.path.join(root, "classify", "testdata", "models.json"), "w") as f:
    json.dump({"source": "statsmodels %s, scikit-learn %s" % (statsmodels.__version__, sklearn.__version__),
               "cases": cases}, f)
