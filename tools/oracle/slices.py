#!/usr/bin/env python3
"""Oracle for the comparison of slices with the rest of the rows (evalkit
classify/rank/regress --by g --ci): writes the data,
cmd/evalkit/testdata/slices/oracle.csv, and the expected numbers,
cmd/evalkit/testdata/slices/oracle.json:

  accuracy: statsmodels proportions_ztest([s_slice, s_rest], [n_slice, n_rest])
            (pooled, two-sided), Holm by statsmodels multipletests
  mse:      scipy.stats.ttest_ind(sq_slice, sq_rest, equal_var=False)
            on the per-row squared errors, Holm as above
  disparity of accuracy and mse: scikit-learn's accuracy_score and
            mean_squared_error per group, difference = max − min and
            ratio = min / max (Fairlearn MetricFrame difference() and
            ratio(), method "between_groups")

The ROC AUC tests come from pROC (tools/oracle/slices.R, run after this).

Rerun:  python3 tools/oracle/slices.py && Rscript tools/oracle/slices.R
(Debian: python3-statsmodels, python3-scipy, python3-sklearn, r-cran-proc)
"""
import json
import os

import numpy as np
import scipy
import sklearn
import statsmodels
from scipy import stats
from sklearn.metrics import accuracy_score, mean_squared_error
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportions_ztest

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "..", "cmd", "evalkit", "testdata", "slices")

rng = np.random.default_rng(20261126)
groups = {"a": (300, 0.12, 1.0), "b": (200, 0.18, 1.2), "c": (150, 0.2, 1.1), "d": (60, 0.35, 2.0)}
rows = []
for g, (n, err, noise) in groups.items():
    y = rng.integers(0, 2, n)
    pred = np.where(rng.random(n) < err, 1 - y, y)
    score = np.round(np.clip(0.35 * y / noise + rng.random(n), 0, 2), 3)
    t = np.round(rng.normal(5, 2, n), 4)
    p = np.round(t + rng.normal(0, noise, n), 4)
    for i in range(n):
        rows.append((g, int(y[i]), int(pred[i]), "%.3f" % score[i], "%.4f" % t[i], "%.4f" % p[i]))
order = rng.permutation(len(rows))
rows = [rows[i] for i in order]
with open(os.path.join(out, "oracle.csv"), "w") as f:
    f.write("g,y_true,y_pred,y_score,y,yhat\n")
    for r in rows:
        f.write("%s,%d,%d,%s,%s,%s\n" % r)

g = np.array([r[0] for r in rows])
yt = np.array([r[1] for r in rows])
yp = np.array([r[2] for r in rows])
y = np.array([float(r[4]) for r in rows])
yh = np.array([float(r[5]) for r in rows])
sq = (y - yh) ** 2
names = sorted(groups)

acc, mse = {}, {}
z, pz, t, pt, df = {}, {}, {}, {}, {}
for k in names:
    s, r = g == k, g != k
    cs, cr = int((yt[s] == yp[s]).sum()), int((yt[r] == yp[r]).sum())
    z[k], pz[k] = proportions_ztest([cs, cr], [int(s.sum()), int(r.sum())])
    res = stats.ttest_ind(sq[s], sq[r], equal_var=False)
    t[k], pt[k] = res.statistic, res.pvalue
    v1, v2 = sq[s].var(ddof=1) / s.sum(), sq[r].var(ddof=1) / r.sum()
    df[k] = (v1 + v2) ** 2 / (v1 ** 2 / (s.sum() - 1) + v2 ** 2 / (r.sum() - 1))
    acc[k] = accuracy_score(yt[s], yp[s])
    mse[k] = mean_squared_error(y[s], yh[s])
hz = multipletests([pz[k] for k in names], method="holm")[1]
ht = multipletests([pt[k] for k in names], method="holm")[1]


def disparity(v, lower_better):
    lo, hi = min(v, key=v.get), max(v, key=v.get)
    best, worst = (lo, hi) if lower_better else (hi, lo)
    return {"best": best, "worst": worst, "difference": v[hi] - v[lo], "ratio": v[lo] / v[hi]}


golden = {
    "source": "statsmodels %s proportions_ztest, multipletests(holm); scipy %s ttest_ind(equal_var=False); scikit-learn %s accuracy_score, mean_squared_error"
    % (statsmodels.__version__, scipy.__version__, sklearn.__version__),
    "accuracy": {k: {"slice": acc[k], "statistic": float(z[k]), "p_value": float(pz[k]), "p_adjusted": float(hz[i])} for i, k in enumerate(names)},
    "mse": {k: {"slice": mse[k], "statistic": float(t[k]), "df": float(df[k]), "p_value": float(pt[k]), "p_adjusted": float(ht[i])} for i, k in enumerate(names)},
    "disparity": {"accuracy": disparity(acc, False), "mse": disparity(mse, True)},
}
with open(os.path.join(out, "oracle.json"), "w") as f:
    json.dump(golden, f, indent=1, sort_keys=True)
    f.write("\n")
