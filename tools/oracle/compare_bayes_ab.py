#!/usr/bin/python3
"""Inputs and expected numbers for "evalkit compare corrttest", "signedrank"
and "abmeans" (issue 13).

    /usr/bin/python3 tools/oracle/compare_bayes_ab.py

writes into cmd/evalkit/testdata/cli: cv_folds.csv (10×10-fold
cross-validation scores of two models), datasets.csv (two models on 20
data sets), abmeans.csv (observations of groups "control" and "variant"),
and compare_{corrttest,abmeans}*.args / .expected.json.

References: corrttest — the closed form of Corani & Benavoli (2015)
computed directly with scipy 1.10 stats.t, and the Nadeau–Bengio t;
abmeans — statsmodels 0.13 ttest_ind(usevar="unequal"), CompareMeans
tconfint_diff(usevar="unequal"), TTestIndPower power and solve_power with
Cohen's d on the pooled standard deviation. signedrank (Monte Carlo) is
tested by limits and seeds in hyptest; its CLI output is golden only.
"""
import json
import math

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.power import TTestIndPower
from statsmodels.stats.weightstats import CompareMeans, DescrStatsW, ttest_ind

D = "cmd/evalkit/testdata/cli"
ref = {"scipy": scipy.__version__, "statsmodels": statsmodels.__version__}
rng = np.random.default_rng(1313)


def case(name, args, expected):
    with open(f"{D}/{name}.args", "w") as f:
        f.write("\n".join(args) + "\n")
    with open(f"{D}/{name}.expected.json", "w") as f:
        json.dump(dict(expected, reference=ref), f, indent=1)
        f.write("\n")


# 10 runs of 10-fold CV on 500 rows: n_train 450, n_test 50.
a = rng.normal(0.84, 0.02, 100).round(4)
b = (a - 0.006 + rng.normal(0, 0.012, 100)).round(4)
with open(f"{D}/cv_folds.csv", "w") as f:
    f.write("run,fold,forest,logreg\n")
    for i in range(100):
        f.write(f"{i // 10 + 1},{i % 10 + 1},{a[i]:.4f},{b[i]:.4f}\n")


def corr(a, b, ntr, nte, rope, lower):
    d = a - b
    n = len(d)
    rho = nte / (ntr + nte)
    scale = math.sqrt((1 / n + rho / (1 - rho)) * np.var(d, ddof=1))
    T = stats.t(n - 1, loc=d.mean(), scale=scale)
    right, left = T.sf(rope), T.cdf(-rope)
    if lower:
        right, left = left, right
    t = d.mean() / scale
    return {"n": n, "rho": rho, "mean": d.mean(), "scale": scale, "df": n - 1, "p_a_better": right,
            "p_b_better": left, "p_equivalent": T.cdf(rope) - T.cdf(-rope), "nb_statistic": t,
            "nb_p_value": 2 * stats.t.sf(abs(t), n - 1)}


base = ["compare", "corrttest", "--a", "forest", "--b", "logreg", "--n-train", "450", "--n-test", "50", "--format", "json"]
case("compare_corrttest", base + ["--rope", "0.005", "cv_folds.csv"], corr(a, b, 450, 50, 0.005, False))
case("compare_corrttest_lower", base + ["--lower-is-better", "cv_folds.csv"], corr(a, b, 450, 50, 0.0, True))

# Two models over 20 data sets (signedrank: golden output only).
x = rng.uniform(0.6, 0.95, 20).round(3)
y = (x - rng.normal(0.01, 0.02, 20)).round(3)
with open(f"{D}/datasets.csv", "w") as f:
    f.write("dataset,svm,tree\n")
    for i in range(20):
        f.write(f"d{i + 1},{x[i]:.3f},{y[i]:.3f}\n")
with open(f"{D}/compare_signedrank.args", "w") as f:
    f.write("\n".join(["compare", "signedrank", "--a", "svm", "--b", "tree", "--rope", "0.01", "--samples", "20000",
                       "--seed", "3", "--format", "json", "datasets.csv"]) + "\n")

# A/B of means: observations of two groups.
ctl = rng.normal(12.0, 3.0, 140).round(2)
var = rng.normal(12.9, 3.8, 110).round(2)
rows = [("control", v) for v in ctl] + [("variant", v) for v in var]
rng.shuffle(rows)
with open(f"{D}/abmeans.csv", "w") as f:
    f.write("group,minutes\n")
    for g, v in rows:
        f.write(f"{g},{v:.2f}\n")


def ab(A, B, alt="two-sided"):
    smalt = {"two-sided": "two-sided", "greater": "larger", "less": "smaller"}[alt]
    t, p, df = ttest_ind(B, A, usevar="unequal", alternative=smalt)
    lo, hi = CompareMeans(DescrStatsW(B), DescrStatsW(A)).tconfint_diff(usevar="unequal")
    na, nb = len(A), len(B)
    sp = math.sqrt(((na - 1) * np.var(A, ddof=1) + (nb - 1) * np.var(B, ddof=1)) / (na + nb - 2))
    d = (B.mean() - A.mean()) / sp
    pw = TTestIndPower().power(d, na, 0.05, ratio=nb / na, alternative=smalt)
    nn = TTestIndPower().solve_power(effect_size=d, nobs1=None, alpha=0.05, power=0.8, ratio=nb / na, alternative=smalt)
    return {"mean_a": A.mean(), "mean_b": B.mean(), "diff": B.mean() - A.mean(), "statistic": t, "df": df,
            "p_value": p, "ci": [lo, hi], "effect_size_d": d, "power": pw, "required_n_a": nn}


case("compare_abmeans", ["compare", "abmeans", "--group", "group", "--value", "minutes", "--format", "json", "abmeans.csv"],
     ab(ctl, var))
case("compare_abmeans_greater", ["compare", "abmeans", "--group", "group", "--value", "minutes", "--alternative", "greater",
                                 "--format", "json", "abmeans.csv"], ab(ctl, var, "greater"))
# From summaries: scipy ttest_ind_from_stats (Welch) and the Welch interval.
ma, sa, na, mb, sb, nb = 4.2, 1.1, 60, 4.6, 1.6, 45
r = stats.ttest_ind_from_stats(mb, sb, nb, ma, sa, na, equal_var=False)
se = math.sqrt(sa ** 2 / na + sb ** 2 / nb)
df = se ** 4 / ((sa ** 2 / na) ** 2 / (na - 1) + (sb ** 2 / nb) ** 2 / (nb - 1))
q = stats.t.isf(0.025, df)
sp = math.sqrt(((na - 1) * sa ** 2 + (nb - 1) * sb ** 2) / (na + nb - 2))
d = (mb - ma) / sp
case("compare_abmeans_summary", ["compare", "abmeans", "--mean-a", "4.2", "--sd-a", "1.1", "--n-a", "60", "--mean-b", "4.6",
                                 "--sd-b", "1.6", "--n-b", "45", "--format", "json"],
     {"diff": mb - ma, "statistic": r.statistic, "p_value": r.pvalue, "df": df, "ci": [mb - ma - q * se, mb - ma + q * se],
      "effect_size_d": d, "power": TTestIndPower().power(d, na, 0.05, ratio=nb / na),
      "required_n_a": TTestIndPower().solve_power(effect_size=d, nobs1=None, alpha=0.05, power=0.8, ratio=nb / na)})
