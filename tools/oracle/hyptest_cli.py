#!/usr/bin/python3
"""Inputs and expected numbers for the "evalkit compare" golden tests.

    /usr/bin/python3 tools/oracle/hyptest_cli.py

writes cmd/evalkit/testdata/cli/*.csv (inputs), compare_*.args (one argument
a line) and compare_*.expected.json (the keys that scipy 1.10 / statsmodels 0.13 give
for the same input). The Go test compares evalkit's JSON with the
expected keys (1e-9 on statistics, 1e-7 on p-values) and its whole output
with NAME.stdout.
"""
import json
import math
import os

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import (confint_proportions_2indep,
                                          proportion_effectsize,
                                          proportions_ztest)

D = "cmd/evalkit/testdata/cli"
rng = np.random.default_rng(7)
ref = {"scipy": scipy.__version__, "statsmodels": statsmodels.__version__}


def case(name, args, expected):
    with open(f"{D}/compare_{name}.args", "w") as f:
        f.write("\n".join(args) + "\n")
    expected = dict(expected, reference=ref)
    with open(f"{D}/compare_{name}.expected.json", "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


# McNemar: labels of two classifiers on 80 rows.
y = rng.choice(["cat", "dog", "fox"], 80)
a = np.where(rng.random(80) < 0.8, y, rng.choice(["cat", "dog", "fox"], 80))
b = np.where(rng.random(80) < 0.65, y, rng.choice(["cat", "dog", "fox"], 80))
with open(f"{D}/preds.csv", "w") as f:
    f.write("y_true,model_a,model_b\n")
    for t, p, q in zip(y, a, b):
        f.write(f"{t},{p},{q}\n")
ra, rb = a == y, b == y
n01, n10 = int(np.sum(~ra & rb)), int(np.sum(ra & ~rb))
table = [[int(np.sum(ra & rb)), n10], [n01, int(np.sum(~ra & ~rb))]]
base = ["compare", "mcnemar", "--true", "y_true", "--pred-a", "model_a", "--pred-b", "model_b", "--format", "json"]
# The default is the exact test (statsmodels' mcnemar(exact=True)); the χ²
# with continuity correction is --method chi2.
r = mcnemar(table, exact=True)
case("mcnemar", base + ["preds.csv"], {"n01": n01, "n10": n10, "p_value": r.pvalue})
r = mcnemar(table, exact=False, correction=True)
case("mcnemar_chi2", base + ["--method", "chi2", "preds.csv"], {"n01": n01, "n10": n10, "statistic": r.statistic, "p_value": r.pvalue})
r = mcnemar(table, exact=False, correction=False)
case("mcnemar_nocorr", base + ["--no-correction", "preds.csv"], {"n01": n01, "n10": n10, "statistic": r.statistic, "p_value": r.pvalue})
r = mcnemar(table, exact=True)
case("mcnemar_exact", base + ["--exact", "preds.csv"], {"n01": n01, "n10": n10, "p_value": r.pvalue})

# Paired scores over 10 folds.
fa = rng.normal(0.85, 0.02, 10).round(4)
fb = (fa - rng.normal(0.012, 0.012, 10)).round(4)
with open(f"{D}/folds.csv", "w") as f:
    f.write("fold,logreg,knn\n")
    for i, (p, q) in enumerate(zip(fa, fb)):
        f.write(f"{i + 1},{p},{q}\n")
two = ["--a", "logreg", "--b", "knn", "--format", "json", "folds.csv"]
r = stats.ttest_rel(fa, fb)
case("ttest", ["compare", "ttest"] + two, {"statistic": r.statistic, "p_value": r.pvalue, "df": 9.0, "mean_diff": float(np.mean(fa - fb))})
r = stats.wilcoxon(fa, fb)
case("wilcoxon", ["compare", "wilcoxon"] + two, {"statistic": r.statistic, "p_value": r.pvalue})
r = stats.wilcoxon(fa, fb, method="approx", correction=True)
case("wilcoxon_approx", ["compare", "wilcoxon", "--method", "approx", "--correction"] + two, {"statistic": r.statistic, "p_value": r.pvalue})
p = (fa - fb).reshape(5, 2)
s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
t = p[0, 0] / math.sqrt(s2.sum() / 5)
case("cv5x2", ["compare", "cv5x2"] + two, {"statistic": t, "p_value": 2 * stats.t.sf(abs(t), 5)})

# Friedman: Zhou's table 2.5 (ranks; lower is better) and error rates.
with open(f"{D}/zhou.csv", "w") as f:
    f.write("dataset,A,B,C\nD1,1,2,3\nD2,1,2.5,2.5\nD3,1,2,3\nD4,1,2,3\n")
case("friedman_zhou", ["compare", "friedman", "--lower-is-better", "--format", "json", "zhou.csv"],
     {"iman_davenport": 24.428571428571427, "statistic": 7.125,
      "p_value": stats.chi2.sf(7.125, 2), "iman_davenport_p_value": stats.f.sf(3 * 7.125 / 0.875, 2, 6),
      "cd": stats.studentized_range.isf(0.05, 3, np.inf) / math.sqrt(2) * math.sqrt(3 * 4 / 24)})
err = rng.uniform(0.05, 0.3, (12, 5)).round(3)
err[:, 0] -= 0.04
err[:, 4] += 0.03
algs = ["logreg", "knn", "nb", "stump", "tree"]
with open(f"{D}/errors.csv", "w") as f:
    f.write("dataset," + ",".join(algs) + "\n")
    for i, row in enumerate(err):
        f.write(f"set{i + 1}," + ",".join(f"{v:.3f}" for v in row) + "\n")
r = stats.friedmanchisquare(*err.T)
ranks = np.apply_along_axis(stats.rankdata, 1, err).mean(axis=0)
case("friedman_tie", ["compare", "friedman", "--lower-is-better", "--tie-correction", "--format", "json", "errors.csv"],
     {"statistic": r.statistic, "p_value": r.pvalue, "avg_ranks": dict(zip(algs, ranks.tolist()))})
k, N = 5, 12
se = math.sqrt(k * (k + 1) / (6 * N))
nem = [[1.0 if i == j else stats.studentized_range.sf(abs(ranks[i] - ranks[j]) / se * math.sqrt(2), k, np.inf)
        for j in range(k)] for i in range(k)]
case("friedman", ["compare", "friedman", "--lower-is-better", "--alpha", "0.1", "--format", "json", "errors.csv"],
     {"avg_ranks": dict(zip(algs, ranks.tolist())),
      "cd": stats.studentized_range.isf(0.1, k, np.inf) / math.sqrt(2) * se, "nemenyi_p": nem})

# Binomial (Zhou §2.4.1) and A/B.
bt = stats.binomtest(28, 200, 0.1, alternative="greater")
c = int(stats.binom.isf(0.05, 200, 0.1))
case("binomial", ["compare", "binomial", "--errors", "28", "--n", "200", "--epsilon", "0.1", "--format", "json"],
     {"p_value": bt.pvalue, "critical_error": c / 200, "critical_count": c})
z, pv = proportions_ztest([262, 231], [2400, 2500])
lo, hi = confint_proportions_2indep(262, 2400, 231, 2500, method="wald", compare="diff")
h = proportion_effectsize(262 / 2400, 231 / 2500)
nn = NormalIndPower().solve_power(effect_size=h, nobs1=None, alpha=0.05, power=0.8, ratio=2400 / 2500)
case("abtest", ["compare", "abtest", "--success-a", "231", "--n-a", "2500", "--success-b", "262", "--n-b", "2400", "--format", "json"],
     {"statistic": z, "p_value": pv, "diff": 262 / 2400 - 231 / 2500, "ci": [lo, hi],
      "power": NormalIndPower().power(h, 2500, 0.05, ratio=2400 / 2500), "required_n_a": nn})
