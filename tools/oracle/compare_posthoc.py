#!/usr/bin/python3
"""Inputs and expected numbers for the post-hoc procedures of
"evalkit compare friedman" (issue 13).

    /usr/bin/python3 tools/oracle/compare_posthoc.py

writes into cmd/evalkit/testdata/cli: posthoc_scores.csv (15 data sets × 5
algorithms, no tied differences, so scipy's exact Wilcoxon p-value is the
right one) and compare_friedman_*.args / .expected.json. References:
scipy 1.10 (rankdata, norm, wilcoxon) and statsmodels 0.13
(multipletests "holm" and "bonferroni"). For Shaffer and Bergmann–Hommel,
which neither library has, only the statistics and unadjusted p-values are
expected here; their adjustments are tested in hyptest.
"""
import itertools
import json
import math

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests

D = "cmd/evalkit/testdata/cli"
ref = {"scipy": scipy.__version__, "statsmodels": statsmodels.__version__}


def case(name, args, expected):
    with open(f"{D}/{name}.args", "w") as f:
        f.write("\n".join(args) + "\n")
    with open(f"{D}/{name}.expected.json", "w") as f:
        json.dump(dict(expected, reference=ref), f, indent=1)
        f.write("\n")


def read(path):
    with open(path) as f:
        head = f.readline().strip().split(",")[1:]
        rows = [list(map(float, l.strip().split(",")[1:])) for l in f if l.strip()]
    return head, np.array(rows)


def rank_posthoc(algs, x, lower, method, control=None, alpha=0.05):
    n, k = x.shape
    r = np.apply_along_axis(stats.rankdata, 1, x if lower else -x).mean(axis=0)
    se = math.sqrt(k * (k + 1) / (6 * n))
    if control is None:
        pairs = list(itertools.combinations(range(k), 2))
    else:
        c = algs.index(control)
        pairs = [(a, c) for a in range(k) if a != c]
    z = [(r[a] - r[b]) / se for a, b in pairs]
    p = [2 * stats.norm.sf(abs(v)) for v in z]
    out = [{"a": algs[a], "b": algs[b], "statistic": zz, "p_value": pp} for (a, b), zz, pp in zip(pairs, z, p)]
    if method:
        adj = multipletests(p, method=method)[1]
        for o, v in zip(out, adj):
            o["p_adjusted"] = v
            o["significant"] = bool(v < alpha)
    return out, se


algs, err = read(f"{D}/errors.csv")
base = ["compare", "friedman", "--lower-is-better", "--format", "json"]
pairs, se = rank_posthoc(algs, err, True, "holm")
case("compare_friedman_holm", base + ["--posthoc", "holm", "errors.csv"],
     {"posthoc": {"method": "holm", "control": None, "pairs": pairs}})
pairs, se = rank_posthoc(algs, err, True, "bonferroni", control="logreg")
case("compare_friedman_control", base + ["--control", "logreg", "errors.csv"],
     {"posthoc": {"method": "bonferroni-dunn", "control": "logreg", "pairs": pairs,
                  "cd": stats.norm.isf(0.05 / (2 * 4)) * se}})
pairs, se = rank_posthoc(algs, err, True, "holm", control="stump")
case("compare_friedman_control_holm", base + ["--posthoc", "holm", "--control", "stump", "errors.csv"],
     {"posthoc": {"method": "holm", "control": "stump", "pairs": pairs}})
for m in ("shaffer", "bergmann"):
    pairs, se = rank_posthoc(algs, err, True, None)
    case(f"compare_friedman_{m}", base + ["--posthoc", m, "errors.csv"],
         {"posthoc": {"method": m, "control": None, "pairs": pairs}})

# Wilcoxon signed-rank with Holm, on scores without tied |differences|.
rng = np.random.default_rng(13)
names = ["svm", "forest", "boost", "knn", "nb"]
while True:
    x = (rng.normal(0.8, 0.06, (15, 1)) + rng.normal([0.02, 0.03, 0.035, -0.01, -0.02], 0.02, (15, 5))).round(4)
    ok = True
    for a, b in itertools.combinations(range(5), 2):
        d = np.abs(x[:, a] - x[:, b]).round(4)
        if np.any(d == 0) or len(set(d)) < len(d):
            ok = False
    if ok:
        break
with open(f"{D}/posthoc_scores.csv", "w") as f:
    f.write("dataset," + ",".join(names) + "\n")
    for i, row in enumerate(x):
        f.write(f"data{i + 1}," + ",".join(f"{v:.4f}" for v in row) + "\n")
pw = []
for a, b in itertools.combinations(range(5), 2):
    w = stats.wilcoxon(x[:, a], x[:, b])
    pw.append({"a": names[a], "b": names[b], "statistic": float(w.statistic), "p_value": float(w.pvalue)})
adj = multipletests([p["p_value"] for p in pw], method="holm")[1]
for p, v in zip(pw, adj):
    p["p_adjusted"] = v
    p["significant"] = bool(v < 0.05)
case("compare_friedman_wilcoxon", ["compare", "friedman", "--posthoc", "wilcoxon-holm", "--format", "json", "posthoc_scores.csv"],
     {"posthoc": {"method": "wilcoxon-holm", "control": None, "pairs": pw}})
