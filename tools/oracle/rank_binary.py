#!/usr/bin/python3
"""Oracle for package rank (binary): writes rank/testdata/binary.json.gz.

Expected values come from Debian's python3-sklearn (version recorded in the
file) — roc_curve, precision_recall_curve, roc_auc_score (incl. max_fpr),
average_precision_score, auc, det_curve, log_loss (also normalize=False
and eps), hinge_loss, brier_score_loss,
calibration_curve — and, for the measures scikit-learn lacks (BEP, rank
loss, optimal thresholds, cost curve area, ECE), from direct numpy
implementations of the textbook definitions written here (brute force
where possible).

Rerun:  /usr/bin/python3 tools/oracle/rank_binary.py
"""
import gzip, json, os, sys, warnings
import numpy as np
import sklearn
from sklearn import metrics as M
from sklearn.calibration import calibration_curve

warnings.simplefilter("ignore")
rng = np.random.default_rng(20261122)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "rank", "testdata", "binary.json.gz")


def fl(a):
    out = []
    for v in np.asarray(a, dtype=float).tolist():
        out.append(None if (v != v or v in (float("inf"), float("-inf"))) else v)
    return out


def gen(n, ties, wkind, skind):
    while True:
        y = rng.random(n) < rng.uniform(0.2, 0.8)
        if n == 2:
            y = np.array([True, False])
        if y.any() and (~y).any():
            break
    if skind == "prob":
        s = np.clip(rng.normal(0.5 + 0.25 * y, 0.2), 0, 1)
    else:
        s = rng.normal(1.0 * y, 1.5)
    if ties == "round1":
        s = np.round(s, 1)
    elif ties == "int":
        s = np.round(s * 3) / 3 if skind == "prob" else np.round(s)
        if skind == "prob":
            s = np.clip(s, 0, 1)
    s = s + 0.0
    if wkind == "none":
        w = None
    elif wkind == "dyadic":
        w = rng.integers(0, 9, n) / 4.0
        # keep both classes with some mass
        w[np.argmax(y)] = 1.0
        w[np.argmin(y)] = 1.0
    else:
        w = np.round(rng.uniform(0.05, 3, n), 3)
    return y, s, w


LABELS = [("0", "1", None), ("-1", "1", None), ("neg", "pos", "pos"), ("b", "a", "a")]


def bep(y, s, w):
    ww = np.ones(len(y)) if w is None else w
    P = ww[y].sum()
    order = np.argsort(-s, kind="mergesort")
    s2, y2, w2 = s[order], y[order], ww[order]
    tp = c = 0.0
    i = 0
    while i < len(s2):
        j = i
        while j < len(s2) and s2[j] == s2[i]:
            j += 1
        pos = w2[i:j][y2[i:j]].sum()
        m = w2[i:j].sum()
        if m > 0 and c + m >= P:
            return (tp + (P - c) / m * pos) / P
        tp += pos
        c += m
        i = j
    return 1.0


def rank_loss(y, s, w):
    ww = np.ones(len(y)) if w is None else w
    sp, wp = s[y], ww[y]
    sn, wn = s[~y], ww[~y]
    wrong = (sp[:, None] < sn[None, :]) + 0.5 * (sp[:, None] == sn[None, :])
    return float((wp[:, None] * wn[None, :] * wrong).sum() / (wp.sum() * wn.sum()))


def thresholds(y, s, w):
    fpr, tpr, thr = M.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    thr = thr.copy()
    thr[0] = np.inf
    fps, tps, _ = M._ranking._binary_clf_curve(y, s, sample_weight=w)
    fps = np.r_[0, fps]
    tps = np.r_[0, tps]
    P, N = tps[-1], fps[-1]
    out = {}
    j = tps / P - fps / N
    k = int(np.argmax(j))
    out["youden"] = {"threshold": thr[k], "value": j[k], "tpr": tpr[k], "fpr": fpr[k]}
    for beta in (1.0, 2.0):
        prec = np.divide(tps, tps + fps, out=np.zeros_like(tps), where=(tps + fps) != 0)
        rec = tps / P
        b2 = beta * beta
        den = b2 * prec + rec
        f = np.divide((1 + b2) * prec * rec, den, out=np.zeros_like(den), where=den != 0)
        k = int(np.argmax(f))
        out["fbeta%g" % beta] = {"threshold": thr[k], "value": f[k]}
    cfp, cfn = 1.0, 5.0
    cost = cfn * (P - tps) + cfp * fps
    k = int(np.argmin(cost))
    out["cost"] = {"threshold": thr[k], "value": cost[k]}
    # cost curve (Zhou 2.3.4): lower envelope of lines from (0, FPR) to (1, FNR)
    FPR, FNR = fps / N, 1 - tps / P
    xs = [0.0, 1.0]
    for a in range(len(FPR)):
        for b in range(a + 1, len(FPR)):
            da = (FNR[a] - FPR[a]) - (FNR[b] - FPR[b])
            if da != 0:
                x = (FPR[b] - FPR[a]) / da
                if 0 < x < 1:
                    xs.append(x)
    xs = np.unique(xs)
    env = np.min(FPR[:, None] * (1 - xs[None, :]) + FNR[:, None] * xs[None, :], axis=0)
    out["cost_curve_area"] = float(np.sum(np.diff(xs) * (env[1:] + env[:-1]) / 2))
    return {k: ({kk: (None if not np.isfinite(vv) else float(vv)) for kk, vv in v.items()} if isinstance(v, dict) else v) for k, v in out.items()}


def ece(y, s, n_bins):
    bins = np.linspace(0.0, 1.0 + 1e-8, n_bins + 1)
    ids = np.searchsorted(bins[1:-1], s)
    tot = np.bincount(ids, minlength=len(bins))
    sp = np.bincount(ids, weights=s, minlength=len(bins))
    st = np.bincount(ids, weights=y.astype(float), minlength=len(bins))
    nz = tot != 0
    return float(np.sum(tot[nz] / len(s) * np.abs(st[nz] / tot[nz] - sp[nz] / tot[nz])))


cases = []
sizes = [2, 3, 5, 8, 13, 30, 60, 120, 300, 1000]
for rep in range(3):
    for n in sizes:
        if n >= 300 and rep > 0:
            continue
        for ties in ("none", "round1", "int"):
            for wkind in ("none", "dyadic", "random"):
                skind = ["prob", "real"][rng.integers(0, 2)]
                cases.append((n, ties, wkind, skind))
cases.append((10000, "none", "none", "prob"))
cases.append((10000, "round1", "random", "prob"))
cases.append((10000, "int", "dyadic", "real"))

out = []
for idx, (n, ties, wkind, skind) in enumerate(cases):
    y, s, w = gen(n, ties, wkind, skind)
    neg_l, pos_l, pos_flag = LABELS[idx % len(LABELS)]
    labels = [pos_l if v else neg_l for v in y]
    E = {}
    E["n"] = n
    ww = np.ones(n) if w is None else w
    E["positives"] = float(ww[y].sum())
    E["negatives"] = float(ww[~y].sum())
    E["roc_auc"] = M.roc_auc_score(y, s, sample_weight=w)
    E["average_precision"] = M.average_precision_score(y, s, sample_weight=w)
    fpr, tpr, thr = M.roc_curve(y, s, sample_weight=w)
    E["roc_curve"] = {"fpr": fl(fpr), "tpr": fl(tpr), "thresholds": [None] + fl(thr[1:])}
    if n <= 1000:
        fpr, tpr, thr = M.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
        E["roc_curve_full"] = {"fpr": fl(fpr), "tpr": fl(tpr), "thresholds": [None] + fl(thr[1:])}
    p, r, t = M.precision_recall_curve(y, s, sample_weight=w)
    E["pr_curve"] = {"precision": fl(p), "recall": fl(r), "thresholds": fl(t)}
    E["pr_auc_trapezoid"] = M.auc(r, p)
    if n <= 1000:
        a, b, c = M.det_curve(y, s, sample_weight=w)
        E["det_curve"] = {"fpr": fl(a), "fnr": fl(b), "thresholds": fl(c)}
    E["partial_auc"] = {str(m): M.roc_auc_score(y, s, sample_weight=w, max_fpr=m) for m in (0.1, 0.3, 0.75)}
    E["bep"] = bep(y, s, w)
    E["hinge_loss"] = M.hinge_loss(y.astype(int), s, sample_weight=w)
    if n <= 1000:
        E["rank_loss"] = rank_loss(y, s, w)
        E["thresholds"] = thresholds(y, s, w)
    if skind == "prob":
        E["log_loss"] = M.log_loss(y, s, sample_weight=w)
        E["brier"] = M.brier_score_loss(y, s, sample_weight=w)
        E["log_loss_sum"] = M.log_loss(y, s, sample_weight=w, normalize=False)
        E["log_loss_eps"] = {str(e): M.log_loss(y, s, sample_weight=w, eps=e) for e in (1e-15, 1e-3, 0.1, 0.4)}
        E["log_loss_sum_eps"] = {str(e): M.log_loss(y, s, sample_weight=w, eps=e, normalize=False) for e in (1e-3, 0.1)}
        if w is None:
            for strat in ("uniform", "quantile"):
                for nb in (5, 10):
                    pt, pp = calibration_curve(y, s, n_bins=nb, strategy=strat)
                    E["calibration_%s_%d" % (strat, nb)] = {"prob_true": fl(pt), "prob_pred": fl(pp)}
            E["ece_10"] = ece(y, s, 10)
    name = "n%d_%s_%s_%s_%d" % (n, ties, wkind, skind, idx)
    out.append({"name": name, "labels": labels, "pos_label": pos_flag, "y": [bool(v) for v in y],
                "score": s.tolist(), "weight": None if w is None else w.tolist(), "expected": E})

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/rank_binary.py)" % (sklearn.__version__, np.__version__),
       "note": "roc_curve thresholds[0] is +inf (null); scikit-learn 1.2 printed max(score)+1 there",
       "cases": out}
with open(OUT, "wb") as f:
    with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as g:
        g.write(json.dumps(doc, separators=(",", ":")).encode())
print(len(out), "cases ->", OUT, os.path.getsize(OUT), "bytes")
