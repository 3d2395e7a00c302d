#!/usr/bin/python3
"""Fold memberships of scikit-learn's splitters, the oracle for package resample.

Writes resample/testdata/folds.json: a list of cases, each
{"name", "splitter": "kfold"|"stratified"|"group", "k", "n", "y" or "groups",
 "fold": [test fold of each row]}, from scikit-learn's KFold, StratifiedKFold
and GroupKFold (shuffle=False). Rerun from the repository root with Debian's
python3-sklearn:

    /usr/bin/python3 tools/oracle/resample_folds.py
"""
import json
import warnings

import numpy as np
import sklearn
from sklearn.model_selection import GroupKFold, KFold, StratifiedKFold

warnings.simplefilter("ignore")
rng = np.random.RandomState(20261122)


def assign(splitter, n, y=None, groups=None):
    fold = [-1] * n
    X = np.zeros((n, 1))
    for f, (_, test) in enumerate(splitter.split(X, y, groups)):
        for i in test:
            assert fold[i] == -1
            fold[int(i)] = f
    assert min(fold) >= 0
    return fold


cases = []
for n in [2, 3, 5, 7, 10, 11, 17, 50, 99, 100, 101, 333]:
    for k in [2, 3, 4, 5, 7, 10]:
        if k > n:
            continue
        cases.append({"name": f"kfold_n{n}_k{k}", "splitter": "kfold", "k": k, "n": n,
                      "fold": assign(KFold(k), n)})

layouts = 0
for n in [6, 10, 13, 20, 37, 50, 100, 151, 400]:
    for c in [2, 3, 5]:
        for kind in ["uniform", "skewed", "sorted", "blocks"]:
            if kind == "uniform":
                y = rng.randint(0, c, n)
            elif kind == "skewed":
                p = np.array([0.7] + [0.3 / (c - 1)] * (c - 1))
                y = rng.choice(c, n, p=p)
            elif kind == "sorted":
                y = np.sort(rng.randint(0, c, n))
            else:
                y = np.repeat(np.arange(c)[::-1], n // c + 1)[:n]
            y = (y * 3 + 7)  # codes that are not 0..c-1
            counts = np.bincount(y)
            for k in [2, 3, 5, 10]:
                if k > n or np.all(k > counts[counts > 0]):
                    continue
                cases.append({"name": f"stratified_{kind}_n{n}_c{c}_k{k}", "splitter": "stratified",
                              "k": k, "n": n, "y": [int(v) for v in y],
                              "fold": assign(StratifiedKFold(k), n, y)})

for n in [5, 12, 30, 64, 100, 250, 1000]:
    for ng in [3, 5, 8, 16, 17, 18, 40, 100, 300]:
        if ng > n:
            continue
        for kind in ["uniform", "ties", "blocks"]:
            if kind == "uniform":
                groups = rng.randint(0, ng, n)
            elif kind == "ties":
                # many groups of equal size: exercises NumPy's argsort tie order
                groups = np.arange(n) % ng
                rng.shuffle(groups)
            else:
                groups = np.repeat(rng.permutation(ng) * 5 - 40, n // ng + 1)[:n]
            k_groups = len(np.unique(groups))
            for k in [2, 3, 5, 10]:
                if k > k_groups:
                    continue
                cases.append({"name": f"group_{kind}_n{n}_g{ng}_k{k}", "splitter": "group",
                              "k": k, "n": n, "groups": [int(g) for g in groups],
                              "fold": assign(GroupKFold(k), n, groups=groups)})

out = {"source": f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; tools/oracle/resample_folds.py",
       "cases": cases}
with open("resample/testdata/folds.json", "w") as f:
    json.dump(out, f, separators=(",", ":"))
print(len(cases), "cases")
