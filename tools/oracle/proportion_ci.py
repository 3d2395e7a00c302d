#!/usr/bin/python3
"""Expected proportion intervals and t-intervals for package hyptest.

Run with Debian's Python (python3-statsmodels, python3-scipy):

    /usr/bin/python3 tools/oracle/proportion_ci.py > hyptest/testdata/proportion_ci.json

Each case is (count, nobs, level, method) with statsmodels'
proportion_confint(count, nobs, alpha=1-level, method) as the expected
interval (raw: the Go side clips to [0, 1], the test says where), and
t-intervals of a mean from scipy.stats.t.interval(level, n-1, mean, sd/√n).
The inputs are fixed or drawn from a fixed numpy seed.
"""
import json
import sys
import warnings

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

warnings.simplefilter("ignore")
rng = np.random.default_rng(20261123)
METHODS = {"wilson": "wilson", "clopper-pearson": "beta",
           "agresti-coull": "agresti_coull", "jeffreys": "jeffreys",
           "wald": "normal"}
out = {"scipy": scipy.__version__, "statsmodels": statsmodels.__version__,
       "numpy": np.__version__, "proportion": [], "mean": []}
pairs = [(0, 1), (1, 1), (0, 10), (10, 10), (1, 10), (9, 10), (5, 10),
         (0, 50), (50, 50), (1, 50), (49, 50), (17, 50), (0, 2000),
         (1, 2000), (1999, 2000), (1234, 2000), (3, 7), (999999, 1000000),
         (123456789, 1000000000)]
for _ in range(30):
    n = int(rng.integers(1, 100000))
    pairs.append((int(rng.integers(0, n + 1)), n))
for count, nobs in pairs:
    for level in (0.95, 0.9, 0.99, 0.5):
        for name, sm in METHODS.items():
            lo, hi = proportion_confint(count, nobs, alpha=1 - level, method=sm)
            out["proportion"].append({"count": count, "nobs": nobs, "level": level,
                                      "method": name, "low": float(lo), "high": float(hi)})
for _ in range(40):
    n = int(rng.integers(2, 5000))
    x = rng.gamma(2.0, 3.0, n)
    level = float(rng.choice([0.95, 0.9, 0.99]))
    m, v = float(np.mean(x)), float(np.var(x, ddof=1))
    lo, hi = stats.t.interval(level, n - 1, loc=m, scale=np.sqrt(v / n))
    out["mean"].append({"n": n, "mean": m, "variance": v, "level": level,
                        "low": float(lo), "high": float(hi)})
json.dump(out, sys.stdout, indent=0)
sys.stdout.write("\n")
