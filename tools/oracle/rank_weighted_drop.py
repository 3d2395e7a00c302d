#!/usr/bin/python3
"""Oracle for the weighted ROC collinear-vertex rule: writes
rank/testdata/weighted_drop.json.

scikit-learn's roc_curve(drop_intermediate=True) drops a vertex where both
np.diff(fps, 2) and np.diff(tps, 2) are exactly zero, fps and tps being
numpy's cumulative sums of the weights (plain float64 additions). With
fractional weights that rule can decide otherwise than the same rule on
exactly rounded cumulative sums. This script draws weighted cases, keeps
those where the two rules disagree (both directions), and records
scikit-learn's curve with and without drop_intermediate.

Rerun:  /usr/bin/python3 tools/oracle/rank_weighted_drop.py
"""
import json, os, warnings
from fractions import Fraction
import numpy as np
import sklearn
from sklearn import metrics as M

warnings.simplefilter("ignore")
rng = np.random.default_rng(20261123)
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "rank", "testdata", "weighted_drop.json")


def exact_rule_count(y, s, w):
    """Vertices kept by the rule on exactly rounded cumulative sums."""
    order = np.argsort(s, kind="mergesort")[::-1]
    s2, y2, w2 = s[order], y[order], w[order]
    tp, fp = Fraction(0), Fraction(0)
    tps, fps = [], []
    for i in range(len(s2)):
        if y2[i]:
            tp += Fraction(float(w2[i]))
        else:
            fp += Fraction(float(w2[i]))
        if i == len(s2) - 1 or s2[i + 1] != s2[i]:
            tps.append(float(tp))
            fps.append(float(fp))
    keep = 0
    for i in range(len(tps)):
        if 0 < i < len(tps) - 1 and (fps[i+1] - fps[i]) - (fps[i] - fps[i-1]) == 0 and (tps[i+1] - tps[i]) - (tps[i] - tps[i-1]) == 0:
            continue
        keep += 1
    return keep + 1  # and the (0, 0) vertex


out = []
more = fewer = 0
tries = 0
while (more < 6 or fewer < 6) and tries < 200000:
    tries += 1
    n = int(rng.integers(6, 60))
    # long runs of one class with weights from a few decimals make numpy's
    # rounded second differences land on or off zero
    y = np.repeat(rng.random(n // 3 + 1) < 0.5, 3)[:n]
    y[0], y[-1] = True, False
    s = np.round(rng.normal(0, 1, n), 3)
    w = rng.choice([0.1, 0.2, 0.3, 0.7, 1.1, 2.3], n)
    fpr, tpr, thr = M.roc_curve(y, s, sample_weight=w)
    k = exact_rule_count(y, s, w)
    if len(fpr) == k:
        continue
    if len(fpr) > k:
        if more >= 6:
            continue
        more += 1
    else:
        if fewer >= 6:
            continue
        fewer += 1
    ffpr, ftpr, fthr = M.roc_curve(y, s, sample_weight=w, drop_intermediate=False)
    out.append({"y": [bool(v) for v in y], "score": s.tolist(), "weight": w.tolist(),
                "exact_rule_vertices": k,
                "roc_curve": {"fpr": fpr.tolist(), "tpr": tpr.tolist(), "thresholds": [None] + thr[1:].tolist()},
                "roc_curve_full": {"fpr": ffpr.tolist(), "tpr": ftpr.tolist(), "thresholds": [None] + fthr[1:].tolist()}})

doc = {"source": "scikit-learn %s, numpy %s (tools/oracle/rank_weighted_drop.py)" % (sklearn.__version__, np.__version__),
       "note": "weighted cases where numpy's cumulative sums and exactly rounded ones disagree on a collinear vertex; %d where numpy keeps more, %d fewer" % (more, fewer),
       "cases": out}
with open(OUT, "w") as f:
    json.dump(doc, f, separators=(",", ":"))
print(len(out), "cases (%d more, %d fewer) in %d tries ->" % (more, fewer, tries), OUT)
