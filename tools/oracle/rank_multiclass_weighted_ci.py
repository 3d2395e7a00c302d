#!/usr/bin/python3
"""Oracle for the weighted multiclass intervals of "evalkit rank --classes
cat,dog,eel --weight w --ci": writes the data
cmd/evalkit/testdata/cli/rank_multi_weighted.csv (seeded: rerunning writes
the same bytes) and the expected values rank/testdata/multiclass_weighted_ci.json.

scikit-learn (Debian's python3-sklearn, version recorded) gives the weighted
one-vs-rest AUCs and their averages, log loss and top-k accuracy; the
intervals are direct numpy/scipy/statsmodels implementations of their
definitions, row by row (no score table):

  per class, delong-weighted: class j's rows positive, all others negative,
  scored by column j; V10_i = sum_l w_l psi(s_i, s_l) / W- for a positive i,
  V01_l likewise, Var = c+ sum w_i^2 (V10_i - AUC)^2 / W+^2 + c- (same for
  the negatives), c = n/(n - 1), n = W^2 / sum w^2 (Kish); AUC -+ z sqrt(Var)
  clipped to [0, 1].

  roc_auc_ovr_macro / _weighted, delong-bound: the average -+ z times the
  same average (plain, or by class weight) of the classes' standard errors.

  roc_auc_ovo_macro / _weighted, delong-bound: for classes a < b, the rows
  of a and b only, A(a|b) scored by column a and A(b|a) by column b, each
  with its delong-weighted variance; the pair's score and standard error
  are the means of the two; macro the mean over pairs, weighted by
  (W_a + W_b)/W, of both.

  top_k_accuracy, wilson-kish: statsmodels proportion_confint(p n_e, n_e,
  method="wilson"), n_e = W^2 / sum w^2.

  log_loss, t-weighted: the weighted mean m of the rows' log losses,
  Var = c sum w^2 (l - m)^2 / W^2, scipy's t quantile with n_e - 1 degrees
  of freedom, the low end clipped at 0.

  hinge_loss, t-weighted: likewise for the rows' Crammer-Singer hinge
  losses h = max(0, 1 - (p_y - max_{j != y} p_j)), whose weighted mean is
  scikit-learn's hinge_loss(y, P, labels=..., sample_weight=w).

Rerun:  /usr/bin/python3 tools/oracle/rank_multiclass_weighted_ci.py
"""
import json, os
import numpy as np
import scipy, sklearn, statsmodels
from scipy import stats
from sklearn import metrics as M
from statsmodels.stats.proportion import proportion_confint

HERE = os.path.dirname(os.path.abspath(__file__))
CSV = os.path.join(HERE, "..", "..", "cmd", "evalkit", "testdata", "cli", "rank_multi_weighted.csv")
OUT = os.path.join(HERE, "..", "..", "rank", "testdata", "multiclass_weighted_ci.json")
CLASSES = ["cat", "dog", "eel"]
K, TOPK, LEVEL = 3, 2, 0.95

# The data: 40 rows (16 cat, 14 dog, 10 eel), probabilities in hundredths
# (ties), weights uniform on [0.5, 2] in hundredths, one row of weight 0.
rng = np.random.default_rng(2026)
lines = ["label,p_cat,p_dog,p_eel,w"]
for i, y in enumerate([0] * 16 + [1] * 14 + [2] * 10):
    x = rng.normal(size=K)
    x[y] += 1.0
    p = np.exp(x) / np.exp(x).sum()
    a, b = round(p[0], 2), round(p[1], 2)
    c = round(1 - a - b, 2)
    w = 0.0 if i == 7 else round(rng.uniform(0.5, 2), 2)
    lines.append("%s,%.2f,%.2f,%.2f,%.2f" % (CLASSES[y], a, b, c, w))
order = rng.permutation(len(lines) - 1)
with open(CSV, "w") as f:
    f.write("\n".join([lines[0]] + [lines[1 + i] for i in order]) + "\n")

rows = [l.split(",") for l in open(CSV).read().split()[1:]]
y = np.array([CLASSES.index(r[0]) for r in rows])
P = np.array([[float(v) for v in r[1:4]] for r in rows])
w = np.array([float(r[4]) for r in rows])
z = stats.norm.ppf((1 + LEVEL) / 2)
kish = lambda ww: ww.sum() ** 2 / (ww ** 2).sum()


def delong(pos, s, ww):
    """weighted AUC and its delong-weighted variance"""
    sp, sn, wp, wn = s[pos], s[~pos], ww[pos], ww[~pos]
    Wp, Wn = wp.sum(), wn.sum()
    psi = (sp[:, None] > sn[None, :]) + 0.5 * (sp[:, None] == sn[None, :])
    v10, v01 = psi @ wn / Wn, wp @ psi / Wp
    auc = wp @ v10 / Wp
    cp, cn = kish(wp) / (kish(wp) - 1), kish(wn) / (kish(wn) - 1)
    var = cp * (wp ** 2 @ (v10 - auc) ** 2) / Wp ** 2 + cn * (wn ** 2 @ (v01 - auc) ** 2) / Wn ** 2
    return auc, var


def iv(lo, hi, method):
    return {"low": float(min(max(lo, 0), 1)), "high": float(min(max(hi, 0), 1)), "method": method}


out = {"sklearn": sklearn.__version__, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__,
       "level": LEVEL, "k": TOPK, "values": {}, "intervals": {}}
V, I = out["values"], out["intervals"]
W = w.sum()
sup = np.array([w[y == j].sum() for j in range(K)])
sds = []
for j in range(K):
    auc, var = delong(y == j, P[:, j], w)
    assert abs(auc - M.roc_auc_score(y == j, P[:, j], sample_weight=w)) < 1e-12
    V["per_class.%d.roc_auc_ovr" % j] = auc
    I["per_class.%d.roc_auc_ovr" % j] = iv(auc - z * np.sqrt(var), auc + z * np.sqrt(var), "delong-weighted")
    sds.append(np.sqrt(var))
sds = np.array(sds)
for avg, sd in (("macro", sds.mean()), ("weighted", sds @ sup / W)):
    a = M.roc_auc_score(y, P, multi_class="ovr", average=avg, sample_weight=w)
    V["roc_auc_ovr_" + avg] = a
    I["roc_auc_ovr_" + avg] = iv(a - z * sd, a + z * sd, "delong-bound")
pair_s, pair_sd, pair_pr = [], [], []
for a in range(K):
    for b in range(a + 1, K):
        m = (y == a) | (y == b)
        ab, vab = delong(y[m] == a, P[m, a], w[m])
        ba, vba = delong(y[m] == b, P[m, b], w[m])
        pair_s.append((ab + ba) / 2)
        pair_sd.append((np.sqrt(vab) + np.sqrt(vba)) / 2)
        pair_pr.append((sup[a] + sup[b]) / W)
pair_s, pair_sd, pair_pr = map(np.array, (pair_s, pair_sd, pair_pr))
for avg, a, sd in (("macro", pair_s.mean(), pair_sd.mean()), ("weighted", pair_s @ pair_pr / pair_pr.sum(), pair_sd @ pair_pr / pair_pr.sum())):
    V["roc_auc_ovo_" + avg] = a
    I["roc_auc_ovo_" + avg] = iv(a - z * sd, a + z * sd, "delong-bound")
tk = M.top_k_accuracy_score(y, P, k=TOPK, sample_weight=w, labels=list(range(K)))
ne = kish(w)
lo, hi = proportion_confint(tk * ne, ne, alpha=1 - LEVEL, method="wilson")
V["top_k_accuracy"] = tk
I["top_k_accuracy"] = iv(lo, hi, "wilson-kish")
eps = np.finfo(float).eps
Pc = np.clip(P, eps, 1 - eps)
Pc = Pc / Pc.sum(axis=1, keepdims=True)
l = -np.log(Pc[np.arange(len(y)), y])
ll = w @ l / W
assert abs(ll - M.log_loss(y, P, sample_weight=w, labels=list(range(K)))) < 1e-12
se = np.sqrt(ne / (ne - 1) * (w ** 2 @ (l - ll) ** 2) / W ** 2)
t = stats.t.ppf((1 + LEVEL) / 2, ne - 1)
V["log_loss"] = ll
I["log_loss"] = {"low": float(max(ll - t * se, 0)), "high": float(ll + t * se), "method": "t-weighted"}
mask = np.ones_like(P, dtype=bool)
mask[np.arange(len(y)), y] = False
h = np.maximum(0, 1 - (P[np.arange(len(y)), y] - np.max(np.where(mask, P, -np.inf), axis=1)))
hm = w @ h / W
assert abs(hm - M.hinge_loss(y, P, sample_weight=w, labels=list(range(K)))) < 1e-12
se = np.sqrt(ne / (ne - 1) * (w ** 2 @ (h - hm) ** 2) / W ** 2)
V["hinge_loss"] = hm
I["hinge_loss"] = {"low": float(max(hm - t * se, 0)), "high": float(hm + t * se), "method": "t-weighted"}
out["values"] = {k: float(v) for k, v in V.items()}
with open(OUT, "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
print(json.dumps(out, indent=1, sort_keys=True))
