#!/usr/bin/python3
"""Oracle for the weighted intervals of "evalkit rank --weight W --ci":
writes rank/testdata/weighted_ci.json from cmd/evalkit/testdata/cli/rank_weighted.csv.

scikit-learn (Debian's python3-sklearn, version recorded) gives the weighted
ROC AUC, log loss and Brier score; the intervals are direct numpy/scipy
implementations of their definitions, row by row (no score table):

  ROC AUC, delong-weighted: V10_i = sum_j w_j psi(s_i, s_j) / W- for a
  positive i, V01_j = sum_i w_i psi(s_i, s_j) / W+ for a negative j,
  Var = c+ sum_i w_i^2 (V10_i - AUC)^2 / W+^2 + c- sum_j w_j^2 (V01_j - AUC)^2 / W-^2,
  c = n/(n - 1), n = W^2 / sum w^2 (Kish); AUC -+ z sqrt(Var) clipped to [0, 1].

  log loss, Brier, t-weighted: the weighted mean m of the per-row losses,
  Var = c sum w^2 (x - m)^2 / W^2, scipy's t quantile with n - 1 degrees of
  freedom (Kish's n), the low end clipped at 0.

Rerun:  /usr/bin/python3 tools/oracle/rank_weighted_ci.py
"""
import json, os
import numpy as np
import scipy, sklearn
from scipy import stats
from sklearn import metrics as M

HERE = os.path.dirname(__file__)
CSV = os.path.join(HERE, "..", "..", "cmd", "evalkit", "testdata", "cli", "rank_weighted.csv")
OUT = os.path.join(HERE, "..", "..", "rank", "testdata", "weighted_ci.json")

d = np.genfromtxt(CSV, delimiter=",", names=True)
y, w = d["y_true"].astype(int), d["w"]
out = {"sklearn": sklearn.__version__, "scipy": scipy.__version__, "level": 0.95, "models": {}}
for col in ("a", "b"):
    s = d[col]
    pos, neg = y == 1, y == 0
    Wp, Wn = w[pos].sum(), w[neg].sum()
    psi = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
    v10 = psi @ w[neg] / Wn
    v01 = w[pos] @ psi / Wp
    auc = w[pos] @ v10 / Wp
    assert abs(auc - M.roc_auc_score(y, s, sample_weight=w)) < 1e-12
    kish = lambda ww: ww.sum() ** 2 / (ww ** 2).sum()
    cp, cn = kish(w[pos]) / (kish(w[pos]) - 1), kish(w[neg]) / (kish(w[neg]) - 1)
    var = cp * (w[pos] ** 2 @ (v10 - auc) ** 2) / Wp ** 2 + cn * (w[neg] ** 2 @ (v01 - auc) ** 2) / Wn ** 2
    z = stats.norm.ppf(0.975)
    m = {"roc_auc": auc, "roc_auc_variance": var,
         "roc_auc_ci": [min(max(auc - z * np.sqrt(var), 0), 1), min(max(auc + z * np.sqrt(var), 0), 1)]}
    eps = np.finfo(float).eps
    p = np.clip(s, eps, 1 - eps)
    for name, x, ref in (("log_loss", -(y * np.log(p) + (1 - y) * np.log(1 - p)), M.log_loss(y, s, sample_weight=w)),
                         ("brier", (y - s) ** 2, M.brier_score_loss(y, s, sample_weight=w))):
        W = w.sum()
        mean = w @ x / W
        assert abs(mean - ref) < 1e-12, (name, mean, ref)
        n = kish(w)
        se = np.sqrt(n / (n - 1) * (w ** 2 @ (x - mean) ** 2) / W ** 2)
        t = stats.t.ppf(0.975, n - 1)
        m[name] = mean
        m[name + "_ci"] = [max(mean - t * se, 0), mean + t * se]
    out["models"][col] = {k: (v.tolist() if isinstance(v, np.ndarray) else (float(v) if not isinstance(v, list) else [float(u) for u in v])) for k, v in m.items()}
with open(OUT, "w") as f:
    json.dump(out, f, indent=1)
print(json.dumps(out, indent=1))
