#!/usr/bin/python3
"""Oracle for the golden case rank_bins_weighted_ci ("evalkit rank --ci
--weight w --score a --bins 10 --bin-range 0,1 rank_weighted.csv"): the
weighted DeLong interval (delong-weighted, the definition row by row as in
rank_weighted_ci.py) of the rows moved to their bins' lower edges, and
scikit-learn's weighted AUC of those edges. Prints them; docs/ci.md quotes
the output next to the golden JSON's.

Rerun:  /usr/bin/python3 tools/oracle/rank_bins_weighted_ci.py
"""
import os
import numpy as np
from scipy import stats
from sklearn import metrics as M

HERE = os.path.dirname(__file__)
CSV = os.path.join(HERE, "..", "..", "cmd", "evalkit", "testdata", "cli", "rank_weighted.csv")

d = np.genfromtxt(CSV, delimiter=",", names=True)
y, w = d["y_true"].astype(int), d["w"]
s = np.clip(np.floor(d["a"] * 10), 0, 9) / 10  # lower edges of 10 bins over [0, 1)
pos, neg = y == 1, y == 0
Wp, Wn = w[pos].sum(), w[neg].sum()
psi = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
v10 = psi @ w[neg] / Wn
v01 = w[pos] @ psi / Wp
auc = w[pos] @ v10 / Wp


def c(ww):
    n = ww.sum() ** 2 / (ww ** 2).sum()
    return n / (n - 1)


var = c(w[pos]) * (w[pos] ** 2 * (v10 - auc) ** 2).sum() / Wp ** 2 + c(w[neg]) * (w[neg] ** 2 * (v01 - auc) ** 2).sum() / Wn ** 2
z = stats.norm.ppf(0.975)
print("sklearn roc_auc_score of the edges:", repr(M.roc_auc_score(y, s, sample_weight=w)))
print("delong-weighted:", repr(max(auc - z * np.sqrt(var), 0)), repr(min(auc + z * np.sqrt(var), 1)))
