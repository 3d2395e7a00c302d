#!/usr/bin/python3
"""Expected numbers for package hyptest, from scipy and statsmodels.

Run with Debian's Python (python3-scipy, python3-statsmodels):

    /usr/bin/python3 tools/oracle/hyptest_oracle.py > hyptest/testdata/oracle.json

Every case carries its inputs and the reference's outputs; the versions are
recorded at the top of the file. The random inputs come from a fixed numpy
seed, so a rerun reproduces the file.
"""
import json
import math
import sys
import warnings

import numpy as np
import scipy
import statsmodels
from scipy import stats
from scipy.stats import _resampling
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.power import NormalIndPower, TTestIndPower
from statsmodels.stats.proportion import (confint_proportions_2indep,
                                          proportion_effectsize,
                                          proportions_ztest)

warnings.simplefilter("ignore")
rng = np.random.default_rng(20261122)
ALT = {"two-sided": "two-sided", "less": "less", "greater": "greater"}
SMALT = {"two-sided": "two-sided", "less": "smaller", "greater": "larger"}
out = {"scipy": scipy.__version__, "statsmodels": statsmodels.__version__,
       "numpy": np.__version__}


def f(x):
    x = float(x)
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


# --- paired t-test (scipy.stats.ttest_rel) and one-sample t-test ------------
cases = []
for i in range(25):
    n = int(rng.integers(3, 31))
    a = rng.normal(0.8, 0.05, n).round(4)
    b = (a + rng.normal(0.01 * (i % 3 - 1), 0.02, n)).round(4)
    alt = ["two-sided", "less", "greater"][i % 3]
    r = stats.ttest_rel(a, b, alternative=alt)
    cases.append({"a": a.tolist(), "b": b.tolist(), "alt": alt,
                  "statistic": f(r.statistic), "p_value": f(r.pvalue)})
out["ttest_rel"] = cases

cases = []
for i in range(10):
    n = int(rng.integers(2, 20))
    x = rng.uniform(0.05, 0.3, n).round(3)
    mu = round(float(rng.uniform(0.05, 0.3)), 3)
    alt = ["two-sided", "less", "greater"][i % 3]
    r = stats.ttest_1samp(x, mu, alternative=alt)
    cases.append({"x": x.tolist(), "mu": mu, "alt": alt,
                  "statistic": f(r.statistic), "p_value": f(r.pvalue)})
out["ttest_1samp"] = cases

# --- 5x2cv (Dietterich 1998): formula, p from scipy.stats.t.sf --------------
cases = []
for i in range(10):
    a = rng.uniform(0.7, 0.9, 10).round(4)
    b = (a + rng.normal(0.01 * (i % 3 - 1), 0.02, 10)).round(4)
    p = (a - b).reshape(5, 2)
    s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    den = math.sqrt(s2.sum() / 5)
    t = p[0, 0] / den
    tz = p[0].mean() / den
    cases.append({"a": a.tolist(), "b": b.tolist(), "statistic": t,
                  "p_value": 2 * stats.t.sf(abs(t), 5),
                  "statistic_zhou": tz, "p_value_zhou": 2 * stats.t.sf(abs(tz), 5)})
out["cv5x2"] = cases

# --- McNemar (statsmodels mcnemar) -----------------------------------------
cases = []
pairs = [(0, 1), (1, 0), (3, 3), (5, 12), (12, 5), (20, 41), (100, 130),
         (7, 0), (1, 2), (250, 180), (33, 34), (2, 9)]
for n01, n10 in pairs:
    for exact, corr in [(False, True), (False, False), (True, False)]:
        r = mcnemar([[10, n01], [n10, 20]], exact=exact, correction=corr)
        cases.append({"n01": n01, "n10": n10, "exact": exact, "correction": corr,
                      "statistic": f(r.statistic), "p_value": f(r.pvalue)})
out["mcnemar"] = cases

# --- binomial test (scipy.stats.binomtest) and Zhou's critical value -------
cases = []
for i in range(36):
    n = int(rng.integers(1, 400))
    p = round(float(rng.uniform(0.02, 0.98)), 3)
    k = int(rng.integers(0, n + 1))
    if i % 4 == 0:
        k = int(round(p * n))
    alt = ["two-sided", "less", "greater"][i % 3]
    r = stats.binomtest(k, n, p, alternative=alt)
    cases.append({"k": k, "n": n, "p": p, "alt": alt, "p_value": f(r.pvalue)})
out["binomtest"] = cases

cases = []
for n, e0, alpha in [(10, 0.3, 0.05), (100, 0.1, 0.05), (50, 0.2, 0.01),
                     (1000, 0.05, 0.05), (30, 0.5, 0.1), (200, 0.15, 0.05),
                     (7, 0.4, 0.05), (500, 0.3, 0.001)]:
    c = int(stats.binom.isf(alpha, n, e0))
    cases.append({"n": n, "epsilon": e0, "alpha": alpha, "critical_count": c,
                  "sf_at_critical": f(stats.binom.sf(c, n, e0))})
out["binom_critical"] = cases

# --- Friedman (scipy.stats.friedmanchisquare: tie-corrected) ----------------
cases = []
for i in range(16):
    N = int(rng.integers(2, 15))
    k = int(rng.integers(3, 9))
    x = rng.uniform(0.6, 0.95, (N, k)).round(2 if i % 2 else 4)
    r = stats.friedmanchisquare(*x.T)
    ranks = np.apply_along_axis(stats.rankdata, 1, x)
    R = ranks.mean(axis=0)
    chi = 12 * N / (k * (k + 1)) * ((R - (k + 1) / 2) ** 2).sum()
    den = N * (k - 1) - chi
    ff = (N - 1) * chi / den if den > 0 else float("inf")
    cases.append({"scores": x.tolist(), "statistic_tie_corrected": f(r.statistic),
                  "p_value_tie_corrected": f(r.pvalue),
                  "statistic": chi, "p_value": f(stats.chi2.sf(chi, k - 1)),
                  "iman_davenport": f(ff),
                  "iman_davenport_p_value": f(stats.f.sf(ff, k - 1, (k - 1) * (N - 1)) if den > 0 else 0.0),
                  "avg_ranks_lower_is_better": R.tolist()})
out["friedman"] = cases

# --- Nemenyi: scipy.stats.studentized_range(k, inf) ------------------------
cases = []
for k, N in [(3, 4), (3, 10), (4, 14), (5, 20), (6, 8), (8, 30), (10, 12), (12, 50)]:
    R = np.sort(rng.uniform(1, k, k)).round(3)
    se = math.sqrt(k * (k + 1) / (6 * N))
    q = stats.studentized_range.isf(0.05, k, np.inf) / math.sqrt(2)
    ps = [[f(stats.studentized_range.sf(abs(R[i] - R[j]) / se * math.sqrt(2), k, np.inf))
           if i != j else 1.0 for j in range(k)] for i in range(k)]
    cases.append({"avg_ranks": R.tolist(), "n": N, "alpha": 0.05,
                  "q_alpha": q, "cd": q * se, "p": ps})
out["nemenyi"] = cases

# --- Wilcoxon signed-rank (scipy.stats.wilcoxon) ----------------------------
cases = []
for i in range(40):
    n = int(rng.integers(5, 70))
    x = rng.normal(0, 1, n)
    y = x + rng.normal(0.2 * (i % 3 - 1), 0.6, n)
    if i % 4 == 1:  # ties and zeros
        x, y = x.round(1), y.round(1)
    else:
        x, y = x.round(6), y.round(6)
    zm = ["wilcox", "pratt", "zsplit"][i % 3] if i % 4 == 1 else "wilcox"
    alt = ["two-sided", "less", "greater"][(i // 2) % 3]
    corr = bool(i % 5 == 0)
    d = x - y
    has_zero, has_tie = bool(np.any(d == 0)), len(np.unique(np.abs(d[d != 0]))) < np.sum(d != 0)
    method = "approx" if (has_tie or has_zero or n > 50 or i % 7 == 0) else "exact"
    r = stats.wilcoxon(x, y, zero_method=zm, correction=corr, alternative=alt, method=method)
    cases.append({"x": x.tolist(), "y": y.tolist(), "zero_method": zm, "correction": corr,
                  "alt": alt, "method": method, "statistic": f(r.statistic),
                  "p_value": f(r.pvalue)})
out["wilcoxon"] = cases

# --- A/B: proportions (statsmodels) and means (scipy) ----------------------
cases = []
for i in range(15):
    na, nb = int(rng.integers(20, 5000)), int(rng.integers(20, 5000))
    sa = int(rng.binomial(na, 0.1)); sb = int(rng.binomial(nb, 0.12))
    alt = ["two-sided", "less", "greater"][i % 3]
    z, p = proportions_ztest([sb, sa], [nb, na], alternative=SMALT[alt])
    lo, hi = confint_proportions_2indep(sb, nb, sa, na, method="wald", compare="diff", alpha=0.05)
    cases.append({"sa": sa, "na": na, "sb": sb, "nb": nb, "alt": alt,
                  "statistic": f(z), "p_value": f(p), "diff": sb / nb - sa / na,
                  "ci": [f(lo), f(hi)]})
out["proportions"] = cases

cases = []
for i in range(12):
    ma, sa_, na = float(rng.normal(10, 1)), float(rng.uniform(0.5, 3)), int(rng.integers(2, 200))
    mb, sb_, nb = float(rng.normal(10.5, 1)), float(rng.uniform(0.5, 3)), int(rng.integers(2, 200))
    eq = bool(i % 2)
    alt = ["two-sided", "less", "greater"][i % 3]
    r = stats.ttest_ind_from_stats(mb, sb_, nb, ma, sa_, na, equal_var=eq, alternative=alt)
    cases.append({"mean_a": ma, "sd_a": sa_, "n_a": na, "mean_b": mb, "sd_b": sb_, "n_b": nb,
                  "equal_var": eq, "alt": alt, "statistic": f(r.statistic), "p_value": f(r.pvalue)})
out["means"] = cases

cases = []
for i in range(12):
    pa = round(float(rng.uniform(0.05, 0.5)), 3); pb = round(pa + float(rng.uniform(0.01, 0.1)), 3)
    h = proportion_effectsize(pb, pa)
    na = float(rng.integers(50, 3000)); ratio = float([1, 0.5, 2][i % 3])
    alt = ["two-sided", "less", "greater"][i % 3]
    hh = -h if alt == "less" else h
    pw = NormalIndPower().power(hh, na, 0.05, ratio=ratio, alternative=SMALT[alt])
    nn = NormalIndPower().solve_power(effect_size=hh, nobs1=None, alpha=0.05, power=0.8,
                                      ratio=ratio, alternative=SMALT[alt])
    cases.append({"p_a": pa, "p_b": pb, "h": h, "es": hh, "n_a": na, "ratio": ratio, "alt": alt,
                  "power": f(pw), "n_for_80": f(nn)})
out["power_z"] = cases

cases = []
for i in range(12):
    d = round(float(rng.uniform(0.1, 1.2)), 2); na = float(rng.integers(5, 300))
    ratio = float([1, 0.5, 2][i % 3]); alt = ["two-sided", "less", "greater"][i % 3]
    dd = -d if alt == "less" else d
    pw = TTestIndPower().power(dd, na, 0.05, ratio=ratio, alternative=SMALT[alt])
    nn = TTestIndPower().solve_power(effect_size=dd, nobs1=None, alpha=0.05, power=0.8,
                                     ratio=ratio, alternative=SMALT[alt])
    cases.append({"es": dd, "n_a": na, "ratio": ratio, "alt": alt, "power": f(pw),
                  "n_for_80": f(nn)})
out["power_t"] = cases

# --- bootstrap intervals: scipy's BCa / percentile on given replicates -----
cases = []
for i in range(8):
    n = int(rng.integers(10, 60))
    x = rng.lognormal(0, 0.7, n)
    B = 2000
    reps = np.array([x[rng.integers(0, n, n)].mean() for _ in range(B)])
    level = [0.95, 0.9][i % 2]
    alpha = (1 - level) / 2
    a1, a2, ahat = _resampling._bca_interval((x,), lambda s, axis=-1: np.mean(s, axis=axis),
                                             -1, alpha, reps, None)
    bca = np.percentile(reps, [a1 * 100, a2 * 100])
    pct = np.percentile(reps, [alpha * 100, (1 - alpha) * 100])
    jack = [(x.sum() - v) / (n - 1) for v in x]
    cases.append({"estimate": float(x.mean()), "replicates": reps.tolist(), "jackknife": jack,
                  "level": level, "bca": bca.tolist(), "percentile": pct.tolist()})
out["bootstrap"] = cases

json.dump(out, sys.stdout, indent=None, separators=(",", ":"))
sys.stdout.write("\n")
